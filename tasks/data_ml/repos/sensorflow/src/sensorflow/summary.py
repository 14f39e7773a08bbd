"""Daily and per-device summaries for the operations dashboard."""

from __future__ import annotations

import pandas as pd

from .trend import slope_per_day


def daily_summary(slots: pd.DataFrame) -> pd.DataFrame:
    """Per device and local calendar day: slots, coverage and the day's temperature, humidity and battery.

    `coverage` is the share of the day's slots that received at least one reading.
    """
    day = slots["timestamp"].dt.date.rename("day")
    grouped = slots.assign(has_data=slots["n_readings"].gt(0)).groupby(["device_id", day], sort=True)
    summary = grouped.agg(
        slots=("n_readings", "size"),
        coverage=("has_data", "mean"),
        temp_min=("temperature", "min"),
        temp_mean=("temperature", "mean"),
        temp_max=("temperature", "max"),
        humidity_mean=("humidity", "mean"),
        battery_last=("battery", "last"),
    )
    return summary.reset_index()


def device_overview(readings: pd.DataFrame) -> pd.DataFrame:
    """Per device: readings, first and last reading, latest battery level and its drain per day."""
    rows = []
    for device, group in readings.groupby("device_id", sort=True):
        ordered = group.sort_values("timestamp")
        rows.append({
            "device_id": device,
            "readings": len(ordered),
            "first_seen": ordered["timestamp"].iloc[0],
            "last_seen": ordered["timestamp"].iloc[-1],
            "battery": ordered["battery"].iloc[-1],
            "battery_per_day": slope_per_day(ordered["timestamp"], ordered["battery"]),
        })
    return pd.DataFrame(rows)
