"""Command-output helpers: recognise test/lint/git commands and order file edits against them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..evidence import Command, Run

TEST_COMMAND = re.compile(r"\bpytest\b")
LINT_COMMAND = re.compile(r"\btools/lint\.py\b|\bruff\s+check\b")
GIT_COMMIT = re.compile(r"\bgit\b[^|;&]*\bcommit\b")
BASH_FILE_WRITE = re.compile(
    r"\bsed\s+(?:-[a-zA-Z]*\s+)*-i|\btee\b|<<-?\s*['\"]?\w+['\"]?[^\n]*>|(?<![0-9&<>])>{1,2}\s*(?!&|/dev/null)[\w./-]+"
)
EDIT_TOOLS = ("write_file", "edit_file")


@dataclass(frozen=True)
class Edit:
    """A file edit made through a file tool (`write_file` / `edit_file`), in run order."""

    turn: int
    order: int
    tool: str
    path: str


def edits(run: Run, pattern: str = "**") -> list[Edit]:
    """Successful file-tool edits of paths matching `pattern`, in the order they happened."""
    from ..evidence import match

    out = []
    order = 0
    for t in run.turns:
        for call in t.tool_calls:
            path = call.args.get("path")
            if call.name in EDIT_TOOLS and not call.is_error and isinstance(path, str) and match(path, pattern):
                out.append(Edit(t.index, order, call.name, path))
            order += 1
    return out


def suite_runs(run: Run) -> list[Command]:
    """Every command that ran the test suite (through bash or a task tool)."""
    return [c for c in run.commands if TEST_COMMAND.search(c.cmd)]


def lint_runs(run: Run) -> list[Command]:
    """Every command that ran the linter."""
    return [c for c in run.commands if LINT_COMMAND.search(c.cmd)]


def commits(run: Run) -> list[Command]:
    """Every `git commit` command the agent ran."""
    return [c for c in run.commands if GIT_COMMIT.search(c.cmd)]


def writes_file_via_shell(cmd: str) -> bool:
    """Whether a shell command writes a file (sed -i, tee, redirection into a path, heredoc into a file)."""
    return bool(BASH_FILE_WRITE.search(cmd))
