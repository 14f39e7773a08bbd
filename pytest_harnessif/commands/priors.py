"""`harnessif priors <run-dir>... --k 5 --n 9 --out priors.yaml`: prior labels by k-of-n consensus of
zero-injection probe builds (spec 6), with lineage, written as the prior file the panel reads back."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..metrics.frame import to_frame
from ..metrics.populations import ZERO_INJECTION
from ..metrics.priors import consensus, write_priors
from ..priorfile import PriorsError
from ..report.records import RecordError
from ..report.terminal import text_table
from ._runs import load_runs


def run(args: argparse.Namespace) -> int:
    try:
        rows, ids = load_runs([Path(p) for p in args.run_dirs])
        frame = to_frame(rows)
        probe = frame[frame["population"] == ZERO_INJECTION].reset_index(drop=True)
        if probe.empty:
            raise PriorsError(
                f"no zero-injection verdicts in {', '.join(args.run_dirs)} (run them with --harness-zero-injection)"
            )
        table = consensus(probe, k=args.k, n=args.n)
    except (RecordError, PriorsError) as exc:
        print(f"harnessif priors: {exc}", file=sys.stderr)
        return 2
    skipped = len(frame) - len(probe)
    if skipped:
        print(f"harnessif priors: ignored {skipped} verdict(s) outside the zero-injection population", file=sys.stderr)
    builds = sorted(probe["model"].unique())
    path = write_priors(Path(args.out), table, k=args.k, n=args.n, builds=builds, sources=ids)
    counts = table.groupby(["lineage", "prior"]).size()
    print(text_table(("lineage", "prior", "rules"), ((str(li), str(p), str(c)) for (li, p), c in counts.items())))
    print(f"\n{len(table)} rule(s), {args.k}-of-{args.n} consensus over {', '.join(builds)}: {path}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "priors", help="prior labels by k-of-n consensus of zero-injection runs (spec 6), written as a prior file"
    )
    parser.add_argument("run_dirs", nargs="+", metavar="RUN_DIR", help="run directories with zero-injection verdicts")
    parser.add_argument("--k", type=int, default=5, help="builds that must agree (default 5)")
    parser.add_argument("--n", type=int, default=9, help="probe builds expected (default 9)")
    parser.add_argument("--out", required=True, metavar="FILE", help="prior file to write (YAML)")
    parser.set_defaults(func=run)
