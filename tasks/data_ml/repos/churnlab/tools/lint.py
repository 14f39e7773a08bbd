"""Project linter for churnlab (standard library only).

Checked: every .py file under churnlab/, scripts/, tests/ and tools/ parses; lines are at most 110
characters, without trailing whitespace or tabs; files end with a newline. In the library package
(churnlab/) there is no print() and no bare `except:`; scripts are the place for console output.

    python tools/lint.py            # exit status 0 when clean, 1 otherwise
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("churnlab", "scripts", "tests", "tools")
LIBRARY = "churnlab"
LIMIT = 110


def style_problems(lines: list[str], text: str) -> list[tuple[int, str]]:
    """Layout problems: long lines, trailing whitespace, tabs, missing final newline."""
    found = []
    for number, line in enumerate(lines, start=1):
        if len(line) > LIMIT:
            found.append((number, f"line has {len(line)} characters (limit {LIMIT})"))
        if line.endswith((" ", "\t")):
            found.append((number, "trailing whitespace"))
        if "\t" in line:
            found.append((number, "tab"))
    if text and not text.endswith("\n"):
        found.append((len(lines), "missing newline at end of file"))
    return found


def library_problems(tree: ast.Module) -> list[tuple[int, str]]:
    """print() calls and bare except clauses, which the library must not have."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            found.append((node.lineno, "print() in the library; return values instead"))
        if isinstance(node, ast.ExceptHandler) and node.type is None:
            found.append((node.lineno, "bare except"))
    return found


def lint_file(path: Path) -> list[str]:
    """Problems of one file as `path:line: message` strings."""
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT).as_posix()
    try:
        tree = ast.parse(text)
    except SyntaxError as error:
        return [f"{name}:{error.lineno}: does not parse: {error.msg}"]
    found = style_problems(text.splitlines(), text)
    if name.startswith(f"{LIBRARY}/"):
        found.extend(library_problems(tree))
    return [f"{name}:{line}: {message}" for line, message in sorted(found)]


def main() -> int:
    """Lint every project file and print a summary line."""
    files = sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))
    problems = [problem for path in files for problem in lint_file(path)]
    print("\n".join(problems + [f"lint: {len(problems)} problem(s), {len(files)} file(s) checked"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
