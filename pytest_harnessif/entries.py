"""The loaded library's entries: a rule (metadata, check, file) and a task folder (task.yaml, repo/, gold)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .rulemeta import RuleMeta
from .schema import Task
from .script import Script


@dataclass(frozen=True)
class RuleEntry:
    """One rule: its metadata, its check function and where it is defined."""

    meta: RuleMeta
    check: Callable[..., Any]
    path: Path


@dataclass(frozen=True)
class TaskEntry:
    """One task folder: validated task.yaml, its repository and (optional) gold script."""

    task: Task
    dir: Path
    script: Script | None

    @property
    def repo(self) -> Path:
        """The task's own `repo/`, or the scenario's shared `repos/<name>/` it names."""
        return self.dir.parent / "repos" / self.task.repo if self.task.repo else self.dir / "repo"
