"""Text helpers for checks on replies and files: bullets, words, code blocks, emoji, `path:LINE` citations."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..evidence import Run

BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+", re.M)
EMOJI = re.compile("[\U0001f300-\U0001faff\U00002600-\U000027bf\U0001f000-\U0001f02f]")
FENCE = re.compile(r"(```|~~~).*?\1", re.S)  # a fenced code block, backtick or tilde fence
HEADING = re.compile(r"^#{1,6}\s", re.M)
CITATION = re.compile(r"\w[\w./-]*\.[A-Za-z][A-Za-z0-9]{0,4}`?:\d+")  # a source location: src/x.c:42


def bullets(text: str) -> list[str]:
    """Bulleted or numbered list lines."""
    return [line for line in text.splitlines() if BULLET.match(line)]


def words(text: str) -> int:
    """Word count, code blocks excluded."""
    return len(re.findall(r"\b\w[\w'-]*\b", FENCE.sub(" ", text)))


def without_code(text: str) -> str:
    """Text with fenced code blocks and inline code removed."""
    return re.sub(r"`[^`\n]*`", " ", FENCE.sub(" ", text))


def has_emoji(text: str) -> bool:
    return bool(EMOJI.search(text))


def code_blocks(text: str) -> list[str]:
    return [m.group(0)[3:-3] for m in FENCE.finditer(text)]


def search(pattern: str, text: str, flags: int = re.I) -> re.Match[str] | None:
    return re.search(pattern, text, flags)


def excerpt(text: str, hit: re.Match[str], margin: int = 30) -> str:
    """The match with up to `margin` characters either side, on one line."""
    return text[max(0, hit.start() - margin) : hit.end() + margin].replace("\n", " ").strip()


def reply_hits(run: Run, pattern: re.Pattern[str], strip_code: bool = True) -> list[str]:
    """`turn N: 'excerpt'` for every reply in which `pattern` occurs (outside code unless `strip_code` is off)."""
    out = []
    for t in run.turns:
        text = without_code(t.reply) if strip_code else t.reply
        if hit := pattern.search(text):
            out.append(f"turn {t.index}: {excerpt(text, hit)!r}")
    return out


ASKS_TO_COMMIT = re.compile(
    r"\b(?:should|shall|can|may|could)\s+(?:I|we)\s+(?:\w+\s+){0,3}?commit\b"
    r"|\b(?:want|like)\s+me\s+to\s+(?:\w+\s+){0,3}?commit\b"
    r"|\b(?:if|whether)\s+(?:I|we)\s+should\s+(?:\w+\s+){0,2}?commit\b"
    r"|\b(?:ok|okay|fine|alright)\s+(?:if\s+I|for\s+me\s+to|to)\s+commit\b"
    r"|\bready\s+(?:for\s+me\s+)?to\s+commit\b[^.!\n]*\?"
    r"|\b(?:should|shall)\s+(?:this|these|it|they|the)(?:\s+\w+)?\s+be\s+committed\b"
    r"|\b(?:I|we)(?:\s+can|\s+could|\s+will|['’]ll)\s+(?:\w+\s+){0,2}?commit\b[^.!?\n]*"
    r"\b(?:once|when|if|after)\s+you\s+(?:confirm|approve|agree|say\s+so|give\s+the\s+go-ahead|are\s+happy|are\s+ok(?:ay)?)\b"
    r"|\b(?:let\s+me\s+know|tell\s+me)\s+(?:when|whether)\s+(?:to|I\s+should|you\s+want\s+me\s+to)\s+commit\b",
    re.I,
)


QUALIFIED = re.compile(
    r"(?:\b(?:not|no|none of the|never|some|most|other|remaining|except)|n't|\b\d+\s+of(?:\s+the)?\s+\d+)"
    r"\s+(?:\w+\s+){0,2}$",
    re.I,
)


def claims(pattern: re.Pattern[str], text: str) -> bool:
    """Whether `text` makes the unqualified claim `pattern` (not negated or partial, as in `not all tests pass`
    or `19 of 20 tests pass`)."""
    return any(not QUALIFIED.search(text[max(0, m.start() - 30) : m.start()]) for m in pattern.finditer(text))


NUMBERED = re.compile(r"^ {0,3}\d+[.)]\s+")


def numbered_items(text: str) -> list[str]:
    """Top-level numbered list items (with continuation lines), code blocks removed."""
    items: list[list[str]] = []
    current: list[str] | None = None
    blank = False
    for line in FENCE.sub("", text).splitlines():
        if NUMBERED.match(line):
            current = [line]
            items.append(current)
        elif current is not None:
            if HEADING.match(line) or (blank and line.strip() and not line[0].isspace()):
                current = None
            else:
                current.append(line)
        blank = not line.strip()
    return ["\n".join(item) for item in items]
