"""``%(name)s`` interpolation, in the style of :class:`configparser.BasicInterpolation`.

``%(name)s`` is replaced by the value of option *name* as seen from the
section being read, ``%%`` stands for a literal ``%``, and any other ``%`` is
an error. References may nest up to :data:`MAX_DEPTH` levels.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import InterpolationError

if TYPE_CHECKING:
    from .document import Document

MAX_DEPTH = 10

_TOKEN_RE = re.compile(r"%\((?P<name>[^)]+)\)s|%%|%")


def expand(doc: Document, section: str, option: str, value: str) -> str:
    """Return *value* (the raw value of *option* in *section*) with references expanded."""
    return _expand(doc, section, option, value, depth=1)


def _expand(doc: Document, section: str, option: str, value: str, depth: int) -> str:
    if "%" not in value:
        return value
    if depth > MAX_DEPTH:
        raise InterpolationError(
            f"{section}.{option}: references nested deeper than {MAX_DEPTH} levels"
        )
    pieces: list[str] = []
    pos = 0
    for match in _TOKEN_RE.finditer(value):
        pieces.append(value[pos : match.start()])
        if match[0] == "%%":
            pieces.append("%")
        elif match["name"] is None:
            raise InterpolationError(
                f"{section}.{option}: '%' must be followed by '%' or '(name)s'"
            )
        else:
            name = doc.optionxform(match["name"])
            pieces.append(_expand(doc, section, name, _lookup(doc, section, option, name), depth + 1))
        pos = match.end()
    pieces.append(value[pos:])
    return "".join(pieces)


def _lookup(doc: Document, section: str, option: str, name: str) -> str:
    """The raw value a reference to *name* inside *section* resolves to."""
    values = doc.raw_section(section)
    if name in values:
        return values[name]
    raise InterpolationError(f"{section}.{option}: no option {name!r} to interpolate")
