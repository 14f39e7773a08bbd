from sensorflow import flag_outliers
from factories import readings, steady


def test_values_outside_the_sensor_range_are_flagged():
    frame = readings(("dev-01", "2024-03-25T10:00:00+01:00", 127.5, 50.0, 80.0),
                     ("dev-01", "2024-03-25T10:15:00+01:00", 21.0, -3.0, 80.0),
                     ("dev-01", "2024-03-25T10:30:00+01:00", 21.0, 50.0, 80.0))
    flagged = flag_outliers(frame)
    assert flagged["out_of_range"].tolist() == [True, True, False]


def test_spikes_are_judged_against_the_device_itself():
    rows = steady("dev-01", "2024-03-25T10:00:00+01:00", 8, 20.0)
    rows = [(d, t, temp + 0.1 * (i % 3), h, b) for i, (d, t, temp, h, b) in enumerate(rows)]
    rows[5] = ("dev-01", rows[5][1], 26.0, 50.0, 80.0)
    warm = steady("dev-02", "2024-03-25T10:00:00+01:00", 8, 26.0)
    flagged = flag_outliers(readings(*rows, *warm))
    assert flagged.loc[flagged["spike"], "device_id"].tolist() == ["dev-01"]
    assert flagged.loc[flagged["spike"], "temperature"].tolist() == [26.0]


def test_constant_device_has_no_spikes():
    flagged = flag_outliers(readings(*steady("dev-01", "2024-03-25T10:00:00+01:00", 5)))
    assert not flagged["spike"].any()
