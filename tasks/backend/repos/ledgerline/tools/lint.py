"""ledgerline's linter: the checks CI runs before anything is merged.

    python tools/lint.py [PATH ...]        (default: ledger tests tools)

Python files: lines of at most 100 characters, no trailing whitespace or tabs, a final newline, no
bare `except:`, no `print()` inside the ledger package (log instead). Migrations: files in
ledger/migrations/ are named NNNN_snake_case.sql, numbered 0001, 0002, ... without gaps or
duplicates, and end with a newline. Prints one line per problem and exits 1 if there is any.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

MAX_LINE_LENGTH = 100
DEFAULT_PATHS = ("ledger", "tests", "tools")
MIGRATIONS = Path("ledger/migrations")
MIGRATION_NAME = re.compile(r"(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*\.sql")


def python_files(paths: list[str]) -> list[Path]:
    """The .py files named by `paths` (files, or directories searched recursively)."""
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return [path for path in found if path.suffix == ".py"]


def text_problems(path: Path, text: str) -> list[str]:
    """Layout problems: long lines, trailing whitespace, tabs, no final newline."""
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE_LENGTH:
            problems.append(f"{path}:{number}: line longer than {MAX_LINE_LENGTH} ({len(line)})")
        if line.rstrip() != line:
            problems.append(f"{path}:{number}: trailing whitespace")
        if "\t" in line:
            problems.append(f"{path}:{number}: tab")
    if text and not text.endswith("\n"):
        problems.append(f"{path}: missing newline at end of file")
    return problems


def code_problems(path: Path, tree: ast.AST) -> list[str]:
    """Bare excepts anywhere; print() calls inside the ledger package."""
    in_package = path.parts[:1] == ("ledger",)
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is None:
            problems.append(f"{path}:{node.lineno}: bare except")
        if (
            in_package
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "print"
        ):
            problems.append(f"{path}:{node.lineno}: print() in the ledger package, use logging")
    return problems


def migration_problems(directory: Path = MIGRATIONS) -> list[str]:
    """Badly named, duplicated or skipped migration numbers; files without a final newline."""
    if not directory.is_dir():
        return []
    problems = []
    numbers = []
    for path in sorted(directory.glob("*.sql")):
        match = MIGRATION_NAME.fullmatch(path.name)
        if match is None:
            problems.append(f"{path}: migration names look like 0003_add_currency.sql")
            continue
        numbers.append(int(match.group(1)))
        if not path.read_text(encoding="utf-8").endswith("\n"):
            problems.append(f"{path}: missing newline at end of file")
    for expected, number in enumerate(sorted(numbers), start=1):
        if number != expected:
            problems.append(f"{directory}: migration {expected:04d} missing or duplicated")
            break
    return problems


def lint(paths: list[str]) -> list[str]:
    """Every problem in `paths` plus the migration checks."""
    problems = []
    for path in python_files(paths):
        text = path.read_text(encoding="utf-8")
        problems.extend(text_problems(path, text))
        try:
            problems.extend(code_problems(path, ast.parse(text, filename=str(path))))
        except SyntaxError as exc:
            problems.append(f"{path}:{exc.lineno}: syntax error: {exc.msg}")
    return problems + migration_problems()


def main(argv: list[str]) -> int:
    paths = argv or list(DEFAULT_PATHS)
    problems = lint(paths)
    for problem in problems:
        print(problem)
    if problems:
        print(f"lint: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"lint: ok ({len(python_files(paths))} Python files, migrations checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
