"""Command line: `python -m sensorflow {gaps,daily,devices,outliers} READINGS.csv`."""

from __future__ import annotations

import argparse
import sys

import pandas as pd

from .gaps import find_gaps, gap_report
from .io import load_readings
from .outliers import flag_outliers
from .resample import resample_readings
from .summary import daily_summary, device_overview

REPORTS = ("gaps", "daily", "devices", "outliers")


def build_report(name: str, readings: pd.DataFrame, detail: bool = False) -> pd.DataFrame:
    """The table behind one report."""
    if name == "devices":
        return device_overview(readings)
    if name == "outliers":
        flagged = flag_outliers(readings)
        return flagged.loc[flagged["out_of_range"] | flagged["spike"]]
    slots = resample_readings(readings)
    if name == "daily":
        return daily_summary(slots)
    gaps = find_gaps(slots)
    return gaps if detail else gap_report(gaps)


def main(argv: list[str] | None = None) -> int:
    """Load the readings, build the requested report and print it as a table."""
    parser = argparse.ArgumentParser(prog="sensorflow", description=__doc__)
    parser.add_argument("report", choices=REPORTS)
    parser.add_argument("path", help="readings CSV exported by the gateway")
    parser.add_argument("--detail", action="store_true",
                        help="gaps: list every gap instead of the per-device report")
    args = parser.parse_args(argv)
    table = build_report(args.report, load_readings(args.path), detail=args.detail)
    with pd.option_context("display.width", 160, "display.max_rows", 500):
        print(table.to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
