"""Verdict rows -> one scored analysis frame per population: the entry point of every report."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from .cascade import score
from .frame import to_frame
from .populations import split


def panels(rows: Iterable[Mapping[str, Any]] | pd.DataFrame) -> dict[str, pd.DataFrame]:
    """One frame per population (never pooled, spec 0), each with the cascade rules applied (spec 4.4)."""
    return {name: score(frame) for name, frame in split(to_frame(rows)).items()}
