"""The four populations (spec 0) are never pooled: split rows by population, refuse mixed aggregates."""

from __future__ import annotations

import pandas as pd

MAIN, ZERO_INJECTION, E0, NONCODING = "main", "zero_injection", "e0", "noncoding"
ORDER = (MAIN, ZERO_INJECTION, E0, NONCODING)


class PopulationError(ValueError):
    """An aggregate was asked to pool verdicts of more than one population."""


def require_single(df: pd.DataFrame) -> str | None:
    """The one population of `df` (None when empty); raises PopulationError on mixed input (spec 0)."""
    found = sorted(df["population"].unique()) if "population" in df.columns else [MAIN]
    if len(found) > 1:
        raise PopulationError(
            f"verdicts of populations {', '.join(found)} cannot be pooled in one aggregate (spec 0); "
            "split them with metrics.populations.split() and analyse each on its own"
        )
    return found[0] if found else None


def _order(name: str) -> tuple[int, str]:
    return (ORDER.index(name) if name in ORDER else len(ORDER), name)


def split(df: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """One frame per population, in the order main, zero_injection, e0, noncoding, then others by name."""
    groups = {str(k): g.reset_index(drop=True) for k, g in df.groupby("population", sort=False)}
    return {k: groups[k] for k in sorted(groups, key=_order)}
