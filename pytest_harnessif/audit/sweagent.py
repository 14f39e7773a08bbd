"""SWE-agent trajectories (`*.traj`: `trajectory[]`, `history[]`, `info`).

Kept: the system prompt and the task from `history` (demonstrations, `is_demo`, left out; the first real user message
is turn 0), each `trajectory[]` entry's thought as a step and its action as a tool call with its observation as
output. Actions map as: `edit <start>:<end>\\n<text>\\nend_of_edit` -> `edit_file` {path, old: "", new: text,
lines: "start:end"} on the file last `open`ed / `create`d (a line-range replacement, so `old` is not known);
`create <file>` -> `write_file` with empty content; `open <file>` -> `read_file`; `str_replace_editor
create|str_replace|view|insert` -> write_file / edit_file / read_file (list_files on a folder) / edit_file; `submit`
and other bundle tools keep their names; anything else is a `bash` command. `info.submission` -> `final_diff`;
`info.model_stats` kept. Paths are made relative to the repository: the task's `<uploaded_files>` folder, else the
first entry's `state.working_dir`, else `/testbed`. Lacks: "workspace", "git", "exit_codes" (SWE-agent keeps none)
and "replies" (thoughts are not replies)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

from .record import Imported, LogError, SessionBuilder, json_document, relative, text_of

FORMAT = "swe-agent"

_EDIT = re.compile(r"edit (\d+):(\d+)\n(.*?)\n?end_of_edit\s*$", re.S)
_UPLOADED = re.compile(r"<uploaded_files>\s*(\S+)\s*</uploaded_files>")
_LISTING = "Here's the files and directories"
_TOOLS = {"submit", "goto", "scroll_up", "scroll_down", "search_dir", "search_file", "find_file"}


def sniff(obj: Any) -> bool:
    """A JSON document with a `trajectory` list and a `history` list (or `info`)."""
    return isinstance(obj, dict) and isinstance(obj.get("trajectory"), list) and (
        isinstance(obj.get("history"), list) or isinstance(obj.get("info"), dict)
    )


def read(source: Path, text: str) -> Imported:
    """One session from a SWE-agent trajectory."""
    doc = json_document(source, text)
    if not sniff(doc):
        raise LogError(source, "field 'trajectory': missing or not a list")
    info = doc.get("info") if isinstance(doc.get("info"), dict) else {}
    builder = SessionBuilder(FORMAT, source, lacks={"workspace", "git", "exit_codes", "replies"})
    builder.model_id = _model(doc)
    builder.agent = builder.model_id or FORMAT
    for index, message in enumerate(doc.get("history") or []):
        if not isinstance(message, dict):
            raise LogError(source, f"field 'history[{index}]': not a message")
        if message.get("is_demo"):
            continue
        role = message.get("role")
        if role == "system" and not builder.system_prompt:
            builder.system_prompt = text_of(message.get("content"))
        elif role == "user" and not builder.turns:
            builder.user(text_of(message.get("content")))
    if not builder.turns:
        raise LogError(source, "field 'history': no user message (the task)")
    builder.root = _root(builder.turns[0].user, doc["trajectory"])
    current = ""
    for index, entry in enumerate(doc["trajectory"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), str):
            raise LogError(source, f"field 'trajectory[{index}].action': missing or not a string")
        current = _action(builder, entry["action"].strip(), str(entry.get("thought") or ""),
                          str(entry.get("observation") or ""), current)  # fmt: skip
    return builder.build(final_diff=info.get("submission") or "", model_stats=info.get("model_stats") or {})


def _root(task: str, trajectory: list[Any]) -> str:
    uploaded = _UPLOADED.search(task)
    if uploaded:
        return uploaded.group(1)
    first = trajectory[0] if trajectory and isinstance(trajectory[0], dict) else {}
    state = first.get("state") if isinstance(first.get("state"), dict) else {}
    return str(state.get("working_dir") or "/testbed")


def _model(doc: dict[str, Any]) -> str | None:
    replay = doc.get("replay_config")
    if isinstance(replay, str):
        try:
            replay = json.loads(replay)
        except ValueError:
            return None
    agent = replay.get("agent") if isinstance(replay, dict) else None
    model = agent.get("model") if isinstance(agent, dict) else None
    name = model.get("name") if isinstance(model, dict) else None
    return name if isinstance(name, str) else None


def _action(builder: SessionBuilder, action: str, thought: str, output: str, current: str) -> str:
    """Record one action; returns the file now open."""
    edit = _EDIT.match(action)
    if edit:
        args = {"path": current, "old": "", "new": edit.group(3), "lines": f"{edit.group(1)}:{edit.group(2)}"}
        builder.call("edit_file", args, output=output, text=thought)
        return current
    try:
        words = shlex.split(action)
    except ValueError:
        words = action.split()
    head = words[0] if words else ""
    if head in ("open", "create") and len(words) > 1:
        path = words[1]
        if head == "open":
            builder.read(path, output=output, text=thought)
        else:
            builder.write(path, "", output=output, text=thought)
        return builder.turns[-1].steps[-1].tool_calls[-1].args["path"]
    if head == "str_replace_editor" and len(words) > 2:
        _editor(builder, words, thought, output)
        return current
    if head in _TOOLS:
        builder.call(head, {"args": words[1:]}, output=output, text=thought)
    else:
        builder.shell(action, output=output, text=thought)
    return current


def _editor(builder: SessionBuilder, words: list[str], thought: str, output: str) -> None:
    sub, path, rest = words[1], words[2], words[3:]
    opts = dict(zip(rest[::2], rest[1::2], strict=False))
    if sub == "create":
        builder.write(path, opts.get("--file_text", ""), output=output, text=thought)
    elif sub == "str_replace":
        builder.edit(path, opts.get("--old_str", ""), opts.get("--new_str", ""), output=output, text=thought)
    elif sub == "insert":
        builder.edit(path, "", opts.get("--new_str", ""), output=output, text=thought)
    elif sub == "view" and output.startswith(_LISTING):
        builder.call("list_files", {"path": relative(path, builder.root) or "."}, output=output, text=thought)
    elif sub == "view":
        builder.read(path, output=output, text=thought)
    else:
        builder.call("str_replace_editor", {"command": sub, "path": path, **opts}, output=output, text=thought)
