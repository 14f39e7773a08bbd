"""Rates: how many requests, per how long, with how much burst."""

from __future__ import annotations

import re
from dataclasses import dataclass

UNITS: dict[str, float] = {
    "s": 1.0,
    "sec": 1.0,
    "second": 1.0,
    "min": 60.0,
    "minute": 60.0,
    "h": 3600.0,
    "hour": 3600.0,
    "d": 86400.0,
    "day": 86400.0,
}

_RATE_RE = re.compile(r"\s*(?P<limit>\d+)\s*/\s*(?P<count>\d*)\s*(?P<unit>[a-z]+)\s*")


@dataclass(frozen=True)
class Rate:
    """*limit* tokens per *period* seconds; the bucket holds *burst* tokens (default *limit*)."""

    limit: int
    period: float
    burst: int | None = None

    def __post_init__(self) -> None:
        if self.limit <= 0:
            raise ValueError(f"limit must be positive, got {self.limit}")
        if self.period <= 0:
            raise ValueError(f"period must be positive, got {self.period}")
        if self.burst is not None and self.burst < 1:
            raise ValueError(f"burst must be at least 1, got {self.burst}")

    @property
    def capacity(self) -> int:
        """Bucket size: the most tokens that can be spent at once."""
        return self.burst if self.burst is not None else self.limit

    @property
    def per_second(self) -> float:
        """Refill speed in tokens per second."""
        return self.limit / self.period

    def __str__(self) -> str:
        return f"{self.limit}/{self.period:g}s"


def parse_rate(text: str, *, burst: int | None = None) -> Rate:
    """Parse ``"100/min"``, ``"10/5s"``, ``"5000/hour"`` and the like."""
    match = _RATE_RE.fullmatch(text.lower())
    unit = match["unit"] if match else ""
    if unit not in UNITS and unit.endswith("s"):
        unit = unit[:-1]  # "hours", "mins"
    if match is None or unit not in UNITS:
        raise ValueError(f"not a rate: {text!r} (expected something like '100/min')")
    count = int(match["count"]) if match["count"] else 1
    return Rate(int(match["limit"]), count * UNITS[unit], burst)
