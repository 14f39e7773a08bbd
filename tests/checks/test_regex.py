"""checks/regex: per-turn reply scanning and `path.py:LINE` citations."""

from __future__ import annotations

import re

import pytest

from pytest_harnessif.checks.regex import CITATION, excerpt, reply_hits
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
        ("see src/pkg/core.js:42", False),
        ("see core.py:", False),
    ],
)
def test_citation(text: str, cited: bool) -> None:
    assert bool(CITATION.search(text)) is cited
