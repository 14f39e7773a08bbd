"""metrics: parcelpost's time series, one point per 15 minutes and environment (UTC).

    python ops/metrics.py list
    python ops/metrics.py query SERIES [--env ENV] (--window 6h | --from TIME [--to TIME])

A query without a window covers everything recorded, which is rarely what you want.
`--window` counts back from --to (default: the latest point). Times are ISO 8601, UTC.
"""

from __future__ import annotations

import argparse
import csv
import re
import sqlite3
import sys
from datetime import datetime, timedelta

from _console import SEEDS, Console, Refused, columns

SERIES = {
    "rates.requests_per_min": "GET /rates calls per minute",
    "rates.error_pct": "GET /rates answered 4xx/5xx, % of calls",
    "rates.p95_ms": "GET /rates latency, 95th percentile, ms",
    "track.requests_per_min": "GET /track calls per minute",
    "track.not_found_pct": "GET /track answered 404, % of calls",
    "track.p95_ms": "GET /track latency, 95th percentile, ms",
}


def seed(conn: sqlite3.Connection) -> None:
    """The points of seed/metrics.csv (at, env, series, value)."""
    conn.execute(
        "CREATE TABLE points (at TEXT NOT NULL, env TEXT NOT NULL, series TEXT NOT NULL, value REAL)"
    )
    with (SEEDS / "metrics.csv").open(encoding="utf-8", newline="") as f:
        conn.executemany(
            "INSERT INTO points VALUES (?, ?, ?, ?)",
            [(r["at"], r["env"], r["series"], float(r["value"])) for r in csv.DictReader(f)],
        )


def moment(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text.strip().removesuffix("Z"))
    except ValueError:
        raise Refused(f"not a time: {text!r} (2026-11-17T09:00)") from None


def length(text: str) -> timedelta:
    m = re.fullmatch(r"(\d+)([mhd])", text.strip())
    if not m or int(m[1]) == 0:
        raise Refused(f"not a window: {text!r} (90m, 6h, 2d)")
    return timedelta(minutes=int(m[1]) * {"m": 1, "h": 60, "d": 1440}[m[2]])


console = Console("metrics", "parcelpost's time series.", seed)


def list_series(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    first, last = conn.execute("SELECT min(at), max(at) FROM points").fetchone()
    print(columns(("series", "what"), SERIES.items()))
    print(f"\npoints every 15 minutes from {first} to {last} (UTC), staging and production")


def query(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    if ns.series not in SERIES:
        raise Refused(f"no series {ns.series!r} (metrics list)")
    latest = moment(conn.execute("SELECT max(at) FROM points").fetchone()[0])
    end = moment(ns.to) if ns.to else latest + timedelta(minutes=1)
    if ns.start:
        start = moment(ns.start)
        if ns.window and not ns.to:
            end = start + length(ns.window)
    else:
        start = end - length(ns.window) if ns.window else datetime.min
    rows = conn.execute(
        "SELECT at, value FROM points WHERE series = ? AND env = ? AND at >= ? AND at < ? ORDER BY at",
        (ns.series, ns.env, start.isoformat(timespec="minutes"), end.isoformat(timespec="minutes")),
    ).fetchall()
    if not rows:
        raise Refused(f"no {ns.series} points in {ns.env} in that window")
    print(f"{ns.series}, {ns.env} ({SERIES[ns.series]})")
    print(columns(("time UTC", "value"), [(r["at"], f"{r['value']:g}") for r in rows]))
    values = [r["value"] for r in rows]
    print(f"\n{len(values)} points, min {min(values):g}, max {max(values):g}, "
          f"mean {sum(values) / len(values):.2f}")


asked = console.command("query", "one series over a window")(query)
asked.add_argument("series")
asked.add_argument("--env", default="production", choices=("staging", "production"))
asked.add_argument("--window", help="length, e.g. 6h")
asked.add_argument("--from", dest="start", help="start time, UTC")
asked.add_argument("--to", help="end time, UTC (exclusive)")
console.command("list", "the series and the time the data covers")(list_series)

if __name__ == "__main__":
    sys.exit(console.run())
