"""One session's settings: the `--harness-*` options (generated from `SessionSettings` and the agent and judge
settings models) resolved into what the harness runs with: agents, priors, the judge, the sandbox backend.

Everything that can be wrong with them (an unknown model, a missing key, a bad price or prior file, an engine
that does not answer) is a `ConfigError` here, before collection: one line, never N error items."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .agents.precedence import PRECEDENCE
from .agents.pricing import PriceError, PriceTable
from .agents.registry import AgentContext, AgentSpec, ModelSpecError, parse_model
from .agents.settings import Limits, ModelSettings
from .bundle import E0, RULES, SWE_TASKFLOW, TASKS, bundled
from .credentials import MissingCredentials
from .rulemeta import Fit
from .schema import Lineage, Prior, field_errors

if TYPE_CHECKING:
    from .llm_judge import Judge, JudgeSettings
    from .llm_judge.qa import AnswerJudge
    from .sandbox.select import SandboxChoice

E0_CHECK, FLOW_CHECK = "test_conflicts.py", "test_taskflow.py"
MakeAgent = Callable[[str, AgentContext], "AgentSpec | None"]


class ConfigError(ValueError):
    """Settings that cannot run; the message names the option or file."""


class SessionSettings(BaseModel):
    """The session's own options (`--harness-<field>`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: Annotated[
        list[str],
        Field(
            description="model to evaluate (repeatable): gold, gold-alt, defaults, gamer, openai/<model>, "
            "anthropic/<model>, replay/<model>@<store>; without it the rule library is not run",
            json_schema_extra={"metavar": "SPEC"},
        ),
    ] = []
    rounds: Annotated[int, Field(ge=1, description="rounds per (model, task)")] = 1
    placement_seed: Annotated[int, Field(description="seed of the rule-to-surface placement")] = 0
    rerun: Annotated[bool, Field(description="run every trajectory afresh instead of re-using it")] = False
    recheck: Annotated[
        bool,
        Field(description="run every deterministic check again instead of re-using its kept verdict for the same "
              "recording and code"),
    ] = False
    store: Annotated[Path | None, Field(description="trajectory store (default .harnessif/runs under the rootdir)")] = (
        None
    )
    report_dir: Annotated[
        Path | None, Field(description="where reports/<run-id>/ go (default reports/ under the rootdir)")
    ] = None
    sandbox: Annotated[
        Literal["local", "docker", "auto"],
        Field(
            description="where trajectories run: local (not isolated), docker (one container per trajectory), "
            "auto (docker when an engine answers, else local with a warning)"
        ),
    ] = "local"
    docker_host: Annotated[
        str | None,
        Field(
            description="the container engine of docker sandboxes, e.g. tcp://10.0.0.5:2375 or ssh://user@host "
            "(default: DOCKER_HOST, else the local socket); every xdist worker uses it",
            json_schema_extra={"metavar": "URL"},
        ),
    ] = None
    sandbox_slots: Annotated[
        int | None,
        Field(
            ge=1,
            description="at most N sandboxes at once on the engine, shared by every worker whose store is the same "
            "(a store every host sees makes it a campaign-wide limit)",
        ),
    ] = None
    concurrency: Annotated[
        int,
        Field(
            ge=1,
            description="trajectories each process plays at once (threads): N consecutive trajectories of its items "
            "run together, for latency-bound models; combine with -n",
        ),
    ] = 1
    report: Annotated[
        Literal["compact", "full"],
        Field(description="terminal summary: one row per model (compact) or also family and surface tables (full)"),
    ] = "compact"
    panel: Annotated[
        Literal["coding", "noncoding", "all"] | None,
        Field(
            description="which tasks run: the coding panel, the non-coding cases (their own population, scored by "
            "NC-Macro) or all (default coding; all when -m names noncoding)"
        ),
    ] = None
    zero_injection: Annotated[
        Literal["each", "all"] | None,
        Field(
            description="prior probe (its own population): each withholds one target rule at a time, everything "
            "else unchanged, as the paper probes (one run per rule); all withholds every rule at once (cheaper)"
        ),
    ] = None
    e0: Annotated[
        bool,
        Field(
            description="run the E0 conflict pilot instead of the rule panel (its own population): two mutually "
            "exclusive rules on two surfaces, every pair x surface matchup x direction, one fresh run each"
        ),
    ] = False
    taskflow: Annotated[
        Path | None,
        Field(
            description="run an SWE-TaskFlow dataset (from `harnessif taskflow import`) instead of the rule panel (its "
            "own population): issue turns with checkpoints, questions judged, the final resolve",
            json_schema_extra={"metavar": "DATASET"},
        ),
    ] = None
    taskflow_config: Annotated[
        str,
        Field(
            description="the dataset's configuration to run: single, split, concat, qa-first, qa-last, qa-random, "
            "qa-only or tfas",
            json_schema_extra={"metavar": "NAME"},
        ),
    ] = "split"
    audit: Annotated[
        list[Path],
        Field(
            description="score logs another harness wrote instead of running a model (files or folders, repeatable): "
            "mini-swe-agent, SWE-agent, Claude Code, Codex, OpenHands or generic JSONL; each (session, rule) is a "
            "test, its own population (audit)",
            json_schema_extra={"metavar": "PATH"},
        ),
    ] = []
    audit_rules: Annotated[
        Path | None,
        Field(
            description="the rules an audit scores: a YAML file (rules: [ids], commands: {test: ...}, project_file) "
            "or a rule_checks/ folder (every rule in it); default every rule of the library",
            json_schema_extra={"metavar": "FILE"},
        ),
    ] = None
    audit_format: Annotated[
        Literal["auto", "mini-swe-agent", "swe-agent", "claude-code", "codex", "openhands", "generic"],
        Field(description="the format of the audited logs (auto: told from each file's content)"),
    ] = "auto"
    audit_classifier: Annotated[
        str,
        Field(
            description="labels the intents of imported user turns: baseline (keyword rules, offline) or a model "
            "spec, provider/model[@base_url], for the SWE-TaskFlow classifier",
            json_schema_extra={"metavar": "SPEC"},
        ),
    ] = "baseline"
    admissible: Annotated[
        Literal["medium", "low"],
        Field(description="lowest surface fit a rule is placed at: medium (natural surfaces only) or low"),
    ] = "medium"
    priors: Annotated[
        Path | None, Field(description="prior labels from `harnessif priors` (rules it lists take its prior)")
    ] = None
    prices: Annotated[
        Path | None, Field(description="price table YAML: {model: {input, output}}, USD per 1M tokens")
    ] = None
    judge: Annotated[
        str | None,
        Field(
            description="judge model, provider/model[@base_url]; without it judge-based rules are reported unjudged",
            json_schema_extra={"metavar": "SPEC"},
        ),
    ] = None
    judge_cache: Annotated[Path | None, Field(description="judge answer cache (default .harnessif/judge)")] = None
    rejudge: Annotated[bool, Field(description="ask the judge again instead of using its cache")] = False
    bundled: Annotated[
        Literal["yes", "no"],
        Field(
            description="run the bundled rule library and task panel too (yes) or only the project's own "
            "rule_checks/ and tasks/ (no; harness_rules and harness_tasks in the ini file name them)"
        ),
    ] = "yes"
    preflight: Annotated[
        Literal["yes", "no"],
        Field(
            description="before collection, one cheap request per model and judge endpoint (does it answer, does "
            "it take the key?)"
        ),
    ] = "yes"


def option_groups() -> list[tuple[str, str, type[BaseModel], str]]:
    """(group, description, settings model, option prefix) of every `--harness-*` option."""
    from .llm_judge.service import JudgeSettings

    return [
        ("harnessif", "Harness-IF: score coding agents one rule at a time", SessionSettings, ""),
        ("harnessif-agent", "Harness-IF: model calls and budgets", ModelSettings, ""),
        ("harnessif-agent", "Harness-IF: model calls and budgets", Limits, ""),
        ("harnessif-judge", "Harness-IF: the LLM judge of hybrid and llm_judge rules", JudgeSettings, "judge-"),
    ]


def option_table() -> list[tuple[str, str, list[tuple[str, dict[str, object]]]]]:
    """Every `--harness-*` option as pytest registers it: (group, description, [(flag, argparse keywords)]), a
    `type` by its name; `optiontable.py` holds this as plain data so an idle pytest process imports no pydantic."""
    from .options import add_options

    def collect(model: type[BaseModel], prefix: str) -> list[tuple[str, dict[str, object]]]:
        added: list[tuple[str, dict[str, object]]] = []
        add_options(lambda flag, **kwargs: added.append((flag, kwargs)), model, stem="harness-", prefix=prefix)
        return [(f, {k: getattr(v, "__name__", v) if k == "type" else v for k, v in kw.items()}) for f, kw in added]

    table: list[tuple[str, str, list[tuple[str, dict[str, object]]]]] = []
    for group, description, model, prefix in option_groups():
        options = collect(model, prefix)
        if table and table[-1][0] == group:
            table[-1][2].extend(options)
        else:
            table.append((group, description, options))
    return table


def write_option_table() -> Path:
    """Regenerate `optiontable.py` from the settings models (after changing a settings field)."""
    import pprint

    path = Path(__file__).with_name("optiontable.py")
    head = (
        '"""The `--harness-*` options as plain data (group, description, [(flag, argparse keywords)]), generated from '
        "the\nsettings models by `session.write_option_table()`; a test fails when it is stale. An idle pytest "
        'process\nregisters them without importing pydantic."""\n\n'
    )
    path.write_text(head + f"GROUPS = {pprint.pformat(option_table(), width=116, sort_dicts=False)}\n")
    return path


@dataclass
class Options:
    """The session resolved: settings plus the agents, priors, judge and sandbox backend they name."""

    settings: SessionSettings
    models: list[AgentSpec]
    rules_dirs: tuple[Path, ...]
    tasks_dirs: tuple[Path, ...]
    store_dir: Path
    report_dir: Path
    run_id: str
    priors: dict[str, tuple[Prior, Lineage]] | None = None
    sandbox: SandboxChoice | None = None  # None: the local backend
    judge: Judge | None = None  # None: judge-based rules are reported unjudged
    answers: AnswerJudge | None = None  # SWE-TaskFlow's answer judge (with --harness-taskflow and a judge)

    @property
    def rounds(self) -> int:
        return self.settings.rounds

    @property
    def seed(self) -> int:
        return self.settings.placement_seed

    @property
    def rerun(self) -> bool:
        return self.settings.rerun

    @property
    def zero_injection(self) -> Literal["each", "all"] | None:
        return self.settings.zero_injection

    @property
    def threshold(self) -> Fit:
        """The lowest fit a rule is placed at."""
        return Fit(self.settings.admissible)

    @property
    def sandbox_info(self) -> dict[str, str]:
        return self.sandbox.info if self.sandbox is not None else {"backend": "local"}

    @property
    def e0(self) -> bool:
        return self.settings.e0

    @property
    def taskflow(self) -> Path | None:
        return self.settings.taskflow

    @property
    def audit(self) -> list[Path]:
        return self.settings.audit

    @property
    def collected(self) -> tuple[Path, ...]:
        """What pytest collects when no path is typed: the rule folders, or the E0 pilot's or SWE-TaskFlow's check."""
        if self.e0:
            return (self.rules_dirs[0] / E0_CHECK,)
        if self.audit and self.settings.audit_rules is not None and self.settings.audit_rules.is_dir():
            return (self.settings.audit_rules.resolve(),)
        return (self.rules_dirs[0] / FLOW_CHECK,) if self.taskflow else self.rules_dirs

    @property
    def population(self) -> str:
        """Zero-injection probes, the E0 pilot, SWE-TaskFlow runs and audits of imported logs are their own populations,
        never pooled with the main panel."""
        if self.taskflow:
            return "taskflow"
        if self.audit:
            return "audit"
        return "e0" if self.e0 else "zero_injection" if self.zero_injection else "main"


def resolve(
    settings: SessionSettings,
    calls: ModelSettings,
    limits: Limits,
    judging: JudgeSettings,
    *,
    root: Path,
    rules_dir: Path,
    tasks_dir: Path,
    run_id: str,
    make_agent: MakeAgent,
    probe: bool = True,
) -> Options:
    """Resolve the settings; `make_agent(spec, context)` lets third-party hooks claim a model spec first. With
    `probe` (the controller, not xdist workers) and `--harness-preflight=yes`, every provider endpoint is probed."""
    try:
        prices = PriceTable.load(settings.prices) if settings.prices else PriceTable()
        context = AgentContext(settings=calls, limits=limits, prices=prices)
        models, ours = [], []
        for spec in dict.fromkeys(settings.model):
            claimed = make_agent(spec, context)
            models.append(claimed or parse_model(spec, context))
            ours += [] if claimed else [("--harness-model", spec)]
    except (ModelSpecError, PriceError, ValidationError) as exc:
        raise ConfigError(str(exc) if not isinstance(exc, ValidationError) else field_errors(exc)) from None
    except MissingCredentials as exc:
        raise ConfigError(f"--harness-model: {exc}") from None
    _check_mode(settings, [m.name for m in models])
    judge = _judge(settings, calls, judging, root)
    if probe and settings.preflight == "yes":
        from .preflight import preflight

        judged = [("--harness-judge", settings.judge)] if settings.judge else []
        if problems := preflight([*ours, *judged], context):
            raise ConfigError("\n".join(problems))
    store = (settings.store or root / ".harnessif" / "runs").resolve()
    if settings.e0:
        rules_dirs = tasks_dirs = (_bundled_folder(E0, "--harness-e0", "the conflict task and its check"),)
    elif settings.taskflow is not None:
        rules_dirs = (_bundled_folder(SWE_TASKFLOW, "--harness-taskflow", "its check"),)
        tasks_dirs = (settings.taskflow.resolve(),)
    elif settings.audit:
        rules_dirs = _audit_rules(settings, rules_dir)
        tasks_dirs = ()
    else:
        rules_dirs = _folders(rules_dir, RULES, settings.bundled == "yes", "harness_rules")
        tasks_dirs = _folders(tasks_dir, TASKS, settings.bundled == "yes", "harness_tasks")
    return Options(
        settings=settings,
        models=models,
        rules_dirs=rules_dirs,
        tasks_dirs=tasks_dirs,
        store_dir=store,
        report_dir=(settings.report_dir or root / "reports").resolve(),
        run_id=run_id,
        priors=_priors(settings.priors),
        sandbox=_sandbox(settings, store),
        judge=judge,
        answers=_answers(settings, calls, root) if settings.taskflow is not None else None,
    )


def _check_mode(settings: SessionSettings, models: list[str]) -> None:
    """The E0 pilot, SWE-TaskFlow runs and prior probes are separate populations; the offline precedence agents
    play only the E0 task."""
    modes = [name for name, on in (("--harness-e0", settings.e0), ("--harness-taskflow", settings.taskflow),
                                   ("--harness-zero-injection", settings.zero_injection),
                                   ("--harness-audit", settings.audit)) if on]  # fmt: skip
    if len(modes) > 1:
        raise ConfigError(f"{modes[0]} and {modes[1]} are separate populations: run them one at a time")
    if settings.audit:
        if models:
            raise ConfigError(f"--harness-audit scores logs already written: leave out --harness-model={models[0]}")
        missing = [str(p) for p in settings.audit if not p.exists()]
        if missing:
            raise ConfigError(f"--harness-audit={missing[0]}: no such file or folder")
        if settings.audit_rules is not None and not settings.audit_rules.exists():
            raise ConfigError(f"--harness-audit-rules={settings.audit_rules}: no such file or folder")
    elif settings.audit_rules is not None:
        raise ConfigError("--harness-audit-rules chooses the rules of an audit: add --harness-audit=PATH")
    if settings.taskflow is not None:
        from .swe import CONFIG_NAMES

        if "defaults" in models:
            raise ConfigError("--harness-model=defaults: SWE-TaskFlow tasks have only the gold reading; use gold")
        if settings.taskflow_config not in CONFIG_NAMES:
            raise ConfigError(f"--harness-taskflow-config={settings.taskflow_config}: choose from "
                              f"{', '.join(CONFIG_NAMES)}")  # fmt: skip
    scripted = [m for m in models if m.startswith(f"{PRECEDENCE}/")]
    if scripted and not settings.e0:
        raise ConfigError(
            f"--harness-model={scripted[0]}: the precedence agents play only the E0 conflict task; add --harness-e0"
        )


def _audit_rules(settings: SessionSettings, own: Path) -> tuple[Path, ...]:
    """An audit's rule folders: the team's `rule_checks/` folder it names, else the library (bundled and own)."""
    if settings.audit_rules is not None and settings.audit_rules.is_dir():
        return (settings.audit_rules.resolve(),)
    return _folders(own, RULES, settings.bundled == "yes", "harness_rules")


def _bundled_folder(name: str, option: str, what: str) -> Path:
    found = bundled(name)
    if found is None:
        raise ConfigError(f"{option}: this install has no bundled {name}/ folder ({what})")
    return found.resolve()


def _folders(own: Path, name: str, with_bundled: bool, ini: str) -> tuple[Path, ...]:
    """The bundled folder (unless --harness-bundled=no) and the project's own, each once."""
    found = [bundled(name)] if with_bundled else []
    found.append(own if own.is_dir() else None)
    folders = tuple(dict.fromkeys(p.resolve() for p in found if p is not None))
    if not folders:
        raise ConfigError(
            f"no {name}/: {own} does not exist and --harness-bundled=no leaves out the bundled one; "
            f"create it or name it with `{ini}` in the ini file"
        )
    return folders


def _priors(path: Path | None) -> dict[str, tuple[Prior, Lineage]] | None:
    if path is None:
        return None
    from .priorfile import PriorsError, load_priors

    try:
        return load_priors(path)
    except PriorsError as exc:
        raise ConfigError(str(exc)) from None


def _sandbox(settings: SessionSettings, store: Path) -> SandboxChoice | None:
    """The session's backend (None: local), on the engine `--harness-docker-host` names (every xdist worker gets
    the option); `--harness-sandbox-slots` are lock files under the store, per engine."""
    if settings.sandbox == "local":
        if settings.docker_host or settings.sandbox_slots:
            raise ConfigError("--harness-docker-host and --harness-sandbox-slots are for containers: add "
                              "--harness-sandbox=docker")  # fmt: skip
        return None
    import dataclasses
    import os

    from .digest import digest
    from .sandbox.base import SandboxError
    from .sandbox.select import choose
    from .slots import Slots

    try:
        choice = choose(settings.sandbox, host=settings.docker_host)
    except SandboxError as exc:
        where = f"--harness-docker-host={settings.docker_host}: " if settings.docker_host else ""
        raise ConfigError(where + str(exc)) from None
    if settings.sandbox_slots and choice.backend == "docker":
        engine = settings.docker_host or os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        slots = Slots(store / ".slots" / digest(engine, size=12), settings.sandbox_slots)
        choice = dataclasses.replace(choice, slots=slots)
    return choice


def _judge(settings: SessionSettings, calls: ModelSettings, judging: JudgeSettings, root: Path) -> Judge | None:
    """The session's judge (None without --harness-judge); a bad spec or a missing key is a ConfigError."""
    if not settings.judge:
        return None
    from .llm_judge.service import CACHE_DIR, Judge

    cache = (settings.judge_cache or root / CACHE_DIR).resolve()
    try:
        return Judge.from_spec(settings.judge, judging, calls=calls, cache_dir=cache, rejudge=settings.rejudge)
    except (ModelSpecError, MissingCredentials) as exc:
        raise ConfigError(f"--harness-judge: {exc}") from None


def _answers(settings: SessionSettings, calls: ModelSettings, root: Path) -> AnswerJudge | None:
    """SWE-TaskFlow's answer judge on the session's judge model (None without --harness-judge)."""
    if not settings.judge:
        return None
    from .llm_judge.qa import AnswerJudge
    from .llm_judge.service import CACHE_DIR

    cache = (settings.judge_cache or root / CACHE_DIR).resolve()
    try:
        return AnswerJudge.from_spec(settings.judge, calls=calls, cache_dir=cache, rejudge=settings.rejudge)
    except (ModelSpecError, MissingCredentials) as exc:
        raise ConfigError(f"--harness-judge: {exc}") from None
