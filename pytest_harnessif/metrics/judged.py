"""Who decided each verdict (spec 4.2): a deterministic check (including a hybrid rule's pre-check) or the judge;
and the judge-based rows left unjudged or in error. Rows without a `judge` field count as decided by the check."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from ..schema import JUDGED_METHODS
from ._arrays import ratio
from .frame import ERROR, UNJUDGED, eligible

JUDGE_METHODS = tuple(sorted(str(m) for m in JUDGED_METHODS))


def _record(value: object) -> dict | None:
    """A row's judge record: a dict (JSONL rows) or its JSON text (CSV/Parquet rows); None when absent."""
    if isinstance(value, dict):
        return value
    return json.loads(value) if isinstance(value, str) and value else None


def _records(df: pd.DataFrame) -> list[dict | None]:
    """Every row's judge record (None for rows the judge did not decide), each parsed once."""
    return [_record(v) for v in df["judge"]] if "judge" in df.columns else [None] * len(df)


def _split(record: dict | None) -> bool:
    """A judge decision whose votes were not unanimous (a 2-1 majority, or an unusable vote among them)."""
    return record is not None and len({v.get("status") for v in record.get("votes", [])}) > 1


def decided_by(df: pd.DataFrame) -> pd.DataFrame:
    """Per model and `all`: eligible verdicts decided deterministically vs by the judge (counts, judge share), of
    those the judge's non-unanimous decisions (`judge_split`, a within-judge consistency signal), and the
    judge-based rows that were unjudged (no judge configured) or judge errors (no majority)."""
    records, e = _records(df), eligible(df)
    judged = np.array([r is not None for r in records], dtype=bool)
    based = df["method"].isin(JUDGE_METHODS).to_numpy()
    frame = pd.DataFrame(
        {
            "model": df["model"].to_numpy(),
            "eligible": e,
            "deterministic": e & ~judged,
            "judge": e & judged,
            "judge_split": e & np.array([_split(r) for r in records], dtype=bool),
            "judge_based_rows": based,
            "unjudged": (df["scored"] == UNJUDGED).to_numpy(),
            "judge_errors": (df["scored"] == ERROR).to_numpy() & judged,
        }
    )
    table = frame.groupby("model").sum().astype(int)
    table.loc["all"] = table.sum()
    table["judge_share"] = ratio(table["judge"].to_numpy(float), table["eligible"].to_numpy(float))
    return table
