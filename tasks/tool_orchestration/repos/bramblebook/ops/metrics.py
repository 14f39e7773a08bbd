"""metrics: query bramblebook's time series (one point per hour and environment).

    python ops/metrics.py list
    python ops/metrics.py query SERIES [--env ENV] [--from TIME] [--to TIME] [--window 6h|2d]
                                       [--step 1h|6h|1d]

Times are UTC, ISO 8601 (2025-09-12T14:00 or 2025-09-12). Without --from/--to a query covers
the last 24 hours of data; --window sets the length (back from --to, or forward from --from).
A coarser --step averages the hourly points of each bucket.
"""

from __future__ import annotations

import argparse
import csv
import sqlite3
import sys
from collections.abc import Sequence
from datetime import datetime, timedelta

from _service import SEED, ToolError, serve, table

SERIES = {
    "bookings.requests_per_hour": "POST /bookings requests per hour",
    "bookings.error_rate_pct": "share of POST /bookings answered 5xx, %",
    "bookings.latency_p95_ms": "95th percentile of POST /bookings latency, ms",
    "cancellations.per_hour": "bookings cancelled per hour",
    "waitlist.length": "members waiting, summed over upcoming workshops",
}
STEPS = {"1h": 1, "6h": 6, "1d": 24}


def seed(conn: sqlite3.Connection) -> None:
    """The hourly points of seed/metrics.csv (ts, env, series, value)."""
    conn.execute("CREATE TABLE points (ts TEXT, env TEXT, series TEXT, value REAL)")
    with (SEED / "metrics.csv").open(encoding="utf-8", newline="") as f:
        rows = [(r["ts"], r["env"], r["series"], float(r["value"])) for r in csv.DictReader(f)]
    conn.executemany("INSERT INTO points VALUES (?, ?, ?, ?)", rows)
    conn.execute("CREATE INDEX points_series ON points (series, env, ts)")


def _time(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text.removesuffix("Z"))
    except ValueError:
        raise ToolError(f"not a time: {text!r} (use 2025-09-12T14:00 or 2025-09-12)") from None


def _span(text: str) -> timedelta:
    amount, unit = text[:-1], text[-1:]
    if not amount.isdigit() or unit not in "hd" or int(amount) == 0:
        raise ToolError(f"not a window: {text!r} (use hours or days: 6h, 2d)")
    return timedelta(hours=int(amount) * (24 if unit == "d" else 1))


def list_series(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    first, last = conn.execute("SELECT min(ts), max(ts) FROM points").fetchone()
    print(table([[name, unit] for name, unit in SERIES.items()], ["series", "meaning"]))
    print(f"\nhourly points from {first} to {last}; environments: staging, production")


def query(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    if ns.series not in SERIES:
        raise ToolError(f"unknown series {ns.series!r} (see `metrics list`)")
    last = _time(conn.execute("SELECT max(ts) FROM points").fetchone()[0])
    end = _time(ns.to) if ns.to else last + timedelta(hours=1)
    span = _span(ns.window) if ns.window else timedelta(hours=24)
    if ns.start and ns.window and not ns.to:
        start, end = _time(ns.start), _time(ns.start) + span
    else:
        start = _time(ns.start) if ns.start else end - span
    if start >= end:
        raise ToolError("--from must be before --to")
    points = conn.execute(
        "SELECT ts, value FROM points WHERE series = ? AND env = ? AND ts >= ? AND ts < ? ORDER BY ts",
        (ns.series, ns.env, start.isoformat(timespec="minutes"), end.isoformat(timespec="minutes")),
    ).fetchall()
    if not points:
        window = f"{start:%Y-%m-%dT%H:%M} and {end:%Y-%m-%dT%H:%M}"
        raise ToolError(f"no {ns.series} points in {ns.env} between {window}")
    buckets: dict[str, list[float]] = {}
    for ts, value in points:
        moment = _time(ts)
        hours = (moment - start) // timedelta(hours=1)
        bucket = start + timedelta(hours=hours - hours % STEPS[ns.step])
        buckets.setdefault(bucket.strftime("%Y-%m-%dT%H:%M"), []).append(value)
    rows = [[ts, f"{sum(v) / len(v):.1f}"] for ts, v in buckets.items()]
    values = [v for _, v in points]
    print(f"{ns.series} ({SERIES[ns.series]}), {ns.env}, step {ns.step}")
    print(table(rows, ["time (UTC)", "value"]))
    mean = sum(values) / len(values)
    print(f"\n{len(values)} points; min {min(values):.1f}, max {max(values):.1f}, mean {mean:.1f}")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="metrics", description="Bookings time series, hourly, UTC.")
    sub = p.add_subparsers(dest="op", metavar="COMMAND")
    sub.add_parser("list", help="the series and the time range the data covers")
    q = sub.add_parser("query", help="one series over a time window")
    q.add_argument("series")
    q.add_argument("--env", default="production", choices=("staging", "production"))
    q.add_argument("--from", dest="start", help="start time, UTC (default: 24 hours before --to)")
    q.add_argument("--to", help="end time, UTC, exclusive (default: after the latest point)")
    q.add_argument("--window", help="window length, 6h or 2d (default 24h)")
    q.add_argument("--step", default="1h", choices=tuple(STEPS), help="bucket size (mean of the hours)")
    return p


HANDLERS = {"list": list_series, "query": query}


def main(argv: Sequence[str] | None = None) -> int:
    return serve("metrics", parser(), HANDLERS, seed, argv)


if __name__ == "__main__":
    sys.exit(main())
