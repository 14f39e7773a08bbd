"""Metric speed: the four accuracy columns + delta + 2,000-resample item-clustered bootstrap + ICC on a
synthetic 40,000-row cohort (12 models x 60 items x 3 rounds), vectorised library vs a naive pandas-groupby
implementation of the same, in one process. Both must agree before the ratio is printed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from pytest_harnessif.metrics.accuracy import accuracy_table
from pytest_harnessif.metrics.bootstrap import item_bootstrap
from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.reliability import icc_1_1, reliability
from pytest_harnessif.metrics.support import common_support

MODELS, ITEMS, ROUNDS, RULES_PER_ITEM, RESAMPLES, SEED = 12, 60, 3, 19, 2000, 20260723
MODALITIES = ["require", "forbid", "conditional_require", "limit_max", "limit_min", "prefer"]
PRIORS = ["against_prior", "align_prior", "neutral"]


def cohort(seed: int = 7) -> pd.DataFrame:
    """40,000 verdict rows: each item injects 19 of 240 rules (41,040 keys, 1,040 dropped at random so cells
    are unbalanced); pass probability is logistic in model skill + rule ease, harder against prior."""
    rng = np.random.default_rng(seed)
    rules = [f"R{r:03d}" for r in range(240)]
    prior = rng.choice(PRIORS, size=len(rules), p=[0.45, 0.2, 0.35])
    modality = rng.choice(MODALITIES, size=len(rules))
    ease = rng.normal(1.2, 1.0, len(rules))
    skill = np.linspace(-0.6, 0.6, MODELS)
    per_item = [rng.choice(len(rules), RULES_PER_ITEM, replace=False) for _ in range(ITEMS)]
    m, i, r, k = np.meshgrid(
        np.arange(MODELS), np.arange(ITEMS), np.arange(ROUNDS), np.arange(RULES_PER_ITEM), indexing="ij"
    )
    m, i, r, k = m.ravel(), i.ravel(), r.ravel(), k.ravel()
    rule = np.array(per_item)[i, k]
    p = 1 / (1 + np.exp(-(skill[m] + ease[rule] - 0.4 * (prior[rule] == "against_prior"))))
    u = rng.random(len(m))
    status = np.where(u < 0.06, "n/a", np.where(rng.random(len(m)) < p, "pass", "fail"))
    rows = pd.DataFrame(
        {
            "model": [f"model-{x:02d}" for x in m],
            "task": [f"item-{x:02d}" for x in i],
            "round": r + 1,
            "rule": np.array(rules)[rule],
            "status": status,
            "prior": prior[rule],
            "modality": modality[rule],
        }
    )
    return to_frame(rows.sample(n=40_000, random_state=seed).sort_index())


def vectorised(df: pd.DataFrame) -> dict[str, Any]:
    table = accuracy_table(df)
    boot = item_bootstrap(common_support(df).rows, resamples=RESAMPLES, seed=SEED)
    rel = reliability(df)
    return {"table": table, "boot": boot.models, "adjacent": boot.adjacent, "icc": (rel.agent_icc, rel.cell_icc)}


def naive(df: pd.DataFrame) -> dict[str, Any]:
    """The same numbers with straightforward pandas groupby code and a Python loop over resamples."""
    e = df[df["scored"].isin(["pass", "fail"])].assign(z=lambda x: (x["scored"] == "pass").astype(float))
    acc = e.groupby("model")["z"].mean()
    ap = e[e["prior"] == "against_prior"].groupby("model")["z"].mean()
    spread = e.groupby(["task", "rule"])["z"].agg(["min", "max"])
    d = spread[(spread["min"] == 0) & (spread["max"] == 1)].index
    f_acc = e[pd.MultiIndex.from_frame(e[["task", "rule"]]).isin(d)].groupby("model")["z"].mean()
    rates = e.groupby(["rule", "model"])["z"].mean()
    weight = {}
    for rule, g in rates.groupby(level="rule"):
        g = g.droplevel("rule")
        corr = g.corr(acc.loc[g.index]) if len(g) >= 3 and g.std() > 0 else np.nan
        weight[rule] = max(corr, 0.0) if not np.isnan(corr) else 0.0
    e = e.assign(w=e["rule"].map(weight))
    dw = e.groupby("model").apply(lambda g: (g["w"] * g["z"]).sum() / g["w"].sum(), include_groups=False)
    table = pd.DataFrame({"acc": acc, "f_acc": f_acc, "dw_acc": dw, "ap_acc": ap})
    table["delta"] = table["acc"] - table["ap_acc"]

    models = e["model"].nunique()
    complete = e.groupby(["task", "round", "rule"])["model"].nunique()
    keys = complete[complete == models].index
    cs = e[pd.MultiIndex.from_frame(e[["task", "round", "rule"]]).isin(keys)]
    items = sorted(cs["task"].unique())
    by_item = {t: g for t, g in cs.groupby("task")}
    draws = np.random.default_rng(SEED).integers(0, len(items), size=(RESAMPLES, len(items)))
    samples = []
    for row in draws:
        boot = pd.concat([by_item[items[j]] for j in row])
        b_acc = boot.groupby("model")["z"].mean()
        b_ap = boot[boot["prior"] == "against_prior"].groupby("model")["z"].mean()
        samples.append(pd.DataFrame({"acc": b_acc, "ap_acc": b_ap, "delta": b_acc - b_ap}))
    stacked = pd.concat(samples, keys=range(RESAMPLES), names=["b", "model"])
    bounds = stacked.groupby("model").quantile([0.025, 0.975]).unstack()
    ranked = cs.groupby("model")["z"].mean().sort_values(ascending=False, kind="stable")
    acc_b = stacked["acc"].unstack("model")[ranked.index]
    diffs = pd.DataFrame({k: acc_b.iloc[:, k] - acc_b.iloc[:, k + 1] for k in range(models - 1)})
    adjacent = diffs.quantile([0.025, 0.975]).T

    def icc(wide: pd.DataFrame) -> float:
        k = wide.shape[1]
        msb = k * wide.mean(axis=1).var(ddof=1)
        msw = wide.var(axis=1, ddof=1).mean()
        return (msb - msw) / (msb + (k - 1) * msw)

    agent = e.groupby(["model", "round"])["z"].mean().unstack()
    cell = e.groupby(["model", "task", "round"])["z"].mean().unstack().dropna()
    return {"table": table, "boot": bounds, "adjacent": adjacent, "icc": (icc(agent), icc(cell))}


def timed(fn: Callable[[pd.DataFrame], dict[str, Any]], df: pd.DataFrame, repeat: int) -> tuple[float, dict]:
    best, out = float("inf"), {}
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn(df)
        best = min(best, time.perf_counter() - start)
    return best, out


def check(fast: dict[str, Any], slow: dict[str, Any]) -> None:
    cols = ["acc", "f_acc", "dw_acc", "ap_acc", "delta"]
    np.testing.assert_allclose(fast["table"][cols].to_numpy(), slow["table"][cols].to_numpy(), atol=1e-12)
    for stat in ("acc", "ap_acc", "delta"):
        np.testing.assert_allclose(fast["boot"][f"{stat}_lo"], slow["boot"][(stat, 0.025)], atol=1e-12)
        np.testing.assert_allclose(fast["boot"][f"{stat}_hi"], slow["boot"][(stat, 0.975)], atol=1e-12)
    np.testing.assert_allclose(fast["adjacent"]["diff_lo"], slow["adjacent"][0.025], atol=1e-12)
    np.testing.assert_allclose(fast["icc"], slow["icc"], atol=1e-12)
    assert icc_1_1(np.array([[1.0, 1.0], [0.0, 0.0]])) == 1.0


def main() -> None:
    df = cohort()
    print(
        f"cohort: {len(df):,} rows, {df['model'].nunique()} models, {df['task'].nunique()} items, "
        f"{df['round'].nunique()} rounds"
    )
    fast_t, fast = timed(vectorised, df, repeat=5)
    slow_t, slow = timed(naive, df, repeat=1)
    check(fast, slow)
    print(f"naive pandas groupby (loop over {RESAMPLES} resamples): {slow_t:8.3f} s  (baseline)")
    print(f"harnessif metrics (numpy, vectorised):               {fast_t:8.3f} s  ratio {slow_t / fast_t:.0f}x faster")


if __name__ == "__main__":
    main()
