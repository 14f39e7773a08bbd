from pathlib import Path

import pytest

from kilnworks.schedule import Schedule, ScheduleError, Segment, format_minutes, load, parse

SCHEDULES = Path(__file__).resolve().parent.parent / "schedules"


def test_parse_reads_segments_name_and_start() -> None:
    schedule = parse("# name: test fire\n# start: 30\n100 600 10\n200 1000 0\n", "t.txt")
    assert schedule == Schedule("test fire", 30, (Segment(100, 600, 10), Segment(200, 1000, 0)))


def test_minutes_adds_ramps_and_holds() -> None:
    schedule = Schedule("s", 20, (Segment(100, 620, 30), Segment(50, 720, 0)))
    assert schedule.minutes() == 360 + 30 + 120


def test_minutes_round_up_to_the_minute() -> None:
    assert Schedule("s", 20, (Segment(7, 21, 0),)).minutes() == 9


def test_peak_is_the_highest_target() -> None:
    assert load(SCHEDULES / "glaze-cone6.txt").peak() == 1222


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("100 600\n", "t.txt:1: expected RATE TARGET HOLD"),
        ("0 600 0\n", "t.txt:1: rate must be positive"),
        ("100 1400 0\n", "t.txt:1: target 1400 is above 1300"),
        ("100 600 -5\n", "t.txt:1: hold cannot be negative"),
        ("100 six 0\n", "t.txt:1: 'six' is not a whole number"),
        ("# only a comment\n", "t.txt: no segments"),
    ],
)
def test_parse_rejects_bad_lines(text: str, message: str) -> None:
    with pytest.raises(ScheduleError, match=message):
        parse(text, "t.txt")


def test_format_minutes_hours_and_minutes() -> None:
    assert format_minutes(135) == "2:15"


@pytest.mark.parametrize("path", sorted(SCHEDULES.glob("*.txt")), ids=lambda p: p.name)
def test_studio_schedules_parse(path: Path) -> None:
    assert load(path).segments
