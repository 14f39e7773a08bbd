"""Linear trends of a measurement over time."""

from __future__ import annotations

import numpy as np
import pandas as pd

SECONDS_PER_DAY = 86_400


def slope_per_day(timestamps: pd.Series, values: pd.Series) -> float:
    """Least-squares slope of `values` against `timestamps`, in units per day; NaN values are ignored."""
    keep = values.notna().to_numpy()
    times = timestamps[keep]
    days = (times - times.min()).dt.total_seconds().to_numpy() / SECONDS_PER_DAY
    slope, _intercept = np.polyfit(days, values[keep].to_numpy(dtype=float), 1)
    return float(slope)
