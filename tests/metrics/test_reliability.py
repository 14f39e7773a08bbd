"""ICC(1,1), per-cell round range and Kendall tau per check method (spec 4.2, 5.8)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.reliability import icc_1_1, method_agreement, reliability, round_matrix

from ..support.verdicts import verdict


def test_icc_1_1_by_hand() -> None:
    """Means .9/.5/.1, grand .5: MSB = 2 * .32 / 2 = .32, MSW = 6 * .01 / 3 = .02 -> (.32-.02)/(.32+.02)."""
    y = np.array([[1.0, 0.8], [0.6, 0.4], [0.2, 0.0]])
    assert icc_1_1(y) == pytest.approx(0.30 / 0.34)
    assert icc_1_1(np.array([[1.0, 1.0], [0.0, 0.0]])) == 1.0
    assert math.isnan(icc_1_1(np.array([[1.0, 0.5]])))  # one target
    assert math.isnan(icc_1_1(np.ones((3, 1))))  # one round
    assert math.isnan(icc_1_1(np.ones((3, 2))))  # no variance


def _rows(model: str, task: str, rnd: int, passes: int, total: int = 5, method: str = "regex") -> list[dict]:
    return [
        verdict(model, task, f"r{k}", "pass" if k < passes else "fail", round=rnd, method=method) for k in range(total)
    ]


def test_agent_and_cell_icc_from_verdicts() -> None:
    rows = _rows("A", "t1", 1, 5) + _rows("A", "t1", 2, 4) + _rows("B", "t1", 1, 3) + _rows("B", "t1", 2, 2)
    rows += _rows("C", "t1", 1, 1) + _rows("C", "t1", 2, 0)
    rel = reliability(to_frame(rows))
    assert rel.rounds == 2 and rel.agents == 3 and rel.cells == 3
    assert rel.agent_icc == pytest.approx(0.30 / 0.34)
    assert rel.cell_icc == pytest.approx(0.30 / 0.34)
    assert rel.cell_range.tolist() == pytest.approx([0.2, 0.2, 0.2])
    assert rel.mean_cell_range == pytest.approx(0.2)


def test_agent_level_pools_items_and_cells_need_every_round() -> None:
    rows = _rows("A", "t1", 1, 5) + _rows("A", "t2", 1, 0) + _rows("A", "t1", 2, 5)  # A/t2 lacks round 2
    rows += _rows("B", "t1", 1, 2) + _rows("B", "t2", 1, 2) + _rows("B", "t1", 2, 1) + _rows("B", "t2", 2, 1)
    agents = round_matrix(to_frame(rows), ["model"])
    assert agents.loc["A"].tolist() == pytest.approx([0.5, 1.0])  # 5/10 in round 1, 5/5 in round 2
    cells = round_matrix(to_frame(rows), ["model", "task"])
    assert list(cells.index) == [("A", "t1"), ("B", "t1"), ("B", "t2")]
    rel = reliability(to_frame(rows))
    assert rel.cell_range.tolist() == pytest.approx([0.0, 0.2, 0.2])


def test_one_round_gives_no_icc_and_no_ranges() -> None:
    rel = reliability(to_frame(_rows("A", "t", 1, 3) + _rows("B", "t", 1, 1)))
    assert math.isnan(rel.agent_icc) and math.isnan(rel.cell_icc)
    assert len(rel.cell_range) == 0 and math.isnan(rel.mean_cell_range)


def test_method_agreement_shares_rates_and_tau() -> None:
    rows = []
    for model, regex, ast in (("A", 5, 0), ("B", 3, 1), ("C", 1, 2)):  # overall A 5/8, B 4/8, C 3/8
        rows += _rows(model, "t", 1, regex, total=5, method="regex")
        rows += _rows(model, "u", 1, ast, total=3, method="ast")
    t = method_agreement(to_frame(rows)).set_index("method")
    assert t.loc["regex", "tau"] == pytest.approx(1.0)  # same ranking as overall
    assert t.loc["ast", "tau"] == pytest.approx(-1.0)  # reversed
    assert t.loc["regex", "eligible"] == 15 and t.loc["ast", "eligible"] == 9
    assert t.loc["regex", "share"] == pytest.approx(15 / 24)
    assert t.loc["ast", "pass_rate"] == pytest.approx(3 / 9)
    assert t.loc["regex", "per_agent"] == pytest.approx(5.0)


def test_tau_is_nan_without_variation() -> None:
    rows = _rows("A", "t", 1, 2, method="regex") + _rows("B", "t", 1, 2, method="regex")
    assert math.isnan(method_agreement(to_frame(rows)).loc[0, "tau"])


def test_tau_b_matches_scipy_with_ties() -> None:
    """Our tau-b (written to spare a re-score the scipy import) against scipy's on random tied rankings."""
    from scipy.stats import kendalltau

    from pytest_harnessif.metrics.reliability import _tau

    rng = np.random.default_rng(7)
    for n in range(2, 13):
        for _ in range(50):
            x, y = rng.integers(0, 4, n).astype(float), rng.integers(0, 4, n).astype(float)
            if np.ptp(x) and np.ptp(y):
                assert _tau(x, y) == pytest.approx(kendalltau(x, y).statistic, abs=1e-12)
