"""checks/regex: text helpers for replies and files, per-turn reply scanning and `path.py:LINE` citations."""

from __future__ import annotations

import re

import pytest

from pytest_harnessif.checks.regex import (
    ASKS_TO_COMMIT,
    CITATION,
    bullets,
    claims,
    code_blocks,
    excerpt,
    has_emoji,
    numbered_items,
    reply_hits,
    search,
    without_code,
    words,
)
from pytest_harnessif.testing import make_run, turn


def test_reply_hits_per_turn_outside_code() -> None:
    run = make_run(turns=[
        turn("a", "Sorry, fixed it."),
        turn("b", "Fixed:\n```\n# sorry\n```\nand `sorry()` renamed."),
        turn("c", "Nothing to apologise for " + "x" * 60),
    ])
    rx = re.compile(r"\b(?:sorry|apologi\w*)\b", re.I)
    assert reply_hits(run, rx) == ["turn 0: 'Sorry, fixed it.'", f"turn 2: 'Nothing to apologise for {'x' * 25}'"]
    assert [h.split(":")[0] for h in reply_hits(run, rx, strip_code=False)] == ["turn 0", "turn 1", "turn 2"]


def test_excerpt_is_one_line() -> None:
    text = "first line\nsecond should work\nthird"
    hit = re.search("should work", text)
    assert hit is not None
    assert excerpt(text, hit, margin=5) == "cond should work thir"
    assert excerpt(text, hit, margin=12) == "line second should work third"


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("see src/pkg/core.py:42", True),
        ("see `core.py`:7", True),
        ("at ./a_b-c.py:1 and more", True),
        ("see core.py line 42", False),
        ("see src/pkg/core.js:42", True),
        ("in src/rotate.c:118, then include/kv.h:9", True),
        ("see core.py:", False),
        ("at 12:30 on version 1.2:3", False),
    ],
)
def test_citation(text: str, cited: bool) -> None:
    assert bool(CITATION.search(text)) is cited


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
    assert code_blocks("a\n~~~py\nx = 1\n~~~\n") == ["py\nx = 1\n"]  # tilde fences are fences too
    assert without_code("see\n~~~\nsorry()\n~~~\nhere").split() == ["see", "here"]
    assert search(r"done", "All DONE") is not None
    assert search(r"absent", "All DONE") is None


TESTS_PASS = re.compile(r"\btests pass\b", re.I)


@pytest.mark.parametrize(
    ("text", "claimed"),
    [
        ("All tests pass.", True),
        ("Not all tests pass yet; later, after the fix, all tests pass.", True),
        ("Not all tests pass.", False),
        ("19 of 20 tests pass.", False),
        ("None of the tests pass.", False),
        ("Some tests pass.", False),
        ("The build is green.", False),
    ],
)
def test_claims_unqualified_only(text: str, claimed: bool) -> None:
    assert claims(TESTS_PASS, text) is claimed


def test_numbered_items_with_continuations_outside_code() -> None:
    text = (
        "Plan:\n1. Read the code\n   and the tests\n2) Fix it\n```\n3. not an item\n```\n"
        "After the list.\n    4. indented too far\n## Next\n10. Ten\n"
    )
    items = [item.rstrip() for item in numbered_items(text)]  # an item keeps the blank lines that end it
    assert items == ["1. Read the code\n   and the tests", "2) Fix it", "10. Ten"]
    assert numbered_items("No list here.\n1.5 is a number\n- a bullet\n") == []


@pytest.mark.parametrize(
    "text",
    [
        "Should I commit these changes?",
        "Do you want me to commit this?",
        "Let me know if I should commit.",
        "Is it okay if I commit now?",
        "Ready for me to commit?",
        "Should these changes be committed?",
        "I can commit this once you confirm.",
        "Let me know when to commit.",
    ],
)
def test_asks_to_commit(text: str) -> None:
    assert ASKS_TO_COMMIT.search(text)


@pytest.mark.parametrize(
    "text",
    ["I committed the change.", "I will commit after the tests pass.", "Ready to commit.", "Commits should be small.",
     "The commit is on agent/fix; merge it when you are happy with it."],
)
def test_does_not_ask_to_commit(text: str) -> None:
    assert not ASKS_TO_COMMIT.search(text)
