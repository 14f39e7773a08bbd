"""The library at the paper's scale and mix (spec 2.1): at least 350 rules, each family's share within 4 points
of the paper's library, the modality and prior mixes near it, deterministic checks for most rules, and the
professional-writing family kept out of coding tasks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pytest_harnessif.library import load_rules, load_tasks
from pytest_harnessif.rulemeta import Universality, Verifiability
from pytest_harnessif.schema import DETERMINISTIC_METHODS, Family, Modality, Prior

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
METAS = [e.meta for e in RULES.values()]
TOLERANCE = 4.0  # percentage points

FAMILY_SHARES = {
    Family.professional_writing: 28,
    Family.output_control: 18,
    Family.code_style: 18,
    Family.workflow: 11,
    Family.tool_use: 9,
    Family.conditional_logic: 9,
    Family.quantitative: 8,
}
MODALITY_SHARES = {
    Modality.require: 60,
    Modality.forbid: 13,
    Modality.conditional_require: 10,
    Modality.limit_max: 7,
    Modality.prefer: 6,
    Modality.limit_min: 3,
}
PRIOR_SHARES = {Prior.align: 18, Prior.against: 44, Prior.neutral: 38}


def _share(values: list[object], key: object) -> float:
    return 100 * Counter(values)[key] / len(values)


def test_the_library_has_at_least_350_rules() -> None:
    assert len(RULES) >= 350


@pytest.mark.parametrize(("family", "paper"), FAMILY_SHARES.items(), ids=[str(f) for f in FAMILY_SHARES])
def test_each_family_share_is_within_four_points_of_the_paper(family: Family, paper: int) -> None:
    assert abs(_share([m.family for m in METAS], family) - paper) <= TOLERANCE


@pytest.mark.parametrize(("modality", "paper"), MODALITY_SHARES.items(), ids=[str(m) for m in MODALITY_SHARES])
def test_each_modality_share_is_near_the_paper(modality: Modality, paper: int) -> None:
    assert abs(_share([m.modality for m in METAS], modality) - paper) <= TOLERANCE


def test_allow_rules_exist() -> None:
    assert any(m.modality is Modality.allow for m in METAS)


@pytest.mark.parametrize(("prior", "paper"), PRIOR_SHARES.items(), ids=[str(p) for p in PRIOR_SHARES])
def test_each_prior_share_is_near_the_paper(prior: Prior, paper: int) -> None:
    assert abs(_share([m.prior for m in METAS], prior) - paper) <= TOLERANCE


def test_most_rules_are_checked_deterministically() -> None:
    deterministic = sum(m.method in DETERMINISTIC_METHODS for m in METAS)
    assert deterministic >= 0.6 * len(METAS)
    assert all((m.method in DETERMINISTIC_METHODS) == (m.verifiability is Verifiability.deterministic) for m in METAS)


def test_professional_writing_goes_into_non_coding_cases_only() -> None:
    writing = [m for m in METAS if m.family is Family.professional_writing]
    assert all(m.universality in (Universality.cross_non_coding, Universality.universal) for m in writing)
    coding = [e for e in load_tasks(ROOT / "tasks", RULES).values() if e.task.kind == "coding"]
    injected = {ref.id for e in coding for ref in e.task.rules}
    assert not [r for r in injected if RULES[r].meta.family is Family.professional_writing]


def test_every_axis_takes_several_values() -> None:
    """The eight axes are used, not defaulted: each tag axis shows at least two of its values in the library."""
    for axis in ("observability", "universality", "provenance", "severity"):
        assert len({getattr(m, axis) for m in METAS}) >= 2, axis
