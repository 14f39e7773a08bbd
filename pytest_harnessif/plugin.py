"""pytest hooks: options, rule parametrization, the `run` fixture, verdict reports, xdist grouping, summary.

Wiring only: the options come from `optiontable` (generated from the settings models of `session`,
`agents.settings` and `llm_judge`), verdicts are built in `verdicts`, E0 outcome rows in `e0items`, SWE-TaskFlow
items and rows in `flowitems`, the summary and records in `report.collector`. Without `--harness-model` no hook
imports anything beyond this module."""

from __future__ import annotations

import datetime as dt
import secrets
from pathlib import Path
from typing import Any

import pytest

from .bundle import E0, SWE_TASKFLOW, bundled
from .optiontable import GROUPS

HARNESS = pytest.StashKey["Harness | None"]()
RULES_DIR, MODE_DIRS = pytest.StashKey[Path](), pytest.StashKey[dict[str, "Path | None"]]()
RUN_ID, STEM, TYPES = "harnessif_run_id", "harness-", {"int": int, "float": float}


def pytest_addoption(parser: pytest.Parser) -> None:
    """The `--harness-*` options from the generated table: registering them imports nothing of the plugin."""
    for group, description, options in GROUPS:
        add = parser.getgroup(group, description).addoption
        for flag, kwargs in options:
            add(flag, **{k: TYPES.get(v, v) if k == "type" else v for k, v in kwargs.items()})
    parser.addini("harness_rules", "folder of the rule library", default="rule_checks")
    parser.addini("harness_tasks", "folder of the task panel", default="tasks")


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from . import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def pytest_configure(config: pytest.Config) -> None:
    root = config.rootpath
    config.stash[RULES_DIR] = (root / config.getini("harness_rules")).resolve()
    config.stash[MODE_DIRS] = {"e0": bundled(E0), "taskflow": bundled(SWE_TASKFLOW)}
    config.stash[HARNESS] = None
    if not (config.getoption("harness_model") or config.getoption("harness_audit")):
        return  # an idle plugin: nothing more is imported
    from .harnesses import make_harness
    from .library import LibraryError
    from .options import OptionError, read_options
    from .placement import PlacementError
    from .schema import marker_lines
    from .session import ConfigError, option_groups, resolve

    for line in marker_lines():
        config.addinivalue_line("markers", line)

    workerinput = getattr(config, "workerinput", None)
    run_id = workerinput[RUN_ID] if workerinput else f"{dt.datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
    try:
        settings = [read_options(config.getoption, m, stem=STEM, prefix=p) for _, _, m, p in option_groups()]
        if settings[0].panel is None and "noncoding" in (config.option.markexpr or ""):
            settings[0] = settings[0].model_copy(update={"panel": "all"})  # `-m noncoding` selects the cases
        options = resolve(
            *settings,
            root=root,
            rules_dir=config.stash[RULES_DIR],
            tasks_dir=(root / config.getini("harness_tasks")).resolve(),
            run_id=run_id,
            make_agent=lambda spec, context: config.hook.pytest_harness_make_agent(
                spec=spec, context=context, config=config
            ),
            probe=workerinput is None,
        )
        config.stash[HARNESS] = harness = make_harness(options, root)
    except (OptionError, ConfigError, LibraryError, PlacementError) as exc:
        raise pytest.UsageError(f"harnessif: {exc}") from None
    if config.args_source is not pytest.Config.ArgsSource.ARGS:  # no paths typed: collect the rule folders
        config.args[:] = [str(p) for p in options.collected]
    if workerinput is None:
        from .report.collector import Collector

        meta, full = harness.record_meta(), options.settings.report == "full"
        collector = Collector(options.report_dir / run_id, meta, full, harness.expected(), harness.stop_file)
        config.pluginmanager.register(collector, "harnessif-collector")
    if options.taskflow:
        from .flowitems import FlowItems

        config.pluginmanager.register(FlowItems(harness), "harnessif-taskflow")


def pytest_unconfigure(config: pytest.Config) -> None:
    if (harness := config.stash.get(HARNESS, None)) is not None:
        harness.close()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller: give every worker the controller's run id."""
    if (harness := node.config.stash[HARNESS]) is not None:
        node.workerinput[RUN_ID] = harness.options.run_id


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Group items by trajectory key so one worker runs (or loads) each trajectory."""
    if config.stash[HARNESS] is None:
        return None
    from .xdist_scheduling import TrajectoryScheduling

    return TrajectoryScheduling(config, log)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without a model the rule library is not collected (its checks need a run), nor, outside `--harness-e0` and
    `--harness-taskflow`, their folders (the E0 task repository has tests of its own)."""
    harness = config.stash[HARNESS]
    if harness is None and collection_path.is_relative_to(config.stash[RULES_DIR]):
        return True
    for mode, folder in config.stash[MODE_DIRS].items():
        off = harness is None or not getattr(harness.options, mode)
        if folder is not None and off and collection_path.is_relative_to(folder):
            return True
    return None


def pytest_report_header(config: pytest.Config) -> str:
    if (harness := config.stash[HARNESS]) is not None:
        return harness.header()
    return "harnessif: rule library not run (no --harness-model); try: pytest --harness-model=gold"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    harness = metafunc.config.stash[HARNESS]
    if harness is None:
        return
    if harness.options.e0 and "conflict" in metafunc.fixturenames:
        from .e0items import parametrize

        return parametrize(metafunc, harness.conflict_keys())
    from .authoring import rule_meta

    meta = rule_meta(metafunc.function)
    if meta is None or "run" not in metafunc.fixturenames:
        return
    meta = harness.rules[meta.id].meta  # with the session's prior file applied
    base = [getattr(pytest.mark, str(v)) for v in (meta.family, meta.modality, meta.prior, meta.method)]
    marks: dict[str, list[Any]] = {}  # per task; building marks is the costly part of collection
    params = []
    for key in harness.keys_for(meta.id):
        if key.task not in marks:
            task, surface = harness.tasks[key.task].task, harness.surface(key.task, meta.id)
            extra = ["noncoding"] * (task.kind == "non_coding") + [f"surface_{surface}"] * (surface is not None)
            marks[key.task] = [*base, pytest.mark.scenario(task.scenario), *(getattr(pytest.mark, m) for m in extra)]
        params.append(pytest.param(key, id=key.label, marks=marks[key.task]))
    metafunc.parametrize("run", params, indirect=True)


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makeitem(collector: pytest.Collector, name: str, obj: object) -> list[Any] | None:
    """A rule no task injects makes no item at all: not a skip, not a deselection."""
    harness = collector.config.stash[HARNESS]
    if harness is None:
        return None
    from .authoring import rule_meta

    meta = rule_meta(obj)
    if meta is not None and meta.id in harness.rules and not harness.keys_for(meta.id):
        return []
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    harness = config.stash[HARNESS]
    if harness is not None:
        from .verdicts import prepare

        prepare(items, harness)


def pytest_collection_finish(session: pytest.Session) -> None:
    if (harness := session.config.stash[HARNESS]) is not None:
        from .verdicts import settle

        settle(session.items, harness)


@pytest.fixture
def run(request: pytest.FixtureRequest) -> Any:
    """The recorded run (evidence view) of this item's (model, task, round)."""
    from .verdicts import recorded

    return recorded(request, request.config.stash[HARNESS])


@pytest.fixture
def conflict(request: pytest.FixtureRequest) -> Any:
    """The E0 run of this item, classified: which of its pair's two rules it followed."""
    from .e0items import decide

    return decide(request, request.config.stash[HARNESS])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """Give a rule check the session's judge and its rubric; keep what the judge decided for the verdict."""
    harness = item.config.stash[HARNESS]
    if harness is None:
        return (yield)
    from .verdicts import JUDGED, TEMPLATE

    if TEMPLATE not in item.stash:
        return (yield)
    from .llm_judge.context import judging

    rubric = harness.rules[item.stash[TEMPLATE][1]["rule"]].meta.rubric
    with judging(harness.options.judge, rubric) as context:
        item.stash[JUDGED] = context
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    report = yield
    harness = item.config.stash[HARNESS]
    if harness is None or call.when == "teardown" or (call.when == "setup" and report.passed):
        return report
    from .verdicts import attach

    attach(item, call, report, harness)
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """A check whose verdict was kept for this recording and code is not called again: its outcome is replayed."""
    if pyfuncitem.config.stash[HARNESS] is None:
        return None
    from .verdicts import replay

    return replay(pyfuncitem.funcargs.get("run"))


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> Any:
    if not any(hasattr(report, f"harness_{kind}") for kind in ("verdict", "e0", "flow")):
        return None
    from .verdicts import teststatus

    return teststatus(report)
