"""What language-neutral checks read of a source file, in one shape for every language the language modules parse
(`checks.c`, `checks.javascript`, `checks.python`): comments, calls, definitions, raised errors and bound
names, each with its 1-based lines; and which files are tests, by the same conventions in every language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

TEST_DIRS = frozenset({"test", "tests", "__tests__", "spec", "specs", "testing"})
"""Folders whose code files are tests."""
TEST_NAME = re.compile(r"""^(?:tests?                 # test.c, test.js (node's default), tests.py (Django)
                           |test[_-].*                # test_a.py, test-a.js
                           |.+[_-]tests?              # a_test.go, a-test.js, a_tests.c
                           |.+\.(?:test|spec)         # a.test.ts, a.spec.js
                           |.+Tests?                  # AppTest.java, ParserTests.cs
                           |conftest                  # pytest's fixtures
                           )\.[A-Za-z]+$|^check_.+\.c$  # libcheck's check_a.c""", re.X)


def is_test_path(path: str) -> bool:
    """A file named or placed as a test in any language: under a test folder (`tests/`, `test/`, `__tests__/`,
    `spec/`, `testing/`), or named like one (`test_*.py`, `*_test.go`, `*.test.js`, `*-test.js`, `test.c`,
    `*_tests.c`, `check_*.c`, `FooTest.java`, `conftest.py`)."""
    p = PurePosixPath(path)
    return bool(TEST_DIRS & set(p.parts[:-1])) or TEST_NAME.match(p.name) is not None


@dataclass(frozen=True)
class Comment:
    """One comment: its first and last line, its text with the markers (`//`, `/* */`, `#`), whether nothing
    but whitespace precedes it on its first line (`alone`), and its kind (`line` or `block`)."""

    line: int
    end: int
    text: str
    alone: bool
    kind: str = "line"

    @property
    def body(self) -> str:
        """The text without comment markers (`//`, `#`, `/*`, `*/`, leading `*` of block lines), stripped."""
        text = self.text
        if self.kind == "block":
            text = text.removeprefix("/*").removesuffix("*/")
            text = "\n".join(line.strip().removeprefix("*") for line in text.splitlines())
        else:
            text = text.lstrip("/#!")
        return text.strip()

    @property
    def is_doc(self) -> bool:
        """A `/** ... */` documentation comment."""
        return self.kind == "block" and self.text.startswith("/**") and self.text != "/**/"


@dataclass(frozen=True)
class Call:
    """A call: the callee as written (`malloc`, `React.useEffect`, `items.map`), its first and last line, and the
    source text of each argument."""

    callee: str
    line: int
    end: int
    args: tuple[str, ...]

    @property
    def name(self) -> str:
        """The callee's last name (`useEffect` for `React.useEffect`), '' when it ends in no name (`fns[0]`,
        `compose(a.b)`)."""
        hit = re.search(r"([A-Za-z_$][\w$]*)$", self.callee)
        return hit.group(1) if hit else ""


@dataclass(frozen=True)
class Definition:
    """A function, method, class or test case a file defines.

    `name` is as written (a test case's name is its title string: `test("drops empty rows", ...)`), `qualname`
    adds the enclosing classes (`Store.get`), a JS case's describe blocks (`rows › drops empty ones`), a C case's
    suite (`Test(rows, drops_empty)`: `rows.drops_empty`); `kind` is `function`, `method`, `class` or `test`;
    `line`/`end` its 1-based span; `params` its parameter names (`self`/`cls`/`this` left out; none for a class);
    `complexity` 1 + its decision points (`if`, loops, `case`, `catch`/`except`, conditional expressions,
    `&&`/`||`/`and`/`or`), nested functions left out; `depth` how deep compound statements (`if`, loops, `switch`,
    `try`, `with`, `match`) nest in its body (0 for a flat body; `elif`/`else if` add none);
    `assertions` the assertion statements and calls it makes (`assert`, `expect(...)`, `assert.equal(...)`,
    `t.is(...)`, `CHECK(...)`) that read a value (`assert True`, `expect(true)`, `CHECK(1)` name nothing and do not
    count); `text` its source text (what tells a changed definition from an unchanged one)."""

    name: str
    kind: str
    line: int
    end: int
    params: tuple[str, ...] = ()
    qualname: str = ""
    complexity: int = 1
    depth: int = 0
    assertions: int = 0
    text: str = ""

    @property
    def is_test(self) -> bool:
        return self.kind == "test"

    @property
    def full_name(self) -> str:
        """`qualname`, or the name when the language module gave none."""
        return self.qualname or self.name


@dataclass(frozen=True)
class Raise:
    """A `raise` / `throw` of a new error: its line, the error class as written ('' when unknown) and whether it
    carries a message."""

    line: int
    error: str
    has_message: bool


@dataclass(frozen=True)
class Binding:
    """A name the code binds (a variable, parameter, loop variable, function or class name) and its line."""

    name: str
    line: int
