"""Rolling features per device, computed on resampled slots."""

from __future__ import annotations

import pandas as pd

ROLLING_WINDOW = "1h"
MIN_PERIODS = 2


def add_rolling_features(slots: pd.DataFrame, window: str = ROLLING_WINDOW) -> pd.DataFrame:
    """Return `slots` with rolling temperature and humidity features over `window` per device.

    Adds `temp_mean`, `temp_std` and `humidity_mean` (rolling over the trailing `window`, at least
    `MIN_PERIODS` readings) and `temp_rate`, the temperature change per hour since the previous slot
    with a reading.
    """
    ordered = slots.sort_values(["device_id", "timestamp"], ignore_index=True)
    by_device = ordered.set_index("timestamp").groupby("device_id", sort=True)
    temperature = by_device["temperature"].rolling(window, min_periods=MIN_PERIODS)
    humidity = by_device["humidity"].rolling(window, min_periods=MIN_PERIODS)
    result = ordered.assign(
        temp_mean=temperature.mean().to_numpy(),
        temp_std=temperature.std().to_numpy(),
        humidity_mean=humidity.mean().to_numpy(),
    )
    present = result.dropna(subset=["temperature"])
    hours = present.groupby("device_id")["timestamp"].diff() / pd.Timedelta(hours=1)
    change = present.groupby("device_id")["temperature"].diff()
    return result.assign(temp_rate=(change / hours).reindex(result.index))
