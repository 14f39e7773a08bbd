"""The recorded run: every message, tool call, command, per-turn snapshot reference and usage."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .schema import RunKey

SCHEMA_VERSION = 1


class Record(BaseModel):
    """Base for trajectory records: strict on read, so a corrupt store entry is detected."""

    model_config = ConfigDict(extra="forbid")


class Usage(Record):
    """Token usage of one model call (or a sum of them)."""

    input_tokens: int = 0
    output_tokens: int = 0
    calls: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            calls=self.calls + other.calls,
        )


class ToolCall(Record):
    """One tool call and its result. `command` is set for every call that ran a shell command."""

    id: str
    name: str
    args: dict[str, Any] = {}
    output: str = ""
    is_error: bool = False
    command: str | None = None
    exit_code: int | None = None
    timed_out: bool = False
    killed_reason: str | None = None
    duration: float = 0.0


class Step(Record):
    """One assistant message: optional text, the tool calls it asked for, and how the model call went.

    `exchange` holds the request as sent and the response as received (no credentials) so the call can be
    replayed; `model_stop` is the provider's stop reason.
    """

    text: str = ""
    tool_calls: list[ToolCall] = []
    usage: Usage = Usage()
    model_stop: str = ""
    latency: float = 0.0
    cost: float | None = None
    exchange: dict[str, Any] | None = None


class TurnRecord(Record):
    """One user turn and everything the agent did until it replied."""

    index: int
    intent: str
    user: str
    steps: list[Step] = []
    reply: str = ""
    stop_reason: Literal["reply", "step_limit", "time_limit", "run_limit", "error"] = "reply"
    snapshot: str = ""
    restored: list[str] = []
    """A read-only turn's changes, put back after it: the files it created, modified or deleted."""


class Commit(Record):
    """A commit of the workspace's git history at the end of the run."""

    sha: str
    subject: str
    body: str = ""
    author: str = ""
    branch_heads: list[str] = []


class GitState(Record):
    """The workspace's git state at the end of the run (newest commit first; `dirty` = porcelain lines; `base` =
    the commit the agent started from, the last of the repository's history)."""

    base: str = ""
    branch: str = ""
    branches: list[str] = []
    heads: dict[str, str] = {}
    commits: list[Commit] = []
    dirty: list[str] = []


class ToolSchema(Record):
    """A tool as offered to the model."""

    name: str
    description: str
    parameters: dict[str, Any]


class Trajectory(Record):
    """A whole recorded run of one (model, task, round)."""

    schema_version: int = SCHEMA_VERSION
    key: RunKey
    fingerprint: str = ""
    agent: str
    model_id: str | None = None
    status: Literal["ok", "failed"] = "ok"
    error: str | None = None
    end_reason: Literal["completed", "run_steps", "run_tokens", "run_seconds", "run_cost"] = "completed"
    system_prompt: str = ""
    tools: list[ToolSchema] = []
    placement: dict[str, str] = {}
    turns: list[TurnRecord] = []
    initial_snapshot: str = "initial.tar"
    final_snapshot: str = "final.tar"
    git: GitState = GitState()
    usage: Usage = Usage()
    cost: float | None = None
    settings: dict[str, Any] = Field(default_factory=dict)
    sandbox: str = "local"
    started: float = 0.0
    duration: float = 0.0
    extra: dict[str, Any] = Field(default_factory=dict)


@dataclass
class Recording:
    """A finished trajectory and the snapshot tars it refers to (by name)."""

    trajectory: Trajectory
    snapshots: dict[str, bytes] = field(default_factory=dict)
