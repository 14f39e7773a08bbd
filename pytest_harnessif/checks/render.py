"""Evidence as text for the judge: tool calls, commands, their output, turns and per-turn diffs rendered the
way judge-based rules hand them to `judge(...)`."""

from __future__ import annotations

import difflib
import posixpath
import re
from collections.abc import Iterable

from ..evidence import Command, FileView, Run, TurnView, match
from ..trajectory import Commit, ToolCall
from .code import language
from .command import EDIT_TOOLS, numbered_calls
from .comments import lines_of
from .facts import Comment
from .replies import inline_code, path_pattern
from .shell import segments
from .workspace import files_before_turn

_IMPORT = re.compile(r"^\s*(?:from\s+\S+\s+import\s+[^\n]+|import\s+[^\n]+)$", re.M)
COMMENT_START = ("#", "//", "/*", "*")


def cut(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, `...` marking the cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short(text: str, limit: int = 160) -> str:
    """`text` on one line, cut to `limit` characters."""
    return cut(" ".join(text.split()), limit)


def call_line(call: ToolCall) -> str:
    """One tool call as a line: the tool and its target (path, command, skill), how it ended, and for a
    Python file it writes the imports the new text contains."""
    args = call.args
    if call.name == "bash":
        text = f"bash: {short(str(args.get('command', '')))}"
    elif isinstance(args.get("path"), str):
        text = f"{call.name} {args['path']}"
        body = args.get("content", args.get("new"))
        if call.name in EDIT_TOOLS and args["path"].endswith(".py") and isinstance(body, str):
            imports = [short(m.group(0), 80) for m in _IMPORT.finditer(body)]
            if imports:
                text += f" (its new text imports: {'; '.join(imports)})"
    elif call.name == "skill":
        text = f"skill {args.get('name', '')}"
    else:
        text = f"{call.name} {args.get('args', '')}".strip()
    if call.exit_code is not None:
        text += f" -> exit {call.exit_code}"
    elif call.is_error:
        text += " -> error"
    return text


def output_tail(output: str, lines: int = 12) -> str:
    """The last non-empty lines of a command's output (the harness's `exit code:` line dropped), indented, each
    cut to 200 characters with its spacing kept (table columns stay aligned)."""
    kept = [line for line in output.splitlines() if line.strip()]
    if kept and kept[0].startswith("exit code:"):
        kept = kept[1:]
    return "\n".join(f"    {cut(line.rstrip(), 200)}" for line in kept[-lines:])


def command_block(command: Command, lines: int = 12, width: int = 160) -> str:
    """A command as a list item (tool, backticked command on one line cut to `width`, exit code) with the tail
    of its output below."""
    head = f"- {command.tool}: `{short(command.cmd, width)}` -> exit {command.exit_code}"
    return f"{head}\n{output_tail(command.output, lines)}".rstrip()


def commands_text(commands: list[Command]) -> str:
    """One line per command: turn, tool, command text and how it ended."""
    lines = []
    for c in commands:
        end = "timed out" if c.timed_out else f"exit {c.exit_code}" if c.exit_code is not None else "exit ?"
        lines.append(f"[turn {c.turn}] {c.tool}: {c.cmd} -> {end}")
    return "\n".join(lines) or "(no command was run)"


def requests_text(run: Run) -> str:
    """The user's messages, one `- turn N: ...` line each."""
    return "\n".join(f"- turn {t.index}: {t.user}" for t in run.turns)


def files_read(turn: TurnView) -> list[str]:
    """The paths the turn's `read_file` calls asked for, in call order."""
    return [str(c.args["path"]) for c in turn.tool_calls if c.name == "read_file" and "path" in c.args]


def exchange(turn: TurnView) -> str:
    """A turn's user message and reply under a `### turn N (intent)` heading."""
    return f"### turn {turn.index} ({turn.intent})\nUser:\n{turn.user.strip()}\n\nReply:\n{turn.reply.strip()}"


def turn_diff(run: Run, index: int, pattern: str = "**", paths: Iterable[str] | None = None) -> str:
    """Unified diff of what turn `index` changed in files matching `pattern` and, when given, among `paths` (exact
    paths, no globs); binary files named only."""
    before, after = files_before_turn(run, index), run.files_after_turn(index)
    among = None if paths is None else set(paths)
    out: list[str] = []
    for path in sorted(set(before) | set(after)):
        a, b = before.get(path), after.get(path)
        if a == b or not match(path, pattern) or (among is not None and path not in among):
            continue
        if b"\0" in (a or b"") + (b or b""):
            out.append(f"Binary file {path} changed\n")
            continue
        out.extend(
            difflib.unified_diff(
                lines_of(a),
                lines_of(b),
                "/dev/null" if a is None else f"a/{path}",
                "/dev/null" if b is None else f"b/{path}",
            )
        )
    return "".join(out)


def added_text(diff: str) -> list[str]:
    """The added lines of a unified diff, without their `+`."""
    return [line[1:] for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]


def commit_messages(commits: list[Commit]) -> str:
    """Commit messages as the judge reads them: `commit N: subject`, a blank line, then the body."""
    return "\n\n".join(f"--- commit {i}: {c.subject}\n\n{c.body.strip()}" for i, c in enumerate(commits, 1))


def siblings(run: Run, views: list[FileView], lines: int = 60) -> str:
    """For each folder where `views` (the changed source files) gained a file: the start of one file of the same
    language there that the run left unchanged (`__init__.py` aside)."""
    out = []
    created = [v.path for v in views if v.path not in run.initial_files]
    for folder, lang in sorted({(posixpath.dirname(p), language(p) or "") for p in created}):
        kept = [p for p in sorted(run.initial_files) if posixpath.dirname(p) == folder and language(p) == lang
                and run.files.get(p) == run.initial_files[p] and not p.endswith("__init__.py")]
        if kept:
            text = run.initial_files[kept[0]].decode(errors="replace").splitlines()[:lines]
            out.append(f"### {kept[0]} (unchanged; first {len(text)} lines)\n" + "\n".join(text))
    return "\n\n".join(out) or "(no new file: the diff's context lines show the surrounding code)"


def render_comments(found: list[tuple[FileView, Comment]]) -> str:
    """Comments as the judge reads them: `path:LINE: <comment>`, below it the code it sits on (inline) or the next
    code line (a comment on lines of its own)."""
    out = []
    for view, comment in found:
        lines = view.lines
        if comment.alone:
            following = (line.strip() for line in lines[comment.end :] if line.strip())
            code = next((line for line in following if not line.startswith(COMMENT_START)), "(end of file)")
            context = f"next code line: {short(code, 120)}"
        else:
            first = comment.text.splitlines()[0]
            context = f"on the code line: {short(lines[comment.line - 1].split(first, 1)[0], 120)}"
        out.append(f"{view.path}:{comment.line}: {comment.text}\n    {context}")
    return "\n".join(out)


READ_TOOLS = frozenset({"read_file", "list_files"})
READ_PROGRAMS = frozenset(
    {"cat", "head", "tail", "less", "more", "nl", "grep", "egrep", "rg", "ag", "sed", "awk", "find", "ls", "tree"}
    | {"wc", "diff"}
)
READ_GIT = frozenset({"diff", "show", "log", "grep", "status", "blame", "ls-files"})


def read_calls(run: Run) -> dict[int, str]:
    """Tool calls that looked at the repository, by order: read_file, list_files and read-only shell commands
    (cat, grep, sed without -i, git diff/show/log/status...), each described in one line."""
    reads: dict[int, str] = {}
    for order, _, call in numbered_calls(run):
        if call.name in READ_TOOLS and not call.is_error:
            reads[order] = call_line(call)
    for seg in segments(run, "bash"):
        git = seg.git
        if seg.written_paths or not (seg.program in READ_PROGRAMS or (git is not None and git[0] in READ_GIT)):
            continue
        reads.setdefault(seg.command.order, f"bash: {short(seg.command.cmd)}")
    return reads


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")


def names_turn_work(run: Run, index: int, text: str) -> bool:
    """Whether `text` names something turn `index` changed: a changed file (path or file name), or a name on the
    turn's changed lines or the lines around them written as code (snake_case, CamelCase, called `name()`, dotted,
    or in backticks)."""
    paths = run.changed_in_turn(index)
    if any(path_pattern(p).search(text) or path_pattern(p.rsplit("/", 1)[-1]).search(text) for p in paths):
        return True
    diff = turn_diff(run, index).splitlines()
    changed = "\n".join(line[1:] for line in diff if line[:1] in ("+", "-", " ") and line[:3] not in ("+++", "---"))
    names = set(_NAME.findall(changed))
    quoted = {w for span in inline_code(text) for w in _NAME.findall(span)}
    for m in _NAME.finditer(text):
        word, after, before = m.group(), text[m.end() : m.end() + 2], text[max(m.start() - 2, 0) : m.start()]
        dotted = re.fullmatch(r"\.\w", after) or re.fullmatch(r"\w\.", before)  # `a.b`, not a sentence's full stop
        codey = "_" in word.strip("_") or re.search(r"[a-z][A-Z]", word) or after[:1] == "(" or dotted
        if word in names and (codey or word in quoted):
            return True
    return False


def changed_words(run: Run, index: int) -> set[str]:
    """The words (4 letters or more, case ignored) on the lines turn `index` added or removed."""
    diff = turn_diff(run, index).splitlines()
    lines = [line[1:] for line in diff if line[:1] in ("+", "-") and line[:3] not in ("+++", "---")]
    return {w.lower() for line in lines for w in re.findall(r"[A-Za-z]{4,}", line)}


def names_a_place(run: Run, text: str) -> bool:
    """Whether `text` points at a concrete place of the repository: a file of the final workspace by path, file name
    or stem (`README`), a folder written with its slash (`tests/`), or a name defined or used in a file the run
    changed, written as code."""
    for path in run.files:
        name = path.rsplit("/", 1)[-1]
        stem = name.split(".", 1)[0]
        dirs = path.split("/")[:-1]
        words = [path, name, *([stem] if len(stem) >= 4 else []), *(d + "/" for d in dirs)]
        if any(path_pattern(w.rstrip("/")).search(text) if not w.endswith("/") else w in text for w in words):
            return True
    return any(names_turn_work(run, t.index, text) for t in run.turns)
