"""Invariants over random small cohorts (hypothesis)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_harnessif.metrics.accuracy import accuracy_table, rule_weights, summarize
from pytest_harnessif.metrics.bootstrap import item_bootstrap
from pytest_harnessif.metrics.cascade import score
from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.noncoding import nc_macro
from pytest_harnessif.metrics.support import common_support

from ..support.verdicts import verdict

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOL = 1e-12

row = st.tuples(
    st.sampled_from("ABCDEF"),
    st.sampled_from(["t1", "t2", "t3", "t4"]),
    st.integers(1, 2),
    st.sampled_from(["r1", "r2", "r3", "r4"]),
    st.sampled_from(["pass", "fail", "n/a", "error", "partial"]),
    st.sampled_from(["against_prior", "align_prior", "neutral"]),
    st.sampled_from(["must", "should", "may"]),
    st.sampled_from([None, "CHANGELOG.md", "pkg/__init__.py"]),
)


def build(tuples: list[tuple], **override: Any) -> pd.DataFrame:
    rows = []
    for model, task, rnd, rule, status, prior, severity, artifact in tuples:
        fields = {"prior": prior, "severity": severity, "artifact": artifact if status == "fail" else None}
        rows.append(verdict(model, task, rule, status, round=rnd, **{**fields, **override}))
    return to_frame(rows)


cohorts = st.lists(row, min_size=1, max_size=60, unique_by=lambda r: r[:4])


def within(values: pd.Series, lo: float, hi: float) -> bool:
    present = values.dropna()
    return bool(((present >= lo - TOL) & (present <= hi + TOL)).all())


@SETTINGS
@given(cohorts)
def test_accuracies_are_fractions_and_delta_a_difference(tuples: list[tuple]) -> None:
    t = accuracy_table(score(build(tuples)))
    for col in ("acc", "f_acc", "dw_acc", "ap_acc"):
        assert within(t[col], 0, 1)
    assert within(t["delta"], -1, 1)
    assert (t["f_eligible"] <= t["eligible"]).all() and (t["ap_eligible"] <= t["eligible"]).all()


@SETTINGS
@given(cohorts)
def test_ap_acc_equals_acc_when_every_rule_is_against_prior(tuples: list[tuple]) -> None:
    t = accuracy_table(score(build(tuples, prior="against_prior")))
    assert t["ap_eligible"].tolist() == t["eligible"].tolist()
    np.testing.assert_array_equal(t["ap_acc"].to_numpy(), t["acc"].to_numpy())
    assert within(t["delta"], 0, 0)


@SETTINGS
@given(cohorts)
def test_dw_weights_are_in_unit_interval(tuples: list[tuple]) -> None:
    assert within(rule_weights(build(tuples)), 0, 1)


@SETTINGS
@given(cohorts)
def test_bootstrap_interval_contains_the_point_estimate(tuples: list[tuple]) -> None:
    m = item_bootstrap(score(build(tuples))).models
    for stat in ("acc", "ap_acc", "delta"):
        point, lo, hi = m[stat], m[f"{stat}_lo"], m[f"{stat}_hi"]
        known = point.notna() & lo.notna()
        assert ((lo[known] <= point[known] + TOL) & (point[known] <= hi[known] + TOL)).all()


@SETTINGS
@given(cohorts)
def test_dedup_never_increases_failures_and_keeps_one_per_artifact(tuples: list[tuple]) -> None:
    raw = build(tuples)
    out = score(raw)
    assert (out["scored"] == "fail").sum() <= (raw["status"] == "fail").sum()
    assert (out["scored"] == "pass").sum() <= (raw["status"] == "pass").sum()
    assert (out.loc[out["deduped"], "status"] == "fail").all()
    kept = out[(out["scored"] == "fail") & out["artifact"].notna()]
    assert not kept.duplicated(["model", "task", "round", "artifact"]).any()


@SETTINGS
@given(cohorts)
def test_common_support_gives_every_model_the_same_denominator(tuples: list[tuple]) -> None:
    df = score(build(tuples))
    s = common_support(df)
    if s.kept:
        t = accuracy_table(s.rows)
        assert set(t["eligible"]) == {s.kept}
        assert len(t) == df["model"].nunique()


@SETTINGS
@given(cohorts, st.randoms(use_true_random=False))
def test_results_do_not_depend_on_row_order(tuples: list[tuple], rnd: Any) -> None:
    shuffled = list(tuples)
    rnd.shuffle(shuffled)
    pd.testing.assert_frame_equal(accuracy_table(score(build(tuples))), accuracy_table(score(build(shuffled))))


@SETTINGS
@given(cohorts)
def test_summary_counts_add_up(tuples: list[tuple]) -> None:
    for s in summarize(build(tuples)):
        assert s.n == s.passed + s.failed + s.na + s.error + s.partial
        assert s.deduped + s.untestable <= s.na


@SETTINGS
@given(cohorts)
def test_nc_macro_is_a_fraction_inside_its_interval(tuples: list[tuple]) -> None:
    df = build(tuples, population="noncoding")
    df["scenario"] = df["task"].map({"t1": "legal", "t2": "legal", "t3": "support", "t4": "support"})
    t = nc_macro(df, resamples=2000)
    assert within(t["nc_macro"], 0, 1)
    assert ((t["lo"] <= t["nc_macro"] + TOL) & (t["nc_macro"] <= t["hi"] + TOL)).all()
