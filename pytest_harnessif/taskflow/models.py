"""Text models for the classifier: a one-call protocol over any model the plugin can call.

A spec is the plugin's provider spec (`--harness-model` grammar, `agents.registry`): `openai/<model>[@base_url]`
(any OpenAI-compatible server), `anthropic/<model>[@base_url]`, bare `gpt-*` / `o<N>*` / `claude-*`; or `baseline`,
the offline rule-based baseline. Keys, retries, errors and credential redaction are the plugin clients': a spec
the registry rejects raises `ModelSpecError`, a missing key `MissingCredentials`, a failed call `ModelCallError`.
"""

from __future__ import annotations

from typing import Protocol

from ..agents.base import Message, ModelClient
from ..agents.providers import providers
from ..agents.registry import AgentContext, ModelSpecError, endpoint, make_client
from ..agents.settings import ModelSettings
from .baseline import BaselineModel

SETTINGS = ModelSettings(temperature=0)
"""How the classifier calls a model: greedy decoding; the plugin's token budget, timeout and retry policy."""


class TextModel(Protocol):
    """Anything that answers one (system, user) exchange with text; `model_id` names it in caches and records."""

    model_id: str

    def complete(self, system: str, user: str) -> str: ...


class ClientTextModel:
    """A plugin `ModelClient` as a `TextModel`: one user message, no tools, the completion's text."""

    def __init__(self, client: ModelClient, model_id: str) -> None:
        self.client = client
        self.model_id = model_id

    def complete(self, system: str, user: str) -> str:
        return self.client.complete(system, [Message("user", user)], []).text


def make_model(spec: str, *, settings: ModelSettings = SETTINGS) -> TextModel:
    """The text model a spec names; its `model_id` is the plugin's name for the spec (no credentials)."""
    spec = spec.strip()
    if spec == "baseline":
        return BaselineModel()
    ctx = AgentContext(settings=settings)
    try:
        client = make_client(spec, ctx)
    except ModelSpecError as exc:  # the registry's wording offers its agents (gold, replay): not models to call
        raise ModelSpecError(
            f"model spec {spec!r}: use 'baseline' or provider/model[@base_url] with provider "
            f"{' or '.join(providers())} (bare gpt-*, o<N>*, claude-* names are inferred)"
        ) from exc
    return ClientTextModel(client, endpoint(spec).name)
