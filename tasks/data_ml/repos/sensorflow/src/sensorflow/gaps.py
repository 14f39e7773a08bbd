"""Finding runs of empty slots (gaps) in resampled readings."""

from __future__ import annotations

import pandas as pd

from .config import SAMPLE_FREQ

GAP_COLUMNS = ("device_id", "start", "end", "slots", "minutes")


def find_gaps(slots: pd.DataFrame, freq: str = SAMPLE_FREQ) -> pd.DataFrame:
    """Every run of consecutive empty slots (`n_readings == 0`) of a device.

    Returns one row per gap: the device, the first and last empty slot, the number of slots and the
    length in minutes. Only gaps between a device's first and last reading can be seen.
    """
    ordered = slots.sort_values(["device_id", "timestamp"], ignore_index=True)
    empty = ordered["n_readings"].eq(0)
    boundary = empty.ne(empty.shift()) | ordered["device_id"].ne(ordered["device_id"].shift())
    run = boundary.cumsum()
    if not empty.any():
        return pd.DataFrame(columns=list(GAP_COLUMNS))
    gaps = (
        ordered.loc[empty]
        .groupby(run[empty], sort=True)
        .agg(
            device_id=("device_id", "first"),
            start=("timestamp", "first"),
            end=("timestamp", "last"),
            slots=("timestamp", "size"),
        )
        .reset_index(drop=True)
    )
    slot_minutes = pd.Timedelta(freq) / pd.Timedelta(minutes=1)
    gaps["minutes"] = (gaps["slots"] * slot_minutes).astype("int64")
    return gaps.loc[:, list(GAP_COLUMNS)]


def gap_report(gaps: pd.DataFrame) -> pd.DataFrame:
    """Per device: number of gaps, missing minutes in total and the longest gap, worst device first."""
    report = gaps.groupby("device_id", sort=True).agg(
        gaps=("minutes", "size"),
        total_minutes=("minutes", "sum"),
        longest_minutes=("minutes", "max"),
    )
    return report.sort_values(["total_minutes", "gaps"], ascending=False).reset_index()
