"""Majority over the judge's votes: a status wins only with more than half of the configured votes."""

from __future__ import annotations

from collections import Counter

from ..schema import Status, Vote


def majority(votes: list[Vote]) -> tuple[Status, str]:
    """(status, reason). No strict majority of all votes (a split, or too many unusable answers) is an error."""
    counts = Counter(v.status for v in votes if v.status is not None)
    if counts:
        status, n = counts.most_common(1)[0]
        if n * 2 > len(votes):
            reason = next(v.reason for v in votes if v.status is status)
            return status, f"judge {n}/{len(votes)} {status}: {reason}"
    tally = ", ".join(f"{s} {n}" for s, n in sorted(counts.items()))
    unusable = [v for v in votes if v.status is None]
    detail = f"; {len(unusable)} unusable ({unusable[0].problem})" if unusable else ""
    return Status.error, f"judge has no majority of {len(votes)} votes: {tally or 'no usable vote'}{detail}"
