"""Equal-width binning of model scores, for the dashboard's score panels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Bin(NamedTuple):
    """One score bin: the range [lower, upper) and the positions of the scores that fell in it."""

    lower: float
    upper: float
    members: tuple[int, ...]


def equal_width_bins(scores: Sequence[float], n_bins: int = 10) -> list[Bin]:
    """Split [0, 1] into `n_bins` bins of equal width and place each score in one, lowest first.

    Bin i covers [i / n_bins, (i + 1) / n_bins); a score of exactly 1.0 goes into the last bin.
    Raises ValueError when `n_bins` is below 1 or a score lies outside [0, 1].
    """
    if n_bins < 1:
        raise ValueError(f"n_bins must be at least 1, got {n_bins}")
    members: dict[int, list[int]] = {}
    for position, score in enumerate(scores):
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score {score} at position {position} is outside [0, 1]")
        index = min(int(score * n_bins), n_bins - 1)
        members.setdefault(index, []).append(position)
    return [Bin(i / n_bins, (i + 1) / n_bins, tuple(found)) for i, found in sorted(members.items())]


def score_histogram(scores: Sequence[float], n_bins: int = 10) -> list[tuple[float, float, int]]:
    """`(lower, upper, count)` for each bin of `equal_width_bins`: the score distribution panel."""
    return [(b.lower, b.upper, len(b.members)) for b in equal_width_bins(scores, n_bins)]
