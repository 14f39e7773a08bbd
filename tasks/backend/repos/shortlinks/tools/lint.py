"""Project checks that CI runs on every push: python tools/lint.py [PATH ...].

Defaults to src/, tests/ and tools/. Reports, one per line:
- lines over 100 characters, trailing whitespace, tabs, a missing final newline;
- `breakpoint()` and `import pdb` left behind;
- `print()` in src/ outside a function called `main` (the CLIs); use `logging` elsewhere.
Exit status 1 if anything was found.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

LINE_LIMIT = 100
DEFAULT_PATHS = ["src", "tests", "tools"]


def files_under(paths: list[str]) -> list[Path]:
    """The Python files named by `paths`, directories searched recursively."""
    found = []
    for name in paths:
        path = Path(name)
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [path for path in found if path.suffix == ".py"]


def layout(path: Path, text: str) -> list[str]:
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        where = f"{path}:{number}"
        if len(line) > LINE_LIMIT:
            problems.append(f"{where}: {len(line)} characters (limit {LINE_LIMIT})")
        if line != line.rstrip():
            problems.append(f"{where}: trailing whitespace")
        if "\t" in line:
            problems.append(f"{where}: tab character")
    if text and not text.endswith("\n"):
        problems.append(f"{path}: no newline at the end of the file")
    return problems


class CallChecker(ast.NodeVisitor):
    """Finds debugger leftovers everywhere and print() calls in library code."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.library = path.parts[:1] == ("src",)
        self.functions: list[str] = []
        self.problems: list[str] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    def visit_Import(self, node: ast.Import) -> None:
        if any(alias.name == "pdb" for alias in node.names):
            self.problems.append(f"{self.path}:{node.lineno}: pdb imported")

    def visit_Call(self, node: ast.Call) -> None:
        name = node.func.id if isinstance(node.func, ast.Name) else ""
        if name == "breakpoint":
            self.problems.append(f"{self.path}:{node.lineno}: breakpoint() left in")
        if name == "print" and self.library and "main" not in self.functions:
            self.problems.append(f"{self.path}:{node.lineno}: print() in library code, use logging")
        self.generic_visit(node)


def lint(paths: list[str]) -> list[str]:
    problems = []
    for path in files_under(paths):
        text = path.read_text(encoding="utf-8")
        problems += layout(path, text)
        try:
            tree = ast.parse(text, filename=str(path))
        except SyntaxError as exc:
            problems.append(f"{path}:{exc.lineno}: does not parse: {exc.msg}")
            continue
        checker = CallChecker(path)
        checker.visit(tree)
        problems += checker.problems
    return problems


def main() -> int:
    paths = sys.argv[1:] or DEFAULT_PATHS
    problems = lint(paths)
    print("\n".join(problems) if problems else f"lint: {len(files_under(paths))} files clean")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
