"""Numeric feature transforms: min-max scaling, z-scores and bucketing."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from .stats import mean, stdev


def minmax_scale(values: Sequence[float]) -> list[float]:
    """Rescale `values` linearly onto [0, 1]: the minimum maps to 0.0, the maximum to 1.0."""
    low, high = min(values), max(values)
    return [(value - low) / (high - low) for value in values]


def zscore(values: Sequence[float]) -> list[float]:
    """Standardise to mean 0 and sample standard deviation 1; constant input gives all 0.0."""
    centre, spread = mean(values), stdev(values)
    if spread == 0:
        return [0.0 for _ in values]
    return [(value - centre) / spread for value in values]


def bucketize(values: Sequence[float], edges: Sequence[float]) -> list[int]:
    """Bucket index per value for ascending `edges`: 0 below edges[0], len(edges) from the last."""
    return [bisect_right(edges, value) for value in values]
