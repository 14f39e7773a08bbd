"""Item-clustered bootstrap (spec 5.7): intervals for each model's Acc, AP-Acc and paired delta, and for the
Acc difference of adjacent-ranked models, with the tie groups those intervals imply."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ._arrays import codes, grid, percentile_interval, ratio, resample_counts, resampled_sums
from .frame import against, eligible, passed
from .populations import require_single

RESAMPLES, SEED, LEVEL = 2000, 20260723, 0.95


@dataclass(frozen=True)
class BootstrapResult:
    """`models`: per model acc/ap_acc/delta with _lo/_hi bounds. `adjacent`: per rank k, the models at k and
    k+1 by point Acc, their difference and its interval. `tie_groups`: runs of models whose adjacent intervals
    all contain 0 (spec 5.7: one conservative tie group in the paper)."""

    models: pd.DataFrame
    adjacent: pd.DataFrame
    tie_groups: list[list[str]]
    items: int
    resamples: int
    seed: int
    level: float


def _stat(num: np.ndarray, den: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Ratio of item-weighted sums: weights (B × items) against num/den (models × items) -> B × models."""
    return ratio(resampled_sums(weights, num), resampled_sums(weights, den))


def _bounds(point: np.ndarray, samples: np.ndarray, level: float, name: str) -> dict[str, np.ndarray]:
    lo, hi = percentile_interval(samples, level)
    return {name: point, f"{name}_lo": lo, f"{name}_hi": hi}


def _tie_groups(order: list[str], separated: np.ndarray) -> list[list[str]]:
    groups = [[order[0]]] if order else []
    for model, split in zip(order[1:], separated, strict=True):
        if split:
            groups.append([model])
        else:
            groups[-1].append(model)
    return groups


def item_bootstrap(
    df: pd.DataFrame, resamples: int = RESAMPLES, seed: int = SEED, level: float = LEVEL
) -> BootstrapResult:
    """Resample items with replacement (each carries all its rounds and rule rows in `df`) `resamples` times
    from `numpy.random.default_rng(seed)`; 95% percentile intervals (spec 5.7). Pass the common-support rows
    (`support.common_support(df).rows`) for the paper's analysis. All models share each resample (paired)."""
    require_single(df)
    m, models = codes(df["model"])
    i, items = codes(df["task"])
    shape = (len(models), len(items))
    e, z, ap = eligible(df), passed(df), against(df)
    n, p = grid(m, i, shape, e.astype(float)), grid(m, i, shape, (e & z).astype(float))
    an, apn = grid(m, i, shape, (e & ap).astype(float)), grid(m, i, shape, (e & ap & z).astype(float))
    draws = np.random.default_rng(seed).integers(0, len(items), size=(resamples, len(items)))
    w = resample_counts(draws, len(items))
    acc_b, ap_b = _stat(p, n, w), _stat(apn, an, w)
    acc, ap_acc = ratio(p.sum(1), n.sum(1)), ratio(apn.sum(1), an.sum(1))
    table = pd.DataFrame(
        {
            **_bounds(acc, acc_b, level, "acc"),
            **_bounds(ap_acc, ap_b, level, "ap_acc"),
            **_bounds(acc - ap_acc, acc_b - ap_b, level, "delta"),
        },
        index=pd.Index(models, name="model"),
    )
    ranked = sorted(range(len(models)), key=lambda k: (-np.nan_to_num(acc[k], nan=-1.0), models[k]))
    hi_idx, lo_idx = np.array(ranked[:-1], dtype=int), np.array(ranked[1:], dtype=int)
    diff_lo, diff_hi = percentile_interval(acc_b[:, hi_idx] - acc_b[:, lo_idx], level)
    adjacent = pd.DataFrame(
        {
            "rank": np.arange(1, len(hi_idx) + 1),
            "higher": [models[k] for k in hi_idx],
            "lower": [models[k] for k in lo_idx],
            "diff": acc[hi_idx] - acc[lo_idx],
            "diff_lo": diff_lo,
            "diff_hi": diff_hi,
        }
    )
    adjacent["separated"] = (adjacent["diff_lo"] > 0) | (adjacent["diff_hi"] < 0)
    groups = _tie_groups([models[k] for k in ranked], adjacent["separated"].to_numpy())
    return BootstrapResult(table, adjacent, groups, len(items), resamples, seed, level)
