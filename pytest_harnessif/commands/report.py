"""`harnessif report <run-dir>`: regenerate a run's tables, figures and HTML report from its records alone."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..metrics.accuracy import summarize
from ..metrics.e0 import OutcomeError, analyse
from ..metrics.frame import to_frame
from ..metrics.priors import apply_priors
from ..priorfile import PriorsError, load_priors
from ..report.completeness import partial_line
from ..report.e0 import OUTCOMES_FILE, text
from ..report.e0 import read as read_e0
from ..report.e0 import write_run as write_e0
from ..report.records import HTML, RecordError, read_verdicts, write_derived
from ..report.taskflow import ROWS_FILE, RowsError, read_rows
from ..report.taskflow import text as flow_text
from ..report.taskflow import write_run as write_flows
from ..report.terminal import full_tables, summary_table
from ..taskflow.runs import analyse as analyse_flows
from ._runs import summary


def run(args: argparse.Namespace) -> int:
    source = Path(args.run_dir)
    run_dir = source if source.is_dir() else source.parent
    if args.priors and not args.out:
        print(
            "harnessif report: --priors re-labels the verdicts; give --out so the run's own outputs stay as recorded",
            file=sys.stderr,
        )
        return 2
    if (run_dir / OUTCOMES_FILE).is_file():
        return _e0(run_dir, args)
    if (run_dir / ROWS_FILE).is_file():
        return _taskflow(run_dir, args)
    try:
        audited = summary(run_dir).get("population") == "audit"
    except RecordError as exc:
        print(f"harnessif report: {exc}", file=sys.stderr)
        return 2
    if audited:
        return _audit(run_dir, args)
    try:
        rows = to_frame(read_verdicts(source))
        meta = {k: v for k, v in summary(run_dir).items() if k != "models"}
        if args.priors:
            rows = apply_priors(rows, load_priors(Path(args.priors)))
            meta["priors"] = str(args.priors)
    except (RecordError, PriorsError) as exc:
        print(f"harnessif report: {exc}", file=sys.stderr)
        return 2
    print(summary_table(summarize(rows)))
    if partial := partial_line(meta):
        print(partial)
    if args.full:
        print("\n" + full_tables(rows))
    out = Path(args.out) if args.out else run_dir
    if not args.no_files:
        write_derived(out, rows, meta)
        print(f"\nreport: {out / HTML}")
    return 0


def _audit(run_dir: Path, args: argparse.Namespace) -> int:
    """An audit of imported logs: its tables printed and its tables, transcript pages, summary and page written again
    (a transcript page whose session left the store is kept)."""
    from ..report.audit import text as audit_text
    from ..report.audit import write_run as write_audit

    try:
        rows = read_verdicts(run_dir)
    except RecordError as exc:
        print(f"harnessif report: {exc}", file=sys.stderr)
        return 2
    meta = {k: v for k, v in summary(run_dir).items() if k != "audit_result"}
    out = Path(args.out) if args.out else run_dir
    if args.no_files:
        from ..metrics.audit import analyse as analyse_audit
        from ..report.audit import facts

        analysis = analyse_audit(rows, facts(meta))
    else:
        _, analysis = write_audit(out, rows, meta)
    print(audit_text(analysis, meta, full=args.full))
    if partial := partial_line(meta):
        print(partial)
    if not args.no_files:
        print(f"\nreport: {out / HTML}")
    return 0


def _e0(run_dir: Path, args: argparse.Namespace) -> int:
    """An E0 run: its tables printed and its summary, rank table, figure and page written again."""
    try:
        outcomes, meta = read_e0(run_dir), summary(run_dir)
    except (OutcomeError, RecordError) as exc:
        print(f"harnessif report: {exc}", file=sys.stderr)
        return 2
    analysis = analyse(outcomes)
    print(text(analysis, full=args.full) if analysis else "no run was decisive: nothing to rank")
    if partial := partial_line(meta):
        print(partial)
    if not args.no_files:
        out = Path(args.out) if args.out else run_dir
        write_e0(out, outcomes.to_dict("records"), {k: v for k, v in meta.items() if k != "e0_result"}, analysis)
        print(f"\nreport: {out / HTML}")
    return 0


def _taskflow(run_dir: Path, args: argparse.Namespace) -> int:
    """An SWE-TaskFlow run: its tables printed and its tables, figures, summary and page written again."""
    try:
        rows, meta = read_rows(run_dir), summary(run_dir)
    except (RowsError, RecordError) as exc:
        print(f"harnessif report: {exc}", file=sys.stderr)
        return 2
    analysis = analyse_flows(rows)
    print(flow_text(analysis))
    if partial := partial_line(meta):
        print(partial)
    if not args.no_files:
        out = Path(args.out) if args.out else run_dir
        write_flows(out, rows, {k: v for k, v in meta.items() if k != "taskflow_result"}, analysis)
        print(f"\nreport: {out / HTML}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "report",
        help="print a run's summary and regenerate its tables, figures and report.html from verdicts.jsonl",
    )
    parser.add_argument("run_dir", help="a reports/<run-id>/ directory (panel, probe, E0 or SWE-TaskFlow) or its "
                        "verdicts.jsonl")
    parser.add_argument("--full", action="store_true", help="also print the accuracy, family and surface tables")
    parser.add_argument("--out", metavar="DIR", help="write the outputs here instead of the run directory")
    parser.add_argument("--priors", metavar="FILE", help="re-label rule priors from a prior file (needs --out)")
    parser.add_argument("--no-files", action="store_true", help="print only; write nothing")
    parser.set_defaults(func=run)
