import pytest

from sensorflow import daily_summary, device_overview, resample_readings, slope_per_day
from factories import readings, steady


def test_daily_summary_reports_coverage_per_local_day():
    rows = steady("dev-01", "2024-03-25T23:00:30+01:00", 8)
    slots = resample_readings(readings(*rows[:3], *rows[5:]))
    summary = daily_summary(slots)
    assert [str(day) for day in summary["day"]] == ["2024-03-25", "2024-03-26"]
    assert summary["slots"].tolist() == [4, 4]
    assert summary["coverage"].tolist() == [0.75, 0.75]


def test_device_overview_gives_battery_drain_per_day():
    rows = [("dev-01", f"2024-03-2{day}T12:00:00+01:00", 20.0, 50.0, 90.0 - 2 * day) for day in range(5, 9)]
    overview = device_overview(readings(*rows))
    assert overview.loc[0, "readings"] == 4
    assert overview.loc[0, "battery"] == pytest.approx(74.0)
    assert overview.loc[0, "battery_per_day"] == pytest.approx(-2.0)


def test_slope_ignores_missing_values():
    frame = readings(("dev-01", "2024-03-25T00:00:00+00:00", 10.0, 50.0, 80.0),
                     ("dev-01", "2024-03-26T00:00:00+00:00", None, 50.0, 80.0),
                     ("dev-01", "2024-03-27T00:00:00+00:00", 11.0, 50.0, 80.0))
    assert slope_per_day(frame["timestamp"], frame["temperature"]) == pytest.approx(0.5)
