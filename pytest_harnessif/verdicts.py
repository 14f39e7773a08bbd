"""From a rule item to its verdict row: the per-item template built at collection (kept in `item.stash`), the
outcome classified, the row attached to the test report for the controller, its fields as JUnit properties."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from .authoring import NOT_IN_LOG, NotApplicable, Unjudged, rule_meta
from .harness import Harness
from .llm_judge.context import Judging, decisive
from .rulemeta import RuleMeta
from .schema import RunKey, Status, Surface, Task, Verdict
from .session import Options

TEMPLATE = pytest.StashKey[tuple[RunKey, dict[str, Any]]]()
JUDGED = pytest.StashKey[Judging]()
JUNIT = ("model", "population", "task", "scenario", "round", "rule", "family", "modality", "prior", "lineage")
JUNIT_TAIL = ("surface", "severity", "method", "status", "reason")


def template(meta: RuleMeta, task: Task, surface: Surface | None, options: Options) -> dict[str, Any]:
    """The verdict fields of one (task, rule), shared by every model and round of it."""
    return {
        "population": "noncoding" if task.kind == "non_coding" and options.population == "main" else options.population,
        "probe": options.zero_injection,
        "scenario": task.scenario,
        "rule": meta.id,
        "family": meta.family,
        "modality": meta.modality,
        "prior": meta.prior,
        "lineage": meta.lineage,
        "surface": surface,
        "severity": task.ref(meta.id).severity or meta.severity,
        "method": meta.method,
        "checks": meta.checks,
    }


def classify(call: pytest.CallInfo[Any], report: pytest.TestReport) -> tuple[Status, str, str | None]:
    """(status, reason, missing artifact) of one phase's outcome: an assertion in the call is a fail, `na()` is
    n/a, no judge is unjudged, anything else (a failed run, a crashed check, a judge without majority) is an
    error."""
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


def attach(item: pytest.Item, call: pytest.CallInfo[Any], report: pytest.TestReport, harness: Harness) -> None:
    """A rule item's verdict row, an E0 item's outcome row or an SWE-TaskFlow item's row on its report (other items
    are left alone); a pass, fail, n/a or unjudged verdict that no judge decided is kept for re-scoring
    (`verdictcache`)."""
    from . import e0items, flowitems

    if TEMPLATE in item.stash:
        row = _attach_verdict(item, call, report, harness.model_id)
        replayed = isinstance(getattr(item, "funcargs", {}).get("run"), Replay)
        if call.when == "call" and row["status"] in KEEP and not row["judge"] and not replayed:
            verdict = {k: row[k] for k in ("status", "reason", "artifact")}
            harness.keep_verdict(item.stash[TEMPLATE][0], row["rule"], verdict)
    elif e0items.KEY in item.stash:
        e0items.attach(item, call, report, harness.model_id)
    elif flowitems.KEY in item.stash:
        key = item.stash[flowitems.KEY][0]
        row = flowitems.attach(item, call, report, harness.model_id, harness.flow_entry(key).instance.instance_id)
        status = Status(row["status"])
        _readable(item, call, report, status, row["reason"], f"{row['measurement']} {status} on {key.label}")


KEEP = (Status.passed, Status.failed, Status.na, Status.unjudged)


class KeptFailure(pytest.fail.Exception, AssertionError):  # type: ignore[misc,name-defined]
    """A kept fail verdict replayed: its reason, and the artifact it names (cascade-dedup groups on it). A failure
    without a traceback (the check did not run): pytest reports its reason as it is."""

    def __init__(self, reason: str, artifact: str | None) -> None:
        super().__init__(msg=reason, pytrace=False)
        self.artifact = artifact


@dataclass(frozen=True)
class Replay:
    """A kept verdict standing in for the run: the check is not called again, its outcome is raised."""

    verdict: dict[str, Any]

    def outcome(self) -> None:
        __tracebackhide__ = True  # the failure is the check's, not ours: no traceback of the replay
        status, reason = self.verdict["status"], self.verdict["reason"]
        if status == Status.na:
            raise NotApplicable(msg=f"n/a: {reason}")
        if status == Status.unjudged:
            raise Unjudged(msg=reason)
        if status == Status.failed:
            raise KeptFailure(reason, self.verdict.get("artifact"))


def teststatus(report: pytest.TestReport) -> tuple[str, str, str] | None:
    """Our own outcome words: a broken run or check is ERROR (not a failure), no judge is UNJUDGED, an E0 run that
    followed both rules or neither is NOT DECISIVE."""
    verdict = getattr(report, "harness_verdict", None) or getattr(report, "harness_flow", None)
    if verdict and verdict["status"] == "error" and report.when == "call":
        return "error", "E", "ERROR"
    if verdict and verdict["status"] == "unjudged":
        return "unjudged", "u", "UNJUDGED"
    outcome = getattr(report, "harness_e0", None)
    if outcome and outcome["outcome"] in ("both", "neither") and report.when == "call":
        return "not decisive", "n", "NOT DECISIVE"
    return None


def replay(run: object) -> bool | None:
    """`pytest_pyfunc_call`: raise a kept verdict's outcome instead of calling the check (True: handled)."""
    __tracebackhide__ = True
    if not isinstance(run, Replay):
        return None
    run.outcome()
    return True


def _attach_verdict(
    item: pytest.Item, call: pytest.CallInfo[Any], report: pytest.TestReport, model_id: Callable[[RunKey], str | None]
) -> dict[str, Any]:
    """Put the item's verdict on its report (`harness_verdict`, plus the judge's requests) and its fields in the
    item's user properties (JUnit `<properties>`); `model_id(key)` names the served model of a run that ran."""
    key, fields = item.stash[TEMPLATE]
    status, reason, artifact = classify(call, report)
    decided = item.stash[JUDGED].decided if JUDGED in item.stash and call.when == "call" else []
    record = decisive(decided, status) if decided else None
    verdict = Verdict(
        model=key.model,
        task=key.task,
        round=key.round,
        **fields,
        model_id=model_id(key) if status is not Status.error else None,
        status=status,
        reason=reason,
        artifact=artifact,
        judge=record,
        nodeid=item.nodeid,
        duration=report.duration,
    )
    row = verdict.model_dump(mode="json")
    item.user_properties.extend((k, row[k]) for k in (*JUNIT, *JUNIT_TAIL) if row[k] is not None)
    if record is not None:
        votes = ",".join(str(v.status) if v.status is not None else "unusable" for v in record.votes)
        item.user_properties.append(("judge", f"{record.judge}: {record.status} ({votes})"))
    report.harness_verdict = row  # type: ignore[attr-defined]
    _readable(item, call, report, status, reason, f"{fields['rule']} {status} on {key.label}")
    if decided:
        requests = [{"hash": r.hash, **r.model_dump(mode="json")} for _, r in decided]
        report.harness_judge_requests = requests  # type: ignore[attr-defined]
    return row


SKIPPED = {
    Status.na: "n/a (no opportunity in this run; not scored)",
    Status.unjudged: "unjudged (no judge; counted apart, not in Acc)",
}
UNLOGGED = "n/a (an imported log that cannot show it; not scored)"


def _readable(
    item: pytest.Item, call: pytest.CallInfo[Any], report: pytest.TestReport, status: Status, reason: str, head: str
) -> None:
    """What pytest prints and JUnit writes: n/a and unjudged say which they are; under the default `--tb=auto` a
    rule failure or a failed trajectory is one line (verdict, reason, the check's location), while a crashed
    check keeps its traceback (`--tb=long|short` keeps every traceback)."""
    if report.skipped and status in SKIPPED and isinstance(report.longrepr, tuple):
        path, lineno, _ = report.longrepr
        said = UNLOGGED if reason.startswith(NOT_IN_LOG) else SKIPPED[status]
        report.longrepr = (path, lineno, f"{said}: {reason.removeprefix('unjudged: ')}")
        return
    if item.config.getoption("tbstyle", "auto") != "auto" or call.excinfo is None or report.skipped:
        return
    failed = call.when == "call" and isinstance(call.excinfo.value, AssertionError)
    if failed or call.excinfo.typename == "TrajectoryFailed":
        path, lineno, _ = item.location
        first = reason.splitlines()[0] if reason else ""  # a failed run's traceback stays in its record
        report.longrepr = f"{head}: {first}  [{path}:{(lineno or 0) + 1}]"


def _key(item: pytest.Item) -> RunKey | None:
    """The trajectory an item reads: a rule item's `run`, an E0 item's `conflict`, an SWE-TaskFlow item's `flow`."""
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    key = params.get("run", params.get("conflict", params.get("flow")))
    key = key[0] if isinstance(key, tuple) else key
    return key if isinstance(key, RunKey) else None


def settle(items: list[pytest.Item], harness: Harness) -> None:
    """After collection and selection: the order in which this process's trajectories are needed (the units of
    `--harness-concurrency`), then the collected heap frozen: items live until the process exits, and the garbage
    collector walking them took seconds at paper scale."""
    import gc

    harness.plan([k for k in map(_key, items) if k is not None])
    gc.freeze()


def prepare(items: list[pytest.Item], harness: Harness) -> None:
    """After collection: each rule item gets its verdict template (shared by every model and round of its (task,
    rule)) and its `-k` keywords, E0 items their key; rule items are put in (model, task, round, rule) order so a
    trajectory's items run together."""
    from . import e0items, flowitems

    shared: dict[tuple[str, str], dict[str, Any]] = {}
    rule_items = []
    for item in items:
        key, meta = _key(item), rule_meta(getattr(item, "function", None))
        if key is not None and key.conflict is not None:
            e0items.mark(item, key)
            continue
        if key is not None and key.flow is not None:
            flowitems.mark(item, *item.callspec.params["flow"])  # type: ignore[attr-defined]
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


def recorded(request: pytest.FixtureRequest, harness: Harness | None) -> Any:
    """The `run` fixture: the evidence view of the item's key, played or loaded (a key played in this session is
    marked for the summary's count), or the `Replay` of the check's kept verdict."""
    from .report.collector import recorded as played

    key = getattr(request, "param", None)
    if harness is None or not isinstance(key, RunKey):
        pytest.fail("the `run` fixture is provided only to @rule checks under --harness-model", pytrace=False)
    template = request.node.stash.get(TEMPLATE, None)
    kept = harness.kept_verdict(key, template[1]["rule"]) if template is not None else None
    if kept is not None:
        return Replay(kept)
    result = harness.run(key)
    if key.id in harness.fresh:
        request.node.user_properties.extend(played(result.trajectory.extra))
    return result
