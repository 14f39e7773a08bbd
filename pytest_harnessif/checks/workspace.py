"""Workspace helpers `Run` does not have. `Run.files` already leaves out everything the agent did not author
(git internals, tool caches, virtualenvs, tox, egg-info, coverage data: `evidence.is_generated`; and what the
workspace's `.gitignore` files ignore: `evidence.without_ignored`)."""

from __future__ import annotations

import difflib
import posixpath

from ..evidence import Run

WORKSPACE_ROOT = "/workspace"


def workspace_path(path: str) -> str:
    """A tool's path argument as a workspace path (`./src/a.py` -> `src/a.py`)."""
    return posixpath.normpath(path).removeprefix("./")


def repo_path(path: str) -> str | None:
    """`path` as a path inside the workspace, normalised (`./src/../a.py` -> `a.py`, `/workspace/a` -> `a`, the
    workspace itself `.`), or None for anything outside: `/tmp/x`, `~/x`, `$HOME/x`, `../x`, `a/../../x`."""
    if path.startswith(("~", "$")):
        return None
    if path.startswith("/"):
        if path != WORKSPACE_ROOT and not path.startswith(WORKSPACE_ROOT + "/"):
            return None
        path = path[len(WORKSPACE_ROOT) :].lstrip("/") or "."
    normal = posixpath.normpath(path)
    return None if normal == ".." or normal.startswith("../") else normal.removeprefix("./")


def changed_paths(run: Run, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` the run created, modified or deleted, sorted."""
    return sorted({*run.created(pattern), *run.modified(pattern), *run.deleted(pattern)})


def files_before_turn(run: Run, index: int) -> dict[str, bytes]:
    """Workspace files as they were when turn `index` started."""
    return run.initial_files if index == 0 else run.files_after_turn(index - 1)


def added_lines(run: Run, pattern: str = "**", text_only: bool = False) -> list[tuple[str, str]]:
    """`Run.added_lines`, without binary files (a NUL byte) if `text_only`."""
    keep = {f.path for f in run.changed(pattern) if not (text_only and b"\0" in f.data)}
    return [(p, line) for p, line in run.added_lines(pattern) if p in keep]


def added_count(before: bytes | None, after: bytes | None) -> int:
    """Lines `after` adds relative to `before`, as a line diff counts them."""
    a = [] if before is None else before.decode(errors="replace").splitlines()
    b = [] if after is None else after.decode(errors="replace").splitlines()
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    return sum(j2 - j1 for tag, _, _, j1, j2 in ops if tag in ("replace", "insert"))


def first_line(data: bytes) -> str:
    return data.decode(errors="replace").removeprefix("\ufeff").split("\n", 1)[0].rstrip()
