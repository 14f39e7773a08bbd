import pandas as pd

from sensorflow import resample_readings
from factories import readings, steady


def test_readings_are_averaged_per_slot():
    frame = readings(("dev-01", "2024-03-25T10:01:00+01:00", 20.0, 50.0, 80.0),
                     ("dev-01", "2024-03-25T10:09:00+01:00", 21.0, 52.0, 80.0),
                     ("dev-01", "2024-03-25T10:16:00+01:00", 22.0, 54.0, 79.0))
    slots = resample_readings(frame)
    assert list(slots["timestamp"].dt.strftime("%H:%M")) == ["10:00", "10:15"]
    assert list(slots["temperature"]) == [20.5, 22.0]
    assert list(slots["n_readings"]) == [2, 1]


def test_empty_slots_between_readings_are_kept():
    frame = readings(("dev-01", "2024-03-25T10:01:00+01:00", 20.0, 50.0, 80.0),
                     ("dev-01", "2024-03-25T10:46:00+01:00", 21.0, 50.0, 80.0))
    slots = resample_readings(frame)
    assert list(slots["n_readings"]) == [1, 0, 0, 1]
    assert slots["temperature"].isna().sum() == 2


def test_devices_are_resampled_separately():
    frame = readings(*steady("dev-02", "2024-03-25T10:00:30+01:00", 3, 18.0),
                     *steady("dev-01", "2024-03-25T11:00:30+01:00", 2, 22.0))
    slots = resample_readings(frame)
    assert slots.groupby("device_id").size().to_dict() == {"dev-01": 2, "dev-02": 3}
    assert slots.loc[slots["device_id"] == "dev-01", "temperature"].eq(22.0).all()


def test_no_readings_give_an_empty_frame():
    slots = resample_readings(readings())
    assert slots.empty
    assert "n_readings" in slots.columns
