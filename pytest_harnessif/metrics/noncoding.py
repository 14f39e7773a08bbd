"""NC-Macro for the non-coding panel (spec 8.1): case-macro rates with a domain-stratified bootstrap.

A case is a task, its domain the task's scenario, a run one round. A run is valid when it has at least one
pass/fail verdict (empty shells are excluded; a run with judge errors is scored on its clean verdicts).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ._arrays import percentile_interval, ratio, resample_counts, resampled_sums
from .frame import eligible, passed
from .populations import require_single

RESAMPLES, SEED, LEVEL = 20_000, 20260714, 0.95


def run_rates(df: pd.DataFrame) -> pd.DataFrame:
    """p_cmr per valid run (spec 8.1 step 1): model, case, domain, round, eligible, rate."""
    require_single(df)
    e = eligible(df)
    flags = pd.DataFrame(
        {
            "model": df["model"],
            "case": df["task"],
            "domain": df["scenario"].fillna("unknown"),
            "round": df["round"],
            "eligible": e,
            "pass": e & passed(df),
        }
    )
    runs = flags.groupby(["model", "case", "domain", "round"], sort=True)[["eligible", "pass"]].sum().reset_index()
    runs = runs[runs["eligible"] > 0]
    return runs.assign(rate=runs["pass"] / runs["eligible"]).drop(columns="pass").reset_index(drop=True)


def case_means(df: pd.DataFrame) -> pd.DataFrame:
    """Per model x case: the mean of p_cmr over valid runs (spec 8.1 step 2), the run count and the sample
    standard deviation across runs (NaN with one run)."""
    runs = run_rates(df)
    return (
        runs.groupby(["model", "case", "domain"], sort=True)["rate"]
        .agg(mean="mean", sd="std", runs="size")
        .reset_index()
    )


def domain_macro(df: pd.DataFrame) -> pd.DataFrame:
    """Case-macro rate per model (rows) and domain (columns) (spec 8.2, Table 9)."""
    return case_means(df).pivot_table(index="model", columns="domain", values="mean", aggfunc="mean")


def nc_macro(df: pd.DataFrame, resamples: int = RESAMPLES, seed: int = SEED, level: float = LEVEL) -> pd.DataFrame:
    """Per model (spec 8.1): NC-Macro (equal-weight mean of case means over the cases with a valid run), its
    domain-stratified bootstrap percentile interval (cases resampled with replacement within each domain,
    each keeping its observed case mean; one shared draw per resample for all models), sigma_r (mean
    within-case SD across runs, cases with >= 2 runs), sigma_c (SD across case means), valid runs, runs excluded as
    empty shells (no eligible verdict) and cases."""
    cells = case_means(df)
    means = cells.pivot(index="model", columns="case", values="mean")
    domain = cells.drop_duplicates("case").set_index("case")["domain"].reindex(means.columns)
    rng = np.random.default_rng(seed)
    weights = np.zeros((resamples, len(means.columns)))
    for name in sorted(domain.unique()):
        cols = np.flatnonzero((domain == name).to_numpy())
        weights[:, cols] = resample_counts(rng.integers(0, len(cols), size=(resamples, len(cols))), len(cols))
    values = means.to_numpy()
    seen = ~np.isnan(values)
    samples = ratio(resampled_sums(weights, np.nan_to_num(values)), resampled_sums(weights, seen.astype(float)))
    lo, hi = percentile_interval(samples, level)
    by_model = cells.groupby("model", sort=True)
    attempted = df.drop_duplicates(["model", "task", "round"]).groupby("model").size()
    return pd.DataFrame(
        {
            "nc_macro": by_model["mean"].mean(),
            "lo": pd.Series(lo, index=means.index),
            "hi": pd.Series(hi, index=means.index),
            "sigma_r": by_model["sd"].mean(),
            "sigma_c": by_model["mean"].std(),
            "valid_runs": by_model["runs"].sum(),
            "excluded_runs": attempted.reindex(means.index) - by_model["runs"].sum(),
            "cases": by_model.size(),
        }
    )
