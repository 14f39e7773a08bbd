"""Firing schedules: a list of segments, each a ramp at a rate to a target temperature and a hold.

A schedule file has one segment per line, `RATE TARGET HOLD` (degrees Celsius per hour, degrees
Celsius, minutes), with `#` comments and an optional `# name: ...` line. Firing starts at room
temperature (20 C unless the file says `# start: N`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOM_TEMPERATURE = 20
MAX_TEMPERATURE = 1300


class ScheduleError(ValueError):
    """A schedule file that cannot be fired: the file and line are in the message."""


@dataclass(frozen=True)
class Segment:
    """Ramp at `rate` degrees C per hour to `target` degrees C, then hold for `hold` minutes."""

    rate: int
    target: int
    hold: int


@dataclass(frozen=True)
class Schedule:
    """A named firing program starting at `start` degrees C."""

    name: str
    start: int
    segments: tuple[Segment, ...]

    def minutes(self) -> int:
        """Total firing time in minutes: every ramp plus every hold, rounded up to the minute."""
        total = 0.0
        current = self.start
        for seg in self.segments:
            total += abs(seg.target - current) / seg.rate * 60 + seg.hold
            current = seg.target
        return int(-(-total // 1))

    def peak(self) -> int:
        """The highest target of any segment."""
        return max(seg.target for seg in self.segments)


def format_minutes(minutes: int) -> str:
    """`H:MM` for a duration in minutes."""
    hours, rest = divmod(minutes, 60)
    return f"{hours}:{rest}"


def parse(text: str, source: str = "<schedule>") -> Schedule:
    """Parse a schedule file's text; raise ScheduleError naming `source` and the line."""
    name, start = Path(source).stem, ROOM_TEMPERATURE
    segments: list[Segment] = []
    current = start
    for number, raw in enumerate(text.splitlines(), 1):
        line, _, comment = raw.partition("#")
        key, sep, value = comment.partition(":")
        if not line.strip() and sep:
            if key.strip() == "name":
                name = value.strip()
            elif key.strip() == "start":
                start = current = _number(value, source, number)
        if not line.strip():
            continue
        fields = line.split()
        if len(fields) != 3:
            got = line.strip()
            raise ScheduleError(f"{source}:{number}: expected RATE TARGET HOLD, got {got!r}")
        rate, target, hold = (_number(f, source, number) for f in fields)
        if rate <= 0:
            raise ScheduleError(f"{source}:{number}: rate must be positive")
        if target <= current:
            raise ScheduleError(f"{source}:{number}: target {target} is not above {current}")
        if target > MAX_TEMPERATURE:
            raise ScheduleError(f"{source}:{number}: target {target} is above {MAX_TEMPERATURE}")
        if hold < 0:
            raise ScheduleError(f"{source}:{number}: hold cannot be negative")
        segments.append(Segment(rate, target, hold))
        current = target
    if not segments:
        raise ScheduleError(f"{source}: no segments")
    return Schedule(name, start, tuple(segments))


def load(path: Path) -> Schedule:
    """Read and parse a schedule file."""
    return parse(path.read_text(encoding="utf-8"), str(path))


def _number(text: str, source: str, number: int) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ScheduleError(f"{source}:{number}: {text.strip()!r} is not a whole number") from None
