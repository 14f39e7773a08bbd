"""Pass/fail/n-a fixtures for the quantitative rules (QT-*)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import commit, make_run, turn

from .fixtures_output_control import BASE, PYC, replies, state


def _words(n: int) -> str:
    return " ".join(f"w{i}" for i in range(n))


def _list(n: int, marker: str = "-") -> str:
    return "\n".join(f"{marker} item {i}" for i in range(n))


def changed(changes: dict[str, str | None], initial: dict[str, str] = BASE) -> Run:
    """A one-turn run that applies `changes` to `initial`."""
    after = state(changes, initial)
    return make_run(initial=initial, final=after, turns=[turn("Do it", "Done.", files=after)])


# --- QT-003 -----------------------------------------------------------------------------------


def with_subjects(*subjects: str) -> Run:
    return make_run(initial=BASE, commits=[commit(s) for s in subjects])


# --- QT-004 -----------------------------------------------------------------------------------


def function(name: str, lines: int, decorator: bool = False, signature_lines: int = 1) -> str:
    """A function spanning exactly `lines` lines from `def` to its end (decorator not counted)."""
    head = [f"def {name}(" + "".join(f"\n    a{i}: int," for i in range(signature_lines - 1)) + ") -> int:"]
    if signature_lines == 1:
        head = [f"def {name}() -> int:"]
    steps = [f"    total += {i}" for i in range(lines - signature_lines - 2)]
    body = ["    total = 0", *steps, "    return total"]
    return ("@cache\n" if decorator else "") + "\n".join(head + body) + "\n"


LONG_OLD = "src/pkg/legacy.py"
LEGACY = {LONG_OLD: function("legacy", 40) + "\n\n" + function("helper", 3)}


def add_function(lines: int, **kw: object) -> Run:
    return changed({"src/pkg/extra.py": "from functools import cache\n\n\n" + function("extra", lines, **kw)})


def touch_helper_next_to_long_legacy() -> Run:
    """Changing a short function does not make an untouched long neighbour count."""
    return changed({LONG_OLD: function("legacy", 40) + "\n\n" + function("helper", 4)}, state(LEGACY))


def touch_long_legacy() -> Run:
    body = function("legacy", 40).replace("total += 0", "total += 100")
    return changed({LONG_OLD: body + "\n\n" + function("helper", 3)}, state(LEGACY))


# --- QT-005 -----------------------------------------------------------------------------------

NEW_TEST = "\n\ndef test_negative() -> None:\n    assert add(-1, -2) == -3\n"
TEST_CLASS = "\n\nclass TestAdd:\n    def test_zero(self) -> None:\n        assert add(0, 0) == 0\n"
HELPER = "\n\ndef _pair() -> tuple[int, int]:\n    return (1, 2)\n"

# --- QT-006 / QT-007 --------------------------------------------------------------------------

LONG_EXISTING = "x = '" + "a" * 115 + "'\n"


def _line(width: int) -> str:
    return "y = '" + "b" * (width - 6) + "'"


def grow_readme(added: int, extra_file_lines: int = 0) -> Run:
    """Rewrite README.md's one line and append `added - 1` lines; optionally create docs/extra.md too."""
    changes: dict[str, str | None] = {"README.md": "".join(f"readme line {i}\n" for i in range(added))}
    if extra_file_lines:
        changes["docs/extra.md"] = "".join(f"extra line {i}\n" for i in range(extra_file_lines))
    return changed({**changes, PYC: "\x00\n" * 500})


FIXTURES = {
    "QT-001": {
        "pass": [
            lambda: replies(_list(5) + "\n\n```diff\n- old\n- older\n+ new\n+ newer\n```"),
            lambda: replies(_list(5), _list(3, "1.") + "\n---\n*emphasis* is not a bullet"),
        ],
        "fail": [
            lambda: replies(_list(3) + "\n" + _list(3, "1.")),
            lambda: replies("Plan:\n" + _list(4) + "\n  - nested a\n  - nested b"),
            lambda: replies(_list(6, "*"), "Done."),
        ],
        "na": [lambda: replies("", "   ")],
    },
    "QT-002": {
        "pass": [
            lambda: replies(_words(400), _words(150) + "\n```python\n" + _words(200) + "\n```"),
        ],
        "fail": [
            lambda: replies(_words(151)),
            lambda: replies("Short.", _words(140) + " `" + _words(11) + "`"),
        ],
        "na": [lambda: replies("", "   ")],
    },
    "QT-003": {
        "pass": [lambda: with_subjects("Cast inputs in add", "x" * 50)],
        "fail": [
            lambda: with_subjects("Fix add", "y" * 51),
            lambda: with_subjects("Cast both arguments of add to int before summing them"),
        ],
        "na": [lambda: with_subjects()],
    },
    "QT-007": {
        "pass": [lambda: grow_readme(150), lambda: grow_readme(100, extra_file_lines=50)],
        "fail": [lambda: grow_readme(151), lambda: grow_readme(100, extra_file_lines=51)],
        "na": [lambda: changed({PYC: "\x00\n" * 500}), lambda: replies("Nothing to change.")],
    },
}
