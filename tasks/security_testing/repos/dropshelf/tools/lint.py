"""dropshelf's lint gate, run by CI on every push: `python tools/lint.py [PATH ...]`.

Checks every .py file below the given paths (default: src tests tools): lines of at most 100
characters without trailing whitespace, a final newline, no bare `except:`; in src/ also a module
docstring, no print() (use logging) and a return annotation on every public function. One line per
problem, exit status 1 when there is any.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

LIMIT = 100
ROOTS = ("src", "tests", "tools")


def layout(path: Path, text: str) -> list[str]:
    """Long lines, trailing whitespace, missing final newline."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > LIMIT:
            found.append(f"{path}:{number}: line over {LIMIT} characters")
        if line != line.rstrip():
            found.append(f"{path}:{number}: trailing whitespace")
    if text and not text.endswith("\n"):
        found.append(f"{path}: no newline at end of file")
    return found


def package_rules(path: Path, tree: ast.Module) -> list[str]:
    """Docstring, print() and return annotations, for modules of the dropshelf package."""
    found = [] if ast.get_docstring(tree) else [f"{path}:1: module docstring missing"]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            found.append(f"{path}:{node.lineno}: print() in the package, log instead")
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and not node.name.startswith("_")
            and node.returns is None
        ):
            found.append(f"{path}:{node.lineno}: {node.name}() has no return annotation")
    return found


def check(path: Path) -> list[str]:
    """Every problem of one file."""
    text = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text, filename=str(path))
    except SyntaxError as exc:
        return [f"{path}:{exc.lineno}: syntax error: {exc.msg}"]
    found = layout(path, text)
    found += [
        f"{path}:{node.lineno}: bare except"
        for node in ast.walk(tree)
        if isinstance(node, ast.ExceptHandler) and node.type is None
    ]
    if path.parts[0] == "src":
        found += package_rules(path, tree)
    return found


def main(argv: list[str]) -> int:
    """Lint the paths in argv (files or folders) and report."""
    files: list[Path] = []
    for name in argv or ROOTS:
        root = Path(name)
        files += sorted(root.rglob("*.py")) if root.is_dir() else [root]
    problems = [line for path in files if path.suffix == ".py" for line in check(path)]
    print("\n".join(problems) if problems else f"lint: {len(files)} files clean")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
