"""`harnessif panel`: the task panel per task, per scenario and overall, and the TFAS of its turn flows against
the bundled ECP target (or any labelled corpus)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..bundle import RULES, TASKS, default_dir
from ..files import atomic_write
from ..library import LibraryError, admitted, load_rules, load_tasks
from ..placement import PlacementError
from ..report.library import placements
from ..report.panel import (
    BOUNDS,
    intent_line,
    limits,
    out_of_bounds,
    rules_line,
    scenario_table,
    task_stats,
    task_table,
)
from ..report.skeleton import measure, skeleton_line
from ..rulemeta import Fit
from ..taskflow.corpora import CorpusError, label_sequences, load_corpus
from ..taskflow.report import text_report
from ..taskflow.targets import ECP_SAMPLE
from ..taskflow.tfas import compare

PROG = "harnessif panel"


def run(args: argparse.Namespace) -> int:
    try:
        tasks_dir = default_dir(args.tasks, TASKS)
        rules = load_rules(default_dir(args.rules, RULES))
        tasks = {k: e for k, e in load_tasks(tasks_dir, rules).items() if admitted(e.task.kind, "coding")}
        target = label_sequences(load_corpus(Path(args.target) if args.target else ECP_SAMPLE))
    except (LibraryError, PlacementError, CorpusError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if not tasks:
        print(f"{PROG}: no task under {tasks_dir} (expected <scenario>/<task>/task.yaml)", file=sys.stderr)
        return 2
    stats = task_stats(tasks, rules, placements(rules, tasks, args.seed, Fit(args.admissible)))
    flows = [s.intents for s in stats]
    comparison = compare(target, flows, replicates=args.bootstrap, seed=args.seed)
    target_name = args.target or f"{ECP_SAMPLE.name} (bundled ECP sample, mapped)"
    bounds = out_of_bounds(stats)
    score, boot = comparison.score, comparison.bootstrap
    ci = f" [{boot.tfas.low:.1f}, {boot.tfas.high:.1f}]" if boot else ""
    shown = "; ".join(bounds[:5]) + (f"; ... ({len(bounds) - 5} more)" if len(bounds) > 5 else "")
    lines = [
        task_table(stats), "", scenario_table(stats), "", intent_line(stats),
        "bounds per task: " + ", ".join(f"{k} {lo}-{hi}" for k, (lo, hi) in BOUNDS.items())
        + (" - all within" if not bounds else f" - {len(bounds)} outside: {shown}"),
        rules_line(tasks, rules),
        "",
        f"TFAS {score.tfas:.1f}{ci} (S_L {100 * score.s_l:.1f}, S_T {100 * score.s_t:.1f}, S_R {100 * score.s_r:.1f})"
        f" of {len(flows)} turn flows against {target_name}, {comparison.target.sessions} sessions",
        *(f"  {line}" for line in limits(comparison, BOUNDS["turns"])),
        "",
        skeleton_line(measure(tasks)),
    ]
    if args.full:
        lines += ["", text_report(comparison, target_name, str(tasks_dir))]
    print("\n".join(lines))
    if args.json:
        data = {"tasks": [s.model_dump(mode="json") for s in stats], "bounds": bounds,
                "tfas": comparison.model_dump(mode="json")}
        print(f"wrote {atomic_write(Path(args.json), json.dumps(data, indent=1))}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("panel", help="the task panel: per task, per scenario, TFAS of its turn flows")
    parser.add_argument("--tasks", metavar="DIR", help="task panel (default tasks/ here, else the bundled panel)")
    parser.add_argument("--rules", metavar="DIR", help="rule library (default rule_checks/ here, else the bundled one)")
    parser.add_argument("--target", metavar="LABELLED", help="target corpus (default: the bundled ECP sample)")
    parser.add_argument("--seed", type=int, default=0, help="placement and bootstrap seed (default 0)")
    parser.add_argument("--admissible", choices=("medium", "low"), default="medium",
                        help="lowest fit a rule is placed at, for the surface counts (default medium)")
    parser.add_argument("--bootstrap", type=int, default=1000, metavar="N",
                        help="resamples of the target for TFAS intervals (default 1000; 0 skips)")
    parser.add_argument("--full", action="store_true", help="also the TFAS tables: intent and length shares, CIs")
    parser.add_argument("--json", metavar="FILE", help="also write every number as JSON")
    parser.set_defaults(func=run)
