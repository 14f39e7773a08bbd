"""Project linter: small, dependency-free checks that must pass before every commit.

Usage: python tools/lint.py [PATH ...]   (default: src tests tools)

Checks every .py file for lines over 100 characters, trailing whitespace, tab characters, a
missing final newline, bare `except:` clauses, star imports and `print()` calls in library code
under src/ (use the `logging` module there instead). Exits 1 when it finds a problem.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

MAX_LINE = 100
DEFAULT_PATHS = ("src", "tests", "tools")


def python_files(paths: list[str]) -> list[Path]:
    """Every .py file under the given files and directories, sorted."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.py")))
        elif path.suffix == ".py":
            files.append(path)
    return files


def check_lines(path: Path, text: str) -> list[str]:
    """Problems visible line by line."""
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE:
            problems.append(f"{path}:{number}: line too long ({len(line)} characters)")
        if line != line.rstrip():
            problems.append(f"{path}:{number}: trailing whitespace")
        if "\t" in line:
            problems.append(f"{path}:{number}: tab character")
    if text and not text.endswith("\n"):
        problems.append(f"{path}: no newline at end of file")
    return problems


def check_tree(path: Path, tree: ast.AST) -> list[str]:
    """Problems found in the syntax tree."""
    problems = []
    library = "src" in path.parts
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is None:
            problems.append(f"{path}:{node.lineno}: bare except")
        elif isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            problems.append(f"{path}:{node.lineno}: star import")
        elif library and isinstance(node, ast.Call) and _is_print(node):
            problems.append(f"{path}:{node.lineno}: print() in library code, use logging")
    return problems


def _is_print(node: ast.Call) -> bool:
    return isinstance(node.func, ast.Name) and node.func.id == "print"


def lint(paths: list[str]) -> list[str]:
    """All problems in the given paths."""
    problems: list[str] = []
    for path in python_files(paths):
        text = path.read_text(encoding="utf-8")
        problems.extend(check_lines(path, text))
        try:
            tree = ast.parse(text, filename=str(path))
        except SyntaxError as exc:
            problems.append(f"{path}:{exc.lineno}: syntax error: {exc.msg}")
            continue
        problems.extend(check_tree(path, tree))
    return problems


def main(argv: list[str]) -> int:
    """Lint the paths in `argv` (or the defaults), report problems and return the exit status."""
    paths = argv or list(DEFAULT_PATHS)
    problems = lint(paths)
    for problem in problems:
        print(problem)
    if problems:
        print(f"lint: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"lint: ok ({len(python_files(paths))} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
