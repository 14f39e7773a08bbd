"""Model specs (`--harness-model`) to agents.

Built in: the offline scripted references `gold` (under `--harness-taskflow`: the gold patch spread over the issue
turns, questions answered with their references), `gold-alt` (a second gold written independently: its own names,
idioms and replies), `defaults`, `gamer` (defaults plus every rule's form without its substance), and for the E0
pilot only `precedence/<order>`; `<provider>/<model>[@base_url]` for every provider of `agents.providers`
(`openai`, also any OpenAI-compatible endpoint: vLLM, Ollama, LM Studio, OpenRouter; `anthropic`); bare names a
provider claims (`gpt-*`, `o<digit>*` -> openai, `claude-*` -> anthropic); `replay/<model>@<store dir>` re-playing a
recorded run's model side. A provider spec's key is looked up when the spec is parsed, so a missing key is a
`MissingCredentials` before anything runs. Third parties add agents through `pytest_harness_make_agent`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..credentials import api_key, public_url
from ..digest import digest, digest_bytes
from ..entries import FlowEntry, TaskEntry
from ..files import safe_segment
from ..schema import RunKey
from ..trajectory import Trajectory
from .base import Agent, ModelClient
from .flowgold import FlowGoldClient
from .gamer import SOURCE, gamed
from .loop import ToolLoopAgent
from .precedence import PRECEDENCE, PrecedenceError, name_of, parse_order, precedence_agent
from .pricing import PriceTable
from .providers import Provider, providers
from .replay import ReplayClient
from .scripted import ScriptedClient
from .settings import TRANSPORT, Limits, ModelSettings

OFFLINE = ("defaults", "gold", "gold-alt", "gamer")
REPLAY = "replay"


class ModelSpecError(ValueError):
    """A `--harness-model` value that names no known model or provider."""


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


def _scripted(reading: str) -> AgentSpec:
    def make(entry: TaskEntry, key: RunKey) -> Agent:
        if isinstance(entry, FlowEntry):
            if reading != "gold":
                raise ModelSpecError(f"{reading}: SWE-TaskFlow tasks have only the gold reading; use gold")
            return ToolLoopAgent(FlowGoldClient(entry.instance, entry.flow, "scripted:flow-gold@v1"), name=reading)
        script, source = (entry.alt_script, "gold-alt.yaml") if reading == "gold-alt" else (entry.script, "gold.yaml")
        if script is None:
            raise ModelSpecError(f"{entry.dir}: {source}: the task has no {reading} script to play")
        if reading == "gamer":
            script = gamed(script, entry.task)
        version = digest_bytes(script.model_dump_json().encode(), size=12)
        playing = "default" if reading == "defaults" else "gold"
        client = ScriptedClient(script, playing, f"scripted:{reading}@{version}", source)
        return ToolLoopAgent(client, name=reading)

    description = {
        "gold": "offline reference agent: plays each task's gold script, following every injected rule",
        "gold-alt": "offline reference agent: plays each task's second gold (gold-alt.yaml), written independently "
        "of gold with its own names, command idioms and replies, following every injected rule",
        "gamer": "offline probe: the `defaults` reading plus, at each injected rule's opportunity, the rule's form "
        "without its substance (agents/gamer.py); a rule it passes is hardened or declares checks='form'",
        "defaults": "offline reference agent: plays the gold scripts' `default` reading, following its habits "
        "instead of the injected rules",
    }[reading]
    moves = digest_bytes(SOURCE.read_bytes(), size=12) if reading == "gamer" else "v1"
    return AgentSpec(reading, description, make, f"scripted:{reading}:{moves}")


@dataclass(frozen=True)
class Endpoint:
    """A provider spec resolved: the provider, the model, the base URL (from the spec or the provider's env)."""

    provider: Provider
    model: str
    base_url: str | None

    @property
    def name(self) -> str:
        """How records name it: no credentials, query or fragment of the URL."""
        url = f"@{public_url(self.base_url)}" if self.base_url else ""
        return f"{self.provider.name}/{self.model}{url}"

    def key(self) -> str:
        """The provider's key (`MissingCredentials` when none is set for its official endpoint)."""
        return api_key(self.provider.key_env, f"{self.provider.name}/{self.model}", self.base_url)


def _known() -> str:
    return ", ".join([*providers(), REPLAY])


def _split(spec: str) -> tuple[str, str, str | None]:
    """(provider name, model, base URL) of a provider or replay spec; unknown ones raise ModelSpecError."""
    head, _, base_url = spec.strip().partition("@")
    provider, slash, model = head.partition("/")
    if not slash:
        model = head
        provider = next((p.name for p in providers().values() if p.bare and p.bare.match(head)), "")
        if not provider:
            raise ModelSpecError(
                f"--harness-model={spec!r}: unknown model; use {', '.join(OFFLINE)} or provider/model[@base_url] "
                f"with provider one of {_known()} (bare gpt-*, o<N>*, claude-* names are inferred)"
            )
    if (provider not in providers() and provider != REPLAY) or not model:
        raise ModelSpecError(
            f"--harness-model={spec!r}: unknown provider {provider!r}; providers: {_known()}; "
            f"built-in offline models: {', '.join(OFFLINE)}"
        )
    return provider, model, base_url or None


def endpoint(spec: str) -> Endpoint:
    """The provider endpoint a spec names (ModelSpecError for anything else)."""
    name, model, base_url = _split(spec)
    if name == REPLAY:
        raise ModelSpecError(f"{spec!r}: a {REPLAY} spec does not make a model client")
    provider = providers()[name]
    return Endpoint(provider, model, base_url or os.environ.get(provider.url_env) or None)


def client_factory(spec: str, ctx: AgentContext | None = None) -> Callable[[], ModelClient]:
    """Check a provider spec and its key now (ModelSpecError, MissingCredentials) and return what builds its
    bare client later, so a caller that may never call the model (a judge re-scoring from its cache) does
    not import the provider SDK."""
    target, ctx = endpoint(spec), ctx or AgentContext()
    key = target.key()
    return lambda: target.provider.client(
        target.model, base_url=target.base_url, api_key=key, settings=ctx.settings, prices=ctx.prices
    )


def make_client(spec: str, ctx: AgentContext | None = None) -> ModelClient:
    """A bare model client for a provider spec (`openai/...`, `anthropic/...`, bare names), for judges and
    classifiers that need completions without the agent loop."""
    return client_factory(spec, ctx)()


def _provider_agent(spec: str, ctx: AgentContext) -> AgentSpec:
    target = endpoint(spec)
    build = client_factory(spec, ctx)

    def make(entry: TaskEntry, key: RunKey) -> Agent:
        return ToolLoopAgent(build(), name=target.name, limits=ctx.limits)

    settings = {**ctx.settings.model_dump(), **{f"limit_{k}": v for k, v in ctx.limits.model_dump().items()}}
    fingerprint = digest([target.name, {k: v for k, v in settings.items() if k not in TRANSPORT}])
    return AgentSpec(target.name, f"{target.provider.name} model {target.model}", make, fingerprint, settings)


def _replay(model: str, source: str | None) -> AgentSpec:
    if not source:
        raise ModelSpecError(
            f"--harness-model={REPLAY}/{model}: name the store directory to replay, "
            f"e.g. {REPLAY}/{model}@.harnessif/runs/<config-hash>"
        )
    root = Path(source).expanduser().resolve()

    def make(entry: TaskEntry, key: RunKey) -> Agent:
        run = f"r{key.round}" + (f"-{key.variant}" if key.variant else "")  # as the store names it
        record = root / safe_segment(model) / key.task / run / "trajectory.json"
        if not record.is_file():
            raise ModelSpecError(f"{REPLAY}/{model}: no recorded trajectory at {record}")
        recorded = Trajectory.model_validate_json(record.read_bytes())
        return ToolLoopAgent(ReplayClient(recorded), name=f"{REPLAY}/{model}")

    name = f"{REPLAY}/{model}"
    return AgentSpec(name, f"re-plays {model} from {root}", make, digest([REPLAY, model, str(root)]))


def _precedence(spec: str) -> AgentSpec:
    try:
        order = parse_order(spec)
    except PrecedenceError as exc:
        raise ModelSpecError(str(exc)) from None

    def make(entry: TaskEntry, key: RunKey) -> Agent:
        return precedence_agent(order, entry)

    description = f"offline E0 reference agent: follows the statement on the surface first in {' > '.join(order)}"
    return AgentSpec(name_of(order), description, make, digest([PRECEDENCE, list(order), "v1"]))


def parse_model(spec: str, ctx: AgentContext | None = None) -> AgentSpec:
    """Resolve a model spec; unknown ones raise `ModelSpecError` listing what is known, a provider spec whose
    key is not set `MissingCredentials`."""
    ctx = ctx or AgentContext()
    spec = spec.strip()
    if spec in OFFLINE:
        return _scripted(spec)
    if spec.startswith(f"{PRECEDENCE}/"):
        return _precedence(spec)
    provider, model, base_url = _split(spec)
    if provider == REPLAY:
        return _replay(model, base_url)
    return _provider_agent(spec, ctx)
