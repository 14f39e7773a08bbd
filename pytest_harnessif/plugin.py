"""pytest hooks: options, rule parametrization, the `run` fixture, verdict reports, xdist grouping, summary."""

from __future__ import annotations

import datetime as dt
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pydantic import ValidationError

from .agents.pricing import PriceError, PriceTable
from .agents.registry import AgentContext, ModelSpecError, parse_model
from .agents.settings import Limits, ModelSettings
from .authoring import NotApplicable, Unjudged, rule_meta
from .credentials import MissingCredentials
from .harness import Harness, Options
from .library import LibraryError
from .llm_judge.context import Judging, decisive, judging
from .placement import PlacementError
from .schema import Family, Method, Modality, Prior, RunKey, Status, Surface, Verdict, field_errors

if TYPE_CHECKING:
    from .llm_judge import Judge

HARNESS = pytest.StashKey["Harness | None"]()
RULES_DIR = pytest.StashKey[Path]()
JUDGED = pytest.StashKey[Judging]()
RUN_ID = "harnessif_run_id"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("harnessif", "Harness-IF: score coding agents one rule at a time")
    group.addoption(
        "--harness-model",
        action="append",
        default=[],
        metavar="SPEC",
        help="model to evaluate (repeatable): gold, defaults, ...; without it the rule library is not run",
    )
    group.addoption("--harness-rounds", type=int, default=1, metavar="N", help="rounds per (model, task) (default 1)")
    group.addoption(
        "--harness-placement-seed",
        type=int,
        default=0,
        metavar="SEED",
        help="seed of the rule-to-surface placement (default 0)",
    )
    group.addoption("--harness-rerun", action="store_true", help="run every trajectory afresh instead of re-using it")
    group.addoption(
        "--harness-store",
        default=None,
        metavar="DIR",
        help="trajectory store (default .harnessif/runs under the rootdir)",
    )
    group.addoption(
        "--harness-report-dir",
        default=None,
        metavar="DIR",
        help="where reports/<run-id>/ go (default reports/ under the rootdir)",
    )
    group.addoption(
        "--harness-sandbox",
        choices=("auto", "local", "docker"),
        default="local",
        help="where trajectories run: local (default; not isolated), docker (one container per trajectory), "
        "auto (docker when an engine answers, else local with a warning)",
    )
    group.addoption(
        "--harness-report",
        choices=("compact", "full"),
        default="compact",
        help="terminal summary: one row per model (compact) or also family and surface tables (full)",
    )
    group.addoption(
        "--harness-zero-injection",
        action="store_true",
        help="prior probe: run the same keys with every injected rule withheld (population zero_injection)",
    )
    group.addoption(
        "--harness-priors",
        default=None,
        metavar="YAML",
        help="prior labels from `harnessif priors` (rules it lists take its prior and lineage)",
    )
    agent = parser.getgroup("harnessif-agent", "Harness-IF: model calls and budgets")
    agent.addoption("--harness-temperature", type=float, default=None, help="sampling temperature (provider default)")
    agent.addoption("--harness-max-tokens", type=int, default=4096, help="max output tokens per model call")
    agent.addoption("--harness-reasoning-effort", default=None, help="reasoning effort where the provider has it")
    agent.addoption("--harness-call-timeout", type=float, default=120.0, help="seconds per model call attempt")
    agent.addoption("--harness-max-retries", type=int, default=6, help="retries of a failed model call")
    agent.addoption("--harness-turn-steps", type=int, default=50, help="model calls per user turn")
    agent.addoption("--harness-turn-seconds", type=float, default=None, help="wall-time budget per user turn")
    agent.addoption("--harness-run-steps", type=int, default=None, help="model calls per run")
    agent.addoption("--harness-run-tokens", type=int, default=None, help="tokens (in + out) per run")
    agent.addoption("--harness-run-seconds", type=float, default=None, help="wall-time budget per run")
    agent.addoption("--harness-run-cost", type=float, default=None, help="USD budget per run (needs prices)")
    agent.addoption("--harness-prices", default=None, metavar="YAML", help="price table: {model: {input, output}}")
    judge = parser.getgroup("harnessif-judge", "Harness-IF: the LLM judge of hybrid and llm_judge rules")
    judge.addoption(
        "--harness-judge",
        default=None,
        metavar="SPEC",
        help="judge model, provider/model[@base_url]; without it judge-based rules are reported unjudged",
    )
    judge.addoption("--harness-judge-votes", type=int, default=3, help="votes per judged verdict (default 3)")
    judge.addoption("--harness-judge-temperature", type=float, default=0.3, help="judge temperature (default 0.3)")
    judge.addoption("--harness-judge-max-tokens", type=int, default=1024, help="judge output tokens per vote")
    judge.addoption(
        "--harness-judge-budget", type=int, default=24_000, help="evidence characters per judge request (default 24000)"
    )
    judge.addoption(
        "--harness-judge-cache", default=None, metavar="DIR", help="judge answer cache (default .harnessif/judge)"
    )
    judge.addoption("--harness-rejudge", action="store_true", help="ask the judge again instead of using its cache")
    parser.addini("harness_rules", "folder of the rule library", default="rule_checks")
    parser.addini("harness_tasks", "folder of the task panel", default="tasks")


def _register_markers(config: pytest.Config) -> None:
    names = [*Family, *Modality, *Prior, *Method]
    for name in names:
        config.addinivalue_line("markers", f"{name}: Harness-IF rule attribute")
    for s in Surface:
        config.addinivalue_line("markers", f"surface_{s}: rule placed on surface {s}")
    config.addinivalue_line("markers", "scenario(name): the task scenario of a Harness-IF item")


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from . import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def _agent_context(config: pytest.Config) -> AgentContext:
    opt = config.getoption
    prices = opt("harness_prices")
    return AgentContext(
        settings=ModelSettings(
            temperature=opt("harness_temperature"),
            max_tokens=opt("harness_max_tokens"),
            reasoning_effort=opt("harness_reasoning_effort"),
            timeout=opt("harness_call_timeout"),
            max_retries=opt("harness_max_retries"),
        ),
        limits=Limits(
            turn_steps=opt("harness_turn_steps"),
            turn_seconds=opt("harness_turn_seconds"),
            run_steps=opt("harness_run_steps"),
            run_tokens=opt("harness_run_tokens"),
            run_seconds=opt("harness_run_seconds"),
            run_cost=opt("harness_run_cost"),
        ),
        prices=PriceTable.load(Path(prices)) if prices else PriceTable(),
    )


def pytest_configure(config: pytest.Config) -> None:
    _register_markers(config)
    root = config.rootpath
    config.stash[RULES_DIR] = (root / config.getini("harness_rules")).resolve()
    specs = config.getoption("harness_model")
    if not specs:
        config.stash[HARNESS] = None
        return
    try:
        context = _agent_context(config)
        models = [
            config.hook.pytest_harness_make_agent(spec=s, context=context, config=config) or parse_model(s, context)
            for s in dict.fromkeys(specs)
        ]
    except (ModelSpecError, PriceError, ValidationError) as exc:
        raise pytest.UsageError(f"harnessif: {exc}") from None
    if config.getoption("harness_rounds") < 1:
        raise pytest.UsageError("--harness-rounds must be at least 1")
    workerinput = getattr(config, "workerinput", None)
    run_id = workerinput[RUN_ID] if workerinput else (f"{dt.datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}")
    store = config.getoption("harness_store")
    report = config.getoption("harness_report_dir")
    priors_file = config.getoption("harness_priors")
    try:
        priors = None
        if priors_file:
            from .metrics.priors import PriorsError, load_priors

            priors = load_priors(Path(priors_file))
    except PriorsError as exc:
        raise pytest.UsageError(f"harnessif: {exc}") from None
    judge = _judge(config, context)
    sandbox = None
    if config.getoption("harness_sandbox") != "local":
        from .sandbox.base import SandboxError
        from .sandbox.select import choose

        try:
            sandbox = choose(config.getoption("harness_sandbox"))
        except SandboxError as exc:
            raise pytest.UsageError(f"harnessif: {exc}") from None
    options = Options(
        models=models,
        rounds=config.getoption("harness_rounds"),
        seed=config.getoption("harness_placement_seed"),
        rerun=config.getoption("harness_rerun"),
        rules_dir=config.stash[RULES_DIR],
        tasks_dir=(root / config.getini("harness_tasks")).resolve(),
        store_dir=Path(store).resolve() if store else root / ".harnessif" / "runs",
        report_dir=Path(report).resolve() if report else root / "reports",
        run_id=run_id,
        zero_injection=config.getoption("harness_zero_injection"),
        priors=priors,
        sandbox=sandbox,
        judge=judge,
    )
    try:
        config.stash[HARNESS] = harness = Harness(options)
    except (LibraryError, PlacementError) as exc:
        raise pytest.UsageError(f"harnessif: {exc}") from None
    if workerinput is None:
        full = config.getoption("harness_report") == "full"
        config.pluginmanager.register(_Collector(harness, full), "harnessif-collector")


def _judge(config: pytest.Config, context: AgentContext) -> Judge | None:
    """The session's judge (None without --harness-judge); a bad spec or missing key is a usage error."""
    spec = config.getoption("harness_judge")
    if not spec:
        return None
    from .llm_judge import Judge, JudgeSettings

    opt = config.getoption
    cache = opt("harness_judge_cache")
    try:
        settings = JudgeSettings(
            votes=opt("harness_judge_votes"),
            temperature=opt("harness_judge_temperature"),
            max_tokens=opt("harness_judge_max_tokens"),
            budget=opt("harness_judge_budget"),
        )
        return Judge.from_spec(
            spec,
            settings,
            timeout=context.settings.timeout,
            max_retries=context.settings.max_retries,
            cache_dir=Path(cache).resolve() if cache else config.rootpath / ".harnessif" / "judge",
            rejudge=opt("harness_rejudge"),
        )
    except ValidationError as exc:
        raise pytest.UsageError(f"harnessif: {field_errors(exc, option='--harness-judge-')}") from None
    except (ModelSpecError, MissingCredentials) as exc:
        raise pytest.UsageError(f"harnessif: --harness-judge: {exc}") from None


def pytest_unconfigure(config: pytest.Config) -> None:
    harness = config.stash.get(HARNESS, None)
    if harness is not None and harness.options.judge is not None:
        harness.options.judge.close()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller: give every worker the controller's run id."""
    harness = node.config.stash[HARNESS]
    if harness is not None:
        node.workerinput[RUN_ID] = harness.options.run_id


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Group items by trajectory key so one worker runs (or loads) each trajectory."""
    if config.stash[HARNESS] is None:
        return None
    from .xdist_scheduling import TrajectoryScheduling

    return TrajectoryScheduling(config, log)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    rules_dir = config.stash[RULES_DIR]
    if config.stash[HARNESS] is None:
        return True if _inside(collection_path, rules_dir) else None
    from_testpaths = config.args_source is pytest.Config.ArgsSource.TESTPATHS
    if from_testpaths and not _inside(collection_path, rules_dir) and not _inside(rules_dir, collection_path):
        return True  # `pytest --harness-model=...` runs the rule library, not the project's own tests
    return None


def pytest_report_header(config: pytest.Config) -> str:
    harness = config.stash[HARNESS]
    if harness is None:
        return "harnessif: rule library not run (no --harness-model); try: pytest --harness-model=gold"
    o = harness.options
    return (
        f"harnessif: models {', '.join(m.name for m in o.models)}; {len(harness.tasks)} tasks, "
        f"{len(harness.rules)} rules, {o.rounds} round(s), placement seed {o.seed}, "
        f"sandbox {o.sandbox_info['backend']}; run {o.run_id}\n"
        + (
            f"harnessif: judge {o.judge.name} ({o.judge.settings.votes} votes, temperature "
            f"{o.judge.settings.temperature}{', rejudge' if o.judge.rejudge else ''})"
            if o.judge is not None
            else "harnessif: no judge (--harness-judge): judge-based rules are reported unjudged"
        )
        + (f"\nharnessif: WARNING: {o.sandbox.warning}" if o.sandbox is not None and o.sandbox.warning else "")
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    meta = rule_meta(metafunc.function)
    harness = metafunc.config.stash[HARNESS]
    if meta is None or harness is None or "run" not in metafunc.fixturenames:
        return
    meta = harness.rules[meta.id].meta  # with the session's prior file applied
    base = [getattr(pytest.mark, str(v)) for v in (meta.family, meta.modality, meta.prior, meta.method)]
    marks: dict[str, list[Any]] = {}  # per task; building marks is the costly part of collection
    params = []
    for key in harness.keys_for(meta.id):
        if key.task not in marks:
            surface = harness.surface(key.task, meta.id)
            scenario = harness.tasks[key.task].task.scenario
            marks[key.task] = [*base, pytest.mark.scenario(scenario)]
            if surface is not None:
                marks[key.task].append(getattr(pytest.mark, f"surface_{surface}"))
        params.append(pytest.param(key, id=f"{key.model}-{key.task}-r{key.round}", marks=marks[key.task]))
    metafunc.parametrize("run", params, indirect=True)


def _key(item: pytest.Item) -> RunKey | None:
    callspec = getattr(item, "callspec", None)
    key = callspec.params.get("run") if callspec is not None else None
    return key if isinstance(key, RunKey) else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    harness = config.stash[HARNESS]
    if harness is None:
        return
    rule_items = []
    idle = []
    for item in items:
        key = _key(item)
        meta = rule_meta(getattr(item, "function", None))
        if meta is not None and key is None:
            idle.append(item)  # a rule no task injects: no item, rather than an empty-parameter skip
        if key is None or meta is None:
            continue
        meta = harness.rules[meta.id].meta
        task = harness.tasks[key.task].task
        ref = task.ref(meta.id)
        surface = harness.surface(key.task, meta.id)
        props = {
            "model": key.model,
            "population": harness.options.population,
            "task": key.task,
            "scenario": task.scenario,
            "round": key.round,
            "rule": meta.id,
            "family": str(meta.family),
            "modality": str(meta.modality),
            "prior": str(meta.prior),
            "lineage": str(meta.lineage),
            "surface": None if surface is None else str(surface),
            "severity": str(ref.severity or meta.severity),
            "method": str(meta.method),
        }
        item.user_properties.extend(props.items())
        item.extra_keyword_matches.update({meta.id, key.task, task.scenario, key.model})
        if surface is not None:
            item.extra_keyword_matches.add(f"surface_{surface}")
        item.user_properties[:] = [(k, v) for k, v in item.user_properties if v is not None]
        rule_items.append((key.model, key.task, key.round, meta.id, item))
    if idle:
        config.hook.pytest_deselected(items=idle)
        dropped = {id(it) for it in idle}
        items[:] = [it for it in items if id(it) not in dropped]
    rule_items.sort(key=lambda t: t[:4])
    ordered = iter(t[4] for t in rule_items)
    placed = {id(t[4]) for t in rule_items}
    items[:] = [next(ordered) if id(it) in placed else it for it in items]


@pytest.fixture
def run(request: pytest.FixtureRequest) -> Any:
    """The recorded run (evidence view) of this item's (model, task, round)."""
    harness = request.config.stash[HARNESS]
    key = getattr(request, "param", None)
    if harness is None or not isinstance(key, RunKey):
        pytest.fail("the `run` fixture is provided only to @rule checks under --harness-model", pytrace=False)
    result = harness.run(key)
    if key.id in harness.fresh:
        request.node.user_properties.append(("trajectory", "recorded"))
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """Give a rule check the session's judge and its rubric; keep what the judge decided for the verdict."""
    harness = item.config.stash[HARNESS]
    meta = rule_meta(getattr(item, "function", None))
    if harness is None or meta is None or _key(item) is None:
        return (yield)
    with judging(harness.options.judge, harness.rules[meta.id].meta.rubric) as context:
        item.stash[JUDGED] = context
        return (yield)


def _classify(call: pytest.CallInfo[Any], report: pytest.TestReport) -> tuple[Status, str, str | None]:
    excinfo = call.excinfo
    if report.passed:
        return Status.passed, "", None
    if report.skipped:
        msg = str(excinfo.value) if excinfo is not None else ""
        if excinfo is not None and isinstance(excinfo.value, Unjudged):
            return Status.unjudged, msg, None
        if excinfo is not None and isinstance(excinfo.value, NotApplicable):
            return Status.na, msg.removeprefix("n/a: "), None
        return Status.na, f"skipped: {msg}", None
    assert excinfo is not None
    reason = str(excinfo.value).strip()
    if isinstance(excinfo.value, AssertionError) and "\nassert " in reason:
        reason = reason.split("\nassert ", 1)[0]  # keep the author's message, drop pytest's introspection
    reason = reason[:2000] or excinfo.typename
    if call.when == "call" and isinstance(excinfo.value, AssertionError):
        return Status.failed, reason, getattr(excinfo.value, "artifact", None)
    return Status.error, f"{excinfo.typename}: {reason}", None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    report = yield
    if _key(item) is None or rule_meta(getattr(item, "function", None)) is None:
        return report
    if call.when == "teardown" or (call.when == "setup" and report.passed):
        return report
    status, reason, artifact = _classify(call, report)
    decided = item.stash[JUDGED].decided if JUDGED in item.stash and call.when == "call" else []
    record = decisive(decided, status) if decided else None
    props = dict(item.user_properties)
    verdict = Verdict(
        model=props["model"],
        population=props["population"],
        model_id=None,
        task=props["task"],
        scenario=props["scenario"],
        round=props["round"],
        rule=props["rule"],
        family=props["family"],
        modality=props["modality"],
        prior=props["prior"],
        lineage=props["lineage"],
        surface=props.get("surface"),
        severity=props["severity"],
        method=props["method"],
        status=status,
        reason=reason,
        artifact=artifact,
        judge=record,
        nodeid=item.nodeid,
        duration=report.duration,
    )
    harness = item.config.stash[HARNESS]
    key = _key(item)
    if harness is not None and key is not None and status is not Status.error:
        verdict.model_id = harness.run(key).trajectory.model_id
    item.user_properties.extend([("status", str(status)), ("reason", reason)])
    if record is not None:
        votes = ",".join(str(v.status) if v.status is not None else "unusable" for v in record.votes)
        item.user_properties.append(("judge", f"{record.judge}: {record.status} ({votes})"))
    report.harness_verdict = verdict.model_dump(mode="json")
    if decided:
        report.harness_judge_requests = [{"hash": r.hash, **r.model_dump(mode="json")} for _, r in decided]
    return report


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> Any:
    verdict = getattr(report, "harness_verdict", None)
    if verdict and verdict["status"] == "error" and report.when == "call":
        return "error", "E", "ERROR"
    if verdict and verdict["status"] == "unjudged":
        return "unjudged", "u", "UNJUDGED"
    return None


class _Collector:
    """Controller-only plugin: collects verdicts from reports and writes the summary and records."""

    def __init__(self, harness: Harness, full: bool) -> None:
        self.harness = harness
        self.full = full
        self.rows: list[dict[str, Any]] = []
        self.requests: dict[str, dict[str, Any]] = {}
        self.fresh: set[str] = set()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        verdict = getattr(report, "harness_verdict", None)
        if verdict is None:
            return
        self.rows.append(verdict)
        for request in getattr(report, "harness_judge_requests", []):
            self.requests[request["hash"]] = request
        if ("trajectory", "recorded") in [tuple(p) for p in report.user_properties]:
            self.fresh.add(f"{verdict['model']}/{verdict['task']}/r{verdict['round']}")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.rows:
            return
        from .metrics.accuracy import summarize  # reports pull in pandas/matplotlib: import only when used
        from .report.records import write_run
        from .report.terminal import full_tables, judge_line, summary_table

        o = self.harness.options
        keys = {f"{r['model']}/{r['task']}/r{r['round']}" for r in self.rows}
        fresh = self.fresh & keys
        meta = {
            "run_id": o.run_id,
            "models": [m.name for m in o.models],
            "rounds": o.rounds,
            "placement_seed": o.seed,
            "trajectories": len(keys),
            "trajectories_recorded": len(fresh),
            "store": str(self.harness.store.base),
            "population": o.population,
        }
        if o.judge is not None:
            meta["judge"] = {"model": o.judge.name, **o.judge.settings.model_dump(), "rejudge": o.judge.rejudge}
        run_dir = write_run(o.report_dir / o.run_id, self.rows, meta, list(self.requests.values()))
        tr = terminalreporter
        tr.write_sep("=", "Harness-IF summary")
        tr.write_line(summary_table(summarize(self.rows)))
        if self.full:
            tr.write_line(full_tables(self.rows))
        tr.write_line(f"trajectories: {len(keys)} ({len(fresh)} recorded now, {len(keys) - len(fresh)} re-used)")
        tr.write_line(judge_line(self.rows))
        tr.write_line(f"records: {run_dir}")
