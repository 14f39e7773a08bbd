"""mini-swe-agent trajectories (`*.traj.json`, `trajectory_format` "mini-swe-agent-1*").

Kept: the system prompt, the task (first user message, turn 0), each assistant message's THOUGHT as a step and its
command as a `bash` call (text format: exactly one fenced ```bash / ```mswea_bash_command block; tool-call format:
`tool_calls` of `bash`), the command's output (`<output>`, or `<output_head>` and `<output_tail>` of a long one) and
`<returncode>` (or `extra.returncode`) from the next user / `role: tool` message, a timeout notice as a timed-out
command, the model name (`info.config.model.model_name`) and `info.submission` as `final_diff`. A message with no or
several blocks was refused by mini-swe-agent (a format error) and ran nothing: it is a step without a command. The
command that submitted (the run's `role: exit` message, or `info.exit_status` "Submitted") has the submission as its
output and exit code 0: mini-swe-agent accepts a submission only from a command whose output starts with its marker.
Lacks: "workspace", "git", and "replies" (the thoughts are not addressed to a user)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .record import Imported, LogError, SessionBuilder, json_document, text_of

FORMAT = "mini-swe-agent"

_BASH = re.compile(r"```(?:bash|sh|mswea_bash_command)\s*\n(.*?)\n```", re.S)
_CODE = re.compile(r"<returncode>\s*(-?\d+)\s*</returncode>")
_OUT = re.compile(r"<output(?:_head|_tail)?>\n?(.*?)\n?</output(?:_head|_tail)?>", re.S)
_ELIDED = re.compile(r"<elided_chars>\s*(\d+)")
_SUBMITTED = "submitted"


def sniff(obj: Any) -> bool:
    """A JSON document with `messages` and a mini-swe-agent `trajectory_format` (or `info.mini_version`)."""
    if not isinstance(obj, dict) or not isinstance(obj.get("messages"), list):
        return False
    info = obj.get("info")
    return str(obj.get("trajectory_format", "")).startswith("mini-swe-agent") or (
        isinstance(info, dict) and "mini_version" in info
    )


def read(source: Path, text: str) -> Imported:
    """One session from a mini-swe-agent trajectory."""
    doc = json_document(source, text)
    if not isinstance(doc, dict) or not isinstance(doc.get("messages"), list):
        raise LogError(source, "field 'messages': missing or not a list")
    info = doc.get("info") if isinstance(doc.get("info"), dict) else {}
    config = info.get("config") if isinstance(info.get("config"), dict) else {}
    model = config.get("model") if isinstance(config.get("model"), dict) else {}
    env = config.get("environment") if isinstance(config.get("environment"), dict) else {}
    builder = SessionBuilder(FORMAT, source, root=str(env.get("cwd") or "/testbed"),
                             lacks={"workspace", "git", "replies"})  # fmt: skip
    builder.model_id = model.get("model_name") or None
    builder.agent = builder.model_id or FORMAT
    pending: str | None = None
    submitted: str | None = None
    exit_content = ""
    for index, message in enumerate(doc["messages"]):
        if not isinstance(message, dict) or not isinstance(message.get("role"), str):
            raise LogError(source, f"field 'messages[{index}]': not a message with a role")
        role, content = message["role"], text_of(message.get("content"))
        if role == "system":
            builder.system_prompt = content
        elif role == "user" and not builder.turns:
            builder.user(content)
        elif role == "assistant":
            pending = _assistant(builder, source, index, message, content)
        elif role == "exit":
            extra = message.get("extra") if isinstance(message.get("extra"), dict) else {}
            if str(extra.get("exit_status", _SUBMITTED)).lower() == _SUBMITTED:
                submitted, exit_content = pending, content
        elif role in ("user", "tool") and pending is not None:
            _observe(builder, pending, message, content)
            pending = None if message.get("tool_call_id") in (None, pending) else pending
    status = str(info.get("exit_status") or "")
    submission = str(info.get("submission") or exit_content)
    if submitted is None and status.lower() == _SUBMITTED:
        submitted = pending
    if submitted is not None:
        builder.result(submitted, submission, exit_code=0, is_error=False)
    return builder.build(final_diff=submission, exit_status=status)


def _assistant(builder: SessionBuilder, source: Path, index: int, message: dict[str, Any],
               content: str) -> str | None:  # fmt: skip
    if not builder.turns:
        raise LogError(source, f"field 'messages[{index}]': the assistant acts before the task")
    calls = message.get("tool_calls")
    if isinstance(calls, list) and calls:
        builder.say(content)
        last = None
        for call in calls:
            function = call.get("function", {}) if isinstance(call, dict) else {}
            try:
                args = json.loads(function.get("arguments") or "{}")
            except ValueError:
                raise LogError(source, f"field 'messages[{index}].tool_calls': arguments not JSON") from None
            last = builder.shell(str(args.get("command", "")), id=call.get("id")).id
        return last
    blocks = list(_BASH.finditer(content))
    if len(blocks) != 1:
        builder.say(content)
        return None
    match = blocks[0]
    thought = content[: match.start()].strip().removeprefix("THOUGHT:").strip()
    return builder.shell(match.group(1).strip(), text=thought).id


def _observe(builder: SessionBuilder, call_id: str, message: dict[str, Any], content: str) -> None:
    code = _CODE.search(content)
    extra = message.get("extra") if isinstance(message.get("extra"), dict) else {}
    returncode = int(code.group(1)) if code else extra.get("returncode")
    if not isinstance(returncode, int):
        returncode = None
    outputs = _OUT.findall(content)
    elided = _ELIDED.search(content)
    gap = f"\n[{elided.group(1)} characters elided]\n" if elided else "\n"
    output = gap.join(outputs) if outputs else content
    timed_out = returncode in (None, -1) and "timed out" in content.lower()
    builder.result(message.get("tool_call_id") or call_id, output, exit_code=returncode, is_error=bool(returncode),
                   timed_out=timed_out)  # fmt: skip
