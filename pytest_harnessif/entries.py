"""The loaded library's entries: a rule (metadata, check, file), a task folder (task.yaml, repo/, gold) and a task of
an SWE-TaskFlow dataset."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .rulemeta import RuleMeta
from .schema import Task
from .script import Script
from .swe import Flow, Instance


@dataclass(frozen=True)
class RuleEntry:
    """One rule: its metadata, its check function and where it is defined."""

    meta: RuleMeta
    check: Callable[..., Any]
    path: Path


@dataclass(frozen=True)
class TaskEntry:
    """One task folder: validated task.yaml, its repository, (optional) gold script and (optional) second gold,
    `gold-alt.yaml`, written independently of the first."""

    task: Task
    dir: Path
    script: Script | None
    alt_script: Script | None

    @property
    def repo(self) -> Path:
        """The task's own `repo/`, or the scenario's shared `repos/<name>/` it names."""
        return self.dir.parent / "repos" / self.task.repo if self.task.repo else self.dir / "repo"


@dataclass(frozen=True)
class FlowEntry(TaskEntry):
    """One task of an SWE-TaskFlow dataset under one configuration: the instance (with its hidden gold patch and
    tests), the flow of typed turns, and the repository at the instance's base commit (`dir`)."""

    instance: Instance
    flow: Flow

    @property
    def repo(self) -> Path:
        return self.dir
