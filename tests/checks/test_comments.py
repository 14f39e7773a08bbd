"""checks/comments: the lines a file gained, and which added comments are prose rather than tool directives."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.code import added_comments, changed_sources
from pytest_harnessif.checks.comments import added_line_numbers, is_directive, lines_of, prose
from pytest_harnessif.checks.facts import Comment
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


def test_lines_of_ends_every_line() -> None:
    assert lines_of(None) == []
    assert lines_of(b"") == []
    assert lines_of(b"a\nb") == ["a\n", "b\n"]
    assert lines_of(b"a\n") == ["a\n"]


@pytest.mark.parametrize(
    ("text", "kind", "directive"),
    [
        ("#!/usr/bin/env python", "line", True),
        ("# -*- coding: utf-8 -*-", "line", True),
        ("# SPDX-License-Identifier: MIT", "line", True),
        ("# noqa: E501", "line", True),
        ("# type: ignore[arg-type]", "line", True),
        ("# pragma: no cover", "line", True),
        ("// eslint-disable-next-line no-console", "line", True),
        ("// @ts-expect-error the lib's types lag", "line", True),
        ("/* istanbul ignore next */", "block", True),
        ("// NOLINT(misc-unused-parameters)", "line", True),
        ("/* cppcheck-suppress nullPointer */", "block", True),
        ("# Explain y", "line", False),
        ("// Dates arrive as ISO strings.", "line", False),
        ("/* Widen before adding. */", "block", False),
    ],
)
def test_is_directive(text: str, kind: str, directive: bool) -> None:
    assert is_directive(Comment(1, 1, text, alone=True, kind=kind)) is directive


def test_added_prose_comments_in_every_language() -> None:
    before = "x = 1  # old\n"
    after = before + ('TAG = "# not a comment"\n# Explain y\n\ny = 2  # inline note\n#!/usr/bin/env python\n'
                      "# noqa: E501\n")
    js = "// eslint-disable-next-line no-console\n/** Doc. */\n// Sort by date.\nexport const a = 1;\n"
    run = make_run(initial={"src/a.py": before, "README.md": "# r\n"},
                   final={"src/a.py": after, "src/b.js": js, "README.md": "# r\n# more\n"})
    found = prose(added_comments(run, changed_sources(run)))
    assert [(v.path, c.line, c.text) for v, c in found] == [
        ("src/a.py", 3, "# Explain y"), ("src/a.py", 5, "# inline note"), ("src/b.js", 3, "// Sort by date.")]
    unchanged = make_run(initial={"src/a.py": before}, final={"src/a.py": before + "z = 3\n"})
    assert prose(added_comments(unchanged, changed_sources(unchanged))) == []
