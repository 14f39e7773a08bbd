"""The generic JSONL any harness can export to (docs/audit.md), read and written.

One JSON object per line, in session order:

- `{"type": "session", "agent", "model", "cwd", "system_prompt", "tools", "skills", "lacks"}` — optional, first;
- `{"type": "user", "text", "intent"?, "request"?}` — a user turn (`request`: the user's own words when `text`
  carries injected instructions too);
- `{"type": "assistant", "text"}` — an assistant message; the turn's reply is its last one after the last tool call;
- `{"type": "tool", "name", "args", "output", "exit_code"?, "is_error"?, "timed_out"?, "command"?, "id"?}` — a tool
  call with its result (`bash` takes `args.command`; another shell-backed tool names its `command`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..schema import SkillSpec, field_errors
from ..trajectory import ToolSchema, Trajectory
from .record import Imported, LogError, SessionBuilder, jsonl

FORMAT = "generic"


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SessionLine(_Line):
    type: Literal["session"]
    agent: str = ""
    model: str | None = None
    cwd: str = ""
    system_prompt: str = ""
    tools: list[ToolSchema] = []
    skills: list[SkillSpec] = []
    lacks: list[Literal["workspace", "exit_codes", "git", "replies"]] = []


class UserLine(_Line):
    type: Literal["user"]
    text: str
    intent: str = ""
    request: str | None = None


class AssistantLine(_Line):
    type: Literal["assistant"]
    text: str


class ToolLine(_Line):
    type: Literal["tool"]
    name: Annotated[str, Field(min_length=1)]
    args: dict[str, Any] = {}
    output: str = ""
    exit_code: int | None = None
    is_error: bool = False
    timed_out: bool = False
    command: str | None = None
    id: str | None = None


Line = Annotated[SessionLine | UserLine | AssistantLine | ToolLine, Field(discriminator="type")]


class _Any(BaseModel):
    line: Line


def sniff(first: Any) -> bool:
    """Whether a log's first object is a generic line (other JSONL formats carry a `payload`, a `message`, an
    `action` or a `source`)."""
    return (
        isinstance(first, dict)
        and first.get("type") in ("session", "user", "assistant", "tool")
        and not {"payload", "message", "action", "observation", "source", "role"} & set(first)
    )


def read(source: Path, text: str) -> Imported:
    """One session from a generic JSONL log."""
    builder = SessionBuilder(FORMAT, source, lacks={"workspace", "git"})
    for index, (number, obj) in enumerate(jsonl(source, text)):
        try:
            line = _Any.model_validate({"line": obj}).line
        except ValidationError as exc:
            raise LogError(source, field_errors(exc, skip=2) or "not a generic line", number) from None
        if isinstance(line, SessionLine):
            if index:
                raise LogError(source, "a session line comes first", number)
            builder.agent, builder.model_id, builder.root = line.agent, line.model, line.cwd
            builder.system_prompt, builder.tools, builder.skills = line.system_prompt, line.tools, line.skills
            builder.lacks.update(line.lacks)
        elif isinstance(line, UserLine):
            builder.user(line.text, intent=line.intent, request=line.request)
        elif isinstance(line, AssistantLine):
            _at(builder, source, number).say(line.text)
        else:
            _at(builder, source, number).call(
                line.name, line.args, id=line.id, output=line.output, command=line.command,
                exit_code=line.exit_code, is_error=line.is_error, timed_out=line.timed_out,
            )  # fmt: skip
    return builder.build()


def _at(builder: SessionBuilder, source: Path, number: int) -> SessionBuilder:
    if not builder.turns:
        raise LogError(source, "an assistant message or tool call before any user line", number)
    return builder


def export(traj: Trajectory, requests: list[str | None] | None = None, *, cwd: str = "",
           skills: list[SkillSpec] | None = None) -> str:  # fmt: skip
    """A trajectory (recorded by this plugin or imported) as generic JSONL: the turns with their intents and the
    user's own words (`requests`), every assistant message, every tool call with its result, the system prompt, tools
    and skills offered; not the workspace's files nor the git history."""
    lines: list[dict[str, Any]] = [{
        "type": "session", "agent": traj.key.model, "model": traj.model_id, "cwd": cwd,
        "system_prompt": traj.system_prompt, "tools": [t.model_dump() for t in traj.tools],
        "skills": [s.model_dump() for s in skills or ()],
    }]  # fmt: skip
    for turn in traj.turns:
        user: dict[str, Any] = {"type": "user", "text": turn.user, "intent": turn.intent}
        if requests is not None and turn.index < len(requests) and requests[turn.index] is not None:
            user["request"] = requests[turn.index]
        lines.append(user)
        for step in turn.steps:
            if step.text:
                lines.append({"type": "assistant", "text": step.text})
            for call in step.tool_calls:
                tool: dict[str, Any] = {"type": "tool", "id": call.id, "name": call.name, "args": call.args,
                                        "output": call.output, "is_error": call.is_error}  # fmt: skip
                if call.command is not None:
                    tool.update(command=call.command, exit_code=call.exit_code, timed_out=call.timed_out)
                lines.append(tool)
        if turn.reply and (not turn.steps or turn.steps[-1].text != turn.reply):
            lines.append({"type": "assistant", "text": turn.reply})
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
