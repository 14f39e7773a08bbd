"""Project linter: a few checks the team agreed on, standard library only.

Checks every .py file under src/, tests/ and tools/:
  - the file parses,
  - no line longer than 100 characters,
  - no trailing whitespace and no tab characters,
  - the file ends with a newline,
  - no print() calls in library code under src/ (return values or raise instead).

Exit status 0 when clean, 1 when any problem was reported.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED_DIRS = ("src", "tests", "tools")
MAX_LINE = 100


def line_problems(path: Path, text: str) -> list[str]:
    """Problems found line by line: length, trailing whitespace, tabs, final newline."""
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        where = f"{path.relative_to(ROOT)}:{number}"
        if len(line) > MAX_LINE:
            problems.append(f"{where}: line too long ({len(line)} > {MAX_LINE})")
        if line != line.rstrip():
            problems.append(f"{where}: trailing whitespace")
        if "\t" in line:
            problems.append(f"{where}: tab character")
    if text and not text.endswith("\n"):
        problems.append(f"{path.relative_to(ROOT)}: no newline at end of file")
    return problems


def print_calls(path: Path, tree: ast.AST) -> list[str]:
    """print() calls, reported for library code only."""
    return [
        f"{path.relative_to(ROOT)}:{node.lineno}: print() call in library code"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "print"
    ]


def check_file(path: Path) -> list[str]:
    """Every problem of one Python file."""
    text = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text, filename=str(path))
    except SyntaxError as exc:
        return [f"{path.relative_to(ROOT)}:{exc.lineno}: syntax error: {exc.msg}"]
    problems = line_problems(path, text)
    if path.relative_to(ROOT).parts[0] == "src":
        problems.extend(print_calls(path, tree))
    return problems


def main() -> int:
    """Lint the project and report problems on stdout."""
    files = sorted(p for d in CHECKED_DIRS if (ROOT / d).is_dir() for p in (ROOT / d).rglob("*.py"))
    problems = [problem for path in files for problem in check_file(path)]
    for problem in problems:
        print(problem)
    if problems:
        print(f"lint: {len(problems)} problem(s) in {len(files)} file(s)")
        return 1
    print(f"lint: {len(files)} file(s) clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
