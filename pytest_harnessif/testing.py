"""Build tiny synthetic `Run`s for rule fixtures (files before/after, turns, tool calls, commits) and the
scripted judge that judge-based rules' fixtures run against."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

from .agents.base import Completion, Message
from .evidence import Run
from .sandbox.base import tar_from_files
from .sandbox.local import LocalSandbox
from .schema import RunKey, Task
from .trajectory import Commit, GitState, Step, ToolCall, ToolSchema, Trajectory, TurnRecord

_ids = itertools.count()


def bash(cmd: str, exit_code: int = 0, output: str = "", timed_out: bool = False) -> ToolCall:
    """A bash tool call that ran `cmd`."""
    return ToolCall(
        id=f"call_{next(_ids)}",
        name="bash",
        args={"command": cmd},
        output=output,
        command=cmd,
        exit_code=exit_code,
        timed_out=timed_out,
        is_error=exit_code != 0,
    )


def tool(
    name: str,
    output: str = "",
    command: str | None = None,
    exit_code: int | None = None,
    is_error: bool = False,
    **args: Any,
) -> ToolCall:
    """A call of any other tool (`read_file`, `edit_file`, `skill`, a task tool...)."""
    return ToolCall(
        id=f"call_{next(_ids)}",
        name=name,
        args=args,
        output=output,
        command=command,
        exit_code=exit_code,
        is_error=is_error,
    )


def turn(
    user: str, reply: str, *calls: ToolCall, intent: str = "new-feature", files: dict[str, str] | None = None
) -> dict[str, Any]:
    """One user turn: what the user said, the tool calls, the reply, and optionally the files at its end."""
    return {"user": user, "reply": reply, "calls": list(calls), "intent": intent, "files": files}


def commit(subject: str, body: str = "", author: str = "Harness Agent") -> Commit:
    return Commit(sha=f"{next(_ids):040x}", subject=subject, body=body, author=author)


def make_run(
    *,
    initial: dict[str, str] | None = None,
    final: dict[str, str] | None = None,
    turns: list[dict[str, Any]] | None = None,
    commits: list[Commit] | None = None,
    branch: str = "main",
    branches: list[str] | None = None,
    dirty: list[str] | None = None,
    heads: dict[str, str] | None = None,
    placement: dict[str, str] | None = None,
    task: Task | None = None,
) -> Run:
    """A `Run` over synthetic evidence. `final` defaults to `initial`; commits are oldest first."""
    initial = initial or {}
    final = initial if final is None else final
    turns = [turn("Please do the task.", "Done.")] if turns is None else turns
    snaps: dict[str, bytes] = {
        "initial.tar": tar_from_files({k: v.encode() for k, v in initial.items()}),
        "final.tar": tar_from_files({k: v.encode() for k, v in final.items()}),
    }
    records = []
    for i, t in enumerate(turns):
        name = "final.tar"
        if t.get("files") is not None:
            name = f"turn-{i}.tar"
            snaps[name] = tar_from_files({k: v.encode() for k, v in t["files"].items()})
        records.append(
            TurnRecord(
                index=i,
                intent=t.get("intent", "new-feature"),
                user=t["user"],
                reply=t["reply"],
                steps=[Step(tool_calls=t.get("calls", []))],
                snapshot=name,
            )
        )
    history = [commit("Initial import"), *(commits or [])]
    task = task or Task(
        id="synthetic",
        scenario="synthetic",
        title="synthetic",
        languages=["python"],
        role="You are a coding agent.",
        turns=[{"intent": r.intent, "text": r.user} for r in records],
        rules=[],
    )
    traj = Trajectory(
        key=RunKey(model="synthetic", task=task.id, round=1),
        agent="synthetic",
        turns=records,
        placement=placement or {},
        git=GitState(
            branch=branch,
            branches=branches or [branch],
            commits=list(reversed(history)),
            dirty=dirty or [],
            heads=heads or {},
        ),
    )
    return Run(traj, task, snaps.__getitem__, LocalSandbox)


class UnexpectedJudgeCall(Exception):
    """A fixture expected the rule's deterministic pre-check to decide, but the check consulted the judge."""


@dataclass(frozen=True)
class JudgeScript:
    """What the scripted judge answers for one fixture: `says` on every vote, but only when every `sees`
    snippet is in the evidence it was handed; otherwise an answer that is no verdict (an error verdict)."""

    says: str
    sees: tuple[str, ...] = ()


class ScriptedJudgeClient:
    """A `ModelClient` playing the judge from a `JudgeScript`; None means the judge must not be consulted."""

    model_id = "scripted-judge"

    def __init__(self, script: JudgeScript | None) -> None:
        self.script = script
        self.prompts: list[str] = []

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        prompt = messages[-1].text
        self.prompts.append(prompt)
        if self.script is None:
            raise UnexpectedJudgeCall("the judge was consulted, but this fixture expects the pre-check to decide")
        missing = [s for s in self.script.sees if s not in prompt]
        if missing:
            return Completion(text=f"The evidence lacks {missing!r}; I cannot grade this.")
        return Completion(text=json.dumps({"verdict": self.script.says, "reason": "scripted judge"}))

    def close(self) -> None:
        pass
