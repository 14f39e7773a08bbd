"""From an SWE-TaskFlow item to its verdict row (taskflow spec 10): the session of its (model, task, round) under the
run's configuration, played or loaded, and one measurement of it — the original tests on a checkpoint's snapshot
(clean, after each issue turn) or on the final state, a question's answer graded by the answer judge, or whether a
question turn left the repository unchanged. Rows are the `taskflow` population, never pooled with rule verdicts."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from .checks.verifier import TestRun, run_tests
from .digest import digest, digest_bytes
from .entries import FlowEntry
from .evidence import Run
from .files import atomic_write
from .flowdata import Measurement, measurements
from .harness import Harness
from .schema import RunKey
from .swe import Instance

KEY = pytest.StashKey[tuple[RunKey, Measurement]]()
MEASURED = pytest.StashKey["Measured"]()
JUNIT = ("model", "population", "task", "round", "config", "measurement", "status", "resolved", "tests_passed",
         "tests_total", "correct")  # fmt: skip
TESTS_FILE = "flowtests.json"  # per store entry: test outcomes by snapshot, re-used when re-scoring


@dataclass(frozen=True)
class Measured:
    """What the `flow` fixture gives the check: the measurement's status (pass, fail, unjudged: no judge graded the
    answer, n/a: the question was never asked), why, and its row fields."""

    status: Literal["pass", "fail", "unjudged", "n/a"]
    reason: str
    fields: dict[str, Any]

    @property
    def passed(self) -> bool:
        return self.status == "pass"

    @property
    def scored(self) -> bool:
        """Pass or fail (anything else is reported apart, never as either)."""
        return self.status in ("pass", "fail")


def _of(passed: bool) -> Literal["pass", "fail"]:
    return "pass" if passed else "fail"


class FlowItems:
    """The pytest plugin of an SWE-TaskFlow session (registered under `--harness-taskflow`): the check's items and
    its `flow` fixture."""

    def __init__(self, harness: Harness) -> None:
        self.harness = harness

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """One item per measurement of every session, a session's items side by side."""
        if "flow" not in metafunc.fixturenames:
            return
        params = [
            pytest.param((key, m), id=f"{key.label}-{m.name}", marks=pytest.mark.taskflow)
            for key in self.harness.flow_keys()
            for m in measurements(self.harness.flow_entry(key))
        ]
        metafunc.parametrize("flow", params, indirect=True)

    @pytest.fixture
    def flow(self, request: pytest.FixtureRequest) -> Measured:
        """This item's measurement of its recorded session."""
        return measure(request, self.harness)


def mark(item: pytest.Item, key: RunKey, m: Measurement) -> None:
    """Keep the item's key for its report; its model, task, configuration and measurement kind match `-k`."""
    item.stash[KEY] = (key, m)
    item.extra_keyword_matches.update({key.model, key.task, str(key.flow), m.kind})


def _tests(harness: Harness, key: RunKey, run: Run, snapshot: str, instance: Instance) -> TestRun:
    """The instance's tests on one snapshot of the run, from the store entry's record when this very state and
    test set were measured before (not under `--harness-recheck`; a run that timed out is not kept)."""
    path = harness.store.path(key) / TESTS_FILE
    state = digest([digest_bytes(run.snapshot(snapshot)), instance.test_cmd, instance.tests, instance.test_patch])
    known: dict[str, Any] = {}
    if path.is_file():
        try:
            known = json.loads(path.read_text())
        except ValueError:
            known = {}  # a damaged record is measured again and rewritten
    if isinstance(known.get(state), dict) and not harness.options.settings.recheck:
        try:
            return TestRun(**{**known[state], "fail_to_pass": tuple(instance.FAIL_TO_PASS),
                              "pass_to_pass": tuple(instance.PASS_TO_PASS)})  # fmt: skip
        except TypeError:
            pass
    with run.workspace(snapshot) as box:
        result = run_tests(box, instance)
    if not result.timed_out:
        keep = {"outcomes": result.outcomes, "exit_code": result.exit_code, "output": result.output,
                "problem": result.problem}  # fmt: skip
        atomic_write(path, json.dumps({**known, state: keep}))
    return result


def _checkpoint(harness: Harness, key: RunKey, run: Run, m: Measurement, instance: Instance) -> Measured:
    turns = run.trajectory.turns
    late = m.turn is not None and m.turn >= len(turns)
    if m.kind == "resolve" or late:
        snapshot = run.trajectory.final_snapshot
    else:
        snapshot = run.trajectory.initial_snapshot if m.turn is None else turns[m.turn].snapshot
    tests = _tests(harness, key, run, snapshot, instance)
    f2p, p2p = tests.passing(tests.fail_to_pass), tests.passing(tests.pass_to_pass)
    fields = {"resolved": tests.resolved, "tests_passed": len(tests.passing()), "tests_total": len(tests.tests),
              "f2p_passed": len(f2p), "f2p_total": len(tests.fail_to_pass), "p2p_passed": len(p2p),
              "p2p_total": len(tests.pass_to_pass)}  # fmt: skip
    said = tests.describe() + (" (the session ended before this turn: measured on its final state)" if late else "")
    if tests.problem:
        passed = False
    elif m.kind == "resolve":
        passed = tests.resolved
    elif m.checkpoint == 0:  # the clean state must show the issue: else the instance or its environment is broken
        passed = not f2p and len(p2p) == len(tests.pass_to_pass)
        said = ("the clean state shows the issue: " if passed else "the clean state does not show the issue: ") + said
    else:  # requirements arrive turn by turn: mid-session, only what already worked must keep working
        passed = len(p2p) == len(tests.pass_to_pass)
    return Measured(_of(passed), said, fields)


def _turn(run: Run, m: Measurement) -> Any:
    assert m.turn is not None
    turns = run.trajectory.turns
    return turns[m.turn] if m.turn < len(turns) else None


def _answer(harness: Harness, run: Run, m: Measurement, entry: FlowEntry) -> Measured:
    assert m.turn is not None, "an answer row reads its question's turn"
    turn, asked = _turn(run, m), entry.flow.turns[m.turn]
    if turn is None:
        reason = f"the session ended ({run.trajectory.end_reason}) before question {m.question} was asked"
        return Measured("fail", reason, {"correct": False})
    judge = harness.options.answers
    if judge is None:
        return Measured("unjudged", "unjudged: no --harness-judge to grade answers", {"answer": turn.reply[:4000]})
    grade = judge.grade(asked.text, asked.reference or "", asked.evidence, turn.reply)
    fields = {"answer": turn.reply[:4000], "judge": grade.record()}
    if grade.correct is None:
        raise AnswerUngraded(f"the answer judge gave no usable grade: {grade.problem}; raw: {grade.raw[:300]!r}")
    return Measured(_of(grade.correct), grade.rationale, {**fields, "correct": grade.correct})


class AnswerUngraded(Exception):
    """The judge's answer could not be read: the item is an error, never a pass."""


def _unchanged(run: Run, m: Measurement) -> Measured:
    turn = _turn(run, m)
    if turn is None:
        return Measured("n/a", f"not asked: the session ended ({run.trajectory.end_reason}) before this question", {})
    if turn.restored:
        changed = ", ".join(turn.restored[:10])
        return Measured("fail", f"question {m.question} changed the repository ({changed}); restored", {
            "restored": turn.restored})
    return Measured("pass", f"question {m.question} left the repository unchanged", {"restored": []})


def measure(request: pytest.FixtureRequest, harness: Harness) -> Measured:
    """The item's session (played or loaded) measured as the item asks."""
    from .report.collector import recorded

    key, m = request.param
    entry = harness.flow_entry(key)
    run = harness.run(key)
    if key.id in harness.fresh:
        request.node.user_properties.extend(recorded(run.trajectory.extra))
    if m.kind in ("checkpoint", "resolve"):
        measured = _checkpoint(harness, key, run, m, entry.instance)
    elif m.kind == "answer":
        measured = _answer(harness, run, m, entry)
    else:
        measured = _unchanged(run, m)
    if m.kind == "resolve":
        t = run.trajectory
        measured.fields.update(cost=t.cost, input_tokens=t.usage.input_tokens, output_tokens=t.usage.output_tokens,
                               calls=t.usage.calls, turns=len(t.turns), seconds=round(t.duration, 3),
                               end_reason=t.end_reason)  # fmt: skip
    request.node.stash[MEASURED] = measured
    return measured


def row(key: RunKey, m: Measurement, status: str, reason: str, model_id: str | None, instance: str,
        fields: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    """The verdict row of one measurement (builtins only: it travels from xdist workers)."""
    return {
        "population": "taskflow", "model": key.model, "model_id": model_id, "task": key.task, "instance": instance,
        "round": key.round, "config": key.flow, "trajectory": key.id, "measurement": m.name, "kind": m.kind,
        "checkpoint": m.checkpoint, "turn": m.turn, "question": m.question, "status": status, "reason": reason,
        "resolved": None, "tests_passed": None, "tests_total": None, "correct": None, **fields,
    }  # fmt: skip


def attach(item: pytest.Item, call: pytest.CallInfo[Any], report: pytest.TestReport,
           model_id: Any, instance: str) -> dict[str, Any]:  # fmt: skip
    """Put the item's row on its report (`harness_flow`) and its fields in the item's user properties: pass or fail
    as measured, unjudged when no judge graded an answer, error when the session or the measurement broke."""
    key, m = item.stash[KEY]
    measured = item.stash.get(MEASURED, None)
    failed = call.excinfo is not None and isinstance(call.excinfo.value, AssertionError)
    if measured is not None and (report.passed or report.skipped or (call.when == "call" and failed)):
        status, reason, fields = measured.status, measured.reason, measured.fields
    else:
        excinfo = call.excinfo
        status, fields = "error", {}
        reason = f"{excinfo.typename}: {str(excinfo.value).strip()[:2000]}" if excinfo else "the item did not run"
    fields = row(key, m, status, reason, model_id(key) if status != "error" else None, instance, fields)
    report.harness_flow = fields  # type: ignore[attr-defined]
    item.user_properties.extend((k, fields[k]) for k in JUNIT if fields.get(k) is not None)
    return fields
