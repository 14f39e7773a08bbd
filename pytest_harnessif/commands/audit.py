"""`harnessif audit coverage PATH... [--rules FILE]`: which rules the logs under PATH can audit, per format, before
`pytest --harness-audit` scores them (the audit itself is a pytest run: each (session, rule) a test)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

from ..audit.rulesfile import AuditRules, choose, read_rules_file
from ..audit.sessions import IMPORTERS, load
from ..bundle import RULES, bundled
from ..library import LibraryError, load_rules
from ..report.auditcoverage import KINDS, coverage, per_format
from ..report.terminal import text_table


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    if missing:
        print(f"harnessif audit: {missing[0]}: no such file or folder", file=sys.stderr)
        return 2
    try:
        folder = Path(args.rule_checks) if args.rule_checks else bundled(RULES)
        rules = load_rules(folder) if folder is not None else {}
        plan = read_rules_file(Path(args.rules)) if args.rules else AuditRules()
        plan = choose(plan, rules, Path(args.rules) if args.rules else None)
    except (LibraryError, ValueError) as exc:
        print(f"harnessif audit: {exc}", file=sys.stderr)
        return 2
    sessions, broken = load(paths, plan, format=args.format)
    for error in broken:
        print(f"not imported: {error}", file=sys.stderr)
    if not sessions:
        print("harnessif audit: no session could be imported", file=sys.stderr)
        return 1
    table = coverage(sessions, {r: rules[r] for r in plan.rules or ()})
    print(text_table(("format", *KINDS), [[str(v) for v in row] for row in per_format(table).itertuples(index=False)]))
    if args.markdown:
        Path(args.markdown).write_text(markdown(table), encoding="utf-8")
        print(f"per-rule table: {args.markdown}")
    print(f"{len(sessions)} session(s), {len(broken)} file(s) not imported; judged: the log holds what the check "
          "needs on at least one session")  # fmt: skip
    return 0


def markdown(table: pd.DataFrame) -> str:
    """The per-rule table as markdown: one row per rule, one column per format, the best kind reached."""
    wide = table.pivot(index="rule", columns="format", values="kind").fillna("-")
    head = "| rule | " + " | ".join(wide.columns) + " |\n|---|" + "---|" * len(wide.columns) + "\n"
    return head + "".join(f"| {rule} | " + " | ".join(row) + " |\n" for rule, row in wide.iterrows())


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("audit", help="tools over other harnesses' logs (the audit itself: pytest --harness-audit)")
    tools = p.add_subparsers(dest="tool", required=True)
    c = tools.add_parser("coverage", help="which rules the logs under PATH can audit, per format")
    c.add_argument("paths", nargs="+", metavar="PATH", help="log files or folders")
    c.add_argument("--rules", help="the audit's rules file (rules: [ids], commands, project_file); default every rule")
    c.add_argument("--rule-checks", help="a rule_checks/ folder to load instead of the bundled library")
    c.add_argument("--format", default="auto", choices=["auto", *IMPORTERS], help="the logs' format (default auto)")
    c.add_argument("--markdown", metavar="FILE", help="also write the per-rule table as markdown")
    c.set_defaults(func=run)
