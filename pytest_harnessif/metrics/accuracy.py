"""Per-model accuracy columns (spec 5.1-5.5): Acc, F-Acc, DW-Acc, AP-Acc, delta, the severity-weighted view,
and the lineage of AP-Acc's rows; plus `summarize`, the compact per-model summary the plugin prints."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..schema import Lineage
from ._arrays import codes, grid, key_codes, ratio
from .frame import ERROR, FAIL, NA, PARTIAL, PASS, SEVERITY_WEIGHT, UNJUDGED, UNTESTABLE, against, eligible, passed
from .panel import Panels, Rows, as_panels
from .populations import require_single

LINEAGES = tuple(str(lineage) for lineage in Lineage)
MIN_DW_AGENTS = 3


def discriminating(df: pd.DataFrame) -> np.ndarray:
    """Row mask of the set D (spec 5.2): (item, rule) pairs with at least one pass and one fail over all
    agents and rounds of the cohort."""
    pair, n_pairs = key_codes(df, ["task", "rule"])
    e, z = eligible(df), passed(df)
    passes = np.bincount(pair, weights=z & e, minlength=n_pairs)
    total = np.bincount(pair, weights=e, minlength=n_pairs)
    return ((passes > 0) & (passes < total))[pair]


def _rule_grid(df: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, list, list]:
    m, models = codes(df["model"])
    r, rules = codes(df["rule"])
    e, z = eligible(df), passed(df)
    shape = (len(models), len(rules))
    return grid(m, r, shape, (z & e).astype(float)), grid(m, r, shape, e.astype(float)), models, rules


def _weights(p: np.ndarray, n: np.ndarray) -> np.ndarray:
    """d_r = max(0, Pearson over agents with a verdict on r of (pass rate on r, overall Acc)); 0 when fewer
    than MIN_DW_AGENTS agents or a variance is zero."""
    acc = ratio(p.sum(1), n.sum(1))[:, None]
    has = n > 0
    count = has.sum(0)
    rate = np.where(has, ratio(p, n), 0.0)
    y = np.where(has, np.nan_to_num(acc), 0.0)
    with np.errstate(all="ignore"):
        dx = np.where(has, rate - rate.sum(0) / count, 0.0)
        dy = np.where(has, y - y.sum(0) / count, 0.0)
        vx, vy = (dx**2).sum(0), (dy**2).sum(0)
        ok = (count >= MIN_DW_AGENTS) & (vx > 1e-12) & (vy > 1e-12)
        r = np.where(ok, (dx * dy).sum(0) / np.sqrt(vx * vy), 0.0)
    return np.clip(r, 0.0, None)


def rule_weights(df: pd.DataFrame) -> pd.Series:
    """DW-Acc's per-rule discrimination weights d_r (spec 5.3), indexed by rule."""
    require_single(df)
    p, n, _, rules = _rule_grid(df)
    return pd.Series(_weights(p, n), index=pd.Index(rules, name="rule"), name="d")


def accuracy_table(df: pd.DataFrame) -> pd.DataFrame:
    """One row per model of one population: eligible, Acc (5.1), F-Acc (5.2), DW-Acc (5.3), AP-Acc and delta
    (5.4), with their denominators. Accuracies are fractions, NaN when nothing is eligible (DW-Acc also when
    every weight on the model's rows is 0)."""
    require_single(df)
    m, models = codes(df["model"])
    size = len(models)
    e, z, ap, d = eligible(df), passed(df), against(df), discriminating(df)

    def acc(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        den = np.bincount(m, weights=mask, minlength=size)
        return den, ratio(np.bincount(m, weights=mask & z, minlength=size), den)

    n, a = acc(e)
    fn, fa = acc(e & d)
    apn, apa = acc(e & ap)
    p, nr, _, _ = _rule_grid(df)
    w = _weights(p, nr)
    table = pd.DataFrame(
        {
            "rows": np.bincount(m, minlength=size),
            "eligible": n.astype(int),
            "acc": a,
            "f_eligible": fn.astype(int),
            "f_acc": fa,
            "dw_acc": ratio(p @ w, nr @ w),
            "ap_eligible": apn.astype(int),
            "ap_acc": apa,
        },
        index=pd.Index(models, name="model"),
    )
    table["delta"] = table["acc"] - table["ap_acc"]
    return table


def severity_columns(df: pd.DataFrame) -> pd.DataFrame:
    """Per-row severity weight (must 3, should 2, may 1) with earned and possible points (spec 5.5); partial
    earns half the weight (our choice; spec 4.1 leaves it open)."""
    weight = df["severity"].map(SEVERITY_WEIGHT).fillna(0).to_numpy(dtype=float)
    credit = df["scored"].map({PASS: 1.0, PARTIAL: 0.5, FAIL: 0.0})
    counted = credit.notna().to_numpy()
    return pd.DataFrame(
        {"weight": weight, "earned": weight * credit.fillna(0).to_numpy(), "possible": weight * counted},
        index=df.index,
    )


def severity_weighted(df: pd.DataFrame) -> pd.DataFrame:
    """Severity-weighted earned/possible totals and their ratio per model (spec 5.5; descriptive only)."""
    require_single(df)
    cols = severity_columns(df).assign(model=df["model"])
    table = cols.groupby("model", sort=True)[["earned", "possible"]].sum()
    table["sw_acc"] = ratio(table["earned"].to_numpy(), table["possible"].to_numpy())
    return table


def ap_lineage(df: pd.DataFrame) -> pd.DataFrame:
    """Where AP-Acc's rows came from (spec 6.3): against-prior eligible verdicts per model by prior lineage,
    with an `all` row; counts and shares."""
    require_single(df)
    rows = df[eligible(df) & against(df)]
    counts = pd.crosstab(rows["model"], rows["lineage"]).reindex(columns=list(LINEAGES), fill_value=0)
    counts.loc["all"] = counts.sum()
    counts.index.name, counts.columns.name = "model", None
    shares = counts.div(counts.sum(axis=1).replace(0, np.nan), axis=0).add_suffix("_share")
    return pd.concat([counts, shares], axis=1)


@dataclass(frozen=True)
class ModelSummary:
    """Counts and accuracies of one model in one population. Accuracies are None when nothing is eligible.

    `na` counts every row without an opportunity to judge: raw n/a, cascade-deduped (`deduped`) and rows of
    untestable pairs (`untestable`). Partial verdicts (judge rows) and `unjudged` rows (judge-based rules in a
    session without a judge) are counted apart and never enter Acc.
    """

    model: str
    n: int
    passed: int
    failed: int
    na: int
    error: int
    acc: float | None
    ap_eligible: int
    ap_acc: float | None
    population: str = "main"
    f_acc: float | None = None
    dw_acc: float | None = None
    deduped: int = 0
    untestable: int = 0
    partial: int = 0
    unjudged: int = 0

    @property
    def delta(self) -> float | None:
        """Acc - AP-Acc (spec 5.4); positive when the model does better where it would comply anyway."""
        return None if self.acc is None or self.ap_acc is None else self.acc - self.ap_acc

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "delta": self.delta}


def _opt(value: float) -> float | None:
    return None if np.isnan(value) else float(value)


def summarize(rows: Rows | Panels) -> list[ModelSummary]:
    """One summary per (population, model): populations in spec order, models by name; never pooled.
    Cascade rules apply first (spec 4.4); only pass/fail enter Acc, n/a and error never do."""
    out = []
    for population, df in as_panels(rows).items():
        table = accuracy_table(df)
        status = pd.crosstab(df["model"], df["scored"]).reindex(
            columns=[PASS, FAIL, NA, ERROR, UNTESTABLE, PARTIAL, UNJUDGED], fill_value=0
        )
        deduped = df.groupby("model")["deduped"].sum()
        for model, t in table.iterrows():
            s = status.loc[model]
            out.append(
                ModelSummary(
                    model=str(model),
                    n=int(t["rows"]),
                    passed=int(s[PASS]),
                    failed=int(s[FAIL]),
                    na=int(s[NA] + s[UNTESTABLE]),
                    error=int(s[ERROR]),
                    acc=_opt(t["acc"]),
                    ap_eligible=int(t["ap_eligible"]),
                    ap_acc=_opt(t["ap_acc"]),
                    population=population,
                    f_acc=_opt(t["f_acc"]),
                    dw_acc=_opt(t["dw_acc"]),
                    deduped=int(deduped[model]),
                    untestable=int(s[UNTESTABLE]),
                    partial=int(s[PARTIAL]),
                    unjudged=int(s[UNJUDGED]),
                )
            )
    return out
