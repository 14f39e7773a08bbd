"""`harnessif e0 OUTCOMES [--replicates N] [--seed S] [--out DIR]`: analyse an E0 outcome table (which surface's
rule won each conflict run): per-model surface ranks and rank sums, the pooled Bradley–Terry strengths with
crossed-bootstrap intervals, how often the ordering holds, and the robustness variants; `--out` also writes the
tables (CSV) and the strengths figure (PNG)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..metrics.e0 import (
    REPLICATES,
    SEED,
    SURFACES,
    OutcomeError,
    bradley_terry,
    crossed_bootstrap,
    decisive,
    ranks,
    read_outcomes,
    robustness,
    win_matrix,
)
from ..report.format import num
from ..report.terminal import text_table


def run(args: argparse.Namespace) -> int:
    try:
        outcomes = read_outcomes(Path(args.outcomes))
    except OutcomeError as exc:
        print(f"harnessif e0: {exc}", file=sys.stderr)
        return 2
    rows = decisive(outcomes)
    if rows.empty:
        print(f"harnessif e0: {args.outcomes}: no decisive run (outcome a or b)", file=sys.stderr)
        return 2
    counts = outcomes["outcome"].value_counts()
    ab, ba = (int((rows["direction"] == d).sum()) for d in ("AB", "BA"))
    print(
        f"{len(outcomes)} runs, {len(rows)} decisive (AB {ab}, BA {ba}); "
        + ", ".join(f"{k} {counts.get(k, 0)}" for k in ("both", "neither", "error"))
        + f"; {rows['model'].nunique()} models, {rows['pair'].nunique()} pairs"
    )
    table = ranks(rows)
    print("\nsurface ranks by win proportion (1 = wins most; ties share mid-ranks)")
    print(text_table(("model", *SURFACES), ([str(i), *(num(v, 2) for v in r)] for i, r in table.iterrows())))
    beta = dict(zip(SURFACES, bradley_terry(win_matrix(rows)), strict=True))
    tiers = [t.split(",") for t in args.tiers.replace(" ", "").split(">")] if args.tiers else None
    if tiers and sorted(s for t in tiers for s in t) != sorted(SURFACES):
        print(f"harnessif e0: --tiers {args.tiers!r}: name each of {', '.join(SURFACES)} once", file=sys.stderr)
        return 2
    boot = crossed_bootstrap(rows, replicates=args.replicates, seed=args.seed, tiers=tiers)
    print(
        f"\nBradley-Terry log-strengths (sum to zero), 95% crossed-bootstrap interval ({boot.replicates} replicates, "
        f"seed {boot.seed})"
    )
    lines = [[s, f"{beta[s]:+.2f}", f"[{boot.interval[s][0]:+.2f}, {boot.interval[s][1]:+.2f}]"] for s in boot.order]
    print(text_table(("surface", "beta", "interval"), lines))
    shares = ", ".join(f"{k} {v:.1%}" for k, v in boot.adjacent.items())
    print(f"ordering {' > '.join(boot.order)} held in {boot.full:.1%} of replicates; adjacent: {shares}")
    if boot.tiers:
        print("tiers: " + "; ".join(f"{k} {v:.1%}" for k, v in boot.tiers.items()))
    fits = robustness(outcomes)
    print("\nrobustness: the ordering under each variant")
    print(
        text_table(
            ("variant", "ordering", "same"),
            ([k, " > ".join(v), "yes" if v == boot.order else "no"] for k, v in fits.items()),
        )
    )
    if args.out:
        from ..report.figures import e0_strengths

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        table.to_csv(out / "e0_ranks.csv")
        (out / "e0_strengths.png").write_bytes(e0_strengths(beta, boot.interval))
        print(f"\nwritten: {out / 'e0_ranks.csv'}, {out / 'e0_strengths.png'}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("e0", help="analyse an E0 conflict outcome table: ranks, Bradley-Terry, bootstrap")
    parser.add_argument(
        "outcomes",
        metavar="OUTCOMES",
        help="CSV or JSONL: model, pair, direction, surface_a, surface_b, outcome (a, b, both, neither, error)",
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
