"""Prose the agent delivers: the documents it writes (Markdown, text, reStructuredText) or, when it writes none, its
final reply — what writing rules (non-coding cases: a memo, an email, a report, release notes) are checked on —
split into paragraphs, sentences, headings and list items.

Code is never prose: fenced blocks and inline code are left out of every count."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..evidence import Run
from .regex import HEADING, without_code

PROSE_FILES = ("**/*.md", "**/*.txt", "**/*.rst")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[A-Z0-9\"'(\[])")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_TABLE_ROW = re.compile(r"^\s*\|")


@dataclass(frozen=True)
class Document:
    """One piece of delivered prose: where it is (`path`, or `final reply`) and its text."""

    where: str
    text: str

    @property
    def prose(self) -> str:
        """The text without code (fenced blocks and inline code)."""
        return without_code(self.text)

    @property
    def paragraphs(self) -> list[str]:
        """Runs of prose lines, each joined into one line; a blank line, a heading, a list item or a Markdown table
        row ends a run (headings, list items and tables are not paragraphs)."""
        out: list[str] = []
        current: list[str] = []
        for line in [*self.prose.splitlines(), ""]:
            if line.strip() and not HEADING.match(line) and not _LIST_ITEM.match(line) and not _TABLE_ROW.match(line):
                current.append(line.strip())
            elif current:
                out.append(" ".join(current))
                current = []
        return out

    @property
    def sentences(self) -> list[str]:
        """The sentences of the paragraphs (split after `.`, `!` or `?` before a capital or digit)."""
        return [s.strip() for p in self.paragraphs for s in _SENTENCE_END.split(p) if s.strip()]

    @property
    def headings(self) -> list[tuple[int, str]]:
        """(level, title) of each Markdown heading, in order."""
        return [(len(m.group(1)), m.group(2).strip()) for m in re.finditer(r"^(#{1,6})\s+(.+)$", self.prose, re.M)]

    @property
    def items(self) -> list[str]:
        """The text of each bulleted or numbered list item."""
        return [_LIST_ITEM.sub("", line).strip() for line in self.prose.splitlines() if _LIST_ITEM.match(line)]


def documents(run: Run, patterns: tuple[str, ...] = PROSE_FILES) -> list[Document]:
    """The prose files the run created or changed, in path order."""
    seen: dict[str, Document] = {}
    for pattern in patterns:
        for view in run.changed(pattern):
            seen.setdefault(view.path, Document(view.path, view.text))
    return [seen[p] for p in sorted(seen)]


def deliverables(run: Run, patterns: tuple[str, ...] = PROSE_FILES) -> list[Document]:
    """What the agent delivered as prose: the documents it wrote, else its final reply (none when both are
    empty — the rule then has no opportunity)."""
    written = [d for d in documents(run, patterns) if d.text.strip()]
    if written:
        return written
    return [Document("final reply", run.final_reply)] if run.final_reply.strip() else []
