"""Generate `data/readings.csv`: one week of readings from six sensors, seeded so the file is reproducible.

The sensors report every 15 minutes with a few seconds of jitter. The generator reproduces what the real
fleet does: single lost readings, longer outages, an occasional duplicate transmission, a few
implausible values, batteries draining at different rates and one sensor (dev-03) whose temperature
drifts slowly upwards. Timestamps are written in the site's local time with their UTC offset, like the
gateway exports them; the week includes the switch to summer time on 2024-03-31.

    python scripts/make_data.py            # rewrites data/readings.csv
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

SEED = 20240401
SITE_TZ = "Europe/Berlin"
START = "2024-03-25 00:00"
END = "2024-04-01 00:00"
CADENCE = "15min"
OUT = Path(__file__).resolve().parent.parent / "data" / "readings.csv"

# device: (base temperature, base humidity, battery at start, battery drain per day, drift per day)
DEVICES = {
    "dev-01": (21.2, 44.0, 92.0, 0.4, 0.0),
    "dev-02": (20.4, 48.5, 77.0, 0.6, 0.0),
    "dev-03": (21.9, 42.0, 88.0, 0.5, 0.35),
    "dev-04": (19.8, 51.0, 64.0, 0.7, 0.0),
    "dev-05": (22.3, 39.5, 27.5, 1.6, 0.0),
    "dev-06": (20.9, 46.0, 96.0, 0.3, 0.0),
}
# device: [(first missing slot in local time, number of slots)]
OUTAGES = {
    "dev-01": [("2024-03-28 14:30", 2)],
    "dev-02": [("2024-03-26 09:15", 3), ("2024-03-29 21:00", 2), ("2024-03-30 06:45", 6)],
    "dev-04": [("2024-03-27 01:00", 20), ("2024-03-29 11:30", 3), ("2024-03-31 16:00", 12)],
    "dev-05": [("2024-03-26 18:00", 4)],
    "dev-06": [("2024-03-28 03:15", 8), ("2024-03-30 12:00", 2)],
}
LOST_READING_RATE = 0.012
DUPLICATE_RATE = 0.004
# (device, local time of the reading, column, value)
GLITCHES = [
    ("dev-01", "2024-03-27 10:15", "temperature", 127.5),
    ("dev-04", "2024-03-30 19:45", "humidity", -3.0),
    ("dev-06", "2024-03-26 08:30", "temperature", 31.8),
]


def device_readings(rng: np.random.Generator, device: str, slots: pd.DatetimeIndex) -> pd.DataFrame:
    """Readings of one device on `slots` (tz-aware), before outages and glitches."""
    base_temp, base_hum, battery0, drain, drift = DEVICES[device]
    local_hours = slots.hour + slots.minute / 60
    days = (slots - slots[0]).total_seconds().to_numpy() / 86_400
    daily = np.sin((local_hours.to_numpy() - 9) / 24 * 2 * np.pi)
    temperature = base_temp + 1.4 * daily + drift * days + rng.normal(0, 0.15, len(slots))
    humidity = base_hum - 3.0 * daily + rng.normal(0, 0.8, len(slots))
    battery = battery0 - drain * days + rng.normal(0, 0.1, len(slots))
    jitter = pd.to_timedelta(rng.integers(3, 58, len(slots)), unit="s")
    return pd.DataFrame({
        "device_id": device,
        "timestamp": slots + jitter,
        "temperature": temperature.round(2),
        "humidity": humidity.clip(0, 100).round(1),
        "battery": battery.clip(0, 100).round(1),
    })


def apply_outages(frame: pd.DataFrame, device: str) -> pd.DataFrame:
    """Drop the readings inside the device's scheduled outages."""
    keep = pd.Series(True, index=frame.index)
    for first, count in OUTAGES.get(device, []):
        start = pd.Timestamp(first, tz=SITE_TZ)
        end = start + count * pd.Timedelta(CADENCE)
        keep &= ~frame["timestamp"].between(start, end, inclusive="left")
    return frame.loc[keep]


def build(rng: np.random.Generator) -> pd.DataFrame:
    """All devices' readings, sorted by timestamp, as the gateway would export them."""
    slots = pd.date_range(START, END, freq=CADENCE, tz=SITE_TZ, inclusive="left")
    frames = []
    for device in DEVICES:
        frame = apply_outages(device_readings(rng, device, slots), device)
        lost = rng.random(len(frame)) < LOST_READING_RATE
        frame = frame.loc[~lost]
        dupes = frame.loc[rng.random(len(frame)) < DUPLICATE_RATE]
        dupes = dupes.assign(timestamp=dupes["timestamp"] + pd.Timedelta(seconds=1))
        frames.extend([frame, dupes])
    readings = pd.concat(frames, ignore_index=True)
    for device, when, column, value in GLITCHES:
        slot = pd.Timestamp(when, tz=SITE_TZ)
        hit = (readings["device_id"] == device) & readings["timestamp"].between(
            slot, slot + pd.Timedelta(CADENCE), inclusive="left")
        readings.loc[hit, column] = value
    return readings.sort_values(["timestamp", "device_id"], ignore_index=True)


def main() -> None:
    """Write the CSV with local timestamps in ISO 8601 with their offset."""
    readings = build(np.random.default_rng(SEED))
    stamps = readings["timestamp"].dt.strftime("%Y-%m-%dT%H:%M:%S%z")
    readings["timestamp"] = stamps.str.replace(r"(\d\d)(\d\d)$", r"\1:\2", regex=True)
    OUT.parent.mkdir(exist_ok=True)
    readings.to_csv(OUT, index=False)
    print(f"wrote {len(readings)} readings to {OUT}")


if __name__ == "__main__":
    main()
