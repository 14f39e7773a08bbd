"""Helpers shared by the OC/QT/CL rules: tool-cache filtering, changed paths, `path.py:LINE` citations."""

from __future__ import annotations

import re

from pytest_harnessif import Run

CACHE_DIRS = frozenset({"__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".tox", ".venv"})
CITATION = re.compile(r"\w[\w./-]*\.py`?:\d+")


def is_generated(path: str) -> bool:
    """Whether `path` is a tool artefact (bytecode, test/lint caches, coverage data), not a source file."""
    *dirs, name = path.split("/")
    return (
        any(d in CACHE_DIRS or d.endswith(".egg-info") for d in dirs)
        or name.endswith((".pyc", ".pyo"))
        or name == ".coverage"
    )


def changed_paths(run: Run, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` created, modified or deleted during the run, tool artefacts excluded."""
    paths = {*run.created(pattern), *run.modified(pattern), *run.deleted(pattern)}
    return sorted(p for p in paths if not is_generated(p))


def turn_changes(run: Run, index: int, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` changed during turn `index`, tool artefacts excluded."""
    return [p for p in run.changed_in_turn(index, pattern) if not is_generated(p)]


def files_before_turn(run: Run, index: int) -> dict[str, bytes]:
    """Workspace files as they were when turn `index` started."""
    return run.initial_files if index == 0 else run.files_after_turn(index - 1)
