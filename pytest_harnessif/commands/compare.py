"""`harnessif compare <run-dir>... --out DIR`: merge runs of different models into one cohort and report it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..metrics.accuracy import summarize
from ..report.completeness import partial_line
from ..report.records import HTML, RecordError, read_judge_requests, write_run
from ..report.terminal import full_tables, summary_table
from ._runs import load_runs, summary


def run(args: argparse.Namespace) -> int:
    try:
        partial = {p: line for p in args.run_dirs if (line := partial_line(summary(Path(p))))}
        if partial and not args.allow_partial:
            for path, line in partial.items():
                print(f"harnessif compare: {path}: {line}", file=sys.stderr)
            print("harnessif compare: refusing partial runs; --allow-partial merges them anyway", file=sys.stderr)
            return 2
        rows, ids = load_runs([Path(p) for p in args.run_dirs])
        requests = {r["hash"]: r for p in args.run_dirs for r in read_judge_requests(Path(p))}
    except RecordError as exc:
        print(f"harnessif compare: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    meta = {
        "run_id": out.name,
        "cohort_of": ids,
        "models": sorted({r["model"] for r in rows}),
        "rounds": max((r["round"] for r in rows), default=0),
    }
    if partial:
        reasons = [f"merged from a partial run: {path}" for path in partial]
        meta.update(complete=False, incomplete_reasons=reasons, verdicts_written=len(rows))
    write_run(out, rows, meta, requests.values())
    print(summary_table(summarize(rows)))
    if args.full:
        print("\n" + full_tables(rows))
    print(f"\ncohort of {len(ids)} run(s): {out / HTML}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "compare",
        help="merge run directories (e.g. one per model) into one cohort: records, tables, figures, report.html",
    )
    parser.add_argument("run_dirs", nargs="+", metavar="RUN_DIR", help="reports/<run-id>/ directories")
    parser.add_argument("--out", required=True, metavar="DIR", help="directory for the merged cohort")
    parser.add_argument("--full", action="store_true", help="also print the accuracy, family and surface tables")
    parser.add_argument(
        "--allow-partial", action="store_true", help="merge runs marked complete: false (interrupted, -k, --lf...)"
    )
    parser.set_defaults(func=run)
