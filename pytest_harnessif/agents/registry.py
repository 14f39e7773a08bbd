"""Model specs (`--harness-model`) to agents. Built in: the offline scripted references `gold` and `defaults`."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from ..library import TaskEntry
from .base import Agent
from .loop import ToolLoopAgent
from .scripted import ScriptedClient


class ModelSpecError(ValueError):
    """A `--harness-model` value that names no known model or provider."""


@dataclass(frozen=True)
class AgentSpec:
    """A parsed model spec: its display name (used in records and ids) and a per-task agent factory."""

    name: str
    description: str
    make: Callable[[TaskEntry], Agent]
    fingerprint: str


def _scripted(reading: str) -> Callable[[TaskEntry], Agent]:
    def make(entry: TaskEntry) -> Agent:
        if entry.script is None:
            raise ModelSpecError(f"{entry.dir}: gold.yaml: the task has no gold script to play")
        digest = hashlib.sha256(entry.script.model_dump_json().encode()).hexdigest()[:12]
        client = ScriptedClient(
            entry.script, "gold" if reading == "gold" else "default", f"scripted:{reading}@{digest}"
        )
        return ToolLoopAgent(client, name=reading)

    return make


BUILTIN: dict[str, tuple[str, Callable[[TaskEntry], Agent]]] = {
    "gold": (
        "offline reference agent: plays each task's gold script, following every injected rule",
        _scripted("gold"),
    ),
    "defaults": (
        "offline reference agent: plays the gold scripts' `default` reading, following its habits "
        "instead of the injected rules",
        _scripted("defaults"),
    ),
}


def parse_model(spec: str) -> AgentSpec:
    """Resolve a model spec; unknown names raise `ModelSpecError` listing what is known."""
    spec = spec.strip()
    if spec in BUILTIN:
        description, make = BUILTIN[spec]
        return AgentSpec(spec, description, make, f"scripted:{spec}:v1")
    known = ", ".join(sorted(BUILTIN))
    raise ModelSpecError(f"--harness-model={spec!r}: unknown model; known models: {known}")
