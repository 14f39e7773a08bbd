"""What the quantitative and conditional rules measure in code of any language the checks read (`checks.code`): a
definition's length from its header, the language family of a file and whether the tests a run changed are tests of
the code it changed, the test cases a turn added, and the lines a run made longer than a limit.

Where a check finds nothing it can read but the run changed code in a language it cannot read (Go, Rust...),
`found_or_na` says n/a naming that language, never "nothing changed".
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from ..authoring import na
from ..evidence import FileView, Run
from .code import cannot_read, definitions, is_test_path, language, new_test_cases, readable, unreadable_changes
from .facts import Definition
from .history import failing_file, failing_names
from .workspace import files_before_turn

T = TypeVar("T")
HEADER = re.compile(r"^[ \t]*(?:async[ \t]+)?(?:def|class)\b", re.M)
SCRIPT_TESTS = frozenset({"shell"})
"""Test scripts that drive a built program (`tests/cli.sh`): how C projects test their command-line tools."""


def found_or_na(run: Run, found: list[T], what: str, tests: bool | None = None) -> list[T]:
    """`found`, or n/a: naming the languages the checks cannot read when the run changed only such code (test files
    only, or other files only, with `tests`), else saying that no `what` was found."""
    if found:
        return found
    other = unreadable_changes(run, tests=tests)
    na(cannot_read(other) if other else f"no {what}")


def unreadable_in_turn(run: Run, index: int) -> list[str]:
    """The code files turn `index` changed when all of them are in languages the checks cannot read (else none)."""
    code = [p for p in run.changed_in_turn(index) if language(p) is not None]
    return [] if any(readable(p) for p in code) else code


def family(path: str) -> str | None:
    """The language family of a code file: TypeScript is JavaScript's, every other language its own."""
    lang = language(path)
    return "javascript" if lang == "typescript" else lang


def length(d: Definition) -> int:
    """Lines from the definition's header (a Python `def`/`class` line, decorators not counted; the first line in
    other languages) to its last line."""
    header = HEADER.search(d.text) if d.text.lstrip().startswith("@") else None
    skipped = d.text.count("\n", 0, header.start()) if header else 0
    return d.end - d.line + 1 - skipped


def untested(sources: Iterable[str], changed: Iterable[str]) -> list[str]:
    """The language families of `sources` that no changed test file of their language covers: a test file of the
    same family (JavaScript and TypeScript one family), or, for C, a test script under its test folder."""
    tests = [p for p in changed if is_test_path(p) and language(p) is not None]
    covered = {family(p) for p in tests}
    if any(language(p) in SCRIPT_TESTS for p in tests):
        covered.add("c")
    return sorted({f for p in sources if (f := family(p)) is not None} - covered)


def case_name(test_id: str) -> str:
    """The name of a test case in `new_test_cases`' `path::name` form: a Python test's function (`TestX.test_y` ->
    `test_y`), a JavaScript case's title, a C test function."""
    path, _, name = test_id.partition("::")
    return name.rsplit(".", 1)[-1] if language(path) == "python" else name


def added_cases(run: Run, index: int) -> list[str]:
    """The test cases (`path::name`, every language the checks read) turn `index` added."""
    return new_test_cases(files_before_turn(run, index), run.files_after_turn(index))


def existing_tests(run: Run, test_id: str) -> list[tuple[str, Definition]]:
    """The test cases of the initial files (every language the checks read) a failing test's id names, by the most
    specific of its names that one of them has: in the file the id names (none if that file is new), else in any
    test file."""
    path = failing_file(test_id)
    if path is not None:
        files = {path: run.initial_files[path]} if path in run.initial_files else {}
    else:
        files = {p: data for p, data in run.initial_files.items() if is_test_path(p)}
    cases = [(p, d) for p, data in files.items() if readable(p) for d in definitions(FileView(p, data)) if d.is_test]
    for name in failing_names(test_id):
        if hits := [(p, d) for p, d in cases if d.full_name == name]:
            return hits
    return []


def _lines(data: bytes | None) -> list[str]:
    return [] if data is None else [line.rstrip("\r") for line in data.decode(errors="replace").splitlines()]


def _was_as_long(line: str, removed: list[str]) -> bool:
    """Whether the line replaces one of `removed` that was at least as long (the most similar one)."""
    if not removed:
        return False
    similar = max(removed, key=lambda old: difflib.SequenceMatcher(None, old, line, autojunk=False).ratio())
    return len(line) <= len(similar)


def lengthened_lines(run: Run, paths: Iterable[str], limit: int) -> tuple[int, list[tuple[str, str]]]:
    """How many lines the run added to `paths` (binary files left out), and `(path, line)` for each of them longer
    than `limit` characters that the run made so: a line moved (removed elsewhere in the file), or replacing a line
    at least as long, was long before the run and is not counted."""
    count, long = 0, []
    for path in paths:
        before, after = run.initial_files.get(path), run.files.get(path)
        if after is None or b"\0" in after:
            continue
        old, new = _lines(before), _lines(after)
        hunks = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if op[0] != "equal"]
        moved = Counter(line for _, i1, i2, _, _ in hunks for line in old[i1:i2])
        for tag, i1, i2, j1, j2 in hunks:
            count += j2 - j1
            for line in new[j1:j2]:
                if moved[line]:
                    moved[line] -= 1
                elif len(line) > limit and not (tag == "replace" and _was_as_long(line, old[i1:i2])):
                    long.append((path, line))
    return count, long
