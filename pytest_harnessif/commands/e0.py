"""`harnessif e0 RUN_OR_TABLE [--replicates N] [--seed S] [--tiers ORDER] [--out DIR]`: analyse E0 conflict
outcomes (which surface's rule won each conflict run) — a `--harness-e0` run directory or an outcome table —:
per-model surface ranks and rank sums, the pooled Bradley–Terry strengths with crossed-bootstrap intervals, how
often the ordering holds, and the robustness variants; `--out` also writes the rank table and the strengths figure."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..metrics.e0 import REPLICATES, SEED, SURFACES, OutcomeError, analyse
from ..report.e0 import FIGURE_FILE, RANKS_FILE, read, text, write_tables


def run(args: argparse.Namespace) -> int:
    tiers = [t.split(",") for t in args.tiers.replace(" ", "").split(">")] if args.tiers else None
    if tiers and sorted(s for t in tiers for s in t) != sorted(SURFACES):
        print(f"harnessif e0: --tiers {args.tiers!r}: name each of {', '.join(SURFACES)} once", file=sys.stderr)
        return 2
    try:
        outcomes = read(Path(args.outcomes))
    except OutcomeError as exc:
        print(f"harnessif e0: {exc}", file=sys.stderr)
        return 2
    analysis = analyse(outcomes, replicates=args.replicates, seed=args.seed, tiers=tiers)
    if analysis is None:
        print(f"harnessif e0: {args.outcomes}: no decisive run (outcome a or b)", file=sys.stderr)
        return 2
    print(text(analysis))
    if args.out:
        out = Path(args.out)
        write_tables(out, analysis)
        print(f"\nwritten: {out / RANKS_FILE}, {out / FIGURE_FILE}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("e0", help="analyse E0 conflict outcomes: ranks, Bradley-Terry, bootstrap")
    parser.add_argument(
        "outcomes",
        metavar="RUN_OR_TABLE",
        help="a --harness-e0 run directory (reports/<run-id>/), or a CSV or JSONL table with model, pair, "
        "direction, surface_a, surface_b, outcome (a, b, both, neither, error)",
    )
    parser.add_argument(
        "--replicates", type=int, default=REPLICATES, help="crossed-bootstrap replicates (default %(default)s)"
    )
    parser.add_argument("--seed", type=int, default=SEED, help="bootstrap seed (default %(default)s)")
    parser.add_argument(
        "--tiers", metavar="ORDER", help="also how often tiers hold, strongest first, e.g. 'SP,PF,UI>TD>SD'"
    )
    parser.add_argument("--out", metavar="DIR", help="also write the rank table and the strengths figure here")
    parser.set_defaults(func=run)
