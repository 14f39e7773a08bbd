"""hookline's lint script: the checks CI runs before the tests, with no third-party tools.

Usage: python tools/lint.py [PATH ...]   (default: src tests tools)

Every .py file is checked for lines over 100 characters, trailing whitespace, tabs and a missing
final newline. The syntax tree is checked for bare `except:`, `except Exception: pass` handlers
that swallow errors (they hid transport failures in production once), `print()` in the library
under src/ (log through `logging` instead) and calls to `time.sleep()` under src/ (the
dispatcher's sleep is injected so tests never wait). Prints one line per problem and exits 1 if
there is any.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

LINE_LIMIT = 100
TARGETS = ("src", "tests", "tools")


def iter_sources(targets: list[str]) -> Iterator[Path]:
    """The .py files named by `targets` (files or directories), in a stable order."""
    for target in targets:
        root = Path(target)
        if root.is_dir():
            yield from sorted(root.rglob("*.py"))
        elif root.suffix == ".py":
            yield root


def text_problems(text: str) -> Iterator[tuple[int, str]]:
    """(line, message) for the formatting problems of one file."""
    lines = text.splitlines()
    for lineno, line in enumerate(lines, start=1):
        if len(line) > LINE_LIMIT:
            yield lineno, f"line is {len(line)} characters long (limit {LINE_LIMIT})"
        if line.rstrip() != line:
            yield lineno, "trailing whitespace"
        if "\t" in line:
            yield lineno, "tab character (indent with spaces)"
    if text and not text.endswith("\n"):
        yield len(lines), "file does not end with a newline"


class TreeChecker(ast.NodeVisitor):
    """Collects the problems visible in one file's syntax tree."""

    def __init__(self, in_library: bool) -> None:
        self.in_library = in_library
        self.found: list[tuple[int, str]] = []

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.type is None:
            self.found.append((node.lineno, "bare `except:` (name the exception)"))
        elif _names(node.type, "Exception") and all(isinstance(s, ast.Pass) for s in node.body):
            self.found.append((node.lineno, "`except Exception: pass` swallows every error"))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if self.in_library:
            func = node.func
            if isinstance(func, ast.Name) and func.id == "print":
                self.found.append((node.lineno, "print() in library code (use logging)"))
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "sleep"
                and isinstance(func.value, ast.Name)
                and func.value.id == "time"
            ):
                self.found.append((node.lineno, "time.sleep() in library code (inject sleep)"))
        self.generic_visit(node)


def _names(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def check_file(path: Path) -> list[str]:
    """Every problem in `path`, formatted `path:line: message`."""
    text = path.read_text(encoding="utf-8")
    found = list(text_problems(text))
    try:
        tree = ast.parse(text, filename=str(path))
    except SyntaxError as exc:
        found.append((exc.lineno or 0, f"does not parse: {exc.msg}"))
    else:
        checker = TreeChecker(in_library="src" in path.parts)
        checker.visit(tree)
        found.extend(checker.found)
    return [f"{path}:{lineno}: {message}" for lineno, message in sorted(found)]


def main(argv: list[str]) -> int:
    """Lint `argv` (or the default targets); return the exit status."""
    files = list(iter_sources(argv or list(TARGETS)))
    problems = [problem for path in files for problem in check_file(path)]
    for problem in problems:
        print(problem)
    if problems:
        print(f"tools/lint.py: {len(problems)} problem(s) in {len(files)} files", file=sys.stderr)
        return 1
    print(f"tools/lint.py: {len(files)} files checked, no problems")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
