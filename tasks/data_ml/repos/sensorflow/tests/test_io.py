import pandas as pd
import pytest

from sensorflow import load_readings, parse_readings
from factories import readings


def test_offsets_are_parsed_to_utc():
    frame = readings(("dev-01", "2024-03-31T01:45:10+01:00", 20.0, 50.0, 80.0),
                     ("dev-01", "2024-03-31T03:00:05+02:00", 20.5, 50.0, 80.0))
    assert list(frame["timestamp"].dt.strftime("%H:%M:%S")) == ["00:45:10", "01:00:05"]
    assert str(frame["timestamp"].dt.tz) == "UTC"


def test_rows_are_cleaned_and_sorted():
    frame = readings((" dev-02 ", "2024-03-25T10:00:00+01:00", 21.0, 40.0, 70.0),
                     ("dev-01", "2024-03-25T10:15:00+01:00", 20.0, 41.0, 71.0),
                     ("dev-01", None, 19.0, 42.0, 72.0))
    assert list(frame["device_id"]) == ["dev-01", "dev-02"]


def test_missing_column_is_reported():
    with pytest.raises(ValueError, match="battery"):
        parse_readings(pd.DataFrame({"device_id": ["a"], "timestamp": ["2024-01-01T00:00:00Z"],
                                     "temperature": [1.0], "humidity": [2.0]}))


def test_load_readings_reads_the_gateway_format(tmp_path):
    path = tmp_path / "readings.csv"
    path.write_text("device_id,timestamp,temperature,humidity,battery\n"
                    "dev-07,2024-03-25T00:00:21+01:00,19.15,50.6,76.9\n", encoding="utf-8")
    frame = load_readings(path)
    assert frame.loc[0, "device_id"] == "dev-07"
    assert frame.loc[0, "temperature"] == pytest.approx(19.15)
