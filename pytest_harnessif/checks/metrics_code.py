"""What the quantitative and conditional rules measure in code of any language the checks read (`checks.code`): a
definition's length from its header, the language family of a file and whether the tests a run changed are tests of
the code it changed, the test cases a turn added, and the lines a run made longer than a limit.

Where a check finds nothing it can read but the run changed code in a language it cannot read (Go, Rust...),
`code.found_or_na` says n/a naming that language, never "nothing changed".
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import PurePosixPath

from ..evidence import FileView, Run
from .code import (
    TEST_DIRS,
    definitions,
    is_test_path,
    language,
    new_test_cases,
    readable,
)
from .facts import Definition
from .history import failing_file, failing_names
from .workspace import files_before_turn

HEADER = re.compile(r"^[ \t]*(?:async[ \t]+)?(?:def|class)\b", re.M)


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
    same family (JavaScript and TypeScript one family), or, for C, a test that drives the built program
    (`_drives_program`)."""
    families = {f for p in sources if (f := family(p)) is not None}
    changed = list(changed)
    covered = {family(p) for p in changed if is_test_path(p) and language(p) is not None}
    if any(_drives_program(p, families) for p in changed):
        covered.add("c")
    return sorted(families - covered)


def _drives_program(path: str, families: set[str]) -> bool:
    """A test that may drive a built program, as C projects test their command-line tools: a shell test script
    (`tests/cli.sh`, `cli_test.sh`), or another test under a test folder in a language of none of the changed sources
    (`tests/test_cli.py` running the binary under pytest, `tests/cli.bats`), so it tests none of them."""
    if language(path) == "shell" and is_test_path(path):
        return True
    under_tests = bool(TEST_DIRS & set(PurePosixPath(path).parts[:-1]))
    return under_tests and family(path) not in families and (language(path) is not None or path.endswith(".bats"))


def case_name(test_id: str) -> str:
    """The own name of a test case in `new_test_cases`' `path::name` form: a Python test's function (`TestX.test_y` ->
    `test_y`), a JavaScript case's title without its describe blocks (`sorting › keeps ties` -> `keeps ties`), a C
    test function."""
    path, _, name = test_id.partition("::")
    return name.rsplit(".", 1)[-1] if language(path) == "python" else name.rsplit(" › ", 1)[-1]


def selected_name(test_id: str) -> str:
    """The name a runner's filter matches a test case by (`pytest -k`, `jest -t`): its own name with the class or
    describe blocks around it (`TestWraps.test_y`, `regression › rows without key`)."""
    return test_id.partition("::")[2]


def added_cases(run: Run, index: int) -> list[str]:
    """The test cases (`path::name`, every language the checks read) turn `index` added."""
    return new_test_cases(files_before_turn(run, index), run.files_after_turn(index))


def existing_tests(run: Run, test_ids: Iterable[str]) -> list[tuple[str, str, Definition]]:
    """`(id, path, case)` for the test cases of the initial files (every language the checks read) each failing test's
    id names, by the most specific of its names that one of them has: in the file the id names (none if that file is
    new), else in any test file. Each file's cases are read once for all the ids."""
    cases: dict[str, list[Definition]] = {}

    def cases_of(path: str) -> list[Definition]:
        if path not in cases:
            data = run.initial_files.get(path)
            found = definitions(FileView(path, data)) if data is not None and readable(path) else []
            cases[path] = [d for d in found if d.is_test]
        return cases[path]

    test_files = [p for p in run.initial_files if is_test_path(p)]
    out = []
    for test_id in test_ids:
        path = failing_file(test_id)
        named = [(p, d) for p in ([path] if path is not None else test_files) for d in cases_of(p)]
        for name in failing_names(test_id):
            hits = [(test_id, p, d) for p, d in named if d.full_name == name]
            if hits := hits or [(test_id, p, d) for p, d in named if d.name == name]:  # node's TAP: the title alone
                out += hits
                break
    return out


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
