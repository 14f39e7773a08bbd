"""Checks CI runs on bramblebook besides the tests.

Usage: python tools/lint_bookings.py [PATH ...]   (no PATH: the whole repository)

Each check below was added after review caught the same slip twice. A problem prints as
`path:line: what`; the exit status is the number of problems, capped at 1.
"""

from __future__ import annotations

import io
import json
import sys
import tokenize
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

MAX_LINE = 110
SKIP_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", "data"}
SERVICE = "bramblebook"


class Problem(NamedTuple):
    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}" if self.line else f"{self.path}: {self.what}"


Check = Callable[[Path, str], Iterator[Problem]]
PY_CHECKS: list[Check] = []


def py_check(fn: Check) -> Check:
    PY_CHECKS.append(fn)
    return fn


@py_check
def whitespace(path: Path, source: str) -> Iterator[Problem]:
    """Line length, tabs, trailing blanks, the final newline."""
    for n, line in enumerate(source.split("\n"), start=1):
        if len(line) > MAX_LINE:
            yield Problem(path, n, f"line is {len(line)} long, over {MAX_LINE}")
        if "\t" in line:
            yield Problem(path, n, "tab character")
        if line.endswith((" ", "\t")):
            yield Problem(path, n, "trailing blank")
    if source and source[-1] != "\n":
        yield Problem(path, 0, "missing newline at the end")


@py_check
def docstring(path: Path, source: str) -> Iterator[Problem]:
    """Modules of the service and of ops/ say what they are for."""
    if path.parts[0] not in (SERVICE, "ops") or not source.strip():
        return
    tokens = _tokens(source)
    first = next((t for t in tokens if t.type not in _NOISE), None)
    if first is None or first.type != tokenize.STRING:
        yield Problem(path, 1, "no module docstring")


@py_check
def calls(path: Path, source: str) -> Iterator[Problem]:
    """print() in the service (it logs), and clocks without a timezone anywhere."""
    names = [t for t in _tokens(source) if t.type not in _NOISE]
    for i, tok in enumerate(names[:-1]):
        following = names[i + 1].string
        before = names[i - 1].string if i else ""
        if following != "(" or before == "def":
            continue
        if tok.string == "print" and before != "." and path.parts[0] == SERVICE:
            yield Problem(path, tok.start[0], "print() in the service: log instead")
        if tok.string == "utcnow" and before == ".":
            yield Problem(path, tok.start[0], "utcnow() gives a naive time: datetime.now(UTC)")
        if tok.string == "now" and before == "." and i + 2 < len(names) and names[i + 2].string == ")":
            yield Problem(path, tok.start[0], "now() without a timezone: datetime.now(UTC)")


_NOISE = {
    tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING,
}


def _tokens(source: str) -> list[tokenize.TokenInfo]:
    try:
        return list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return []


def data_files() -> Iterator[Problem]:
    """Seeds load as JSON; the schema can be applied to a database that already has it."""
    for seed in sorted(Path("ops", "seed").glob("*.json")):
        try:
            json.loads(seed.read_text(encoding="utf-8"))
        except ValueError as exc:
            yield Problem(seed, getattr(exc, "lineno", 0), f"not JSON ({exc})")
    schema = Path(SERVICE, "schema.sql")
    if not schema.is_file():
        return
    for n, line in enumerate(schema.read_text(encoding="utf-8").splitlines(), start=1):
        words = line.upper().split()
        if words[:1] == ["CREATE"] and ("TABLE" in words[1:3] or "INDEX" in words[1:3]):
            if "IF NOT EXISTS" not in " ".join(words):
                yield Problem(schema, n, "CREATE without IF NOT EXISTS (dbq applies the schema again)")


def python_files(targets: list[str]) -> list[Path]:
    roots = [Path(t) for t in targets] or [Path(".")]
    found: set[Path] = set()
    for root in roots:
        if root.suffix == ".py":
            found.add(root)
            continue
        for path in root.rglob("*.py"):
            if not SKIP_DIRS.intersection(path.parts):
                found.add(path)
    return sorted(found)


def main(targets: list[str]) -> int:
    problems: list[Problem] = []
    for path in python_files(targets):
        source = path.read_text(encoding="utf-8")
        for check in PY_CHECKS:
            problems.extend(check(path, source))
    problems.extend(data_files())
    for problem in problems:
        print(problem)
    return min(len(problems), 1)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
