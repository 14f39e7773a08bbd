"""Verdict rows -> one scored analysis frame per population: the entry point of every report.

Reports take `Rows | Panels`: rows are scored here once (`panels`), and a caller that already has the
panels (the end-of-session summary, which prints and writes from the same analysis) hands them on as they
are."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from .cascade import score
from .frame import to_frame
from .populations import split

Rows = Iterable[Mapping[str, Any]] | pd.DataFrame
Panels = Mapping[str, pd.DataFrame]


def panels(rows: Rows) -> dict[str, pd.DataFrame]:
    """One frame per population (never pooled, spec 0), each with the cascade rules applied (spec 4.4)."""
    return {name: score(frame) for name, frame in split(to_frame(rows)).items()}


def as_panels(data: Rows | Panels) -> Panels:
    """`data` if it already is the panels (population -> scored frame), else the panels of its rows."""
    if isinstance(data, Mapping) and all(isinstance(v, pd.DataFrame) for v in data.values()):
        return data
    return panels(data)  # type: ignore[arg-type]
