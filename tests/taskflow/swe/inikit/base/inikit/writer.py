"""Serialise a :class:`~inikit.document.Document` back to INI text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from .document import DEFAULT_SECTION, Document

INDENT = "    "
"""Prefix for the continuation lines of multi-line values."""


def dumps(doc: Document) -> str:
    """INI text for *doc*: ``[DEFAULT]`` first, then sections in order.

    Values are written raw, so ``%(name)s`` references survive a round trip.
    """
    blocks: list[str] = []
    defaults = doc.defaults()
    if defaults:
        blocks.append(_format_section(DEFAULT_SECTION, defaults.items()))
    for section in doc.sections():
        blocks.append(_format_section(section, doc.items(section, raw=True)))
    return "\n".join(blocks)


def dump(doc: Document, fp: TextIO) -> None:
    """Write *doc* to the open text file *fp*."""
    fp.write(dumps(doc))


def _format_section(name: str, items: Iterable[tuple[str, str]]) -> str:
    lines = [f"[{name}]"]
    for key, value in items:
        first, *rest = value.split("\n")
        lines.append(f"{key} = {first}".rstrip())
        lines.extend(f"{INDENT}{line}" for line in rest)
    return "\n".join(lines) + "\n"
