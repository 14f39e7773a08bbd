"""Classify the lines of an INI file.

The lexer only looks at one line at a time; putting continuation lines
together with their option and checking for duplicates is the parser's job.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from .errors import ParseError

COMMENT_PREFIXES = ("#", ";")
"""A line whose first non-blank character is one of these is a comment.

Only whole-line comments exist: a ``#`` or ``;`` after a value is part of the
value, so URLs and passwords containing them survive unchanged.
"""

_SECTION_RE = re.compile(r"\[(?P<name>[^\]]+)\]")
_OPTION_RE = re.compile(r"(?P<name>[^=:\s][^=:]*?)\s*[=:]\s*(?P<value>.*)")


class Kind(Enum):
    BLANK = "blank"
    COMMENT = "comment"
    SECTION = "section"
    OPTION = "option"
    CONTINUATION = "continuation"


@dataclass(frozen=True)
class Line:
    kind: Kind
    lineno: int
    name: str = ""
    value: str = ""


def tokenize(text: str, *, source: str = "<string>") -> Iterator[Line]:
    """Yield one :class:`Line` per physical line of *text*."""
    for lineno, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            yield Line(Kind.BLANK, lineno)
        elif stripped.startswith(COMMENT_PREFIXES):
            yield Line(Kind.COMMENT, lineno, value=stripped)
        elif raw[0] in " \t":
            yield Line(Kind.CONTINUATION, lineno, value=stripped)
        elif match := _SECTION_RE.fullmatch(stripped):
            yield Line(Kind.SECTION, lineno, name=match["name"].strip())
        elif match := _OPTION_RE.fullmatch(stripped):
            yield Line(Kind.OPTION, lineno, name=match["name"], value=match["value"])
        else:
            raise ParseError(f"cannot parse {raw!r}", source=source, lineno=lineno)
