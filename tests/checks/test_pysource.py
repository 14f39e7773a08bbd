"""checks/pysource: the definition inventory, and what a run added or changed, function by function."""

from __future__ import annotations

import pytest

from pytest_harnessif import NotApplicable
from pytest_harnessif.checks.ast import star_imports
from pytest_harnessif.checks.pysource import (
    PyDef,
    api_changes,
    changed_functions,
    changed_sources,
    changed_sources_or_na,
    locations,
    new_public_defs,
    parse,
    signature,
    signature_text,
)
from pytest_harnessif.evidence import Run
from pytest_harnessif.testing import make_run, turn

MODULE = '''\
import os


def top(a):
    def inner():
        pass
    return a


class Api:
    @property
    def name(self):
        return "x"

    def _hidden(self):
        pass

    class Nested:
        def deep(self):
            pass


class _Private:
    def method(self):
        pass


if os.name == "nt":
    def windows_only():
        pass


def test_top():
    pass


class TestApi:
    def test_name(self):
        pass

    def helper(self):
        pass
'''


def _defs() -> dict[str, PyDef]:
    src = parse("src/pkg/mod.py", MODULE.encode())
    assert src is not None
    return {d.qualname: d for d in src.defs}


def test_inventory_qualnames_scopes_and_blocks() -> None:
    defs = _defs()
    assert list(defs) == [
        "top", "top.inner", "Api", "Api.name", "Api._hidden", "Api.Nested", "Api.Nested.deep", "_Private",
        "_Private.method", "windows_only", "test_top", "TestApi", "TestApi.test_name", "TestApi.helper",
    ]
    assert defs["top.inner"].scopes == ("def",)
    assert defs["Api.Nested.deep"].scopes == ("class", "class")
    assert defs["windows_only"].in_block and not defs["top"].in_block


@pytest.mark.parametrize(
    ("predicate", "names"),
    [
        ("is_test", ["test_top", "TestApi.test_name"]),
        ("is_public_api", ["top", "Api.name", "windows_only", "test_top", "TestApi.test_name", "TestApi.helper"]),
        ("is_public", ["top", "Api", "Api.name", "Api.Nested", "Api.Nested.deep", "test_top", "TestApi",
                       "TestApi.test_name", "TestApi.helper"]),
    ],
)
def test_predicates(predicate: str, names: list[str]) -> None:
    assert [q for q, d in _defs().items() if getattr(d, predicate)] == names


@pytest.mark.parametrize(
    ("code", "lines"),
    [
        ("@dec\ndef f(\n    a,\n):\n    return a\n", 4),
        ("def f():\n    x = 1\n    # trailing comment\n\n\n# module comment\n", 2),
        ("async def f():\n    '''Doc.'''\n\n    return 1\n", 4),
    ],
)
def test_lines(code: str, lines: int) -> None:
    src = parse("a.py", code.encode())
    assert src is not None
    assert [d.lines for d in src.defs] == [lines]


def test_parse_failures_are_none() -> None:
    assert parse("a.py", None) is None
    assert parse("a.py", b"def broken(:\n") is None


def test_where_and_locations() -> None:
    src = parse("src/a.py", b"import os\nfrom x import *\n\nfrom y import *\n")
    assert src is not None
    assert locations([src], star_imports) == ["src/a.py:2", "src/a.py:4"]
    block = parse("src/b.py", b"x = 1\n\n\ndef f():\n    return (\n        1\n    )\n")
    assert block is not None
    assert [block.span(d.node) for d in block.defs] == [(4, 7)]


BEFORE = {
    "src/pkg/a.py": "def same():\n    return 1\n\n\ndef edited():\n    return 1\n",
    "src/pkg/broken.py": "def f(:\n",
    "src/pkg/untouched.py": "def u():\n    pass\n",
    "README.md": "# r\n",
}


def _run(after: dict[str, str]) -> Run:
    return make_run(initial=BEFORE, final={**BEFORE, **after})


def test_changed_functions_compare_code_per_qualname() -> None:
    run = _run({
        "src/pkg/a.py": "def same():\n    return 1\n\n\ndef edited():\n    return 2\n\n\ndef added():\n    pass\n",
        "src/pkg/new.py": "class K:\n    def m(self):\n        pass\n",
        "src/pkg/broken.py": "def fixed():\n    pass\n",
        "src/pkg/still_broken.py": "def (\n",
    })
    assert [s.path for s in changed_sources(run, "src/**/*.py")] == ["src/pkg/a.py", "src/pkg/broken.py",
                                                                    "src/pkg/new.py"]
    changed = changed_functions(run, changed_sources(run, "src/**/*.py"))
    assert [f"{s.path}::{d.qualname}" for s, d in changed] == [
        "src/pkg/a.py::edited", "src/pkg/a.py::added", "src/pkg/broken.py::fixed", "src/pkg/new.py::K.m"
    ]


def test_changed_sources_split_tests_from_code() -> None:
    run = _run({"src/pkg/a.py": "x = 1\n", "src/pkg/test_a.py": "def test_x():\n    pass\n",
                "tests/helpers.py": "y = 2\n", "tests/test_broken.py": "def (\n"})
    assert [s.path for s in changed_sources(run, "**/*.py", tests=True)] == ["src/pkg/test_a.py", "tests/helpers.py"]
    assert [s.path for s in changed_sources(run, "**/*.py", tests=False)] == ["src/pkg/a.py"]


def test_reformatting_a_function_changes_it_but_moving_it_does_not() -> None:
    run = _run({"src/pkg/a.py": "def edited():\n    return 1\n\n\ndef same():\n    return  1\n"})
    assert [d.qualname for _, d in changed_functions(run, changed_sources(run, "src/**/*.py"))] == ["same"]


def test_new_public_defs() -> None:
    run = _run({"src/pkg/a.py": BEFORE["src/pkg/a.py"] + "\n\nclass C:\n    def m(self):\n        pass\n\n"
                "    def _p(self):\n        pass\n\n\ndef _private():\n    pass\n"})
    assert [d.qualname for _, d in new_public_defs(run, changed_sources(run, "src/**/*.py"))] == ["C", "C.m"]


def test_changed_sources_or_na() -> None:
    with pytest.raises(NotApplicable, match="no Python file under src/ changed"):
        changed_sources_or_na(_run({"README.md": "# new\n"}), "src/**/*.py", "Python file under src/")
    with pytest.raises(NotApplicable, match=r"no changed Python file parses: \['src/x.py'\]"):
        changed_sources_or_na(_run({"src/x.py": "def (\n"}), "**/*.py", "Python file")
    build = _run({"src/pkg.egg-info/setup.py": "x = 1\n"})
    with pytest.raises(NotApplicable):
        changed_sources_or_na(build, "src/**/*.py", "Python file under src/")


@pytest.mark.parametrize(
    ("old", "new", "same"),
    [
        ("def f(a, b=1) -> int: ...", "def f(a,  b = 1)->int:\n    return 2", True),
        ("def f(a): ...", "def f(a, b=None): ...", False),
        ("def f(a: int): ...", "def f(a: str): ...", False),
        ("def f(a, *, b): ...", "def f(a, b): ...", False),
        ("def f(a, /, b): ...", "def f(a, b): ...", False),
        ("def f(*args): ...", "def f(*args, **kw): ...", False),
        ("def f() -> None: ...", "def f(): ...", False),
    ],
)
def test_signature(old: str, new: str, same: bool) -> None:
    def sig(code: str) -> tuple[str, ...]:
        src = parse("a.py", code.encode())
        assert src is not None
        return signature(src.functions[0].node)

    assert (sig(old) == sig(new)) is same


def test_signature_text() -> None:
    src = parse("a.py", b"def f(a: int, b=1) -> str:\n    pass\n\n\nclass C:\n    def m(self, x):\n        pass\n")
    assert src is not None
    texts = {d.qualname: signature_text(d) for d in src.defs}
    assert texts == {"f": "def f(a: int, b=1) -> str", "C": "C", "C.m": "def C.m(self, x)"}


def test_api_changes_per_turn() -> None:
    base = {
        "src/pkg/a.py": "def f(a):\n    pass\n\n\ndef g():\n    pass\n\n\ndef h():\n    return 1\n\n\n"
        "def _p():\n    pass\n",
        "src/pkg/_internal.py": "def i(a):\n    pass\n",
    }
    one = {
        "src/pkg/a.py": "def f(a, b=None):\n    pass\n\n\ndef h():\n    return 2\n\n\ndef added():\n    pass\n",
        "src/pkg/_internal.py": "def i(a, b):\n    pass\n",
    }
    two = {**one, "src/pkg/a.py": one["src/pkg/a.py"] + "\n\ndef broken(:\n"}
    run = make_run(initial=base, final=two, turns=[turn("a", "r", files=one), turn("b", "r", files=two)])
    assert api_changes(run, 0) == [
        "src/pkg/a.py: `def f(a)` became `def f(a, b=None)`",
        "src/pkg/a.py: removed `def g()`",
    ]
    assert api_changes(run, 1) == []  # a file that no longer parses is skipped, not read as everything removed
