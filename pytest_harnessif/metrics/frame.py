"""The analysis frame: verdict rows as a pandas DataFrame with normalised columns (spec 4.1, 9.5).

Every metric reads `scored`, the status after the cascade rules (spec 4.4); `to_frame` sets it to the raw
`status`, and `cascade.score` (or `populations.panels`) applies dedup and the fairness audit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pandas as pd

from ..schema import Prior, Severity, Status

PASS, FAIL, NA, ERROR = Status.passed.value, Status.failed.value, Status.na.value, Status.error.value
PARTIAL = Status.partial.value
UNJUDGED = Status.unjudged.value  # a judge-based rule in a session without a judge: counted apart, never eligible
UNTESTABLE = "untestable"  # the scored status the cascade-fairness audit sets, never a check's verdict
STATUSES = tuple(s.value for s in Status)
AGAINST = Prior.against.value
SEVERITY_WEIGHT = {s.value: s.weight for s in Severity}
REQUIRED = ("model", "task", "round", "rule", "status")
DEFAULTS: dict[str, Any] = {
    "population": "main",
    "probe": None,
    "scenario": None,
    "family": None,
    "modality": None,
    "prior": "neutral",
    "lineage": "unknown",
    "surface": None,
    "severity": "must",
    "method": None,
    "checks": "substance",
    "artifact": None,
}


def to_frame(rows: Iterable[Mapping[str, Any]] | pd.DataFrame) -> pd.DataFrame:
    """Verdict rows (dicts as in `verdicts.jsonl`, or a frame) as an analysis frame.

    Only model, task, round, rule and status are required; other fields get `DEFAULTS` (None = unknown).
    Adds `scored` (= status) and `deduped` (False). Raises ValueError on a missing column or unknown status.
    """
    df = rows.copy() if isinstance(rows, pd.DataFrame) else pd.DataFrame.from_records(list(rows))
    if df.empty and not len(df.columns):
        df = pd.DataFrame({c: pd.Series(dtype=object) for c in REQUIRED})
    missing = [c for c in REQUIRED if c not in df.columns]
    if missing:
        raise ValueError(f"verdict rows lack required field(s): {', '.join(missing)}")
    for col, default in DEFAULTS.items():
        if col not in df.columns:
            df[col] = default
        elif default is not None:
            df[col] = df[col].where(df[col].notna(), default)
    unknown = sorted(set(df["status"].unique()) - set(STATUSES))
    if unknown:
        raise ValueError(f"unknown verdict status(es) {unknown}; expected one of {list(STATUSES)}")
    df["round"] = df["round"].astype(np.int64)
    df["scored"] = df["status"].astype(object)
    df["deduped"] = False
    return df.reset_index(drop=True)


def eligible(df: pd.DataFrame) -> np.ndarray:
    """Rows in the Acc denominator: scored pass or fail (spec 4.1)."""
    return df["scored"].isin((PASS, FAIL)).to_numpy()


def passed(df: pd.DataFrame) -> np.ndarray:
    """Rows scored pass."""
    return (df["scored"] == PASS).to_numpy()


def against(df: pd.DataFrame) -> np.ndarray:
    """Rows whose rule's final prior label is against_prior (spec 5.4)."""
    return (df["prior"] == AGAINST).to_numpy()
