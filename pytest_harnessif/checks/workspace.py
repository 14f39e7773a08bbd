"""What a run changed in the workspace, without environment and build artefacts.

`Run.files` already leaves out git internals and tool caches (`evidence.is_tool_cache`). What remains to
drop here is what installing or measuring the project writes into the workspace: virtualenvs (`.venv/`),
tox environments (`.tox/`), `*.egg-info/` metadata (`pip install -e .` in a src layout writes
`src/<pkg>.egg-info/`) and `.coverage` data. Checks that judge "files the agent changed" use these helpers.
"""

from __future__ import annotations

import posixpath

from ..evidence import FileView, Run

ARTIFACT_DIRS = frozenset({".tox", ".venv"})


def is_build_artifact(path: str) -> bool:
    """A virtualenv, tox, egg-info or coverage file: written by installing or measuring, not authored."""
    *dirs, name = path.split("/")
    return any(d in ARTIFACT_DIRS or d.endswith(".egg-info") for d in dirs) or name == ".coverage"


def workspace_path(path: str) -> str:
    """A tool's path argument as a workspace path (`./src/a.py` -> `src/a.py`)."""
    return posixpath.normpath(path).removeprefix("./")


def changed_files(run: Run, pattern: str = "**") -> list[FileView]:
    """Final files matching `pattern` that the run created or modified (`Run.changed` without artefacts)."""
    return [f for f in run.changed(pattern) if not is_build_artifact(f.path)]


def created_files(run: Run, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` that exist at the end but not at the start (`Run.created` without artefacts)."""
    return [p for p in run.created(pattern) if not is_build_artifact(p)]


def changed_paths(run: Run, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` the run created, modified or deleted, artefacts excluded, sorted."""
    paths = {*run.created(pattern), *run.modified(pattern), *run.deleted(pattern)}
    return sorted(p for p in paths if not is_build_artifact(p))


def turn_changes(run: Run, index: int, pattern: str = "**") -> list[str]:
    """Paths matching `pattern` created, modified or deleted during turn `index`, artefacts excluded."""
    return [p for p in run.changed_in_turn(index, pattern) if not is_build_artifact(p)]


def files_before_turn(run: Run, index: int) -> dict[str, bytes]:
    """Workspace files as they were when turn `index` started."""
    return run.initial_files if index == 0 else run.files_after_turn(index - 1)


def added_lines(run: Run, pattern: str = "**", text_only: bool = False) -> list[tuple[str, str]]:
    """`Run.added_lines` without artefacts, and without binary files (a NUL byte) if `text_only`."""
    keep = {f.path for f in changed_files(run, pattern) if not (text_only and b"\0" in f.data)}
    return [(p, line) for p, line in run.added_lines(pattern) if p in keep]
