"""sensorflow's linter: the handful of checks the team agreed on, standard library only.

Every .py file under src/, tests/, scripts/ and tools/ must parse, keep lines within 110 characters,
have no trailing whitespace or tabs and end with a newline. Library modules under src/ must not
print (the CLI in `__main__.py` is the only place that writes to the console) and must not import
pandas or numpy under another name than `pd` / `np`.

Usage: python tools/lint.py [PATH ...]    (default: the whole project; exit status 1 on problems)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("src", "tests", "scripts", "tools")
MAX_LINE = 110
ALIASES = {"pandas": "pd", "numpy": "np"}


def text_problems(text: str) -> list[tuple[int, str]]:
    """Line-level problems as (line number, message)."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE:
            found.append((number, f"line too long ({len(line)} > {MAX_LINE})"))
        if line.rstrip() != line:
            found.append((number, "trailing whitespace"))
        if "\t" in line:
            found.append((number, "tab character"))
    if text and not text.endswith("\n"):
        found.append((len(text.splitlines()), "no newline at end of file"))
    return found


def library_problems(tree: ast.AST) -> list[tuple[int, str]]:
    """Problems that only matter in library code: print() calls and unusual pandas/numpy aliases."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            found.append((node.lineno, "print() in library code; return the value or log it"))
        if isinstance(node, ast.Import):
            for alias in node.names:
                expected = ALIASES.get(alias.name)
                if expected and alias.asname != expected:
                    found.append((node.lineno, f"import {alias.name} as {expected}"))
    return found


def check(path: Path) -> list[str]:
    """Every problem in one file, formatted `path:line: message`."""
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(ROOT)
    try:
        tree = ast.parse(text, filename=str(rel))
    except SyntaxError as exc:
        return [f"{rel}:{exc.lineno}: syntax error: {exc.msg}"]
    found = text_problems(text)
    if rel.parts[0] == "src" and path.name != "__main__.py":
        found += library_problems(tree)
    return [f"{rel}:{line}: {message}" for line, message in sorted(found)]


def targets(args: list[str]) -> list[Path]:
    """The files to check: the given paths (files or directories) or the whole project."""
    roots = [Path(arg).resolve() for arg in args] or [ROOT / name for name in CHECKED]
    files: set[Path] = set()
    for root in roots:
        if root.is_file():
            files.add(root)
        elif root.is_dir():
            files.update(root.rglob("*.py"))
    return sorted(files)


def main(argv: list[str]) -> int:
    """Lint and report; the exit status says whether anything was found."""
    files = targets(argv)
    problems = [problem for path in files for problem in check(path)]
    for problem in problems:
        print(problem)
    print(f"lint: {len(problems)} problem(s) in {len(files)} file(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
