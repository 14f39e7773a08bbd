"""Model client over Anthropic messages with tool use."""

from __future__ import annotations

import json
import os
import re
from functools import partial
from typing import Any

from ...credentials import KEYLESS, MissingCredentials, Redactor, public_url, url_secrets
from ...trajectory import ToolSchema, Usage
from ..base import Completion, Message, RequestedCall
from ..pricing import PriceTable
from ..retry import BadResponse, RetryPolicy, SdkErrors
from ..settings import ModelSettings
from ._client import OK, Parsed, Provider, ProviderClient

ENV_CREDENTIALS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")
THINKING = frozenset({"thinking", "redacted_thinking"})
INPUT_COUNTS = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


class AnthropicClient(ProviderClient):
    """`ModelClient` over `POST {base_url}/v1/messages`; SDK retries are off, `RetryPolicy` retries.

    `api_key=None` lets the SDK find its credentials (`ANTHROPIC_API_KEY`, ...); with none, an explicit `base_url`
    is called keyless and the official endpoint raises `MissingCredentials`. `reasoning_effort` turns on adaptive
    thinking with `output_config.effort`; thinking blocks that precede tool calls are sent back with those calls,
    as the API asks.
    """

    provider = "anthropic"

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None,
        api_key: str | None,
        settings: ModelSettings,
        prices: PriceTable | None = None,
    ) -> None:
        import anthropic  # the SDK takes a second to import: only when a client is built

        super().__init__(model, settings, prices)
        if api_key is None and base_url and not any(map(os.environ.get, ENV_CREDENTIALS)):
            api_key = KEYLESS
        try:
            self._sdk = anthropic.Anthropic(api_key=api_key, base_url=base_url, max_retries=0, timeout=settings.timeout)
        except anthropic.AnthropicError as exc:  # a credential profile that cannot be read
            raise MissingCredentials(f"anthropic: no credentials: {exc}") from None
        if not (self._sdk.api_key or self._sdk.auth_token or self._sdk.credentials):
            raise MissingCredentials("anthropic: no credentials: set ANTHROPIC_API_KEY or pass an API key")
        endpoint = str(self._sdk.base_url).rstrip("/")
        redact = Redactor([self._sdk.api_key, self._sdk.auth_token, *url_secrets(endpoint)])
        self.endpoint = public_url(endpoint)
        errors = SdkErrors(
            anthropic.AnthropicError, anthropic.APIStatusError, anthropic.APITimeoutError, anthropic.APIConnectionError
        )
        self._policy = RetryPolicy(self.provider, self.endpoint, settings, errors, redact)
        self._sdk_timeout = anthropic.Timeout
        self._thinking: dict[tuple[str, ...], list[dict[str, Any]]] = {}

    def payload(
        self, system: str, messages: list[Message], tools: list[ToolSchema]
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """The messages request body, and the raw arguments of any call whose input had to be sent as `{}`."""
        turns, repaired = self._messages(messages)
        body: dict[str, Any] = {"model": self.model, "max_tokens": self.settings.max_tokens}
        if system:
            body["system"] = system
        body["messages"] = turns
        if tools:
            body["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools
            ]
        if self.settings.temperature is not None:
            body["temperature"] = self.settings.temperature
        if self.settings.reasoning_effort:
            body["thinking"] = {"type": "adaptive"}
            body["output_config"] = {"effort": self.settings.reasoning_effort}
        return body, repaired

    def close(self) -> None:
        """Close the SDK's HTTP connection pool."""
        self._sdk.close()

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        payload, repaired = self.payload(system, messages, tools)
        extra = {"repaired_inputs": repaired} if repaired else {}
        data, completion = self._call("/v1/messages", payload, partial(self._attempt, payload), **extra)
        thinking = [b for b in data["content"] if b.get("type") in THINKING]
        if thinking and completion.calls:
            self._thinking[tuple(c.id for c in completion.calls)] = thinking
        return completion

    def _list_models(self, timeout: Any) -> None:
        self._sdk.models.with_raw_response.list(limit=1, timeout=timeout)

    def _attempt(self, payload: dict[str, Any], timeout: float) -> tuple[int, Parsed]:
        # Posted as the wire JSON it is, without the SDK's typed-params transform; its client and errors stay.
        text = self._sdk.post("/v1/messages", body=payload, cast_to=str, options={"timeout": self._timeout(timeout)})
        return OK, _parse(text, OK)

    def _messages(self, messages: list[Message]) -> tuple[list[dict[str, Any]], dict[str, str]]:
        """Neutral messages to alternating turns: tool results (and a following user text) share one user turn."""
        out: list[dict[str, Any]] = []
        repaired: dict[str, str] = {}
        for m in messages:
            if m.role == "user":
                role, blocks = "user", [{"type": "text", "text": m.text}]
            elif m.role == "tool":
                role = "user"
                blocks = [{"type": "tool_result", "tool_use_id": m.call_id, "content": m.text, "is_error": m.is_error}]
            else:
                role, blocks = "assistant", list(self._thinking.get(tuple(c.id for c in m.calls), []))
                if m.text:
                    blocks.append({"type": "text", "text": m.text})
                for c in m.calls:
                    value = _object(c.arguments)
                    if value is None:
                        repaired[c.id] = c.arguments
                    blocks.append({"type": "tool_use", "id": c.id, "name": c.name, "input": value or {}})
            if not blocks:
                continue
            if out and out[-1]["role"] == role:
                out[-1]["content"].extend(blocks)
            else:
                out.append({"role": role, "content": blocks})
        return out, repaired


def _object(arguments: str) -> dict[str, Any] | None:
    try:
        value = json.loads(arguments)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _parse(body: str, status: int) -> Parsed:
    """(JSON, text, calls, usage, stop reason, model) from a messages response body."""
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise BadResponse(f"response body is not JSON ({exc})", status) from None
    try:
        blocks = data["content"]
        text = "".join(b["text"] for b in blocks if b["type"] == "text")
        calls = tuple(
            RequestedCall(b["id"], b["name"], json.dumps(b.get("input", {}))) for b in blocks if b["type"] == "tool_use"
        )
        counts = data.get("usage") or {}
        usage = Usage(
            input_tokens=sum(counts.get(k) or 0 for k in INPUT_COUNTS),
            output_tokens=counts.get("output_tokens") or 0,
            calls=1,
        )
        return data, text, calls, usage, data.get("stop_reason") or "end_turn", data.get("model") or None
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise BadResponse(f"response is not a message ({type(exc).__name__}: {exc})", status) from None


PROVIDER = Provider("anthropic", ENV_CREDENTIALS, "ANTHROPIC_BASE_URL", re.compile(r"^claude-"), AnthropicClient)
