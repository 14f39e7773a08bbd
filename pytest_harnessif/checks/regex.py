"""Text helpers for checks on replies and files: bullets, words, sentences, code blocks, emoji."""

from __future__ import annotations

import re

BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+", re.M)
EMOJI = re.compile("[\U0001f300-\U0001faff\U00002600-\U000027bf\U0001f000-\U0001f02f]")
FENCE = re.compile(r"```.*?```", re.S)
HEADING = re.compile(r"^#{1,6}\s", re.M)


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
