"""What every importer builds: a foreign log as this project's `Trajectory`, and what the log lacks.

An importer reads its format and feeds a `SessionBuilder` in log order (user turns, assistant messages, tool calls and
their results); `build()` makes the trajectory. Tool calls are put in the plugin's own vocabulary where the meaning
is the same, so every check reads them as it reads a recorded run: a shell command is `bash` with its `command`, a
whole-file write `write_file(path, content)`, a string replacement `edit_file(path, old, new)`, a read
`read_file(path)`; paths are made relative to the session's working directory."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..schema import RunKey, SkillSpec
from ..trajectory import Step, ToolCall, ToolSchema, Trajectory, TurnRecord

IMPORTER_VERSION = 1
"""Part of every imported session's fingerprint: a change of how logs are read re-runs their checks."""


class LogError(ValueError):
    """A log that cannot be imported; the message names the file and, where there is one, the line."""

    def __init__(self, source: Path | str, message: str, line: int | None = None) -> None:
        self.source, self.line = str(source), line
        super().__init__(f"{source}{f':{line}' if line else ''}: {message}")


@dataclass(frozen=True)
class Imported:
    """One session read from a log: its trajectory (`key.task` is the session id once loaded), its format, the file
    and what the log does not hold (keys of `evidence.EVIDENCE`)."""

    format: str
    source: Path
    trajectory: Trajectory
    lacks: frozenset[str]
    digest: str = ""


def jsonl(source: Path, text: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) of each non-blank line; a line that is not a JSON object is a `LogError` naming it."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise LogError(source, f"not JSON ({exc.msg})", number) from None
        if not isinstance(value, dict):
            raise LogError(source, f"a JSON {type(value).__name__}, not an object", number)
        yield number, value


def json_document(source: Path, text: str) -> Any:
    """A whole-file JSON log; malformed JSON is a `LogError` naming the line."""
    try:
        return json.loads(text)
    except ValueError as exc:
        raise LogError(source, f"not JSON ({exc.msg})", getattr(exc, "lineno", None)) from None


def text_of(content: Any) -> str:
    """The text of a message's content: a string, or the text parts of a list of content blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") if isinstance(p, dict) else p if isinstance(p, str) else "" for p in content]
        return "\n".join(p for p in parts if p)
    return ""


def relative(path: str, root: str) -> str:
    """`path` relative to the session's working directory `root` (unchanged when it lies outside it)."""
    if not path or not root or not path.startswith("/"):
        return path.removeprefix("./")
    root = root.rstrip("/")
    if path == root:
        return "."
    return path[len(root) + 1 :] if path.startswith(root + "/") else path


@dataclass
class SessionBuilder:
    """Collects one session in log order. A tool call's result may arrive later (`result(id, ...)`)."""

    format: str
    source: Path
    root: str = ""
    lacks: set[str] = field(default_factory=set)
    system_prompt: str = ""
    tools: list[ToolSchema] = field(default_factory=list)
    skills: list[SkillSpec] = field(default_factory=list)
    agent: str = ""
    model_id: str | None = None
    _turns: list[TurnRecord] = field(default_factory=list)
    _calls: dict[str, ToolCall] = field(default_factory=dict)
    _requests: list[str | None] = field(default_factory=list)

    # --- turns and messages -----------------------------------------------------------------------------------------
    def user(self, text: str, *, intent: str = "", request: str | None = None) -> None:
        """A new user turn (`request`: the user's own words when `text` carries injected instructions too)."""
        self._turns.append(TurnRecord(index=len(self._turns), intent=intent, user=text))
        self._requests.append(request)

    def say(self, text: str) -> None:
        """An assistant message's text (a step of the current turn)."""
        self._turn().steps.append(Step(text=text))

    def call(self, name: str, args: dict[str, Any], *, id: str | None = None, output: str = "",
             command: str | None = None, exit_code: int | None = None, is_error: bool = False,
             timed_out: bool = False, text: str | None = None) -> ToolCall:  # fmt: skip
        """A tool call, added to the current assistant message (a new one when `text` is given or none is open)."""
        turn = self._turn()
        if text is not None or not turn.steps:
            turn.steps.append(Step(text=text or ""))
        call_id = id or f"call-{sum(len(s.tool_calls) for t in self._turns for s in t.steps)}"
        if name == "bash" and command is None:
            command = str(args.get("command", ""))
        call = ToolCall(id=call_id, name=name, args=args, output=output, command=command, exit_code=exit_code,
                        is_error=is_error, timed_out=timed_out)  # fmt: skip
        turn.steps[-1].tool_calls.append(call)
        self._calls[call_id] = call
        return call

    def shell(self, command: str, **kwargs: Any) -> ToolCall:
        """A shell command, as the plugin's `bash` tool records one."""
        return self.call("bash", {"command": command}, command=command, **kwargs)

    def write(self, path: str, content: str, **kwargs: Any) -> ToolCall:
        return self.call("write_file", {"path": relative(path, self.root), "content": content}, **kwargs)

    def edit(self, path: str, old: str, new: str, **kwargs: Any) -> ToolCall:
        return self.call("edit_file", {"path": relative(path, self.root), "old": old, "new": new}, **kwargs)

    def read(self, path: str, **kwargs: Any) -> ToolCall:
        return self.call("read_file", {"path": relative(path, self.root)}, **kwargs)

    def result(self, call_id: str, output: str, *, exit_code: int | None = None, is_error: bool | None = None,
               timed_out: bool | None = None) -> bool:  # fmt: skip
        """The result of an earlier call (False when no call has that id)."""
        call = self._calls.get(call_id)
        if call is None:
            return False
        call.output = output
        if exit_code is not None:
            call.exit_code = exit_code
        if is_error is not None:
            call.is_error = is_error
        if timed_out is not None:
            call.timed_out = timed_out
        return True

    def reply(self, text: str) -> None:
        """The assistant's message to the user that ends the current turn."""
        turn = self._turn()
        turn.steps.append(Step(text=text))
        turn.reply = text

    def _turn(self) -> TurnRecord:
        if not self._turns:
            raise LogError(self.source, "the assistant acts before any user message")
        return self._turns[-1]

    @property
    def turns(self) -> list[TurnRecord]:
        return self._turns

    @property
    def requests(self) -> list[str | None]:
        return self._requests

    # --- the record -------------------------------------------------------------------------------------------------
    def build(self, **extra: Any) -> Imported:
        """The session as a trajectory; a command without an exit code makes the log lack exit codes. A turn's reply
        is its last assistant message when that message called no tool (unless `replies` are lacking)."""
        if not self._turns:
            raise LogError(self.source, "no user message: nothing to audit")
        for turn in self._turns:
            last = turn.steps[-1] if turn.steps else None
            if not turn.reply and last is not None and not last.tool_calls and "replies" not in self.lacks:
                turn.reply = last.text
        calls = [c for t in self._turns for s in t.steps for c in s.tool_calls]
        if any(c.command is not None and c.exit_code is None and not c.timed_out for c in calls):
            self.lacks.add("exit_codes")
        label = re.sub(r"[^a-z0-9.]+", "-", (self.agent or self.format).lower()).strip("-") or self.format
        traj = Trajectory(
            key=RunKey(model=label, task="imported", round=1),
            agent=self.format,
            model_id=self.model_id,
            system_prompt=self.system_prompt,
            tools=self.tools,
            turns=self._turns,
            initial_snapshot="",
            final_snapshot="",
            extra={"audit": {"format": self.format, "source": str(self.source), "lacks": sorted(self.lacks),
                             "requests": self._requests, "skills": [s.model_dump() for s in self.skills], **extra}},
        )  # fmt: skip
        return Imported(self.format, self.source, traj, frozenset(self.lacks))
