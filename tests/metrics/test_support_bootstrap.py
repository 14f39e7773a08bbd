"""Common support (spec 5.6) and the item-clustered bootstrap (spec 5.7)."""

from __future__ import annotations

import numpy as np
import pytest

from pytest_harnessif.metrics.bootstrap import item_bootstrap
from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.support import common_support

from ..support.verdicts import verdict


def test_common_support_keeps_keys_every_model_scored() -> None:
    rows = [
        verdict("A", "t1", "r1", "pass"),
        verdict("B", "t1", "r1", "fail"),
        verdict("C", "t1", "r1", "pass"),  # kept
        verdict("A", "t1", "r2", "pass"),
        verdict("B", "t1", "r2", "n/a"),
        verdict("C", "t1", "r2", "pass"),  # B n/a
        verdict("A", "t2", "r1", "fail", prior="align_prior"),
        verdict("B", "t2", "r1", "pass", prior="align_prior"),
        verdict("C", "t2", "r1", "pass", prior="align_prior"),  # kept
        verdict("A", "t2", "r1", "pass", round=2),
        verdict("B", "t2", "r1", "pass", round=2),  # C missing in round 2
        verdict("A", "t3", "r3", "error"),
        verdict("B", "t3", "r3", "pass"),
        verdict("C", "t3", "r3", "pass"),  # A error
    ]
    s = common_support(to_frame(rows))
    assert (s.keys, s.kept, s.against_keys, s.items, s.models) == (5, 2, 1, 2, 3)
    assert s.share == pytest.approx(2 / 5)
    keys = set(zip(s.rows["task"], s.rows["rule"], s.rows["round"], strict=True))
    assert sorted(keys) == [("t1", "r1", 1), ("t2", "r1", 1)]
    assert len(s.rows) == 6


def test_one_item_gives_a_degenerate_interval_at_the_point() -> None:
    rows = [verdict("A", "t", f"r{i}", s) for i, s in enumerate(("pass", "pass", "fail"))]
    b = item_bootstrap(to_frame(rows), resamples=200)
    row = b.models.loc["A"]
    assert row["acc"] == row["acc_lo"] == row["acc_hi"] == pytest.approx(2 / 3)


def test_two_items_span_their_extremes() -> None:
    """Resamples are {t1,t1} (Acc 1), {t2,t2} (Acc 0) or mixed (1/2), each extreme with probability 1/4."""
    rows = [
        verdict("A", "t1", "r", "pass"),
        verdict("A", "t1", "s", "pass"),
        verdict("A", "t2", "r", "fail"),
        verdict("A", "t2", "s", "fail"),
    ]
    b = item_bootstrap(to_frame(rows))
    assert b.models.loc["A", ["acc", "acc_lo", "acc_hi"]].tolist() == [0.5, 0.0, 1.0]
    assert (b.items, b.resamples, b.seed, b.level) == (2, 2000, 20260723, 0.95)


def _cohort(skills: dict[str, float], items: int = 30, seed: int = 3) -> list[dict]:
    rng = np.random.default_rng(seed)
    return [
        verdict(
            m,
            f"t{i}",
            f"r{k}",
            "pass" if rng.random() < p else "fail",
            prior="against_prior" if k % 2 else "align_prior",
        )
        for m, p in skills.items()
        for i in range(items)
        for k in range(6)
    ]


def test_seeded_paired_and_contains_the_point() -> None:
    df = to_frame(_cohort({"A": 0.9, "B": 0.6, "C": 0.3}))
    first, again, other = item_bootstrap(df), item_bootstrap(df), item_bootstrap(df, seed=1)
    assert first.models.equals(again.models)
    assert not first.models.equals(other.models)
    m = first.models
    for stat in ("acc", "ap_acc", "delta"):
        assert (m[f"{stat}_lo"] <= m[stat]).all() and (m[stat] <= m[f"{stat}_hi"]).all()
    assert first.adjacent[["higher", "lower"]].values.tolist() == [["A", "B"], ["B", "C"]]
    assert first.adjacent["separated"].all()
    assert first.tie_groups == [["A"], ["B"], ["C"]]


def test_identical_models_fall_into_one_tie_group() -> None:
    rows = _cohort({"A": 0.7})
    twin = [{**r, "model": "B"} for r in rows]
    b = item_bootstrap(to_frame(rows + twin))
    assert b.adjacent.loc[0, ["diff", "diff_lo", "diff_hi"]].tolist() == [0.0, 0.0, 0.0]
    assert b.tie_groups == [["A", "B"]]


def test_level_and_resample_count_are_configurable() -> None:
    df = to_frame(_cohort({"A": 0.5, "B": 0.5}))
    wide, narrow = item_bootstrap(df, resamples=500, level=0.99), item_bootstrap(df, resamples=500, level=0.5)
    assert (wide.models["acc_hi"] - wide.models["acc_lo"] > narrow.models["acc_hi"] - narrow.models["acc_lo"]).all()
