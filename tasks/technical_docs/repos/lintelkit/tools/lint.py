"""lintelkit's lint gate: every Python file compiles, has a module docstring, stays within 120 columns, and
lintelkit/ imports nothing outside the standard library. One line per problem; exit code 1 if any."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 120


def problems(path: Path) -> list[str]:
    """The lint findings of one Python file."""
    rel = path.relative_to(ROOT).as_posix()
    text = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text, filename=rel)
    except SyntaxError as error:
        return [f"{rel}:{error.lineno}: does not parse: {error.msg}"]
    found = [f"{rel}:{n}: line longer than {WIDTH} columns" for n, line in enumerate(text.splitlines(), 1)
             if len(line) > WIDTH]
    found += [f"{rel}:{n}: trailing whitespace" for n, line in enumerate(text.splitlines(), 1)
              if line != line.rstrip()]
    if not ast.get_docstring(tree):
        found.append(f"{rel}:1: module has no docstring")
    if rel.startswith("lintelkit/"):
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            for name in names:
                top = name.split(".")[0]
                if top != "lintelkit" and top not in sys.stdlib_module_names:
                    found.append(f"{rel}:{node.lineno}: imports {name}, which is not in the standard library")
    return found


def main() -> int:
    """Lint every Python file of the repository."""
    files = [p for p in sorted(ROOT.rglob("*.py")) if not any(part.startswith(".") for part in p.parts)]
    found = [line for path in files for line in problems(path)]
    print("\n".join(found) if found else f"lint: {len(files)} files clean")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
