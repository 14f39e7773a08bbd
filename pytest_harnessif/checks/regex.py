"""Text helpers for checks on replies and files: bullets, words, code blocks, emoji, `path.py:LINE` citations."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..evidence import Run

BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+", re.M)
EMOJI = re.compile("[\U0001f300-\U0001faff\U00002600-\U000027bf\U0001f000-\U0001f02f]")
FENCE = re.compile(r"```.*?```", re.S)
HEADING = re.compile(r"^#{1,6}\s", re.M)
CITATION = re.compile(r"\w[\w./-]*\.py`?:\d+")


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
    return [b.strip("`") for b in FENCE.findall(text)]


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
