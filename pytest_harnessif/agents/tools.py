"""The tool layer every agent acts through: bash, file tools, the skill loader and task tools."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..sandbox.base import Sandbox, SandboxError
from ..stack import MAX_BASH_TIMEOUT, SKILL_TOOL
from ..trajectory import ToolCall, ToolSchema

BASH_TIMEOUT = 120.0


class ToolArgumentError(Exception):
    """The model called a tool with arguments that do not fit its schema."""


@dataclass
class ToolResult:
    """What a tool gives back to the model, plus the command it ran, if any."""

    output: str
    is_error: bool = False
    command: str | None = None
    exit_code: int | None = None
    timed_out: bool = False
    killed_reason: str | None = None


class ToolBox:
    """Executes tool calls in a sandbox. Tool descriptions (with any TD rules) come from the rendered stack."""

    def __init__(
        self,
        sandbox: Sandbox,
        schemas: list[ToolSchema],
        skills: dict[str, str],
        task_commands: dict[str, str],
    ) -> None:
        self.sandbox = sandbox
        self.schemas = schemas
        self.skills = skills
        self.task_commands = task_commands
        self._impl: dict[str, Callable[[dict[str, Any]], ToolResult]] = {
            "bash": self._bash,
            "read_file": self._read,
            "write_file": self._write,
            "edit_file": self._edit,
            "list_files": self._list,
            SKILL_TOOL: self._skill,
        }

    def call(self, call_id: str, name: str, raw_args: str | dict[str, Any]) -> ToolCall:
        """Run one call; bad arguments and tool failures come back as tool errors, as real harnesses do."""
        start = time.monotonic()
        args: dict[str, Any] = {}
        try:
            parsed = json.loads(raw_args) if isinstance(raw_args, str) else raw_args
            if not isinstance(parsed, dict):
                raise ToolArgumentError("arguments must be a JSON object")
            args = dict(parsed)
            if name in self.task_commands:
                result = self._task(name, args)
            elif name in self._impl and any(s.name == name for s in self.schemas):
                result = self._impl[name](args)
            else:
                result = ToolResult(f"error: unknown tool {name!r}", is_error=True)
        except (ToolArgumentError, json.JSONDecodeError, SandboxError, OSError) as exc:
            result = ToolResult(f"error: {exc}", is_error=True)
        return ToolCall(
            id=call_id,
            name=name,
            args=args,
            output=result.output,
            is_error=result.is_error,
            command=result.command,
            exit_code=result.exit_code,
            timed_out=result.timed_out,
            killed_reason=result.killed_reason,
            duration=time.monotonic() - start,
        )

    # --- tools --------------------------------------------------------------------------------
    def _run(self, cmd: str, timeout: float) -> ToolResult:
        res = self.sandbox.exec(cmd, timeout=timeout)
        note = f" (killed: {res.killed_reason} limit)" if res.killed_reason else ""
        cut = "\n[output truncated]" if res.truncated else ""
        return ToolResult(
            f"exit code: {res.exit_code}{note}\n{res.output}{cut}",
            is_error=res.exit_code != 0,
            command=cmd,
            exit_code=res.exit_code,
            timed_out=res.timed_out,
            killed_reason=res.killed_reason,
        )

    def _bash(self, args: dict[str, Any]) -> ToolResult:
        cmd = _str_arg(args, "command")
        timeout = args.get("timeout", BASH_TIMEOUT)
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 0 < timeout <= MAX_BASH_TIMEOUT:
            raise ToolArgumentError(f"timeout must be a number of seconds between 1 and {MAX_BASH_TIMEOUT}")
        return self._run(cmd, float(timeout))

    def _task(self, name: str, args: dict[str, Any]) -> ToolResult:
        extra = args.get("args", "")
        if not isinstance(extra, str):
            raise ToolArgumentError("args must be a string")
        return self._run(f"{self.task_commands[name]} {extra}".strip(), BASH_TIMEOUT)

    def _read(self, args: dict[str, Any]) -> ToolResult:
        return ToolResult(self.sandbox.read(_str_arg(args, "path")).decode(errors="replace"))

    def _write(self, args: dict[str, Any]) -> ToolResult:
        path, content = _str_arg(args, "path"), _str_arg(args, "content", allow_empty=True)
        self.sandbox.write(path, content.encode())
        return ToolResult(f"wrote {len(content.encode())} bytes to {path}")

    def _edit(self, args: dict[str, Any]) -> ToolResult:
        path, old = _str_arg(args, "path"), _str_arg(args, "old")
        new = _str_arg(args, "new", allow_empty=True)
        text = self.sandbox.read(path).decode(errors="replace")
        count = text.count(old)
        if count != 1:
            return ToolResult(f"error: `old` occurs {count} times in {path}; it must occur exactly once", True)
        self.sandbox.write(path, text.replace(old, new).encode())
        return ToolResult(f"edited {path}")

    def _list(self, args: dict[str, Any]) -> ToolResult:
        path = args.get("path", ".") or "."
        if not isinstance(path, str):
            raise ToolArgumentError("path must be a string")
        return ToolResult("\n".join(self.sandbox.list(path)))

    def _skill(self, args: dict[str, Any]) -> ToolResult:
        name = _str_arg(args, "name")
        if name not in self.skills:
            return ToolResult(f"error: no skill {name!r}; available: {', '.join(sorted(self.skills))}", True)
        return ToolResult(self.skills[name])


def _str_arg(args: dict[str, Any], key: str, allow_empty: bool = False) -> str:
    value = args.get(key)
    if not isinstance(value, str) or (not value and not allow_empty):
        raise ToolArgumentError(f"argument {key!r} must be a {'' if allow_empty else 'non-empty '}string")
    return value
