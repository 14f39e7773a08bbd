"""NC-Macro: case-macro rates and the domain-stratified bootstrap (spec 8.1)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.noncoding import case_means, domain_macro, nc_macro, run_rates

from ..support.verdicts import verdict

NC = {"population": "noncoding", "family": "professional_writing"}


def run(model: str, case: str, domain: str, rnd: int, statuses: str) -> list[dict]:
    """One run from a string of p (pass), f (fail), e (error), n (n/a)."""
    names = {"p": "pass", "f": "fail", "e": "error", "n": "n/a"}
    return [
        verdict(model, case, f"PW-{k:03d}", names[s], round=rnd, scenario=domain, **NC) for k, s in enumerate(statuses)
    ]


def cohort() -> pd.DataFrame:
    rows = run("m", "c1", "legal", 1, "pppf") + run("m", "c1", "legal", 2, "ppff")  # 3/4, 2/4 -> .625
    rows += run("m", "c2", "legal", 1, "pppp")  # 1.0 (one run)
    rows += run("m", "c3", "support", 1, "pfee") + run("m", "c3", "support", 2, "eeee")  # 1/2; run 2 an empty shell
    rows += run("m", "c4", "support", 1, "ffff") + run("m", "c4", "support", 2, "pfff")  # 0, 1/4 -> .125
    return to_frame(rows)


def test_run_rates_exclude_empty_shells_and_score_clean_verdicts() -> None:
    runs = run_rates(cohort())
    assert len(runs) == 6
    assert runs.set_index(["case", "round"])["rate"].to_dict() == {
        ("c1", 1): 0.75,
        ("c1", 2): 0.5,
        ("c2", 1): 1.0,
        ("c3", 1): 0.5,
        ("c4", 1): 0.0,
        ("c4", 2): 0.25,
    }


def test_nc_macro_by_hand() -> None:
    t = nc_macro(cohort()).loc["m"]
    means = [0.625, 1.0, 0.5, 0.125]
    assert t["nc_macro"] == pytest.approx(sum(means) / 4)
    assert t["sigma_r"] == pytest.approx((pd.Series([0.75, 0.5]).std() + pd.Series([0.0, 0.25]).std()) / 2)
    assert t["sigma_c"] == pytest.approx(pd.Series(means).std())
    assert (t["valid_runs"], t["excluded_runs"], t["cases"]) == (6, 1, 4)  # c3's second run: an empty shell
    assert t["lo"] <= t["nc_macro"] <= t["hi"]


def test_domain_stratified_bootstrap_is_degenerate_when_cases_agree_within_domains() -> None:
    rows = run("m", "a1", "legal", 1, "pf") + run("m", "a2", "legal", 1, "fp")  # both .5
    rows += run("m", "b1", "support", 1, "pppp") + run("m", "b2", "support", 1, "pppp")  # both 1
    t = nc_macro(to_frame(rows), resamples=500).loc["m"]
    assert t["lo"] == t["hi"] == t["nc_macro"] == pytest.approx(0.75)
    assert math.isnan(t["sigma_r"])  # one run per case


def test_bootstrap_is_seeded_and_paired_across_models() -> None:
    rng = np.random.default_rng(0)
    rows = [
        r
        for d in range(5)
        for c in range(8)
        for k in range(3)
        for r in run("m", f"c{d}{c}", f"domain-{d}", k + 1, "".join(rng.choice(["p", "f"], size=rng.integers(5, 14))))
    ]
    twin = [{**r, "model": "twin"} for r in rows]
    df = to_frame(rows + twin)
    first, again = nc_macro(df), nc_macro(df)
    assert first.equals(again)
    assert first.loc["m", ["lo", "hi"]].tolist() == first.loc["twin", ["lo", "hi"]].tolist()
    assert not nc_macro(df, seed=1).equals(first)
    assert first.loc["m", "lo"] < first.loc["m", "nc_macro"] < first.loc["m", "hi"]


def test_domain_macro_and_case_means() -> None:
    df = cohort()
    assert domain_macro(df).loc["m"].to_dict() == pytest.approx({"legal": (0.625 + 1.0) / 2, "support": 0.3125})
    cells = case_means(df).set_index("case")
    assert cells["runs"].to_dict() == {"c1": 2, "c2": 1, "c3": 1, "c4": 2}
