"""Reading the gateway's CSV exports into a typed, UTC-indexed frame."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from .config import COLUMNS

CSV_DTYPES = {
    "device_id": "string",
    "timestamp": "string",
    "temperature": "float64",
    "humidity": "float64",
    "battery": "float64",
}


def load_readings(path: str | Path) -> pd.DataFrame:
    """Read a readings CSV and return it parsed (see `parse_readings`)."""
    return parse_readings(pd.read_csv(path, dtype=CSV_DTYPES))


def parse_readings(raw: pd.DataFrame) -> pd.DataFrame:
    """Validate and normalise raw readings.

    Keeps the known columns, strips device ids, parses timestamps (ISO 8601 with offset) to UTC, drops
    rows without a device or a timestamp and sorts by device, then time.

    Raises:
        ValueError: a required column is missing.
    """
    missing = [column for column in COLUMNS if column not in raw.columns]
    if missing:
        raise ValueError(f"readings lack required columns {missing}; got {list(raw.columns)}")
    frame = raw.loc[:, list(COLUMNS)].copy()
    frame["device_id"] = frame["device_id"].astype("string").str.strip()
    frame["timestamp"] = pd.to_datetime(frame["timestamp"], utc=True, format="ISO8601")
    frame = frame.dropna(subset=["device_id", "timestamp"])
    return frame.sort_values(["device_id", "timestamp"], ignore_index=True)
