"""`harnessif report <run-dir>`: re-print a run's summary from its records alone."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..metrics.accuracy import summarize
from ..report.records import RecordError, read_verdicts
from ..report.terminal import summary_table


def run(args: argparse.Namespace) -> int:
    try:
        rows = read_verdicts(Path(args.run_dir))
    except RecordError as exc:
        print(f"harnessif report: {exc}", file=sys.stderr)
        return 2
    print(summary_table(summarize(rows)))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("report", help="print the summary table of a run directory (reports/<run-id>/)")
    parser.add_argument("run_dir", help="a reports/<run-id>/ directory or its verdicts.jsonl")
    parser.set_defaults(func=run)
