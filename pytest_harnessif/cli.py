"""`harnessif` command line: offline tools over recorded runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .metrics.accuracy import summarize
from .report.records import RecordError, read_verdicts
from .report.terminal import summary_table


def _report(args: argparse.Namespace) -> int:
    try:
        rows = read_verdicts(Path(args.run_dir))
    except RecordError as exc:
        print(f"harnessif report: {exc}", file=sys.stderr)
        return 2
    print(summary_table(summarize(rows)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="harnessif", description="Harness-IF tools over recorded runs.")
    sub = parser.add_subparsers(dest="command", required=True)
    report = sub.add_parser("report", help="print the summary table of a run directory (reports/<run-id>/)")
    report.add_argument("run_dir", help="a reports/<run-id>/ directory or its verdicts.jsonl")
    report.set_defaults(func=_report)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
