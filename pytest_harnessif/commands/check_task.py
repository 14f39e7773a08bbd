"""`harnessif check-task PATH`: validate one task before it joins a panel. The schema and its rules against the
library, the bundled panel's bounds, the host programs it needs, its repository's tests at the start, then gold,
gold-alt (the second gold, `gold-alt.yaml`) and defaults played for real: every scripted step runs, both golds
follow every rule the task injects (pass, or unjudged without a judge; n/a where the task declares no opportunity),
defaults has no error, the repository's tests pass again on each gold's final workspace, and no user turn presents
as existing a name only gold's code has (`turnfit`). Every problem is one line naming the file and field or the
rule."""

from __future__ import annotations

import argparse
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from ..bundle import RULES, bundled, default_dir
from ..entries import RuleEntry, TaskEntry
from ..library import LibraryError, check_rules, load_rules, load_task
from ..report.panel import BOUNDS, NONCODING_BOUNDS
from ..rulemeta import Family
from ..sandbox.host import unmet
from ..turnfit import turn_problems


def _bounds(entry: TaskEntry, rules: dict[str, RuleEntry]) -> list[str]:
    """The bundled panel's bounds: a coding task's (`report.panel.BOUNDS`) or a non-coding case's (`NONCODING_BOUNDS`:
    1-4 turns, 8-20 professional-writing rules)."""
    task, path = entry.task, entry.dir / "task.yaml"
    if task.kind == "non_coding":
        writing = sum(r.id in rules and rules[r.id].meta.family == Family.professional_writing for r in task.rules)
        values = {"turns": len(task.turns), "writing rules": writing}
        bounds = NONCODING_BOUNDS
    else:
        scorable = sum(bool(r.opportunity) for r in task.rules)
        values = {"turns": len(task.turns), "rules": len(task.rules), "scorable": scorable}
        bounds = BOUNDS
    problems = [
        f"{path}: {name}: {value}, the bundled panel's bound is {bounds[name][0]}-{bounds[name][1]}"
        for name, value in values.items()
        if not bounds[name][0] <= value <= bounds[name][1]
    ]
    undeclared = [r.id for r in task.rules if r.opportunity is None]
    if undeclared:
        problems.append(f"{path}: rules: no `opportunity:` on {', '.join(undeclared)}")
    return problems


def _tests(workdir: Path, command: str, when: str) -> list[str]:
    proc = subprocess.run(command, shell=True, cwd=workdir, capture_output=True, text=True, timeout=900)
    if proc.returncode == 0:
        return []
    tail = (proc.stdout + proc.stderr).strip().splitlines()[-5:]
    return [f"commands.test `{command}` fails {when} (exit {proc.returncode}): " + " | ".join(tail)]


def _unrecognised(entry: TaskEntry) -> list[str]:
    """The task's test and lint commands as the checks read them in its repository: a test command they do not see
    as a test run (a lint command as a lint run) would fail every rule about running it."""
    from ..checks.projectfiles import Project
    from ..checks.shell import parse
    from .read_command import repository_files

    project = Project(repository_files(entry.repo))
    problems = []
    for name, seen in (("test", "is_test_run"), ("lint", "is_lint_run")):
        command = entry.task.commands.get(name)
        if command and not any(getattr(s, seen) for s in parse(command, project)):
            problems.append(f"{entry.dir / 'task.yaml'}: commands.{name}: the checks do not read `{command}` as a "
                            f"{name} run (`harnessif read-command --repo {entry.repo}` shows what they see; "
                            "see docs/reading.md)")
    return problems


def _models(entry: TaskEntry) -> list[str]:
    """The reference agents the task has scripts for."""
    return ["gold", "defaults"] + (["gold-alt"] if entry.alt_script is not None else [])


def _play(entry: TaskEntry, rules_dir: Path, root: Path, work: Path, sandbox: str) -> tuple[list[dict], str]:
    """The reference agents on this task alone, in a private store; (verdict rows, pytest's output tail)."""
    tasks_root = entry.dir.parent.parent
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-q",
        *(f"--harness-model={model}" for model in _models(entry)),
        f"--harness-sandbox={sandbox}",
        "--harness-panel=all",
        f"--harness-store={work / 'store'}",
        f"--harness-report-dir={work / 'reports'}",
        "-o",
        f"harness_tasks={tasks_root}",
        "-o",
        f"harness_rules={rules_dir}",
        "-k",
        f"{entry.task.id}-r",
    ]
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    runs = sorted((work / "reports").glob("*/verdicts.jsonl"))
    rows = [json.loads(line) for line in runs[-1].read_text().splitlines()] if runs else []
    return rows, (proc.stdout + proc.stderr)[-2000:]


def _verdicts(entry: TaskEntry, rows: list[dict]) -> list[str]:
    problems = []
    for model in [m for m in _models(entry) if m != "defaults"]:
        mine = {r["rule"]: r for r in rows if r["model"] == model}
        for ref in entry.task.rules:
            row = mine.get(ref.id)
            if row is None:
                problems.append(f"{model}: no verdict for {ref.id}")
            elif row["status"] in ("fail", "error"):
                problems.append(f"{model}: {ref.id} {row['status']}: {row['reason'].splitlines()[0][:300]}")
            elif ref.opportunity == [] and row["status"] != "n/a":
                problems.append(f"{model}: {ref.id} is {row['status']} but the task declares no opportunity for it")
            elif ref.opportunity and row["status"] == "n/a":
                problems.append(
                    f"{model}: {ref.id} is n/a but the task declares an opportunity in turns {ref.opportunity}"
                )
    problems += [
        f"defaults: {r['rule']} error: {r['reason'].splitlines()[0][:300]}"
        for r in rows
        if r["model"] == "defaults" and r["status"] == "error"
    ]
    return problems


def check(entry: TaskEntry, rules: dict[str, RuleEntry], rules_dir: Path, root: Path, sandbox: str,
          bounds: bool) -> list[str]:
    """Every problem of the task (none: it is ready)."""
    problems = _bounds(entry, rules) if bounds else []
    missing = unmet(set(entry.task.needs))
    if missing:
        return [*problems, f"{entry.dir / 'task.yaml'}: needs: this host lacks {', '.join(sorted(missing))}"]
    command = entry.task.commands.get("test")
    coding = entry.task.kind == "coding"
    if command is None and coding:
        problems.append(f"{entry.dir / 'task.yaml'}: commands.test: missing")
    problems += _unrecognised(entry)
    with tempfile.TemporaryDirectory(prefix="check-task-") as tmp:
        work = Path(tmp)
        if command:
            shutil.copytree(entry.repo, work / "start")
            problems += _tests(work / "start", command, "at the start")
        if entry.script is None:
            return [*problems, f"{entry.dir / 'gold.yaml'}: missing: no gold script"]
        if entry.alt_script is None and bounds and coding:
            problems.append(f"{entry.dir / 'gold-alt.yaml'}: missing: the panel needs a second gold")
        rows, tail = _play(entry, rules_dir, root, work, sandbox)
        if not rows:
            return [*problems, f"the reference agents did not run: {tail}"]
        problems += _verdicts(entry, rows) + turn_problems(entry, work / "store")
        for model in ("gold", "gold-alt"):
            final = next((work / "store").glob(f"*/{model}/{entry.task.id}/r1/final.tar"), None)
            if command and final is not None:
                with tarfile.open(fileobj=io.BytesIO(final.read_bytes())) as tar:
                    tar.extractall(work / model, filter="data")
                problems += _tests(work / model, command, f"on {model}'s final workspace")
    return problems


def run(args: argparse.Namespace) -> int:
    rules_dir = default_dir(args.rules, RULES).resolve()
    try:
        entry = load_task(Path(args.path).resolve())
        rules = load_rules([d for d in (bundled(RULES), rules_dir) if d is not None])
        check_rules(entry, rules)
    except LibraryError as exc:
        print(f"harnessif check-task: {exc}", file=sys.stderr)
        return 1
    problems = check(entry, rules, rules_dir, Path.cwd(), args.sandbox, args.bounds == "panel")
    for problem in problems:
        print(f"harnessif check-task: {problem}", file=sys.stderr)
    verdict = f"{len(problems)} problem{'s' * (len(problems) != 1)}" if problems else "ready"
    print(f"{entry.task.id}: {verdict}")
    return 1 if problems else 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "check-task", help="validate one task: schema, bounds, repo tests, turns, gold, gold-alt and defaults"
    )
    parser.add_argument("path", metavar="PATH", help="the task folder (tasks/<scenario>/<id>)")
    parser.add_argument(
        "--rules", metavar="DIR", help="your rule library, checked with the bundled one (default rule_checks/ here)"
    )
    parser.add_argument(
        "--sandbox", choices=["local", "docker"], default="local", help="where the reference agents run"
    )
    parser.add_argument(
        "--bounds",
        choices=["panel", "none"],
        default="panel",
        help="hold the task to the bundled panel's bounds (6-10 turns, 25-35 rules, 10-27 with an opportunity, "
        "every rule with `opportunity:`) or not (default %(default)s)",
    )
    parser.set_defaults(func=run)
