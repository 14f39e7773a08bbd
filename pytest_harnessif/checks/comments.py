"""The lines a run added to a file, and which of the comments found there (`checks.code.added_comments`) are prose
rather than tool directives, shebangs, encoding or licence lines, or doc comments."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from ..evidence import FileView
from .facts import Comment

DIRECTIVE = re.compile(
    r"^(?:!|-\*-|SPDX-License-Identifier:|noqa\b|type:|pragma\b|fmt:|ruff:|pylint:|mypy:|pyright:|eslint|"
    r"prettier-ignore|@ts-|istanbul|c8\b|NOLINT|cppcheck-|clang-format)",
    re.I,
)
"""What a comment's body (markers removed) opens with when it speaks to a tool rather than to a reader."""


def lines_of(data: bytes | None) -> list[str]:
    """A file's lines for difflib, each ending in a newline (None: no lines)."""
    if data is None:
        return []
    out = data.decode(errors="replace").splitlines(keepends=True)
    if out and not out[-1].endswith("\n"):
        out[-1] += "\n"
    return out


def added_line_numbers(old: bytes | None, new: bytes) -> set[int]:
    """1-based numbers of the lines of `new` that are not in `old` (insertions and replacements)."""
    before, after = lines_of(old), lines_of(new)
    out: set[int] = set()
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag in ("insert", "replace"):
            out.update(range(j1 + 1, j2 + 1))
    return out


def is_directive(comment: Comment) -> bool:
    """A comment for a tool, not a reader: a shebang, an encoding or licence line, a linter, type-checker,
    formatter or coverage directive (`# noqa`, `# type: ignore`, `// eslint-disable`, `// @ts-expect-error`,
    `/* NOLINT */`, `# fmt: off`, `/* istanbul ignore */`...)."""
    return comment.text.startswith("#!") or bool(DIRECTIVE.match(comment.body))


def prose(found: Iterable[tuple[FileView, Comment]]) -> list[tuple[FileView, Comment]]:
    """The comments of `found` written for a reader: no tool directive (`is_directive`) and no doc comment."""
    return [(view, comment) for view, comment in found if not comment.is_doc and not is_directive(comment)]
