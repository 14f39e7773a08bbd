"""`harnessif store prune` and `harnessif reports prune`: remove recorded trajectories and run folders by age,
by run, by task that no longer exists (store) or by being partial or old beyond the newest N (reports); by age,
the store's cached report figures too."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..bundle import TASKS, bundled
from ..store import FIGURE_CACHE, FIGURES_DONE, RECORD

DAY = 86400.0
PANEL_ENTRY = re.compile(r"^r\d+(?:-without-.+)?$")
"""A store entry of a panel task (a plain run or a prior probe's); E0 runs and SWE-TaskFlow sessions have tasks of
their own, outside the panel folders `--missing-tasks` searches."""


@dataclass(frozen=True)
class Entry:
    """One removable folder: a store entry (one trajectory) or a run folder."""

    path: Path
    age_days: float
    run_id: str | None
    task: str | None = None
    partial: bool = False


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def store_entries(root: Path, run_ids: bool = True) -> list[Entry]:
    """`<root>/<config>/<model>/<task>/r<round>/`: every folder holding a trajectory record (readable or not);
    `run_ids` reads each record for the run that wrote it (only `--run` needs it)."""
    now = time.time()
    entries = []
    for record in sorted(root.glob(f"*/*/*/*/{RECORD}")):
        extra = (_json(record).get("extra") or {}) if run_ids else {}
        run_id = extra.get("run_id") if isinstance(extra, dict) else None
        entries.append(Entry(record.parent, (now - record.stat().st_mtime) / DAY, run_id, record.parent.parent.name))
    return entries


def report_entries(root: Path) -> list[Entry]:
    """`<root>/<run-id>/` folders with a summary or verdict file, newest first."""
    now = time.time()
    entries = []
    for folder in (p for p in root.iterdir() if p.is_dir()) if root.is_dir() else ():
        marker = next((folder / n for n in ("summary.json", "verdicts.jsonl") if (folder / n).is_file()), None)
        if marker is None:
            continue
        summary = _json(folder / "summary.json")
        run_id = str(summary.get("run_id", folder.name))
        age = (now - marker.stat().st_mtime) / DAY
        entries.append(Entry(folder, age, run_id, None, summary.get("complete") is False))
    return sorted(entries, key=lambda e: e.age_days)


def task_ids(tasks_dir: Path) -> set[str]:
    """The ids of the task folders under `tasks_dir` (`library.task_files`)."""
    from ..library import task_files

    ids = set()
    for path in task_files(tasks_dir):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            data = None
        ids.add(str(data.get("id")) if isinstance(data, dict) and data.get("id") else path.parent.name)
    return ids


def _remove(entries: Iterable[Entry], root: Path, dry_run: bool, what: str) -> int:
    chosen = list(entries)
    size = sum(_size(e.path) for e in chosen)
    for entry in chosen:
        print(f"{'would remove' if dry_run else 'removing'} {entry.path}")
        if dry_run:
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        entry.path.with_name(f".{entry.path.name}.lock").unlink(missing_ok=True)
        parent = entry.path.parent
        while parent != root and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    verb = "would free" if dry_run else "freed"
    print(f"{len(chosen)} {what}{'s' * (len(chosen) != 1)}, {verb} {size / 1e6:.1f} MB in {root}")
    return 0


def _no_filter(command: str) -> int:
    print(f"harnessif {command} prune: say what to remove (see --help); nothing was removed", file=sys.stderr)
    return 2


def prune_store(args: argparse.Namespace) -> int:
    root = Path(args.store)
    if not root.is_dir():
        print(f"harnessif store prune: {root}: no trajectory store there", file=sys.stderr)
        return 2
    if args.older_than is None and not args.run and not args.missing_tasks:
        return _no_filter("store")
    folders = [p for p in (bundled(TASKS), Path(args.tasks or TASKS)) if p is not None]
    known = set().union(*map(task_ids, folders)) if args.missing_tasks else set()
    if args.missing_tasks and not known:
        where = ", ".join(map(str, folders))
        print(f"harnessif store prune: --missing-tasks: no task.yaml under {where}", file=sys.stderr)
        return 2

    def chosen(e: Entry) -> bool:
        return (
            (args.older_than is not None and e.age_days > args.older_than)
            or (bool(args.run) and e.run_id == args.run)
            or (args.missing_tasks and e.task not in known and PANEL_ENTRY.match(e.path.name) is not None)
        )

    status = _remove(filter(chosen, store_entries(root, run_ids=bool(args.run))), root, args.dry_run, "trajectory")
    if args.older_than is not None:
        old = [e for e in figure_sets(root) if e.age_days > args.older_than]
        if old:
            _remove(old, root, args.dry_run, "cached figure set")
    return status


def figure_sets(root: Path) -> list[Entry]:
    """`<root>/<config>/.figures/<digest>/`: the report's cached figures, aged by their last use."""
    now = time.time()
    found = []
    for marker in sorted(root.glob(f"*/{FIGURE_CACHE}/*/{FIGURES_DONE}")):
        found.append(Entry(marker.parent, (now - marker.stat().st_mtime) / DAY, None))
    return found


def prune_reports(args: argparse.Namespace) -> int:
    root = Path(args.reports)
    if not root.is_dir():
        print(f"harnessif reports prune: {root}: no reports folder there", file=sys.stderr)
        return 2
    if args.older_than is None and not args.run and not args.partial and args.keep is None:
        return _no_filter("reports")
    entries = report_entries(root)
    beyond = {e.path for e in entries[args.keep :]} if args.keep is not None else set()

    def chosen(e: Entry) -> bool:
        return (
            (args.older_than is not None and e.age_days > args.older_than)
            or (bool(args.run) and e.run_id == args.run)
            or (args.partial and e.partial)
            or e.path in beyond
        )

    return _remove(filter(chosen, entries), root, args.dry_run, "run folder")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--older-than", type=float, metavar="DAYS", help="last written more than DAYS days ago")
    parser.add_argument("--run", metavar="ID", help="written by this run id")
    parser.add_argument("--dry-run", action="store_true", help="list what would be removed, remove nothing")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    store = sub.add_parser("store", help="manage the trajectory store").add_subparsers(dest="action", required=True)
    parser = store.add_parser("prune", help="remove recorded trajectories (any of the filters given)")
    parser.add_argument("--store", default=".harnessif/runs", metavar="DIR", help="the store (default %(default)s)")
    parser.add_argument("--missing-tasks", action="store_true",
                        help="whose panel task is no longer in --tasks (E0 and SWE-TaskFlow entries are kept)")
    parser.add_argument("--tasks", metavar="DIR", help="your task panel, with the bundled one (default tasks/ here)")
    _common(parser)
    parser.set_defaults(func=prune_store)
    reports = sub.add_parser("reports", help="manage run folders").add_subparsers(dest="action", required=True)
    parser = reports.add_parser("prune", help="remove run folders (any of the filters given)")
    parser.add_argument("--reports", default="reports", metavar="DIR", help="run folders (default %(default)s)")
    parser.add_argument("--partial", action="store_true", help="runs marked complete: false")
    parser.add_argument("--keep", type=int, metavar="N", help="all but the N newest")
    _common(parser)
    parser.set_defaults(func=prune_reports)
