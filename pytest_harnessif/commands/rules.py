"""`harnessif rules`: the rule library from its metadata: a filtered listing with coverage tables, every rule as
JSON for scripts, or the Markdown catalogue (docs/rule-catalogue.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import get_args

from ..bundle import RULES, TASKS, default_dir
from ..files import atomic_write
from ..library import LibraryError, load_rules, load_tasks
from ..placement import PlacementError
from ..report.library import FILTERS, as_json, catalogue, coverage, injected_by, listing, placements, select
from ..rulemeta import Fit, Observability, Universality, Verifiability
from ..schema import PLACEABLE_SURFACES, Family, Language, Method, Modality, Prior

PROG = "harnessif rules"
CHOICES = {
    "family": [str(f) for f in Family],
    "modality": [str(m) for m in Modality],
    "method": [str(m) for m in Method],
    "prior": [p.removesuffix("_prior") for p in Prior],
    "surface": [str(s) for s in PLACEABLE_SURFACES],
    "observability": [str(o) for o in Observability],
    "verifiability": [str(v) for v in Verifiability],
    "universality": [str(u) for u in Universality],
    "language": list(get_args(Language)),
}


def run(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(default_dir(args.rules, RULES))
        tasks_dir = default_dir(args.tasks, TASKS)
        tasks = load_tasks(tasks_dir, rules) if tasks_dir.is_dir() else {}
    except (LibraryError, PlacementError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if args.catalogue:
        text = catalogue(rules, tasks)
        if args.out:
            print(f"wrote {atomic_write(Path(args.out), text)}")
        else:
            sys.stdout.write(text)
        return 0
    metas = select(rules, **{name: getattr(args, name) for name in FILTERS})
    if args.json:
        print(json.dumps(as_json(metas, rules, injected_by(tasks)), indent=1))
        return 0
    placed = placements(rules, tasks, args.seed, Fit(args.admissible))
    if not args.coverage:
        print(listing(metas, injected_by(tasks)))
        print()
    print(coverage(metas, tasks, placed))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("rules", help="the rule library: listing with filters, coverage, JSON, catalogue")
    parser.add_argument("--rules", metavar="DIR", help="rule library (default rule_checks/ here, else the bundled one)")
    parser.add_argument("--tasks", metavar="DIR", help="task panel (default tasks/ here, else the bundled panel)")
    for name in FILTERS:
        helped = ("keep rules that can judge a repository in this language: those that read its code and those "
                  "that read no code") if name == "language" else f"keep rules by {name}"
        parser.add_argument(f"--{name}", action="append", choices=CHOICES[name], help=helped)
    parser.add_argument("--seed", type=int, default=0, help="placement seed of the panel shares (default 0)")
    parser.add_argument("--admissible", choices=("medium", "low"), default="medium",
                        help="lowest fit a rule is placed at, for the panel shares (default medium)")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--coverage", action="store_true", help="only the coverage tables")
    shown.add_argument("--json", action="store_true", help="every selected rule with all its metadata, as JSON")
    shown.add_argument("--catalogue", action="store_true", help="the Markdown catalogue of the whole library")
    parser.add_argument("--out", metavar="FILE", help="with --catalogue: write it to FILE")
    parser.set_defaults(func=run)
