"""Regression fixtures from the paper's published numbers (spec 4.1, 5.4, 5.10, 5.11, 5.13) on a synthetic
cohort shaped like the frozen panel. F-Acc, DW-Acc, common support and the intervals depend on item-level
structure the paper does not publish, so they are not reproduced here."""

from __future__ import annotations

import pandas as pd
import pytest

from pytest_harnessif.metrics import accuracy, taxonomy
from pytest_harnessif.metrics.accuracy import summarize
from pytest_harnessif.metrics.frame import eligible
from pytest_harnessif.metrics.panel import panels

from ._table2 import TABLE2, table2_cohort


@pytest.fixture(scope="module")
def panel() -> pd.DataFrame:
    return panels(table2_cohort())["main"]


def one(x: float) -> str:
    return f"{100 * x:.1f}"


def test_status_counts_match_the_frozen_panel(panel: pd.DataFrame) -> None:
    """Spec 4.1: 40,104 rows = 29,176 pass + 8,440 fail + 2,320 n/a + 168 partial; 19,449 against-prior."""
    assert len(panel) == 40_104
    assert panel["scored"].value_counts().to_dict() == {"pass": 29_176, "fail": 8_440, "n/a": 2_320, "partial": 168}
    e = eligible(panel)
    assert e.sum() == 37_616
    assert (e & (panel["prior"] == "against_prior").to_numpy()).sum() == 19_449


def test_table2_acc_ap_acc_delta(panel: pd.DataFrame) -> None:
    table = accuracy.accuracy_table(panel)
    for model, (acc, ap, delta) in TABLE2.items():
        row = table.loc[model]
        assert (one(row["acc"]), one(row["ap_acc"]), f"{100 * row['delta']:.1f}") == (
            f"{acc:.1f}",
            f"{ap:.1f}",
            f"{delta:.1f}",
        ), model
    ranked = table.sort_values("acc", ascending=False).index.tolist()
    assert ranked == list(TABLE2)  # rows are ordered by unrounded Acc
    lead = table.loc["MiniMax-M2.7", "acc"] - table.loc["Seed-2.0-Pro", "acc"]
    assert 0.0002 < lead < 0.0004  # MiniMax leads Seed by 0.03 points


def test_headline_gap_span_and_spread(panel: pd.DataFrame) -> None:
    """Spec 5.4 and 5.13: agent-macro mean delta 5.81, Acc span 13.7 pp, SD 4.2 pp."""
    table = accuracy.accuracy_table(panel)
    assert f"{100 * table['delta'].mean():.2f}" == "5.81"
    assert one(table["acc"].max() - table["acc"].min()) == "13.7"
    assert one(table["acc"].std()) == "4.2"


def test_ap_acc_swaps_rank_pairs_2_3_4_5_and_11_12(panel: pd.DataFrame) -> None:
    table = accuracy.accuracy_table(panel)
    by_acc = table.sort_values("acc", ascending=False).index.tolist()
    by_ap = table.sort_values("ap_acc", ascending=False).index.tolist()
    swapped = by_acc.copy()
    for k in (1, 3, 10):
        swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
    assert by_ap == swapped
    assert by_ap[0] == by_acc[0]


def test_failure_taxonomy_table(panel: pd.DataFrame) -> None:
    """Spec 5.10: shortfall 6,507 (77.1%) of 27,306, overstep 1,758 (20.8%) of 8,443, preference 175 (2.1%)."""
    t = taxonomy.failure_taxonomy(panel)
    expected = {
        "shortfall": (6507, "77.1", 27306, "23.8"),
        "overstep": (1758, "20.8", 8443, "20.8"),
        "preference": (175, "2.1", 1867, "9.4"),
        "total": (8440, "100.0", 37616, "22.4"),
    }
    assert list(t.index) == list(expected)
    for cls, (fails, share, n, rate) in expected.items():
        row = t.loc[cls]
        assert (row["failures"], one(row["share"]), row["eligible"], one(row["fail_rate"])) == (fails, share, n, rate)


def test_failure_share_by_family(panel: pd.DataFrame) -> None:
    shares = taxonomy.failures_by_family(panel)["share"].map(one).to_dict()
    assert shares == {
        "output_control": "27.6",
        "workflow": "26.3",
        "code_style": "15.7",
        "conditional_logic": "12.4",
        "tool_use": "9.5",
        "quantitative": "8.6",
    }


def test_family_table5(panel: pd.DataFrame) -> None:
    t = taxonomy.by_family(panel)
    assert [(f, one(r["acc"]), r["eligible"]) for f, r in t.iterrows()] == [
        ("quantitative", "82.6", 4168),
        ("tool_use", "81.6", 4352),
        ("conditional_logic", "80.9", 5489),
        ("code_style", "79.2", 6342),
        ("workflow", "76.0", 9265),
        ("output_control", "70.9", 8000),
    ]
    assert t["eligible"].sum() == 37_616


def test_coarse_modality_classes(panel: pd.DataFrame) -> None:
    t = taxonomy.by_modality_class(panel)["acc"].map(one).to_dict()
    assert t == {"preference": "90.6", "conditional": "79.7", "numeric bounds": "79.4", "commanding": "76.0"}


def test_surface_table4_with_an_unknown_bucket(panel: pd.DataFrame) -> None:
    """Spec 5.11: the surface N sum to 34,827; the 2,789 rows without a surface stay in their own bucket."""
    t = taxonomy.by_surface(panel)
    assert [(s, one(r["acc"]), r["eligible"]) for s, r in t.iterrows()] == [
        ("TD", "83.1", 3934),
        ("PF", "79.1", 11756),
        ("SD", "78.6", 11072),
        ("SP", "73.6", 6589),
        ("UI", "54.5", 1476),
        ("surface unknown", "80.8", 2789),
    ]
    assert t.drop(index="surface unknown")["eligible"].sum() == 34_827


def test_summarize_counts_partial_apart() -> None:
    summaries = summarize(table2_cohort())
    assert len(summaries) == 12
    assert sum(s.partial for s in summaries) == 168
    assert sum(s.na for s in summaries) == 2_320
    assert all(s.n == s.passed + s.failed + s.na + s.error + s.partial for s in summaries)
