"""Claude Code session logs (`~/.claude/projects/<project>/<session>.jsonl`).

One JSON object per line: `user` / `assistant` lines carry an Anthropic `message`; an assistant message is split over
several lines sharing `message.id` (one content block each), read as one message. Kept: the person's turns, assistant
text, tool calls with their results, `model`, `cwd` (the root paths are made relative to), `summary` lines (extra
`summaries`). Mapped: `Bash` -> `bash` (output = `toolUseResult` stdout + stderr, else the tool_result text; exit
code parsed from a failing result's leading `Exit code N`; 0 for a result that is not `is_error`, since Claude Code
reports every non-zero exit as an error; None for an error without a code; `interrupted` -> timed_out),
`Edit` -> `edit_file`, `MultiEdit` -> one `edit_file` per entry, `Write` -> `write_file`, `Read` -> `read_file`;
other tools keep their name (lower-case) and args. Skipped: user lines holding only tool results, `isMeta` lines,
command caveats, local-command output and interruption notices, `system` and other meta lines; sidechain (sub-agent)
lines are left out and counted (extra `sidechain_lines`). Lacks: workspace, git, exit codes of commands sent to the
background or failing without a code, the system prompt and tool descriptions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .record import Imported, LogError, SessionBuilder, jsonl, text_of

FORMAT = "claude-code"

_EXIT = re.compile(r"^(?:Error: )?Exit code (\d+)")
_META = ("<command-name>", "<command-message>", "<local-command-stdout>", "<local-command-stderr>",
         "Caveat: The messages below", "[Request interrupted by user")  # fmt: skip


def sniff(obj: Any) -> bool:
    """A Claude Code line: a `sessionId` with a `uuid`, or a `summary` line naming its `leafUuid`."""
    if not isinstance(obj, dict):
        return False
    return ("sessionId" in obj and "uuid" in obj) or (obj.get("type") == "summary" and "leafUuid" in obj)


def _result_text(content: Any) -> str:
    return content if isinstance(content, str) else text_of(content)


def read(source: Path, text: str) -> Imported:
    """One session from a Claude Code JSONL log."""
    builder = SessionBuilder(FORMAT, source, lacks={"workspace", "git"})
    sidechain, summaries = 0, []
    pending: dict[str, str] = {}  # tool_use id -> tool name
    last_message = None
    for number, obj in jsonl(source, text):
        kind = obj.get("type")
        if kind == "summary":
            summaries.append(str(obj.get("summary", "")))
            continue
        if kind not in ("user", "assistant"):
            continue
        if obj.get("isSidechain"):
            sidechain += 1
            continue
        message = obj.get("message")
        if not isinstance(message, dict):
            raise LogError(source, f"a {kind} line without a `message` object", number)
        if not builder.root and isinstance(obj.get("cwd"), str):
            builder.root = obj["cwd"]
        content = message.get("content")
        if not isinstance(content, str | list):
            raise LogError(source, "`message.content` is neither a string nor a list of blocks", number)
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if kind == "user":
            results = [b for b in blocks if isinstance(b, dict) and b.get("type") == "tool_result"]
            for block in results:
                _result(builder, block, obj.get("toolUseResult"), pending)
            if results or obj.get("isMeta"):
                continue
            said = text_of(blocks).strip()
            if said and not said.startswith(_META):
                builder.user(said)
                last_message = None
            continue
        if not builder.turns:
            raise LogError(source, "an assistant message before any user message", number)
        if message.get("model") and message["model"] != "<synthetic>":
            builder.model_id = builder.agent = message["model"]
        new = message.get("id") != last_message or message.get("id") is None
        last_message = message.get("id")
        for block in blocks:
            if not isinstance(block, dict):
                raise LogError(source, "a content block that is not an object", number)
            if block.get("type") == "text" and block.get("text", "").strip():
                builder.say(block["text"])
                new = False
            elif block.get("type") == "tool_use":
                name, args = block.get("name"), block.get("input")
                if not isinstance(name, str) or not isinstance(args, dict) or not block.get("id"):
                    raise LogError(source, "a tool_use block needs `id`, `name` and an `input` object", number)
                _call(builder, str(block["id"]), name, args, text="" if new else None)
                pending[str(block["id"])] = name
                new = False
    return builder.build(sidechain_lines=sidechain, summaries=summaries)


def _call(builder: SessionBuilder, id: str, name: str, args: dict[str, Any], *, text: str | None) -> None:
    path = str(args.get("file_path", ""))
    if name == "Bash":
        builder.shell(str(args.get("command", "")), id=id, text=text)
    elif name == "Edit":
        builder.edit(path, str(args.get("old_string", "")), str(args.get("new_string", "")), id=id, text=text)
    elif name == "MultiEdit":
        for n, edit in enumerate(args.get("edits") or []):
            builder.edit(path, str(edit.get("old_string", "")), str(edit.get("new_string", "")),
                         id=id if n == 0 else f"{id}#{n}", text=text if n == 0 else None)  # fmt: skip
    elif name == "Write":
        builder.write(path, str(args.get("content", "")), id=id, text=text)
    elif name == "Read":
        builder.read(path, id=id, text=text)
    else:
        builder.call(name.lower(), args, id=id, text=text)


def _background(extra: Any) -> bool:
    return isinstance(extra, dict) and bool(extra.get("backgroundTaskId") or extra.get("interrupted"))


def _result(builder: SessionBuilder, block: dict[str, Any], extra: Any, pending: dict[str, str]) -> None:
    call_id = str(block.get("tool_use_id", ""))
    output, is_error = _result_text(block.get("content")), bool(block.get("is_error"))
    name = pending.get(call_id)
    if name == "Bash":
        if isinstance(extra, dict) and isinstance(extra.get("stdout"), str):
            output = "\n".join(p for p in (extra["stdout"], str(extra.get("stderr") or "")) if p) or output
        match = _EXIT.match(output)
        timed_out = bool(extra.get("interrupted")) if isinstance(extra, dict) else None
        code = int(match.group(1)) if match else None if is_error or _background(extra) else 0
        builder.result(call_id, output, exit_code=code, is_error=is_error, timed_out=timed_out)
    else:
        builder.result(call_id, output, is_error=is_error)
        for n in range(1, 64):
            if not builder.result(f"{call_id}#{n}", output, is_error=is_error):
                break
