import pytest

from sensorflow import add_rolling_features, resample_readings
from factories import readings


def test_rolling_mean_and_rate_per_device():
    frame = readings(("dev-01", "2024-03-25T10:00:30+01:00", 20.0, 50.0, 80.0),
                     ("dev-01", "2024-03-25T10:15:30+01:00", 21.0, 52.0, 80.0),
                     ("dev-01", "2024-03-25T10:30:30+01:00", 23.0, 54.0, 80.0),
                     ("dev-02", "2024-03-25T10:00:30+01:00", 18.0, 40.0, 80.0))
    features = add_rolling_features(resample_readings(frame)).set_index(["device_id"])
    dev1 = features.loc["dev-01"]
    assert dev1["temp_mean"].isna().tolist() == [True, False, False]
    assert dev1["temp_mean"].iloc[2] == pytest.approx(64.0 / 3)
    assert dev1["temp_rate"].iloc[2] == pytest.approx(8.0)
    assert features.loc[["dev-02"], "temp_mean"].isna().all()


def test_rate_skips_empty_slots():
    frame = readings(("dev-01", "2024-03-25T10:00:30+01:00", 20.0, 50.0, 80.0),
                     ("dev-01", "2024-03-25T10:30:30+01:00", 21.0, 50.0, 80.0))
    features = add_rolling_features(resample_readings(frame))
    assert features["temp_rate"].iloc[2] == pytest.approx(2.0)
