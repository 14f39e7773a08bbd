"""tfas: JSD_2 (the divergence), S_k and TFAS, the paper's published rows (spec 11.1-11.3), bootstrap, gap table."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import brentq
from scipy.spatial.distance import jensenshannon

from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.distributions import LENGTH_BINS, task_flow
from pytest_harnessif.taskflow.tfas import (
    bootstrap,
    compare,
    gap_table,
    jsd2,
    score,
    similarity,
    tfas_from_components,
)

BUG, FEAT, EXPL, TESTS, EXEC, GREET = (Intent.bug_fix, Intent.new_feature, Intent.explain, Intent.tests,
                                       Intent.execute, Intent.greeting)

# spec 11.1 (Table 2, long Production target) and 11.2 (Table 3, SWE-chat): S_L, S_T, S_R, published TFAS
TABLE_2 = {
    "Split": (49.1, 74.0, 58.2, 59.6),
    "Split+QA-first": (83.9, 81.5, 63.7, 75.8),
    "Split+QA-last": (83.9, 81.5, 63.3, 75.6),
    "Split+QA-random": (83.9, 81.5, 67.0, 77.1),
    "TFAS-optimized": (84.0, 81.5, 68.8, 77.8),
}
TABLE_3 = {
    "Single": (37.0, 52.9, 17.3, 32.4),
    "Split": (25.4, 52.6, 37.7, 36.9),
    "Split+QA-first": (50.1, 53.9, 31.3, 43.9),
    "Split+QA-last": (50.1, 53.9, 32.5, 44.5),
    "Split+QA-random": (50.1, 53.9, 35.1, 45.6),
}


def point_mass_jsd(p: float) -> float:
    """Spec 4's closed form for JSD(P, δ_b) where P has mass p on bin b."""
    return 0.5 * ((1 - p) + p * math.log2(2 * p / (1 + p)) + math.log2(2 / (1 + p)))


def l_with_bin3(p3: float) -> list[float]:
    """A length distribution with mass p3 on bin 3, none on bins 1-2, the rest spread over 4..11+."""
    rest = (1 - p3) / 4
    return [0.0, 0.0, p3, rest, rest, rest, rest]


def delta(index: int, size: int = len(LENGTH_BINS)) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


# --- hand-computed JSD ---------------------------------------------------------------------------------------------

def test_jsd_of_a_hand_computed_pair() -> None:
    # M = (0.75, 0.25); KL(P||M) = 0.5*log2(2/3) + 0.5*log2(2); KL(Q||M) = log2(4/3)
    expected = 0.5 * (0.5 * math.log2(2 / 3) + 0.5) + 0.5 * math.log2(4 / 3)
    assert jsd2([0.5, 0.5], [1.0, 0.0]) == pytest.approx(expected, abs=1e-12)
    assert expected == pytest.approx(0.311278, abs=1e-6)


def test_jsd_is_the_divergence_not_scipys_distance() -> None:
    p, q = [0.2, 0.5, 0.3, 0.0], [0.1, 0.1, 0.4, 0.4]
    distance = float(jensenshannon(p, q, base=2))
    assert jsd2(p, q) == pytest.approx(distance**2, abs=1e-12)
    assert jsd2(p, q) != pytest.approx(distance, abs=1e-3)


def test_jsd_identical_disjoint_symmetric_and_normalising() -> None:
    assert jsd2([1, 2, 3], [1, 2, 3]) == pytest.approx(0.0, abs=1e-12)
    assert jsd2([1, 0, 0], [0, 2, 3]) == pytest.approx(1.0, abs=1e-12)
    p, q = [0.7, 0.2, 0.1], [0.1, 0.3, 0.6]
    assert jsd2(p, q) == pytest.approx(jsd2(q, p), abs=1e-15)
    assert jsd2([7, 2, 1], [1, 3, 6]) == pytest.approx(jsd2(p, q), abs=1e-12)
    assert similarity(p, p) == pytest.approx(1.0)


@pytest.mark.parametrize("p", [0.05, 0.2855, 0.5, 0.9])
def test_jsd_against_a_point_mass_matches_the_closed_form(p: float) -> None:
    assert jsd2(l_with_bin3(p), delta(2)) == pytest.approx(point_mass_jsd(p), abs=1e-12)


@pytest.mark.parametrize(("p", "q"), [([1, -1], [1, 1]), ([0, 0], [1, 1]), ([1, 1, 1], [1, 1])])
def test_jsd_rejects_bad_vectors(p: list[float], q: list[float]) -> None:
    with pytest.raises(ValueError):
        jsd2(p, q)


# --- TFAS and the published rows -----------------------------------------------------------------------------------

def test_tfas_of_hand_components() -> None:
    assert tfas_from_components(1.0, 1.0, 1.0) == pytest.approx(100.0)
    assert tfas_from_components(0.5, 0.5, 0.5) == pytest.approx(50.0)
    assert tfas_from_components(0.8, 0.5, 0.2) == pytest.approx(100 * 0.08 ** (1 / 3))
    assert tfas_from_components(0.0, 0.9, 0.9) == 0.0


ROWS = [(TABLE_2, r) for r in TABLE_2] + [(TABLE_3, r) for r in TABLE_3]
ROW_IDS = [f"table{2 if t is TABLE_2 else 3}-{r}" for t, r in ROWS]


@pytest.mark.parametrize(("table", "row"), ROWS, ids=ROW_IDS)
def test_published_rows_reproduce_within_the_stated_tolerance(table: dict, row: str) -> None:
    s_l, s_t, s_r, published = table[row]
    recomputed = tfas_from_components(s_l / 100, s_t / 100, s_r / 100)
    if table is TABLE_3 and row == "Split+QA-last":  # spec 11.2: 44.44 vs 44.5, explained by component rounding
        assert recomputed == pytest.approx(44.44, abs=0.005)
    else:
        assert recomputed == pytest.approx(published, abs=0.06)


@pytest.mark.parametrize(("table", "row"), ROWS, ids=ROW_IDS)
def test_published_rows_are_reachable_from_the_rounded_components(table: dict, row: str) -> None:
    *components, published = table[row]
    low = tfas_from_components(*((s - 0.05) / 100 for s in components))
    high = tfas_from_components(*((s + 0.05) / 100 for s in components))
    assert low - 0.05 <= published <= high + 0.05


def test_table_3_split_qa_last_maximum_reachable() -> None:
    assert tfas_from_components(0.5015, 0.5395, 0.3255) == pytest.approx(44.49, abs=0.005)


def test_single_turn_benchmark_against_the_long_target_scores_zero() -> None:
    target = [[BUG, FEAT, EXPL], [FEAT, FEAT, TESTS, EXEC], [BUG] * 12]
    single = [[BUG], [FEAT]]
    result = compare(target, single, replicates=0)
    assert result.score.s_l == 0.0
    assert result.score.tfas == 0.0
    assert result.score.s_t > 0 and result.score.s_r > 0


def test_backsolved_length_share_of_the_production_target() -> None:
    # spec 11.3 fixture: P_L[3] = 0.2855, zero mass in bins 1-2, every Split trajectory of length 3
    assert similarity(l_with_bin3(0.2855), delta(2)) == pytest.approx(0.491, abs=0.0005)
    # and back: S_L(Split) = 0.491 +- rounding gives P_L(3) in 0.2850-0.2859
    low, high = (brentq(lambda p, s=s: 1 - point_mass_jsd(p) - s, 1e-9, 1 - 1e-9) for s in (0.4905, 0.4915))
    assert 0.2850 <= low <= 0.2855 <= high <= 0.2860


@pytest.mark.parametrize(("s", "share"), [(0.370, 0.185), (0.254, 0.107)])
def test_backsolved_swechat_length_shares(s: float, share: float) -> None:
    # spec 11.3: Table 3's Single S_L gives P(len=1) ~ 0.185, Split S_L gives P(len=3) ~ 0.107
    solved = brentq(lambda p: similarity([p, 1 - p], [1.0, 0.0]) - s, 1e-9, 1 - 1e-9)
    assert solved == pytest.approx(share, abs=0.0005)


def test_moving_qa_turns_moves_only_s_r() -> None:
    target = [[BUG, EXPL, FEAT, EXEC], [FEAT, EXPL, TESTS], [EXPL, BUG, BUG, FEAT, EXEC, EXPL]]
    issue = [FEAT, BUG, TESTS]
    first = compare(target, [[EXPL, *issue], [EXPL, *issue]], replicates=0).score
    last = compare(target, [[*issue, EXPL], [*issue, EXPL]], replicates=0).score
    assert first.s_l == pytest.approx(last.s_l) and first.s_t == pytest.approx(last.s_t)
    assert first.s_r != pytest.approx(last.s_r)


def test_score_components_against_hand_flows() -> None:
    target = task_flow([[BUG, FEAT, FEAT]])
    bench = task_flow([[BUG, GREET, FEAT]])
    result = score(target, bench)
    assert result.s_l == 1.0  # both raw length 3
    assert result.s_t == pytest.approx(1 - jsd2([1, 2], [1, 1]))
    # target edges START>bug, bug>feat, feat>feat, feat>END; bench (spliced) START>bug, bug>feat, feat>END
    assert result.s_r == pytest.approx(1 - jsd2([1, 1, 1, 1], [1, 1, 0, 1]))
    assert result.tfas == pytest.approx(tfas_from_components(result.s_l, result.s_t, result.s_r))


# --- bootstrap and gap table ---------------------------------------------------------------------------------------

TARGET = [[BUG, FEAT, EXEC], [FEAT, FEAT, TESTS, EXEC], [EXPL, BUG, BUG], [BUG] * 7, [FEAT, EXPL, FEAT, EXEC, EXEC]]


def test_bootstrap_is_seeded_and_brackets_the_point_estimate() -> None:
    bench = task_flow([[BUG, FEAT, TESTS], [FEAT, EXEC, EXEC, EXPL]])
    first = bootstrap(TARGET * 10, bench, replicates=300, seed=7)
    assert first == bootstrap(TARGET * 10, bench, replicates=300, seed=7)
    assert first != bootstrap(TARGET * 10, bench, replicates=300, seed=8)
    point = score(task_flow(TARGET * 10), bench)
    for name in ("tfas", "s_l", "s_t", "s_r"):
        interval = getattr(first, name)
        assert interval.low <= getattr(point, name) <= interval.high
        assert interval.width > 0


def test_bootstrap_of_identical_sessions_has_zero_width() -> None:
    result = bootstrap([[BUG, FEAT, EXEC]] * 20, task_flow([[BUG, EXEC]]), replicates=50)
    assert result.s_t.width == pytest.approx(0.0, abs=1e-12)
    assert result.tfas.width == pytest.approx(0.0, abs=1e-9)


def test_gap_table_lists_missing_intents_by_target_share() -> None:
    target = task_flow([[FEAT, FEAT, FEAT, EXEC, EXEC, Intent.planning, BUG]])
    bench = task_flow([[FEAT, BUG, TESTS]])
    gaps = gap_table(target, bench)
    assert [g.intent for g in gaps] == [EXEC, Intent.planning]
    assert [g.target_share for g in gaps] == pytest.approx([2 / 7, 1 / 7])


def test_compare_slices_the_target_and_refuses_empty_sides() -> None:
    result = compare([[BUG], [BUG, FEAT], [FEAT, FEAT, EXEC]], [[FEAT, FEAT, EXEC]], replicates=0)
    assert result.target.sessions == 1 and result.score.tfas == pytest.approx(100.0)
    with pytest.raises(ValueError, match="at least 3"):
        compare([[BUG, FEAT]], [[BUG]], replicates=0)
    with pytest.raises(ValueError, match="benchmark has no message"):
        compare([[BUG, FEAT, EXEC]], [[GREET, Intent.other]], replicates=0)
    assert np.isclose(sum(result.target.R), 1.0)
