"""Model specs (`--harness-model`) to agents.

Built in: the offline scripted references `gold` and `defaults`; `openai/<model>[@base_url]` (also any
OpenAI-compatible endpoint: vLLM, Ollama, LM Studio, OpenRouter); `anthropic/<model>[@base_url]`; bare names
inferring the provider (`gpt-*`, `o<digit>*` -> openai, `claude-*` -> anthropic); `replay/<model>@<store dir>`
re-playing a recorded run's model side. Third parties add more through `pytest_harness_make_agent`.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from ..library import TaskEntry
from ..schema import RunKey
from ..trajectory import Trajectory
from .base import Agent, ModelClient
from .loop import ToolLoopAgent
from .pricing import PriceTable
from .replay import ReplayClient
from .scripted import ScriptedClient
from .settings import Limits, ModelSettings

PROVIDERS = ("openai", "anthropic", "replay")
KEY_VARS = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
URL_VARS = {"openai": "OPENAI_BASE_URL", "anthropic": "ANTHROPIC_BASE_URL"}


class ModelSpecError(ValueError):
    """A `--harness-model` value that names no known model or provider."""


class MissingCredentials(RuntimeError):
    """No API key for a provider that needs one; a configuration problem, never recorded as a failed run."""


@dataclass(frozen=True)
class AgentContext:
    """Session-wide settings every model-backed agent receives."""

    settings: ModelSettings = field(default_factory=ModelSettings)
    limits: Limits = field(default_factory=Limits)
    prices: PriceTable = field(default_factory=PriceTable)


@dataclass(frozen=True)
class AgentSpec:
    """A parsed model spec: its display name (records, ids, store paths) and a per-(task, key) agent factory.

    `fingerprint` must change whenever the agent would behave differently (model, endpoint, settings).
    """

    name: str
    description: str
    make: Callable[[TaskEntry, RunKey], Agent]
    fingerprint: str
    settings: dict[str, object] = field(default_factory=dict)


def redact_url(url: str) -> str:
    """A base URL without user:password credentials (they must never reach a record)."""
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def _digest(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def _scripted(reading: str) -> AgentSpec:
    def make(entry: TaskEntry, key: RunKey) -> Agent:
        if entry.script is None:
            raise ModelSpecError(f"{entry.dir}: gold.yaml: the task has no gold script to play")
        digest = hashlib.sha256(entry.script.model_dump_json().encode()).hexdigest()[:12]
        client = ScriptedClient(
            entry.script, "gold" if reading == "gold" else "default", f"scripted:{reading}@{digest}"
        )
        return ToolLoopAgent(client, name=reading)

    description = {
        "gold": "offline reference agent: plays each task's gold script, following every injected rule",
        "defaults": "offline reference agent: plays the gold scripts' `default` reading, following its habits "
        "instead of the injected rules",
    }[reading]
    return AgentSpec(reading, description, make, f"scripted:{reading}:v1")


_BARE = (("openai", re.compile(r"^(gpt-|o\d|chatgpt-)")), ("anthropic", re.compile(r"^claude-")))


def _api_key(provider: str, model: str, base_url: str | None) -> str:
    """The provider key; raises MissingCredentials when none is set for the official endpoint."""
    api_key = os.environ.get(KEY_VARS[provider])
    if not api_key:
        if base_url is None:
            raise MissingCredentials(f"{KEY_VARS[provider]} is not set (needed for {provider}/{model})")
        api_key = "not-needed"  # local OpenAI-compatible servers usually ignore the key
    return api_key


def _sdk_client(provider: str, model: str, base_url: str | None, api_key: str, ctx: AgentContext) -> ModelClient:
    if provider == "openai":
        from .openai_client import OpenAIChatClient  # the SDKs take seconds to import: only when used

        return OpenAIChatClient(model, base_url=base_url, api_key=api_key, settings=ctx.settings, prices=ctx.prices)
    from .anthropic_client import AnthropicClient

    return AnthropicClient(model, base_url=base_url, api_key=api_key, settings=ctx.settings, prices=ctx.prices)


def _client(provider: str, model: str, base_url: str | None, ctx: AgentContext) -> ModelClient:
    """A provider client; raises MissingCredentials when no key is available for the official endpoint."""
    return _sdk_client(provider, model, base_url, _api_key(provider, model, base_url), ctx)


def _split(spec: str) -> tuple[str, str, str | None]:
    """(provider, model, base_url) of a provider spec; unknown ones raise ModelSpecError."""
    head, _, base_url = spec.strip().partition("@")
    provider, slash, model = head.partition("/")
    if not slash:
        model = head
        provider = next((p for p, rx in _BARE if rx.match(head)), "")
        if not provider:
            raise ModelSpecError(
                f"--harness-model={spec!r}: unknown model; use gold, defaults or provider/model[@base_url] with "
                f"provider one of {', '.join(PROVIDERS)} (bare gpt-*, o<N>*, claude-* names are inferred)"
            )
    if provider not in PROVIDERS or not model:
        raise ModelSpecError(
            f"--harness-model={spec!r}: unknown provider {provider!r}; providers: {', '.join(PROVIDERS)}; "
            "built-in offline models: defaults, gold"
        )
    return provider, model, base_url or None


def client_factory(spec: str, ctx: AgentContext | None = None) -> Callable[[], ModelClient]:
    """Check a provider spec and its credentials now (ModelSpecError, MissingCredentials) and return what builds
    its bare client later, so a caller that may never call the model (a judge re-scoring from its cache) does
    not import the provider SDK."""
    provider, model, base_url = _split(spec)
    if provider not in KEY_VARS:
        raise ModelSpecError(f"{spec!r}: a {provider} spec does not make a model client")
    base_url = base_url or os.environ.get(URL_VARS[provider]) or None
    api_key, ctx = _api_key(provider, model, base_url), ctx or AgentContext()
    return lambda: _sdk_client(provider, model, base_url, api_key, ctx)


def make_client(spec: str, ctx: AgentContext | None = None) -> ModelClient:
    """A bare model client for a provider spec (`openai/...`, `anthropic/...`, bare names), for judges and
    classifiers that need completions without the agent loop."""
    return client_factory(spec, ctx)()


def _provider(provider: str, model: str, base_url: str | None, ctx: AgentContext) -> AgentSpec:
    base_url = base_url or os.environ.get(URL_VARS[provider]) or None
    shown = f"{provider}/{model}" + (f"@{redact_url(base_url)}" if base_url else "")

    def make(entry: TaskEntry, key: RunKey) -> Agent:
        return ToolLoopAgent(_client(provider, model, base_url, ctx), name=shown, limits=ctx.limits)

    settings = {**ctx.settings.model_dump(), **{f"limit_{k}": v for k, v in ctx.limits.model_dump().items()}}
    fingerprint = _digest(provider, model, redact_url(base_url) if base_url else None, settings)
    return AgentSpec(shown, f"{provider} model {model}", make, fingerprint, settings)


def _replay(model: str, source: str | None) -> AgentSpec:
    if not source:
        raise ModelSpecError(
            f"--harness-model=replay/{model}: name the store directory to replay, "
            f"e.g. replay/{model}@.harnessif/runs/<config-hash>"
        )
    root = Path(source).expanduser().resolve()

    def make(entry: TaskEntry, key: RunKey) -> Agent:
        from ..store import safe_segment

        record = root / safe_segment(model) / key.task / f"r{key.round}" / "trajectory.json"
        if not record.is_file():
            raise ModelSpecError(f"replay/{model}: no recorded trajectory at {record}")
        recorded = Trajectory.model_validate_json(record.read_bytes())
        return ToolLoopAgent(ReplayClient(recorded), name=f"replay/{model}")

    return AgentSpec(f"replay/{model}", f"re-plays {model} from {root}", make, _digest("replay", model, str(root)))


def parse_model(spec: str, ctx: AgentContext | None = None) -> AgentSpec:
    """Resolve a model spec; unknown ones raise `ModelSpecError` listing what is known."""
    ctx = ctx or AgentContext()
    spec = spec.strip()
    if spec in ("gold", "defaults"):
        return _scripted(spec)
    provider, model, base_url = _split(spec)
    if provider == "replay":
        return _replay(model, base_url)
    return _provider(provider, model, base_url, ctx)
