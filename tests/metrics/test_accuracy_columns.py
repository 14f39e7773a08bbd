"""Acc, F-Acc, DW-Acc, AP-Acc, delta, severity-weighted view and AP lineage on a cohort small enough to work
out by hand (spec 5.1-5.5, 6.3)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pytest_harnessif.metrics.accuracy import (
    accuracy_table,
    ap_lineage,
    discriminating,
    rule_weights,
    severity_columns,
    severity_weighted,
    summarize,
)
from pytest_harnessif.metrics.frame import to_frame

from ..support.verdicts import verdict

P, F, NA = "pass", "fail", "n/a"
PRIOR = {"r1": "against_prior", "r2": "neutral", "r3": "align_prior"}
# (item, rule) -> verdicts of agents A, B, C, D
CELLS = {
    ("t1", "r1"): (P, P, F, F),
    ("t1", "r2"): (P, P, P, P),  # all pass: not in D
    ("t1", "r3"): (P, F, P, NA),
    ("t2", "r1"): (P, F, F, F),
    ("t2", "r2"): (F, F, F, F),  # all fail: not in D
    ("t2", "r3"): (P, F, P, F),
}


def cohort() -> pd.DataFrame:
    return to_frame(
        [
            verdict(agent, task, rule, status, prior=PRIOR[rule])
            for (task, rule), statuses in CELLS.items()
            for agent, status in zip("ABCD", statuses, strict=True)
        ]
    )


def test_acc_f_acc_ap_acc_delta_by_hand() -> None:
    t = accuracy_table(cohort())
    assert list(t.index) == ["A", "B", "C", "D"]
    assert t["eligible"].tolist() == [6, 6, 6, 5]
    assert t["acc"].tolist() == pytest.approx([5 / 6, 2 / 6, 3 / 6, 1 / 5])
    # D = {t1r1, t1r3, t2r1, t2r3}
    assert t["f_eligible"].tolist() == [4, 4, 4, 3]
    assert t["f_acc"].tolist() == pytest.approx([4 / 4, 1 / 4, 2 / 4, 0 / 3])
    # against-prior = r1 only
    assert t["ap_eligible"].tolist() == [2, 2, 2, 2]
    assert t["ap_acc"].tolist() == pytest.approx([1, 1 / 2, 0, 0])
    assert t["delta"].tolist() == pytest.approx([5 / 6 - 1, 2 / 6 - 1 / 2, 1 / 2, 1 / 5])


def test_discriminating_pairs() -> None:
    df = cohort()
    pairs = set(map(tuple, df.loc[discriminating(df), ["task", "rule"]].to_numpy()))
    assert pairs == {("t1", "r1"), ("t1", "r3"), ("t2", "r1"), ("t2", "r3")}


def test_dw_weights_and_dw_acc_by_hand() -> None:
    acc = np.array([5 / 6, 2 / 6, 3 / 6, 1 / 5])
    d1 = np.corrcoef([1, 1 / 2, 0, 0], acc)[0, 1]  # r1 pass rates of A-D
    d3 = np.corrcoef([1, 0, 1, 0], acc)[0, 1]  # r3: D's only verdict is t2 (fail)
    weights = rule_weights(cohort())
    assert weights.to_dict() == pytest.approx({"r1": d1, "r2": 0.0, "r3": d3})  # r2: 1/2 for all -> no variance
    assert d1 > 0 and d3 > 0
    # per agent: passes and eligible on r1, r2, r3
    passes = {"A": (2, 1, 2), "B": (1, 1, 0), "C": (0, 1, 2), "D": (0, 1, 0)}
    counts = {"A": (2, 2, 2), "B": (2, 2, 2), "C": (2, 2, 2), "D": (2, 2, 1)}
    w = np.array([d1, 0.0, d3])
    expected = [np.dot(w, passes[a]) / np.dot(w, counts[a]) for a in "ABCD"]
    assert accuracy_table(cohort())["dw_acc"].tolist() == pytest.approx(expected)


def test_dw_weight_is_zero_for_negative_correlation_or_too_few_agents() -> None:
    rows = [verdict(a, "t", "good", s) for a, s in zip("ABC", (P, P, F), strict=True)]
    rows += [verdict(a, "u", "good", s) for a, s in zip("ABC", (P, F, F), strict=True)]
    rows += [verdict(a, "t", "inverse", s) for a, s in zip("ABC", (F, P, P), strict=True)]  # weaker agents pass it
    rows += [verdict(a, "t", "pair", s) for a, s in zip("AB", (P, F), strict=True)]  # only 2 agents
    weights = rule_weights(to_frame(rows))
    assert weights["good"] > 0
    assert weights["inverse"] == 0.0
    assert weights["pair"] == 0.0


def test_dw_acc_is_nan_when_every_weight_is_zero() -> None:
    # no variation in pass rate
    rows = [verdict(a, "t", "r", P) for a in "ABC"] + [verdict(a, "u", "r", F) for a in "ABC"]
    t = accuracy_table(to_frame(rows))
    assert t["dw_acc"].isna().all()
    assert t["acc"].tolist() == [0.5, 0.5, 0.5]


def test_n_a_error_partial_never_enter_acc() -> None:
    rows = [verdict("m", "t", f"r{i}", s) for i, s in enumerate((P, F, NA, "error", "partial"))]
    t = accuracy_table(to_frame(rows))
    assert t.loc["m", "rows"] == 5 and t.loc["m", "eligible"] == 2 and t.loc["m", "acc"] == 0.5


def test_no_eligible_verdict_gives_nan() -> None:
    t = accuracy_table(to_frame([verdict("m", "t", "r", NA)]))
    assert t.loc["m", ["acc", "f_acc", "dw_acc", "ap_acc", "delta"]].isna().all()


def test_severity_weighted_view_with_half_credit_for_partial() -> None:
    rows = [
        verdict("m", "t", "r1", P, severity="must"),  # 3 of 3
        verdict("m", "t", "r2", F, severity="should"),  # 0 of 2
        verdict("m", "t", "r3", "partial", severity="may"),  # 0.5 of 1
        verdict("m", "t", "r4", NA, severity="must"),  # not counted
    ]
    df = to_frame(rows)
    cols = severity_columns(df)
    assert cols["weight"].tolist() == [3, 2, 1, 3]
    assert cols["earned"].tolist() == [3, 0, 0.5, 0]
    assert cols["possible"].tolist() == [3, 2, 1, 0]
    t = severity_weighted(df)
    assert t.loc["m"].tolist() == pytest.approx([3.5, 6, 3.5 / 6])


def test_ap_lineage_counts_and_shares() -> None:
    rows = [
        verdict("A", "t", "r1", P, lineage="consensus"),
        verdict("A", "t", "r2", F, lineage="curated"),
        verdict("A", "t", "r3", P, lineage="unknown"),
        verdict("A", "t", "r4", P, lineage="curated", prior="align_prior"),  # not against-prior
        verdict("B", "t", "r1", NA, lineage="consensus"),  # not eligible
        verdict("B", "t", "r2", P, lineage="curated"),
    ]
    t = ap_lineage(to_frame(rows))
    assert t[["consensus", "curated", "unknown"]].to_dict("index") == {
        "A": {"consensus": 1, "curated": 1, "unknown": 1},
        "B": {"consensus": 0, "curated": 1, "unknown": 0},
        "all": {"consensus": 1, "curated": 2, "unknown": 1},
    }
    assert t.loc["all", "curated_share"] == pytest.approx(0.5)


def test_summarize_reports_f_acc_dw_acc_and_cascade_counts() -> None:
    rows = [
        verdict("m", "t", "CL-001", F, artifact="CHANGELOG.md"),
        verdict("m", "t", "CL-002", F, artifact="CHANGELOG.md"),
        verdict("m", "t", "CL-003", P),
        verdict("n", "t", "CL-001", P),
        verdict("n", "t", "CL-002", P),
        verdict("n", "t", "CL-003", P),
    ]
    m, n = summarize(rows)
    assert (m.passed, m.failed, m.na, m.deduped) == (1, 1, 1, 1)  # CL-002 deduped into n/a
    assert m.acc == pytest.approx(1 / 2)
    assert m.f_acc == pytest.approx(0.0)  # only t/CL-001 discriminates
    assert n.f_acc == pytest.approx(1.0)
    assert m.as_dict()["delta"] == pytest.approx(m.acc - m.ap_acc)
