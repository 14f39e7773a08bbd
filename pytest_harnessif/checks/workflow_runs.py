"""The files and test runs workflow and tool-use rules share, in any ecosystem: which changed files are code (any
language, tests included) or belong to the tests (a test file of its language, or anything under a test folder), the
lines each turn added to them (so a change a later turn reverted still shows), and the failing tests a run's output
names."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

from ..evidence import Run
from .code import TEST_DIRS, is_test_path, language
from .comments import added_line_numbers
from .shell import Segment
from .summaries import failing_tests
from .workspace import files_before_turn


def is_code(path: str) -> bool:
    """A source file of any language (`.py`, `.js`, `.ts`, `.c`, `.go`, `.sh`...), tests included."""
    return language(path) is not None


def in_tests(path: str) -> bool:
    """A test file of its language (`tests/test_a.py`, `test/a.test.js`, `tests/test_a.c`, `a_test.go`), or any
    file under a test folder (`tests/fixtures/data.json`)."""
    return is_test_path(path) or bool(TEST_DIRS & set(PurePosixPath(path).parts[:-1]))


def failed_tests(runs: Iterable[Segment]) -> set[str]:
    """The tests the outputs of `runs` name as failing, in every runner's naming (`checks.summaries`)."""
    return {name for s in runs for name in failing_tests(s.command.output)}


def turn_added_lines(run: Run, keep: Callable[[str], bool]) -> list[tuple[int, str, str]]:
    """`(turn, path, line)` for every line a turn added to a file `keep` accepts, turn by turn (its snapshot against
    the one before), so a line a later turn removed again still shows."""
    out = []
    for t in run.turns:
        before, after = files_before_turn(run, t.index), run.files_after_turn(t.index)
        for path in run.changed_in_turn(t.index):
            if not keep(path) or path not in after:
                continue
            lines = after[path].decode(errors="replace").splitlines()
            out += [(t.index, path, lines[n - 1]) for n in sorted(added_line_numbers(before.get(path), after[path]))]
    return out
