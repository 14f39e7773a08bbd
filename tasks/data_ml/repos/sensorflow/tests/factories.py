"""Small builders for test frames, so each test states its readings inline."""

from __future__ import annotations

import pandas as pd

from sensorflow import parse_readings


def readings(*rows: tuple) -> pd.DataFrame:
    """Parsed readings from `(device_id, timestamp, temperature, humidity, battery)` tuples."""
    raw = pd.DataFrame(rows, columns=["device_id", "timestamp", "temperature", "humidity", "battery"])
    return parse_readings(raw)


def steady(device: str, start: str, count: int, temperature: float = 20.0,
           step: str = "15min") -> list[tuple]:
    """`count` readings of one device, `step` apart from `start`, all with the same values."""
    times = pd.date_range(start, periods=count, freq=step)
    return [(device, t.isoformat(), temperature, 50.0, 80.0) for t in times]
