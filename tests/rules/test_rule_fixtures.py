"""Every rule check against its pass / fail / n/a fixtures, and proof that the fixtures catch an inverted check.

A fixture factory returns a `Run`, or `(Run, JudgeScript | None)` for judge-based rules: the check then runs
against the scripted judge (None: the deterministic pre-check must decide without it)."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_harnessif import NotApplicable
from pytest_harnessif.authoring import Unjudged
from pytest_harnessif.evidence import Run
from pytest_harnessif.library import load_rules, load_tasks
from pytest_harnessif.llm_judge import Judge
from pytest_harnessif.llm_judge.context import judging
from pytest_harnessif.report.library import catalogue
from pytest_harnessif.schema import JUDGED_METHODS, Modality
from pytest_harnessif.testing import JudgeScript, ScriptedJudgeClient

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
Case = Run | tuple[Run, JudgeScript | None]
FIXTURES: dict[str, dict[str, list[Callable[[], Case]]]] = {}
for _path in sorted(Path(__file__).parent.glob("fixtures_*.py")):
    FIXTURES.update(importlib.import_module(f"tests.rules.{_path.stem}").FIXTURES)

CASES = [
    pytest.param(rule_id, kind, factory, id=f"{rule_id}-{kind}-{i}")
    for rule_id, kinds in sorted(FIXTURES.items())
    for kind in ("pass", "fail", "na")
    for i, factory in enumerate(kinds.get(kind, []))
]


def outcome(rule_id: str, check: Callable[[Run], Any], case: Case, judged: bool = True) -> str:
    """What the plugin would report: pass (returned), fail (assertion), na (`na()`), unjudged (no judge).
    Judge-based rules run against the case's scripted judge (`judged`) or with no judge at all."""
    run, script = case if isinstance(case, tuple) else (case, None)
    judge = Judge("scripted-judge", ScriptedJudgeClient(script)) if judged else None
    with judging(judge, RULES[rule_id].meta.rubric):
        try:
            check(run)
        except (NotApplicable, Unjudged) as exc:
            return "unjudged" if isinstance(exc, Unjudged) else "na"
        except AssertionError:
            return "fail"
    return "pass"


def inverted(check: Callable[[Run], Any]) -> Callable[[Run], Any]:
    """The same check with its polarity flipped (n/a kept): the bug the fixtures must catch."""

    @functools.wraps(check)
    def flipped(run: Run) -> None:
        try:
            check(run)
        except AssertionError:
            return
        raise AssertionError("inverted: would have passed")

    return flipped


def test_every_rule_has_pass_fail_and_na_fixtures() -> None:
    missing = [r for r in sorted(RULES) if not all(FIXTURES.get(r, {}).get(kind) for kind in ("pass", "fail", "na"))]
    assert not missing, f"rules without a pass, a fail and an n/a fixture: {missing}"
    assert not sorted(set(FIXTURES) - set(RULES)), "fixtures for rules that do not exist"


@pytest.mark.parametrize(("rule_id", "kind", "factory"), CASES)
def test_check_gets_its_fixture_right(rule_id: str, kind: str, factory: Callable[[], Case]) -> None:
    assert outcome(rule_id, RULES[rule_id].check, factory()) == kind


@pytest.mark.parametrize("rule_id", sorted(FIXTURES))
def test_fixtures_catch_an_inverted_check(rule_id: str) -> None:
    flipped = inverted(RULES[rule_id].check)
    kinds = FIXTURES[rule_id]
    assert any(outcome(rule_id, flipped, f()) != "pass" for f in kinds["pass"])
    assert any(outcome(rule_id, flipped, f()) != "fail" for f in kinds["fail"])


def _mutations(value: object) -> list[object]:
    """Values one step away from a parameter's: the next integers, a scaled float, a different name, no items."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1]
    if isinstance(value, float):
        return [value * 0.9, value * 1.1]
    if isinstance(value, str):
        return [value + "x"]
    return [()]


def _outcome_or_error(rule_id: str, check: Callable[[Run], Any], case: Case) -> str:
    try:
        return outcome(rule_id, check, case)
    except Exception:  # e.g. a fixture meant for the pre-check now reaches the judge
        return "error"


PARAMETERS = [(r, name) for r, e in sorted(RULES.items()) for name in e.meta.params]


@pytest.mark.parametrize(("rule_id", "param"), PARAMETERS, ids=[f"{r}-{p}" for r, p in PARAMETERS])
def test_fixtures_sit_on_each_parameters_boundary(rule_id: str, param: str) -> None:
    """A parameter is what the check checks, and the fixtures are near misses around it: for a limit, one step
    tighter fails some pass fixture and one step looser passes some fail fixture (the fixtures sit on the
    boundary); any other parameter, changed, changes the outcome of some fixture."""
    entry, kinds = RULES[rule_id], FIXTURES[rule_id]
    value = entry.meta.params[param]

    def outcomes(changed: object, kind: str) -> list[str]:
        check = functools.partial(entry.check, **{param: changed})
        return [_outcome_or_error(rule_id, check, f()) for f in kinds.get(kind, [])]

    limit = entry.meta.modality in (Modality.limit_max, Modality.limit_min) and type(value) is int
    if limit:
        step = -1 if entry.meta.modality is Modality.limit_max else 1
        assert "fail" in outcomes(value + step, "pass"), f"no pass fixture sits exactly at {param}={value}"
        assert any(o != "fail" for o in outcomes(value - step, "fail")), f"no fail fixture is just past {param}={value}"
        return
    base = {kind: [_outcome_or_error(rule_id, entry.check, f()) for f in kinds.get(kind, [])] for kind in kinds}
    changed = [m for m in _mutations(value) if any(outcomes(m, kind) != base[kind] for kind in kinds)]
    assert changed, f"no fixture's outcome depends on {param}={value!r}"


JUDGED = sorted(r for r, e in RULES.items() if e.meta.method in JUDGED_METHODS)


@pytest.mark.parametrize("rule_id", JUDGED)
def test_judge_based_rules_consult_the_judge_and_are_unjudged_without_one(rule_id: str) -> None:
    """Some pass fixture reaches the judge (so the rule is judge-based in fact), and with no judge configured
    the fixtures the judge would have decided are unjudged, never pass or n/a."""
    for kind in ("pass", "fail", "na"):
        for factory in FIXTURES[rule_id].get(kind, []):
            case = factory()
            scripted = isinstance(case, tuple) and case[1] is not None
            if scripted:
                assert outcome(rule_id, RULES[rule_id].check, case, judged=False) == "unjudged", kind
    assert any(isinstance(c, tuple) and c[1] is not None for c in (f() for f in FIXTURES[rule_id]["pass"]))


def test_hybrid_rules_decide_some_fixture_without_the_judge() -> None:
    """A hybrid rule's pre-check must decide something itself: some fixture of each has no judge script."""
    hybrid = [r for r in JUDGED if RULES[r].meta.method == "hybrid"]
    for rule_id in hybrid:
        cases = [f() for kind in ("fail", "na") for f in FIXTURES[rule_id].get(kind, [])]
        assert any(not isinstance(c, tuple) or c[1] is None for c in cases), rule_id


def test_the_catalogue_is_generated_from_the_metadata() -> None:
    """docs/rule-catalogue.md is what `harnessif rules --catalogue` makes of the library today."""
    written = (ROOT / "docs" / "rule-catalogue.md").read_text(encoding="utf-8")
    assert written == catalogue(RULES, load_tasks(ROOT / "tasks", RULES)), (
        "docs/rule-catalogue.md is out of date: run `harnessif rules --catalogue --out docs/rule-catalogue.md`"
    )


def test_every_rule_is_worded_for_two_surfaces_or_more() -> None:
    thin = [r for r, e in RULES.items() if len(e.meta.surfaces) < 2]
    assert not thin, f"rules worded for fewer than 2 surfaces: {thin}"
