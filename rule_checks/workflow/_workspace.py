"""Workspace helpers shared by the CS/WF/TU rules: source files the run touched, and where edits happened."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from pytest_harnessif import FileView, Run
from pytest_harnessif.evidence import match
from pytest_harnessif.trajectory import ToolCall

from ._shell import Position, segments

FILE_EDIT_TOOLS = ("write_file", "edit_file")
CACHE_DIRS = frozenset({"__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".tox", ".venv", ".git"})


def is_generated(path: str) -> bool:
    """A tool artefact (bytecode, test/lint caches, virtualenvs, coverage data), not something authored."""
    *dirs, name = path.split("/")
    return (
        any(d in CACHE_DIRS or d.endswith(".egg-info") for d in dirs)
        or name.endswith((".pyc", ".pyo"))
        or name == ".coverage"
    )


def norm(path: str) -> str:
    """A tool's path argument as a workspace path (`./src/a.py` -> `src/a.py`)."""
    return posixpath.normpath(path).removeprefix("./")


def changed_files(run: Run, pattern: str = "**") -> list[FileView]:
    """Final files matching `pattern` that the run created or modified, tool artefacts excluded."""
    return [f for f in run.changed(pattern) if not is_generated(f.path)]


def changed_paths(run: Run, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` created, modified or deleted during the run, tool artefacts excluded."""
    paths = {*run.created(pattern), *run.modified(pattern), *run.deleted(pattern)}
    return sorted(p for p in paths if not is_generated(p))


def created_files(run: Run, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` that exist at the end but not at the start, tool artefacts excluded."""
    return [p for p in run.created(pattern) if not is_generated(p)]


def numbered_calls(run: Run) -> Iterator[tuple[int, int, ToolCall]]:
    """`(order, turn, call)` for every tool call; `order` is the numbering `Command.order` uses."""
    order = 0
    for t in run.turns:
        for call in t.tool_calls:
            yield order, t.index, call
            order += 1


def edit_positions(run: Run, pattern: str) -> list[Position]:
    """Where files matching `pattern` were edited, sorted.

    Recognised edits are successful `write_file`/`edit_file` calls and shell writes into a matching relative
    path (redirection, `tee`, `sed -i`). When a turn's snapshot shows such a file changed but no recognised
    edit happened in that turn, every bash command of the turn that is not just a test or lint run counts as
    a possible edit.
    """
    calls = list(numbered_calls(run))
    found: list[Position] = [
        (order, 0)
        for order, _, call in calls
        if call.name in FILE_EDIT_TOOLS
        and not call.is_error
        and isinstance(call.args.get("path"), str)
        and match(norm(call.args["path"]), pattern)
    ]
    bash = segments(run, "bash")
    found += [
        s.position
        for s in bash
        if any(not p.startswith(("/", "~")) and match(norm(p), pattern) for p in s.written_paths)
    ]
    for t in run.turns:
        orders = {order for order, turn, _ in calls if turn == t.index}
        touched = [p for p in run.changed_in_turn(t.index, pattern) if not is_generated(p)]
        if not touched or any(o in orders for o, _ in found):
            continue
        in_turn = [s for s in bash if s.command.turn == t.index]
        found.extend(
            {
                (s.command.order, 0)
                for s in in_turn
                if not all(x.is_test_run or x.is_lint_run for x in in_turn if x.command.order == s.command.order)
            }
        )
    return sorted(found)
