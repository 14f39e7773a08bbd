"""checks/regex: text helpers for replies and files."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.regex import bullets, code_blocks, has_emoji, search, without_code, words


def test_bullets_including_numbered() -> None:
    text = "Intro\n- dash\n* star\n+ plus\n  - nested\n1. one\n2) two\n10. ten\nplain\n-nospace\n1.5 is a number\n"
    assert bullets(text) == ["- dash", "* star", "+ plus", "  - nested", "1. one", "2) two", "10. ten"]
    assert bullets("No list here.\nJust prose.") == []


def test_words_exclude_fenced_code() -> None:
    assert words("one two three") == 3
    assert words("don't stop-me now") == 3
    text = "Here is the fix:\n```python\ndef f(a, b):\n    return a + b\n```\nDone now."
    assert words(text) == 6
    assert words("```\nonly code here\n```") == 0


def test_without_code() -> None:
    text = "Call `print()` then\n```\nsecret code\n```\nend"
    cleaned = without_code(text)
    assert "print" not in cleaned
    assert "secret" not in cleaned
    assert "Call" in cleaned and "end" in cleaned


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("All done 🎉", True),
        ("Fixed ✅", True),
        ("Nice 👍", True),
        ("☀ weather", True),
        ("Plain text -> arrows, © and ü", False),
        ("", False),
    ],
)
def test_has_emoji(text: str, expected: bool) -> None:
    assert has_emoji(text) is expected


def test_code_blocks_and_search() -> None:
    assert code_blocks("a\n```\nx = 1\n```\nb\n```sh\nls\n```") == ["\nx = 1\n", "sh\nls\n"]
    assert search(r"done", "All DONE") is not None
    assert search(r"absent", "All DONE") is None
