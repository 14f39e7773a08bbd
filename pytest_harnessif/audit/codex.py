"""Codex CLI rollout logs (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`).

Each line is `{timestamp, type, payload}`. Kept: `session_meta` (cwd -> root, instructions -> system prompt),
`turn_context` (model), user messages (an `event_msg` `user_message`, or a `response_item` user message when no
event carries it; environment_context / user_instructions / AGENTS.md injections are not turns), assistant
messages, `function_call` / `local_shell_call` shell commands with their `function_call_output` (exit code from
`metadata.exit_code` or an `Exit code: N` line), `apply_patch` (its own tool or a shell heredoc) as write_file /
edit_file / delete_file, `task_complete.last_agent_message` as the reply. Reasoning and token counts are dropped.
The log keeps no workspace files nor git history."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

from .record import Imported, LogError, SessionBuilder, jsonl, relative, text_of

FORMAT = "codex"
_KINDS = {"session_meta", "turn_context", "response_item", "event_msg", "compacted"}
_INJECTED = ("<environment_context>", "<user_instructions>", "# AGENTS.md", "<user_shell_command>")
_EXIT = re.compile(r"^(?:Exit code:|Process exited with code) (-?\d+)", re.M)
_BODY = re.compile(r"^Output:\n", re.M)
_HEREDOC = re.compile(r"apply_patch\s*<<-?\s*['\"]?(\w+)['\"]?\n(.*?)\n\1\s*$", re.S)


def sniff(obj: Any) -> bool:
    """A rollout line: `{timestamp, type, payload}` with a Codex line type."""
    return isinstance(obj, dict) and obj.get("type") in _KINDS and isinstance(obj.get("payload"), dict)


def _command(raw: Any) -> str:
    if isinstance(raw, list):
        parts = [str(p) for p in raw]
        if len(parts) >= 3 and parts[0] in ("bash", "sh", "zsh", "/bin/bash", "/bin/sh") and parts[1] in ("-lc", "-c"):
            return parts[2]
        return shlex.join(parts)
    return str(raw or "")


def _output(raw: Any) -> tuple[str, int | None]:
    """(output, exit code) of a function_call_output."""
    if isinstance(raw, dict):
        raw = raw.get("content", "")
    text = str(raw or "")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and "output" in data:
        code = (data.get("metadata") or {}).get("exit_code")
        return str(data["output"]), code if isinstance(code, int) else None
    found, body = _EXIT.search(text), _BODY.search(text)
    if found and body and found.start() < body.start():
        return text[body.end() :], int(found.group(1))
    return text, int(found.group(1)) if found else None


def _patch(builder: SessionBuilder, patch: str, call_id: str) -> list[str]:
    """Feed an apply_patch envelope's file operations to the builder; the ids of the calls made."""
    ids: list[str] = []
    path, mode, old, new, added = "", "", [], [], []

    def flush() -> None:
        if mode == "update" and (old or new):
            ids.append(builder.edit(path, "\n".join(old), "\n".join(new), id=f"{call_id}.{len(ids)}").id)
        elif mode == "add":
            content = "\n".join(added) + ("\n" if added else "")
            ids.append(builder.write(path, content, id=f"{call_id}.{len(ids)}").id)
        old.clear(), new.clear(), added.clear()

    for line in patch.splitlines():
        if line.startswith(("*** Add File: ", "*** Update File: ", "*** Delete File: ")):
            flush()
            kind, _, path = line[4:].partition(" File: ")
            mode = kind.lower()
            if mode == "delete":
                args = {"path": relative(path.strip(), builder.root)}
                ids.append(builder.call("delete_file", args, id=f"{call_id}.{len(ids)}").id)
            path = path.strip()
        elif line.startswith("*** Move to: "):
            continue
        elif line.startswith("*** "):
            flush()
            mode = "" if line.startswith("*** End Patch") else mode
        elif mode == "add":
            added.append(line[1:] if line.startswith("+") else line)
        elif mode == "update":
            if line.startswith("@@"):
                flush()
            elif line.startswith("+"):
                new.append(line[1:])
            elif line.startswith("-"):
                old.append(line[1:])
            else:
                old.append(line[1:]), new.append(line[1:])
    flush()
    return ids


def read(source: Path, text: str) -> Imported:
    """One session from a Codex rollout JSONL."""
    builder = SessionBuilder(FORMAT, source, lacks={"workspace", "git"})
    lines = list(jsonl(source, text))
    events_have_users = any(_sub(o) == ("event_msg", "user_message") for _, o in lines)
    pending: dict[str, tuple[list[str], bool]] = {}
    for number, obj in lines:
        kind, payload = obj.get("type"), obj.get("payload")
        if kind not in _KINDS or not isinstance(payload, dict):
            raise LogError(source, "a rollout line needs a known `type` and an object `payload`", number)
        sub = payload.get("type")
        if kind == "session_meta":
            meta = payload.get("meta", payload)
            builder.root = str(meta.get("cwd") or builder.root)
            builder.system_prompt = str(meta.get("instructions") or builder.system_prompt)
        elif kind == "turn_context":
            builder.root = str(payload.get("cwd") or builder.root)
            if payload.get("model"):
                builder.model_id = builder.agent = str(payload["model"])
        elif kind == "response_item":
            _item(builder, source, number, payload, pending, events_have_users)
        elif sub == "user_message":
            message = str(payload.get("message", ""))
            plain = payload.get("kind", "plain") == "plain"
            if plain and message.strip() and not message.lstrip().startswith(_INJECTED):
                builder.user(message)
        elif sub == "exec_command_end" and isinstance(payload.get("exit_code"), int):
            code = payload["exit_code"]
            for call in (c for t in builder.turns for st in t.steps for c in st.tool_calls):
                if call.id == payload.get("call_id") and call.exit_code is None:
                    call.exit_code, call.is_error = code, code != 0
        elif sub == "task_complete" and payload.get("last_agent_message") and builder.turns:
            message, turn = str(payload["last_agent_message"]), builder.turns[-1]
            if turn.steps and turn.steps[-1].text == message and not turn.steps[-1].tool_calls:
                turn.reply = message
            else:
                builder.reply(message)
    return builder.build()


def _sub(obj: dict[str, Any]) -> tuple[Any, Any]:
    payload = obj.get("payload")
    return obj.get("type"), payload.get("type") if isinstance(payload, dict) else None


def _item(builder: SessionBuilder, source: Path, number: int, item: dict[str, Any],
          pending: dict[str, tuple[list[str], bool]], events_have_users: bool) -> None:  # fmt: skip
    sub = item.get("type")
    if sub == "message":
        role, body = item.get("role"), text_of(item.get("content"))
        if role == "user" and not events_have_users and body.strip() and not body.lstrip().startswith(_INJECTED):
            builder.user(body)
        elif role == "assistant" and body:
            _at(builder, source, number).say(body)
        return
    if sub in ("function_call", "custom_tool_call", "local_shell_call"):
        _at(builder, source, number)
        call_id = str(item.get("call_id") or item.get("id") or f"line-{number}")
        name = str(item.get("name") or "shell")
        if sub == "local_shell_call":
            args: dict[str, Any] = dict(item.get("action") or {})
        elif sub == "custom_tool_call":
            args = {"input": item.get("input", "")}
        else:
            try:
                args = json.loads(item.get("arguments") or "{}")
            except ValueError:
                raise LogError(source, "function_call `arguments` is not JSON", number) from None
            if not isinstance(args, dict):
                raise LogError(source, "function_call `arguments` is not an object", number)
        if name == "apply_patch":
            pending[call_id] = _patch(builder, str(args.get("input", "")), call_id), False
            return
        if "command" in args or "cmd" in args:
            command = _command(args.get("command", args.get("cmd")))
            heredoc = _HEREDOC.search(command)
            if heredoc and command.lstrip().startswith("apply_patch"):
                pending[call_id] = _patch(builder, heredoc.group(2), call_id), False
            else:
                builder.shell(command, id=call_id)
                pending[call_id] = [call_id], True
            return
        builder.call(name.lower(), args, id=call_id)
        pending[call_id] = [call_id], False
        return
    if sub in ("function_call_output", "custom_tool_call_output"):
        call_id = str(item.get("call_id", ""))
        output, code = _output(item.get("output"))
        ids, shell = pending.get(call_id, ([], False))
        for cid in ids:
            builder.result(cid, output, exit_code=code if shell else None, is_error=None if code is None else code != 0)


def _at(builder: SessionBuilder, source: Path, number: int) -> SessionBuilder:
    if not builder.turns:
        raise LogError(source, "the assistant acts before any user message", number)
    return builder
