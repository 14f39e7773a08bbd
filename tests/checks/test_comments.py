"""checks/comments: comments from the tokenizer, the lines a file gained, and the prose comments a run added."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.comments import added_comments, added_line_numbers, comments, render_comments
from pytest_harnessif.testing import make_run


@pytest.mark.parametrize(
    ("old", "new", "numbers"),
    [
        (b"a\nb\n", b"a\nx\nb\ny\n", {2, 4}),
        (None, b"a\nb", {1, 2}),
        (b"a\nb\n", b"a\nB\n", {2}),
        (b"a\nb\n", b"a\n", set()),
        (b"a\nb\n", b"a\nb\n", set()),
    ],
)
def test_added_line_numbers(old: bytes | None, new: bytes, numbers: set[int]) -> None:
    assert added_line_numbers(old, new) == numbers


def test_comments_from_the_tokenizer() -> None:
    text = 'x = "# not a comment"  # real\n# alone\ny = 1\n'
    assert comments(text) == {1: ("# real", False), 2: ("# alone", True)}
    assert comments('s = "#"\n') == {}


def test_comments_of_a_file_that_does_not_tokenize_are_whole_lines() -> None:
    assert comments("x = (1,  # inline\n  # whole\n") == {2: ("# whole", True)}


def test_added_prose_comments_with_their_code() -> None:
    before = "x = 1  # old\n"
    after = before + "# Explain y\n\ny = 2  # inline note\n#!/usr/bin/env python\n# noqa: E501\n"
    run = make_run(initial={"src/a.py": before, "README.md": "# r\n"},
                   final={"src/a.py": after, "README.md": "# r\n# more\n"})
    found = added_comments(run)
    assert found == [
        ("src/a.py:2", "# Explain y", "next code line: y = 2 # inline note"),
        ("src/a.py:4", "# inline note", "on the code line: y = 2"),
    ]
    assert render_comments(found) == (
        "src/a.py:2: # Explain y\n    next code line: y = 2 # inline note\n"
        "src/a.py:4: # inline note\n    on the code line: y = 2"
    )
    unchanged = make_run(initial={"src/a.py": before}, final={"src/a.py": before + "z = 3\n"})
    assert added_comments(unchanged) == []
