"""Descriptive statistics over plain sequences of floats."""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean; raises ValueError for an empty sequence."""
    if not values:
        raise ValueError("mean of an empty sequence")
    return sum(values) / len(values)


def median(values: Sequence[float]) -> float:
    """Middle value of the sorted data; the mean of the two middle values for even lengths."""
    if not values:
        raise ValueError("median of an empty sequence")
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2


def stdev(values: Sequence[float]) -> float:
    """Sample standard deviation (n - 1 denominator); 0.0 for fewer than two values."""
    if len(values) < 2:
        return 0.0
    centre = mean(values)
    return math.sqrt(sum((v - centre) ** 2 for v in values) / (len(values) - 1))


def describe(values: Sequence[float]) -> dict[str, float]:
    """Count, mean, median, sample standard deviation, min and max of `values`."""
    return {
        "count": float(len(values)),
        "mean": mean(values),
        "median": median(values),
        "stdev": stdev(values),
        "min": min(values),
        "max": max(values),
    }
