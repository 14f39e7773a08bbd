"""Flagging implausible readings: values outside the sensor's range and sudden spikes."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .config import VALID_RANGES

SPIKE_THRESHOLD = 3.5
# Scales the median absolute deviation so the robust z-score matches a z-score for normal data.
MAD_SCALE = 0.6745


def flag_outliers(readings: pd.DataFrame, threshold: float = SPIKE_THRESHOLD) -> pd.DataFrame:
    """Return `readings` with two boolean columns.

    `out_of_range` marks a reading with any measurement outside `VALID_RANGES`. `spike` marks a
    temperature whose robust z-score (from the device's median and median absolute deviation) exceeds
    `threshold`; out-of-range readings are left out of the device's median and deviation.
    """
    out_of_range = pd.Series(False, index=readings.index)
    for column, (low, high) in VALID_RANGES.items():
        values = readings[column]
        out_of_range |= values.notna() & ~values.between(low, high)
    usable = readings["temperature"].where(~out_of_range)
    by_device = usable.groupby(readings["device_id"])
    median = by_device.transform("median")
    mad = (usable - median).abs().groupby(readings["device_id"]).transform("median")
    score = MAD_SCALE * (usable - median) / mad.replace(0, np.nan)
    spike = score.abs().gt(threshold).fillna(False).astype(bool)
    return readings.assign(out_of_range=out_of_range, spike=spike)
