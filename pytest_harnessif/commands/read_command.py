"""`harnessif read-command`: what the checks see in command lines — one JSON string per line on stdin, one JSON object
per line on stdout (`runs_tests`, `runs_lint`, `git`, `writes`, `programs`). It is the reading the checks use
(`checks.shell.reading`), not a second one; the repository given with `--repo` is read once for every line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..evidence import is_generated

if TYPE_CHECKING:
    from ..checks.shell import SimpleCommand

PROG = "harnessif read-command"
SKIPPED_DIRS = frozenset({"node_modules", ".git", ".venv", "venv", "target", "dist", "build", "__pycache__"})
MAX_FILE = 256 * 1024


def repository_files(root: Path) -> dict[str, bytes]:
    """The text-sized files of a repository (build output, dependencies and VCS data left out), by relative path:
    what task runners and scripts are read from."""
    out = {}
    stack = [root]
    while stack:
        folder = stack.pop()
        for entry in sorted(folder.iterdir()):
            rel = entry.relative_to(root).as_posix()
            if entry.is_dir() and entry.name not in SKIPPED_DIRS and not entry.is_symlink():
                stack.append(entry)
            elif entry.is_file() and not is_generated(rel) and entry.stat().st_size <= MAX_FILE:
                out[rel] = entry.read_bytes()
    return out


def lines_in(raw: bool) -> Iterator[tuple[int, str]]:
    """`(line number, command line)` from stdin: a JSON string per line, or the line itself with `raw`."""
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        if raw:
            yield number, line.rstrip("\n")
            continue
        try:
            value = json.loads(line)
        except ValueError:
            value = None
        if not isinstance(value, str):
            raise ValueError(f"line {number}: not a JSON string (e.g. \"make test\"); pass --raw to read each line "
                             "as a command")
        yield number, value


def explained(commands: Sequence[SimpleCommand]) -> list[dict[str, Any]]:
    """Each simple command of a line as the checks read it."""
    return [{"text": c.text, "program": c.program, "argv": c.argv, "cwd": c.cwd, "tests": c.is_test_run,
             "lint": c.is_lint_run, "runner": c.activity.runner, "git": c.git[0] if c.git else None,
             "writes": c.written_paths, "nesting": list(c.simple.nesting), "sure": c.simple.sure}
            for c in commands]


def run(args: argparse.Namespace) -> int:
    from ..checks.projectfiles import EMPTY, Project
    from ..checks.shell import parse, reading

    project = EMPTY
    if args.repo:
        root = Path(args.repo)
        if not root.is_dir():
            print(f"{PROG}: --repo {args.repo}: no such directory", file=sys.stderr)
            return 2
        project = Project(repository_files(root))
    try:
        for _, line in lines_in(args.raw):
            commands = parse(line, project)
            out = reading(commands)
            if args.explain:
                out["commands"] = explained(commands)
            print(json.dumps(out), flush=True)
    except ValueError as exc:
        print(f"{PROG}: stdin {exc}", file=sys.stderr)
        return 2
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "read-command", help="what the checks see in command lines (JSON strings on stdin, one reading per line)",
        description="Reads command lines (one JSON string per line on stdin) and prints, per line, one JSON object: "
                    "runs_tests, runs_lint, git (subcommands), writes (paths), programs.")
    parser.add_argument("--repo", metavar="DIR", help="read task runners and scripts (Makefile, package.json, "
                                                       "justfile, Taskfile.yml, tox.ini, noxfile.py) from DIR")
    parser.add_argument("--raw", action="store_true", help="each stdin line is a command as typed, not JSON")
    parser.add_argument("--explain", action="store_true", help="also each simple command: program, directory, "
                                                              "what it runs and which runner said so")
    parser.set_defaults(func=run)
