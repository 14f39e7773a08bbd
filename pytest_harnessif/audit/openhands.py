"""OpenHands event streams: a trajectory saved with `save_trajectory_path` (a JSON list of events) or one event per
JSON line.

Each event has an `id`, a `source` (user / agent / environment) and either an `action` with `args` or an
`observation` with `content` and `extras`, linked to its action by `cause`. Kept and mapped:

- the `system` action: system prompt and tools; the model from an event's `llm_metrics`;
- a user `message`: a user turn; an agent `message`: assistant text (the turn's reply when it ends the turn);
  `finish`: the reply (`final_thought`, else `outputs.content`); an action's `thought`: the text of its step;
- `run`: a `bash` command with its observation's output and `metadata.exit_code` (older logs: `extras.exit_code`;
  -1: the command did not finish, kept as timed out); a `run` with `is_input` (keys sent to a running command):
  `send_input`;
- `edit`: edit_file (`str_replace`'s `old_str`/`new_str`; an LLM-based edit of a line range: the whole file before
  and after, from its observation), write_file (`create`'s `file_text`, a whole-file LLM-based edit's `content`);
  `read` (and `edit` `view`): read_file; an `error` observation: a failed call;
- other actions keep their names and args. Recalls, state changes and null events are dropped.

Paths are relative to `/workspace`. The log keeps no workspace files nor git history."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..trajectory import ToolCall, ToolSchema
from .record import Imported, LogError, SessionBuilder, json_document, jsonl, relative

FORMAT = "openhands"
ROOT = "/workspace"
_SOURCES = {"user", "agent", "environment"}
_DROPPED = {"recall", "null", "change_agent_state", "condensation", "condensation_request", "pause", "resume", "stop"}


def _event(obj: Any) -> bool:
    return (
        isinstance(obj, dict)
        and obj.get("source") in _SOURCES
        and (isinstance(obj.get("action"), str) or isinstance(obj.get("observation"), str))
    )


def sniff(obj: Any) -> bool:
    """An event (the first line of JSONL), or a list whose first item is one."""
    return _event(obj[0] if isinstance(obj, list) and obj else obj)


def _events(source: Path, text: str) -> list[tuple[int, str, dict[str, Any]]]:
    """(line or position, where, event) of each event of a JSON list or of JSON lines."""
    if text.lstrip().startswith("["):
        document = json_document(source, text)
        if not all(isinstance(e, dict) for e in document):
            raise LogError(source, "every item of the event list must be an object")
        return [(0, f"event {n}", e) for n, e in enumerate(document)]
    return [(number, "", e) for number, e in jsonl(source, text)]


def _tools(raw: Any) -> list[ToolSchema]:
    tools = []
    for tool in raw or ():
        fn = tool.get("function", tool) if isinstance(tool, dict) else {}
        if fn.get("name"):
            tools.append(ToolSchema(name=fn["name"], description=fn.get("description", ""),
                                    parameters=fn.get("parameters") or {}))  # fmt: skip
    return tools


def read(source: Path, text: str) -> Imported:
    """One session from an OpenHands event stream."""
    builder = SessionBuilder(FORMAT, source, root=ROOT, lacks={"workspace", "git"}, agent=FORMAT)
    calls: dict[Any, ToolCall] = {}
    for number, where, event in _events(source, text):
        if not _event(event):
            raise LogError(source, f"{where + ': ' if where else ''}an event needs a `source` and an `action` or "
                                   "`observation`", number or None)  # fmt: skip
        if not builder.model_id and (model := _model(event.get("llm_metrics"))):
            builder.model_id = builder.agent = model
        if "action" in event:
            _action(builder, source, number, where, event, calls)
        else:
            _observation(builder, event, calls)
    return builder.build()


def _model(metrics: Any) -> str:
    """The model named by an event's `llm_metrics` (its accumulated token usage), if any."""
    usage = metrics.get("accumulated_token_usage") if isinstance(metrics, dict) else None
    return str(usage.get("model") or "") if isinstance(usage, dict) else ""


def _action(builder: SessionBuilder, source: Path, number: int, where: str, event: dict[str, Any],
            calls: dict[Any, ToolCall]) -> None:  # fmt: skip
    kind, args = event["action"], event.get("args") or {}
    if not isinstance(args, dict):
        raise LogError(source, f"{where + ': ' if where else ''}`args` must be an object", number or None)
    if kind == "system":
        builder.system_prompt, builder.tools = str(args.get("content", "")), _tools(args.get("tools"))
        return
    if kind in _DROPPED:
        return
    if kind == "message":
        content = str(args.get("content", ""))
        if event["source"] == "user":
            builder.user(content)
        elif content:
            _at(builder, source, number, where).say(content)
        return
    if kind == "finish":
        outputs = args.get("outputs") or {}
        message = str(args.get("final_thought") or (outputs.get("content") if isinstance(outputs, dict) else "")
                      or args.get("thought") or "")  # fmt: skip
        if message:
            _at(builder, source, number, where).reply(message)
        return
    _at(builder, source, number, where)
    thought = str(args.get("thought") or "") or None
    if kind == "think":
        builder.say(str(args.get("thought", "")))
        return
    call_id = f"event-{event.get('id', number)}"
    path, command = str(args.get("path", "")), args.get("command")
    whole = args.get("start", 1) in (0, 1) and args.get("end", -1) == -1
    if kind == "run" and args.get("is_input") in (True, "true"):
        call = builder.call("send_input", {"input": str(command or "")}, id=call_id, text=thought)
    elif kind == "run":
        call = builder.shell(str(command or ""), id=call_id, text=thought)
    elif kind == "read" or (kind == "edit" and command == "view"):
        call = builder.read(path, id=call_id, text=thought)
    elif kind == "edit" and command == "str_replace":
        call = builder.edit(path, str(args.get("old_str") or ""), str(args.get("new_str") or ""), id=call_id,
                            text=thought)  # fmt: skip
    elif kind == "edit" and command == "create":
        call = builder.write(path, str(args.get("file_text") or ""), id=call_id, text=thought)
    elif kind in ("edit", "write") and command in (None, "", "write") and whole:
        call = builder.write(path, str(args.get("content") or ""), id=call_id, text=thought)
    elif kind in ("edit", "write") and command in (None, ""):
        # a line range rewritten: the whole file before and after, once the observation gives them
        call = builder.edit(path, "", str(args.get("content") or ""), id=call_id, text=thought)
    else:
        kept = {k: v for k, v in args.items() if k not in ("thought", "security_risk", "confirmation_state")}
        if "path" in kept:
            kept["path"] = relative(path, builder.root)
        call = builder.call(kind.lower(), kept, id=call_id, text=thought)
    calls[event.get("id")] = call


def _observation(builder: SessionBuilder, event: dict[str, Any], calls: dict[Any, ToolCall]) -> None:
    call = calls.get(event.get("cause"))
    if call is None:
        return
    call_id, content, extras = call.id, str(event.get("content", "")), event.get("extras") or {}
    if event["observation"] == "error":
        builder.result(call_id, content, is_error=True)
        return
    if event["observation"] != "run":
        builder.result(call_id, content)
        old, new = extras.get("old_content"), extras.get("new_content")
        if call.name == "edit_file" and call.args["old"] == "" and isinstance(old, str) and isinstance(new, str):
            call.args.update(old=old, new=new)
        return
    metadata = extras.get("metadata") or {}
    code = metadata.get("exit_code", extras.get("exit_code"))
    if not isinstance(code, int) or call.command is None:
        builder.result(call_id, content)
    elif code == -1:
        builder.result(call_id, content, timed_out=True)
    else:
        builder.result(call_id, content, exit_code=code, is_error=code != 0)


def _at(builder: SessionBuilder, source: Path, number: int, where: str) -> SessionBuilder:
    if not builder.turns:
        raise LogError(source, f"{where + ': ' if where else ''}the agent acts before any user message", number or None)
    return builder
