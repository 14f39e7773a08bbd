"""Putting each device's irregular readings on a fixed grid of time slots."""

from __future__ import annotations

import pandas as pd

from .config import MEASUREMENTS, SAMPLE_FREQ, SITE_TZ

SLOT_COLUMNS = ("device_id", "timestamp", *MEASUREMENTS, "n_readings")


def resample_readings(readings: pd.DataFrame, freq: str = SAMPLE_FREQ) -> pd.DataFrame:
    """Resample every device onto slots of `freq`, aligned to the site's wall clock.

    Each slot holds the mean of the readings that fall into it and `n_readings`, their number. Slots
    between a device's first and last reading that received nothing keep NaN measurements and
    `n_readings == 0`, so gaps stay visible downstream. `timestamp` is the start of the slot in local time.
    """
    parts = [
        _resample_device(str(device), group, freq)
        for device, group in readings.groupby("device_id", sort=True)
    ]
    if not parts:
        return pd.DataFrame(columns=list(SLOT_COLUMNS))
    return pd.concat(parts, ignore_index=True)


def _resample_device(device: str, group: pd.DataFrame, freq: str) -> pd.DataFrame:
    """The slots of one device."""
    wall_clock = group["timestamp"].dt.tz_convert(SITE_TZ).dt.tz_localize(None)
    slots = group.loc[:, list(MEASUREMENTS)].set_axis(wall_clock).resample(freq)
    out = slots.mean()
    out["n_readings"] = slots.size().astype("int64")
    out = out.rename_axis("timestamp").reset_index()
    out.insert(0, "device_id", device)
    return out.loc[:, list(SLOT_COLUMNS)]
