import pandas as pd

from sensorflow import find_gaps, gap_report, resample_readings
from factories import readings, steady


def slots_with_holes():
    rows = steady("dev-01", "2024-03-25T10:00:30+01:00", 12)
    kept = [row for i, row in enumerate(rows) if i not in {2, 6, 7, 8}]
    return resample_readings(readings(*kept))


def test_runs_of_empty_slots_become_gaps():
    gaps = find_gaps(slots_with_holes())
    assert list(gaps["slots"]) == [1, 3]
    assert list(gaps["minutes"]) == [15, 45]
    assert list(gaps["start"].dt.strftime("%H:%M")) == ["10:30", "11:30"]
    assert list(gaps["end"].dt.strftime("%H:%M")) == ["10:30", "12:00"]


def test_no_gaps_gives_an_empty_frame():
    slots = resample_readings(readings(*steady("dev-01", "2024-03-25T10:00:30+01:00", 4)))
    gaps = find_gaps(slots)
    assert gaps.empty
    assert list(gaps.columns) == ["device_id", "start", "end", "slots", "minutes"]


def test_gaps_do_not_run_across_devices():
    first = steady("dev-01", "2024-03-25T10:00:30+01:00", 3)
    second = steady("dev-02", "2024-03-25T10:00:30+01:00", 3)
    slots = resample_readings(readings(first[0], first[2], second[0], second[2]))
    gaps = find_gaps(slots)
    assert list(gaps["device_id"]) == ["dev-01", "dev-02"]
    assert list(gaps["slots"]) == [1, 1]


def test_report_puts_the_worst_device_first():
    gaps = pd.DataFrame({"device_id": ["a", "b", "b"], "start": [0, 0, 0], "end": [0, 0, 0],
                         "slots": [4, 1, 2], "minutes": [60, 15, 30]})
    report = gap_report(gaps)
    assert list(report["device_id"]) == ["a", "b"]
    assert report.set_index("device_id").loc["b"].to_dict() == {
        "gaps": 2, "total_minutes": 45, "longest_minutes": 30}
