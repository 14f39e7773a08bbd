"""Model client over OpenAI chat completions with function tools (OpenAI or any OpenAI-compatible endpoint)."""

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

STOP_REASONS = {"tool_calls": "tool_use", "function_call": "tool_use", "stop": "end_turn", "length": "max_tokens"}


class OpenAIChatClient(ProviderClient):
    """`ModelClient` over `POST {base_url}/chat/completions`; SDK retries are off, `RetryPolicy` retries.

    `api_key=None` lets the SDK read `OPENAI_API_KEY`; with neither, an explicit `base_url` is called keyless
    and the official endpoint raises `MissingCredentials`.
    The official endpoint gets `max_completion_tokens`, other endpoints the widely supported `max_tokens`.
    """

    provider = "openai"

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None,
        api_key: str | None,
        settings: ModelSettings,
        prices: PriceTable | None = None,
    ) -> None:
        import openai  # the SDK takes a second to import: only when a client is built

        super().__init__(model, settings, prices)
        if api_key is None and base_url and not os.environ.get("OPENAI_API_KEY"):
            api_key = KEYLESS
        try:
            self._sdk = openai.OpenAI(api_key=api_key, base_url=base_url, max_retries=0, timeout=settings.timeout)
        except openai.OpenAIError:
            raise MissingCredentials("openai: no credentials: set OPENAI_API_KEY or pass an API key") from None
        self._official = self._sdk.base_url.host == "api.openai.com"
        endpoint = str(self._sdk.base_url).rstrip("/")
        redact = Redactor([self._sdk.api_key, *url_secrets(endpoint)])
        self.endpoint = public_url(endpoint)
        errors = SdkErrors(openai.OpenAIError, openai.APIStatusError, openai.APITimeoutError, openai.APIConnectionError)
        self._policy = RetryPolicy(self.provider, self.endpoint, settings, errors, redact)
        self._sdk_timeout = openai.Timeout

    def payload(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> dict[str, Any]:
        """The chat-completions request body for this conversation."""
        body: dict[str, Any] = {"model": self.model, "messages": _messages(system, messages)}
        if tools:
            body["tools"] = [{"type": "function", "function": _function(t)} for t in tools]
        body["max_completion_tokens" if self._official else "max_tokens"] = self.settings.max_tokens
        if self.settings.temperature is not None:
            body["temperature"] = self.settings.temperature
        if self.settings.reasoning_effort:
            body["reasoning_effort"] = self.settings.reasoning_effort
        return body

    def close(self) -> None:
        """Close the SDK's HTTP connection pool."""
        self._sdk.close()

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        payload = self.payload(system, messages, tools)
        return self._call("/chat/completions", payload, partial(self._attempt, payload))[1]

    def _list_models(self, timeout: Any) -> None:
        self._sdk.models.with_raw_response.list(timeout=timeout)

    def _attempt(self, payload: dict[str, Any], timeout: float) -> tuple[int, Parsed]:
        # The payload is wire JSON already: posted as it is, without the SDK's typed-params transform (whose cost
        # grows with the conversation), while the SDK's client, headers and errors stay.
        options = {"timeout": self._timeout(timeout)}
        text = self._sdk.post("/chat/completions", body=payload, cast_to=str, options=options)
        return OK, _parse(text, OK)


def _function(tool: ToolSchema) -> dict[str, Any]:
    return {"name": tool.name, "description": tool.description, "parameters": tool.parameters}


def _messages(system: str, messages: list[Message]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for m in messages:
        if m.role == "user":
            out.append({"role": "user", "content": m.text})
        elif m.role == "tool":
            out.append({"role": "tool", "tool_call_id": m.call_id, "content": m.text})
        elif m.calls:
            calls = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in m.calls
            ]
            out.append({"role": "assistant", "content": m.text or None, "tool_calls": calls})
        else:
            out.append({"role": "assistant", "content": m.text})
    return out


def _parse(body: str, status: int) -> Parsed:
    """(JSON, text, calls, usage, normalised stop reason, model) from a chat.completion body."""
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise BadResponse(f"response body is not JSON ({exc})", status) from None
    try:
        choice = data["choices"][0]
        message = choice["message"]
        calls = tuple(
            RequestedCall(c.get("id") or f"{data.get('id', 'call')}_{i}", c["function"]["name"], _raw(c["function"]))
            for i, c in enumerate(message.get("tool_calls") or [])
        )
        counts = data.get("usage") or {}
        usage = Usage(
            input_tokens=counts.get("prompt_tokens") or 0, output_tokens=counts.get("completion_tokens") or 0, calls=1
        )
        text = message.get("content") or ""
        if not isinstance(text, str):
            raise TypeError("message content is not a string")
        reason = choice.get("finish_reason") or "stop"
        if message.get("refusal"):  # structured refusal: the model declined; its text is the refusal
            text, reason = str(message["refusal"]), "refusal"
        return data, text, calls, usage, STOP_REASONS.get(reason, reason), data.get("model") or None
    except (KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
        raise BadResponse(f"response is not a chat completion ({type(exc).__name__}: {exc})", status) from None


def _raw(function: dict[str, Any]) -> str:
    """The arguments exactly as sent (a server that sends an object gets it JSON-encoded)."""
    args = function.get("arguments", "")
    return args if isinstance(args, str) else json.dumps(args)


PROVIDER = Provider(
    "openai", ("OPENAI_API_KEY",), "OPENAI_BASE_URL", re.compile(r"^(gpt-|o\d|chatgpt-)"), OpenAIChatClient
)
