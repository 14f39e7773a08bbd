"""Text models for the classifier: a one-call protocol and adapters over the official OpenAI and Anthropic SDKs.

A model spec is `provider/model[@base_url]` (the plugin's convention): `openai/gpt-5.2`,
`openai/google/gemma-4-31b@http://localhost:8000/v1`, `anthropic/claude-sonnet-4-6`. Bare names infer the provider
(`gpt-*`, `o<digit>*` are OpenAI, `claude-*` Anthropic); `baseline` is the offline rule-based baseline. Keys come from
OPENAI_API_KEY / ANTHROPIC_API_KEY and are never part of a model id.
"""

from __future__ import annotations

import os
import re
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict

from ..agents.registry import redact_url
from .baseline import BaselineModel

Provider = Literal["openai", "anthropic", "baseline"]
_SPEC = re.compile(r"^(?P<name>.+?)@(?P<url>https?://\S+)$")


class ModelSpecError(ValueError):
    """A model spec that names no known provider, or lacks the key it needs."""


class ModelCallError(RuntimeError):
    """A model call that failed after the SDK's own retries (connection, timeout, HTTP error status)."""


class TextModel(Protocol):
    """Anything that answers one (system, user) exchange with text; `model_id` names it in caches and records."""

    model_id: str

    def complete(self, system: str, user: str) -> str: ...


class ModelSpec(BaseModel):
    """A parsed `provider/model[@base_url]` spec."""

    model_config = ConfigDict(frozen=True)

    provider: Provider
    model: str
    base_url: str | None = None

    @property
    def id(self) -> str:
        """The spec in canonical form, without credentials (user:password in the URL is dropped)."""
        if self.provider == "baseline":
            return "baseline"
        return f"{self.provider}/{self.model}" + (f"@{redact_url(self.base_url)}" if self.base_url else "")


def parse_spec(spec: str) -> ModelSpec:
    """Parse a model spec; unknown providers and bare names that imply none raise `ModelSpecError`."""
    spec = spec.strip()
    if spec == "baseline":
        return ModelSpec(provider="baseline", model="rules-v1")
    match = _SPEC.match(spec)
    name, base_url = (match.group("name"), match.group("url")) if match else (spec, None)
    provider, slash, model = name.partition("/")
    if not slash:
        provider, model = _infer_provider(name), name
    if provider not in ("openai", "anthropic") or not model:
        raise ModelSpecError(f"model spec {spec!r}: expected provider/model[@base_url] with provider openai or "
                             "anthropic, a bare gpt-*/o*/claude-* name, or 'baseline'")
    return ModelSpec.model_validate({"provider": provider, "model": model, "base_url": base_url})


def _infer_provider(name: str) -> str:
    if name.startswith("claude-"):
        return "anthropic"
    if re.match(r"(gpt-|o\d|chatgpt-)", name):
        return "openai"
    return ""


def _key(env: str, base_url: str | None) -> str:
    key = os.environ.get(env)
    if key:
        return key
    if base_url:
        return "EMPTY"  # self-hosted OpenAI-compatible servers usually need no key
    raise ModelSpecError(f"{env} is not set (needed for the provider's public endpoint)")


class OpenAIChatModel:
    """OpenAI chat completions (any OpenAI-compatible `base_url`), with JSON-schema output when a schema is given."""

    def __init__(self, model: str, *, base_url: str | None = None, json_schema: dict[str, Any] | None = None,
                 temperature: float | None = 0.0, timeout: float = 60.0, max_retries: int = 2) -> None:
        import openai  # the SDKs are imported on first use: they take seconds to import

        self.model_id = ModelSpec(provider="openai", model=model, base_url=base_url).id
        self._model = model
        self._errors = openai.APIError
        self._client = openai.OpenAI(api_key=_key("OPENAI_API_KEY", base_url), base_url=base_url, timeout=timeout,
                                     max_retries=max_retries)
        self._extra: dict[str, Any] = {}
        if temperature is not None:
            self._extra["temperature"] = temperature
        if json_schema is not None:
            self._extra["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "answer", "schema": json_schema, "strict": True},
            }

    def complete(self, system: str, user: str) -> str:
        try:
            response = self._client.chat.completions.create(
                model=self._model,
                messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                **self._extra,
            )
        except self._errors as exc:
            raise ModelCallError(f"{self.model_id}: {exc}") from exc
        return response.choices[0].message.content or ""


class AnthropicMessagesModel:
    """Anthropic messages API, with JSON-schema output (`output_config.format`) when a schema is given. The SDK's
    messages API (2.x) takes no sampling temperature, so decoding is the provider's default."""

    def __init__(self, model: str, *, base_url: str | None = None, json_schema: dict[str, Any] | None = None,
                 timeout: float = 60.0, max_retries: int = 2, max_tokens: int = 512) -> None:
        import anthropic

        self.model_id = ModelSpec(provider="anthropic", model=model, base_url=base_url).id
        self._model = model
        self._max_tokens = max_tokens
        self._errors = anthropic.APIError
        self._client = anthropic.Anthropic(api_key=_key("ANTHROPIC_API_KEY", base_url), base_url=base_url,
                                           timeout=timeout, max_retries=max_retries)
        self._extra: dict[str, Any] = {}
        if json_schema is not None:
            self._extra["output_config"] = {"format": {"type": "json_schema", "schema": json_schema}}

    def complete(self, system: str, user: str) -> str:
        try:
            response = self._client.messages.create(
                model=self._model,
                max_tokens=self._max_tokens,
                system=system,
                messages=[{"role": "user", "content": user}],
                **self._extra,
            )
        except self._errors as exc:
            raise ModelCallError(f"{self.model_id}: {exc}") from exc
        return "".join(block.text for block in response.content if block.type == "text")


def make_model(spec: str | ModelSpec, *, json_schema: dict[str, Any] | None = None,
               temperature: float | None = 0.0, timeout: float = 60.0) -> TextModel:
    """Build the text model a spec names (`temperature` applies to OpenAI-style endpoints; None omits it)."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    if parsed.provider == "baseline":
        return BaselineModel()
    if parsed.provider == "openai":
        return OpenAIChatModel(parsed.model, base_url=parsed.base_url, json_schema=json_schema,
                               temperature=temperature, timeout=timeout)
    return AnthropicMessagesModel(parsed.model, base_url=parsed.base_url, json_schema=json_schema, timeout=timeout)
