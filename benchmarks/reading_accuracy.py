"""Precision and recall of the command reader per question (runs tests, lints, git subcommands, files written,
programs) on two corpora of agent command lines written for the project: `tests/data/agent_commands.yaml` (asserted
line by line in the tests, so the reader was fixed against it) and `tests/data/agent_commands_heldout.yaml`
(written later, by another hand, and never tuned to: only measured here). Yes/no questions are scored per line;
list questions per item (git subcommands as a multiset, writes and programs as sets)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml
from _common import ROOT

sys.path.insert(0, str(ROOT))
from pytest_harnessif.checks.projectfiles import EMPTY, Project
from pytest_harnessif.checks.shell import read_command

CORPORA = ("agent_commands.yaml", "agent_commands_heldout.yaml")
QUESTIONS = ("runs_tests", "runs_lint", "git", "writes", "programs")


def measure(path: Path) -> None:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    contexts = {name: Project({p: t.encode() for p, t in files.items()}) for name, files in data["contexts"].items()}
    counts: Counter[tuple[str, str]] = Counter()
    wrong: Counter[str] = Counter()
    for entry in data["commands"]:
        got = read_command(entry["cmd"], contexts.get(entry.get("context", ""), EMPTY))
        for q in QUESTIONS:
            if isinstance(entry[q], bool):
                expected, found = Counter({"yes": 1} if entry[q] else {}), Counter({"yes": 1} if got[q] else {})
            elif q == "git":
                expected, found = Counter(entry[q]), Counter(got[q])
            else:
                expected, found = Counter(set(entry[q])), Counter(set(got[q]))
            hit = sum((expected & found).values())
            counts[(q, "tp")] += hit
            counts[(q, "fp")] += sum(found.values()) - hit
            counts[(q, "fn")] += sum(expected.values()) - hit
            wrong[q] += expected != found
    print(f"{path.name}: {len(data['commands'])} command lines")
    for q in QUESTIONS:
        tp, fp, fn = counts[(q, "tp")], counts[(q, "fp")], counts[(q, "fn")]
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        print(f"  {q:<10} precision {precision:6.1%}  recall {recall:6.1%}  ({tp} right, {fp} extra, {fn} missed; "
              f"{wrong[q]} line(s) read wrong)")


def main() -> None:
    for name in CORPORA:
        measure(ROOT / "tests" / "data" / name)


if __name__ == "__main__":
    main()
