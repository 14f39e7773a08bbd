"""E0 conflict pairs: each classifier tells a run that followed A, B, both or neither, on synthetic evidence; every
pair has a wording for every configurable surface, identical text on each."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pytest_harnessif.checks.conflicts import PAIRS, ConflictPair
from pytest_harnessif.evidence import Run
from pytest_harnessif.schema import Surface
from pytest_harnessif.testing import commit, make_run, turn

CONFIGURABLE = (Surface.SP, Surface.TD, Surface.SD, Surface.PF, Surface.UI)
BY_ID = {p.id: p for p in PAIRS}


def commits(*subjects: str) -> Run:
    return make_run(commits=[commit(s) for s in subjects])


def branches(*names: str) -> Run:
    return make_run(branches=["main", *names])


def reply(text: str) -> Run:
    return make_run(turns=[turn("Do it.", text)])


def with_tests(**files: str) -> Run:
    return make_run(initial={"src/m.py": "x = 1\n"}, final={"src/m.py": "x = 1\n", **files})


def src(added: str) -> Run:
    return make_run(initial={"src/m.py": "x = 1\n"}, final={"src/m.py": "x = 1\n" + added})


FUNC = "def test_one():\n    assert 1\n"
CLASS = "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_one(self):\n        self.assertTrue(1)\n"
GOOGLE = 'def f(a):\n    """Do.\n\n    Args:\n        a: thing.\n\n    Returns:\n        it.\n    """\n'
NUMPY = 'def f(a):\n    """Do.\n\n    Parameters\n    ----------\n    a : int\n    """\n'
LOG, PRINT = "import logging\nlogging.warning('x')\n", "print('x')\n"

CASES: dict[str, dict[str, Callable[[], Run]]] = {
    "commit-language": {
        "a": lambda: commits("Add the parser", "Fix the edge case"),
        "b": lambda: commits("添加解析器", "修复边界情况"),
        "neither": lambda: commits("Add the parser", "修复边界情况"),
    },
    "branch-prefix": {
        "a": lambda: branches("feature/parser"),
        "b": lambda: branches("feat/parser"),
        "both": lambda: branches("feature/parser", "feat/parser"),
        "neither": lambda: branches("parser"),
    },
    "reply-form": {
        "a": lambda: reply("Changed:\n- the parser\n- its tests"),
        "b": lambda: reply("I changed the parser and added tests for the empty input case."),
        "neither": lambda: reply("I changed the parser.\n\nTests pass."),
    },
    "test-style": {
        "a": lambda: with_tests(**{"tests/test_m.py": FUNC}),
        "b": lambda: with_tests(**{"tests/test_m.py": CLASS}),
        "both": lambda: with_tests(**{"tests/test_m.py": FUNC + "\n\n" + CLASS}),
        "neither": lambda: with_tests(),
    },
    "diagnostics": {
        "a": lambda: src(LOG),
        "b": lambda: src(PRINT),
        "both": lambda: src(LOG + PRINT),
        "neither": lambda: src("y = 2\n"),
    },
    "test-file-names": {
        "a": lambda: with_tests(**{"tests/test_m.py": FUNC}),
        "b": lambda: with_tests(**{"tests/m_test.py": FUNC}),
        "neither": lambda: with_tests(**{"tests/test_m.py": FUNC, "tests/n_test.py": FUNC}),
    },
    "commit-form": {
        "a": lambda: commits("feat(parser): accept empty input", "fix: off-by-one"),
        "b": lambda: commits("Accept empty input in the parser"),
        "neither": lambda: commits("feat: accept empty input", "Fix the off-by-one"),
    },
    "docstring-style": {
        "a": lambda: src(GOOGLE),
        "b": lambda: src(NUMPY),
        "both": lambda: src(GOOGLE + NUMPY),
        "neither": lambda: src('def f(a):\n    """Do it."""\n'),
    },
}


def test_at_least_eight_pairs_each_with_cases() -> None:
    assert len(PAIRS) >= 8 and set(CASES) == set(BY_ID)


@pytest.mark.parametrize(
    ("pair_id", "expected"), [(p, o) for p, cases in CASES.items() for o in cases], ids=lambda v: str(v)
)
def test_the_classifier(pair_id: str, expected: str) -> None:
    assert BY_ID[pair_id].classify(CASES[pair_id][expected]()) == expected


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.id)
def test_one_statement_on_every_surface(pair: ConflictPair) -> None:
    for side, text in (("a", pair.a), ("b", pair.b)):
        wordings = {s: pair.wording(side, s) for s in CONFIGURABLE}  # type: ignore[arg-type]
        assert all(text in w.text for w in wordings.values())
        assert wordings[Surface.TD].tool and wordings[Surface.SD].skill == "house-style"
    assert pair.a != pair.b
