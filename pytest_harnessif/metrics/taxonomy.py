"""Failure taxonomy from rule structure (spec 5.10) and difficulty by family, coarse modality class and
surface (spec 5.11): pooled tables over every model of one population."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .frame import eligible, passed
from .populations import require_single

FAILURE_CLASS = {
    "require": "shortfall",
    "conditional_require": "shortfall",
    "limit_min": "shortfall",
    "forbid": "overstep",
    "limit_max": "overstep",
    "prefer": "preference",
    "allow": "preference",
}
MODALITY_CLASS = {
    "require": "commanding",
    "forbid": "commanding",
    "conditional_require": "conditional",
    "limit_max": "numeric bounds",
    "limit_min": "numeric bounds",
    "prefer": "preference",
    "allow": "preference",
}
SURFACE_UNKNOWN = "surface unknown"


def _scored(df: pd.DataFrame) -> pd.DataFrame:
    e = eligible(df)
    return pd.DataFrame({"eligible": e, "pass": passed(df) & e, "fail": e & ~passed(df)}, index=df.index)


def _pooled(df: pd.DataFrame, key: pd.Series) -> pd.DataFrame:
    """Eligible N, passes, failures and pooled Acc per value of `key`, by descending Acc."""
    flags = _scored(df).assign(_key=key.to_numpy())
    table = flags.groupby("_key", sort=True)[["eligible", "pass", "fail"]].sum().astype(int)
    table = table[table["eligible"] > 0]
    table["acc"] = table["pass"] / table["eligible"]
    table.index.name = key.name
    return table.sort_values("acc", ascending=False, kind="stable")


def failure_taxonomy(df: pd.DataFrame) -> pd.DataFrame:
    """Shortfall / overstep / preference (spec 5.10), from the rule's modality alone: failures, share of all
    failures, eligible verdicts and fail rate per class, plus a `total` row. Unknown modality -> `unknown`."""
    require_single(df)
    key = df["modality"].map(FAILURE_CLASS).fillna("unknown").rename("class")
    table = _pooled(df, key)[["fail", "eligible"]].rename(columns={"fail": "failures"})
    order = [c for c in ("shortfall", "overstep", "preference", "unknown") if c in table.index]
    table = table.loc[order]
    table.loc["total"] = table.sum()
    table["share"] = table["failures"] / max(int(table.loc["total", "failures"]), 1)
    table["fail_rate"] = table["failures"] / table["eligible"].replace(0, np.nan)
    return table[["failures", "share", "eligible", "fail_rate"]]


def failures_by_family(df: pd.DataFrame) -> pd.DataFrame:
    """Each family's failures and share of all failures (spec 5.10), by descending share."""
    require_single(df)
    table = _pooled(df, df["family"].fillna("unknown").rename("family"))[["fail"]].rename(columns={"fail": "failures"})
    table["share"] = table["failures"] / max(int(table["failures"].sum()), 1)
    return table.sort_values("failures", ascending=False, kind="stable")


def by_modality_class(df: pd.DataFrame) -> pd.DataFrame:
    """Pooled Acc and eligible N per coarse modality class (spec 5.11: require groups with forbid here)."""
    require_single(df)
    return _pooled(df, df["modality"].map(MODALITY_CLASS).fillna("unknown").rename("modality class"))[
        ["acc", "eligible"]
    ]


def by_surface(df: pd.DataFrame) -> pd.DataFrame:
    """Pooled Acc and eligible N per placement surface (spec 5.11, Table 4); rows without a surface go to the
    `surface unknown` bucket (listed last) rather than being forced into one."""
    require_single(df)
    table = _pooled(df, df["surface"].fillna(SURFACE_UNKNOWN).rename("surface"))[["acc", "eligible"]]
    known = [s for s in table.index if s != SURFACE_UNKNOWN]
    return table.loc[known + [s for s in table.index if s == SURFACE_UNKNOWN]]


def _family_model_acc(df: pd.DataFrame) -> pd.Series:
    flags = _scored(df).assign(family=df["family"].fillna("unknown").to_numpy(), model=df["model"].to_numpy())
    sums = flags.groupby(["family", "model"], sort=True)[["pass", "eligible"]].sum()
    return sums["pass"] / sums["eligible"].replace(0, np.nan)


def by_family(df: pd.DataFrame) -> pd.DataFrame:
    """Pooled Acc, eligible N and the per-build Acc range (min, max over models) per family (spec 5.11,
    Table 5), by descending pooled Acc."""
    require_single(df)
    pooled = _pooled(df, df["family"].fillna("unknown").rename("family"))[["acc", "eligible"]]
    per_model = _family_model_acc(df).groupby("family")
    return pooled.assign(build_min=per_model.min(), build_max=per_model.max())


def family_by_model(df: pd.DataFrame) -> pd.DataFrame:
    """Acc per family (rows, by descending pooled Acc) and model (columns); NaN where nothing is eligible."""
    require_single(df)
    return _family_model_acc(df).unstack("model").reindex(by_family(df).index)
