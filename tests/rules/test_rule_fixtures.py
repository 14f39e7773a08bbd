"""Every rule check against its pass / fail / n/a fixtures, and proof that the fixtures catch an inverted check."""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_harnessif import NotApplicable
from pytest_harnessif.evidence import Run
from pytest_harnessif.library import load_rules

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
FIXTURES: dict[str, dict[str, list[Callable[[], Run]]]] = {}
for _path in sorted(Path(__file__).parent.glob("fixtures_*.py")):
    FIXTURES.update(importlib.import_module(f"tests.rules.{_path.stem}").FIXTURES)

CASES = [
    pytest.param(rule_id, kind, factory, id=f"{rule_id}-{kind}-{i}")
    for rule_id, kinds in sorted(FIXTURES.items())
    for kind in ("pass", "fail", "na")
    for i, factory in enumerate(kinds.get(kind, []))
]


def outcome(check: Callable[[Run], Any], run: Run) -> str:
    """What the plugin would report: pass (returned), fail (assertion), na (`na()`)."""
    try:
        check(run)
    except NotApplicable:
        return "na"
    except AssertionError:
        return "fail"
    return "pass"


def inverted(check: Callable[[Run], Any]) -> Callable[[Run], Any]:
    """The same check with its polarity flipped (n/a kept): the bug the fixtures must catch."""

    @functools.wraps(check)
    def flipped(run: Run) -> None:
        if outcome(check, run) == "pass":
            raise AssertionError("inverted: would have passed")

    return flipped


def test_every_rule_has_pass_and_fail_fixtures() -> None:
    missing = [r for r in sorted(RULES) if not FIXTURES.get(r, {}).get("pass") or not FIXTURES[r].get("fail")]
    assert not missing, f"rules without a pass and a fail fixture: {missing}"
    assert not sorted(set(FIXTURES) - set(RULES)), "fixtures for rules that do not exist"


@pytest.mark.parametrize(("rule_id", "kind", "factory"), CASES)
def test_check_gets_its_fixture_right(rule_id: str, kind: str, factory: Callable[[], Run]) -> None:
    assert outcome(RULES[rule_id].check, factory()) == kind


@pytest.mark.parametrize("rule_id", sorted(FIXTURES))
def test_fixtures_catch_an_inverted_check(rule_id: str) -> None:
    flipped = inverted(RULES[rule_id].check)
    kinds = FIXTURES[rule_id]
    assert any(outcome(flipped, f()) != "pass" for f in kinds["pass"])
    assert any(outcome(flipped, f()) != "fail" for f in kinds["fail"])


def _catalogue() -> dict[str, list[str]]:
    rows = {}
    for line in (ROOT / "docs" / "rule-catalogue.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if re.fullmatch(r"[A-Z]{2}-\d{3}", cells[0]):
            rows[cells[0]] = cells
    return rows


def test_library_matches_the_catalogue() -> None:
    """docs/rule-catalogue.md stays true: same ids, family, modality, prior and method as the code."""
    catalogue = _catalogue()
    assert sorted(catalogue) == sorted(RULES)
    for rule_id, (_, family, modality, prior, method, *_rest) in catalogue.items():
        meta = RULES[rule_id].meta
        assert (family, modality, method) == (meta.family, meta.modality, meta.method), rule_id
        assert meta.prior.value.startswith(prior), rule_id


def test_every_rule_is_worded_for_two_surfaces_or_more() -> None:
    thin = [r for r, e in RULES.items() if len(e.meta.surfaces) < 2]
    assert not thin, f"rules worded for fewer than 2 surfaces: {thin}"
