"""pytest hooks: options, rule parametrization, the `run` fixture, verdict reports, xdist grouping, summary.

Wiring only: the options come from the settings models (`session`, `agents.settings`, `llm_judge`), verdicts
are built in `verdicts`, the summary and records in `report.collector`."""

from __future__ import annotations

import datetime as dt
import secrets
from pathlib import Path
from typing import Any

import pytest

from .authoring import rule_meta
from .bundle import E0, bundled
from .options import OptionError, add_options, read_options
from .schema import RunKey, marker_lines
from .session import option_groups

HARNESS = pytest.StashKey["Harness | None"]()
RULES_DIR = pytest.StashKey[Path]()
RUN_ID = "harnessif_run_id"
STEM = "harness-"


def pytest_addoption(parser: pytest.Parser) -> None:
    for group, description, model, prefix in option_groups():
        add_options(parser.getgroup(group, description).addoption, model, stem=STEM, prefix=prefix)
    parser.addini("harness_rules", "folder of the rule library", default="rule_checks")
    parser.addini("harness_tasks", "folder of the task panel", default="tasks")


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from . import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def pytest_configure(config: pytest.Config) -> None:
    for line in marker_lines():
        config.addinivalue_line("markers", line)
    root = config.rootpath
    config.stash[RULES_DIR] = (root / config.getini("harness_rules")).resolve()
    config.stash[HARNESS] = None
    if not config.getoption("harness_model"):
        return
    from .harness import Harness
    from .library import LibraryError
    from .placement import PlacementError
    from .session import ConfigError, resolve

    workerinput = getattr(config, "workerinput", None)
    run_id = workerinput[RUN_ID] if workerinput else f"{dt.datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
    try:
        settings = [read_options(config.getoption, m, stem=STEM, prefix=p) for _, _, m, p in option_groups()]
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
        config.stash[HARNESS] = harness = Harness(options)
    except (OptionError, ConfigError, LibraryError, PlacementError) as exc:
        raise pytest.UsageError(f"harnessif: {exc}") from None
    if config.args_source is not pytest.Config.ArgsSource.ARGS:  # no paths typed: collect the rule folders
        config.args[:] = [str(p) for p in options.collected]
    if workerinput is None:
        from .report.collector import Collector

        meta, full = harness.record_meta(), options.settings.report == "full"
        collector = Collector(options.report_dir / run_id, meta, full, harness.expected(), harness.stop_file)
        config.pluginmanager.register(collector, "harnessif-collector")


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


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without a model the rule library is not collected (its checks need a run), nor, outside `--harness-e0`,
    the E0 folder (its task repository has tests of its own)."""
    harness, e0 = config.stash[HARNESS], bundled(E0)
    if harness is None and collection_path.is_relative_to(config.stash[RULES_DIR]):
        return True
    if e0 is not None and (harness is None or not harness.options.e0) and collection_path.is_relative_to(e0):
        return True
    return None


def pytest_report_header(config: pytest.Config) -> str:
    harness = config.stash[HARNESS]
    if harness is None:
        return "harnessif: rule library not run (no --harness-model); try: pytest --harness-model=gold"
    return harness.header()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    meta = rule_meta(metafunc.function)
    harness = metafunc.config.stash[HARNESS]
    if harness is not None and harness.options.e0 and "conflict" in metafunc.fixturenames:
        from .e0items import parametrize

        return parametrize(metafunc, harness.conflict_keys())
    if meta is None or harness is None or "run" not in metafunc.fixturenames:
        return
    meta = harness.rules[meta.id].meta  # with the session's prior file applied
    base = [getattr(pytest.mark, str(v)) for v in (meta.family, meta.modality, meta.prior, meta.method)]
    marks: dict[str, list[Any]] = {}  # per task; building marks is the costly part of collection
    params = []
    for key in harness.keys_for(meta.id):
        if key.task not in marks:
            surface = harness.surface(key.task, meta.id)
            marks[key.task] = [*base, pytest.mark.scenario(harness.tasks[key.task].task.scenario)]
            if surface is not None:
                marks[key.task].append(getattr(pytest.mark, f"surface_{surface}"))
        params.append(pytest.param(key, id=key.label, marks=marks[key.task]))
    metafunc.parametrize("run", params, indirect=True)


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makeitem(collector: pytest.Collector, name: str, obj: object) -> list[Any] | None:
    """A rule no task injects makes no item at all: not a skip, not a deselection."""
    harness, meta = collector.config.stash[HARNESS], rule_meta(obj)
    if harness is not None and meta is not None and meta.id in harness.rules and not harness.keys_for(meta.id):
        return []
    return None


def _key(item: pytest.Item) -> RunKey | None:
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    key = params.get("run", params.get("conflict"))
    return key if isinstance(key, RunKey) else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    harness = config.stash[HARNESS]
    if harness is None:
        return
    from .e0items import mark
    from .verdicts import TEMPLATE, template

    shared: dict[tuple[str, str], dict[str, Any]] = {}
    rule_items = []
    for item in items:
        key, meta = _key(item), rule_meta(getattr(item, "function", None))
        if key is not None and key.conflict is not None:
            mark(item, key)
            continue
        if key is None or meta is None:
            continue
        if (key.task, meta.id) not in shared:
            surface, entry = harness.surface(key.task, meta.id), harness.tasks[key.task]
            shared[key.task, meta.id] = template(harness.rules[meta.id].meta, entry.task, surface, harness.options)
        fields = shared[key.task, meta.id]
        item.stash[TEMPLATE] = (key, fields)
        item.extra_keyword_matches.update({meta.id, key.task, fields["scenario"], key.model})
        if fields["surface"] is not None:
            item.extra_keyword_matches.add(f"surface_{fields['surface']}")
        rule_items.append((key.model, key.task, key.round, meta.id, item))
    rule_items.sort(key=lambda t: t[:4])
    ordered = iter(t[4] for t in rule_items)
    placed = {id(t[4]) for t in rule_items}
    items[:] = [next(ordered) if id(it) in placed else it for it in items]


@pytest.fixture
def run(request: pytest.FixtureRequest) -> Any:
    """The recorded run (evidence view) of this item's (model, task, round)."""
    from .report.collector import RECORDED

    harness = request.config.stash[HARNESS]
    key = getattr(request, "param", None)
    if harness is None or not isinstance(key, RunKey):
        pytest.fail("the `run` fixture is provided only to @rule checks under --harness-model", pytrace=False)
    result = harness.run(key)
    if key.id in harness.fresh:
        request.node.user_properties.append(RECORDED)
    return result


@pytest.fixture
def conflict(request: pytest.FixtureRequest) -> Any:
    """The E0 run of this item, classified: which of its pair's two rules it followed."""
    from .e0items import decide

    return decide(request, request.config.stash[HARNESS])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """Give a rule check the session's judge and its rubric; keep what the judge decided for the verdict."""
    from .verdicts import JUDGED, TEMPLATE

    harness = item.config.stash[HARNESS]
    if harness is None or TEMPLATE not in item.stash:
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

    attach(item, call, report, lambda key: harness.run(key).trajectory.model_id)
    return report


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> Any:
    if not (hasattr(report, "harness_verdict") or hasattr(report, "harness_e0")):
        return None
    from .verdicts import teststatus

    return teststatus(report)
