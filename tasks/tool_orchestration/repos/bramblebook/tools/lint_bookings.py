"""bramblebook's checks: what review kept catching by hand, with the standard library only.

    python tools/lint_bookings.py [PATH ...]        (default: bramblebook ops tests tools)

- Python: lines of at most 110 characters, no tabs or trailing whitespace, a final newline; every
  module under bramblebook/ and ops/ opens with a docstring; no print() under bramblebook/ (the
  service logs; the ops consoles may print); no naive `datetime.now()` or `utcnow()` anywhere.
- Seeds: ops/seed/*.json parse as JSON; bramblebook/schema.sql only creates IF NOT EXISTS, so the
  service and the dbq console can both apply it to an existing database.

Prints one `path:line: problem` per problem and exits 1 if there is any.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

LIMIT = 110
DEFAULT = ("bramblebook", "ops", "tests", "tools")
DOCUMENTED = ("bramblebook", "ops")
CREATE = re.compile(
    r"^\s*CREATE\s+(?:UNIQUE\s+)?(TABLE|INDEX)\s+(?!IF NOT EXISTS)", re.IGNORECASE | re.MULTILINE
)


def layout(path: Path, text: str) -> list[str]:
    """Long lines, tabs, trailing whitespace, a missing final newline."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > LIMIT:
            found.append(f"{path}:{number}: {len(line)} characters (limit {LIMIT})")
        if "\t" in line:
            found.append(f"{path}:{number}: tab")
        if line != line.rstrip():
            found.append(f"{path}:{number}: trailing whitespace")
    if text and not text.endswith("\n"):
        found.append(f"{path}: no newline at end of file")
    return found


def python(path: Path, text: str) -> list[str]:
    """Layout, then the module docstring and print() rules."""
    found = layout(path, text)
    try:
        tree = ast.parse(text, filename=str(path))
    except SyntaxError as exc:
        return [*found, f"{path}:{exc.lineno}: syntax error: {exc.msg}"]
    top = path.parts[0] if path.parts else ""
    if top in DOCUMENTED and ast.get_docstring(tree) is None:
        found.append(f"{path}:1: module has no docstring")
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if top == "bramblebook" and isinstance(func, ast.Name) and func.id == "print":
            found.append(f"{path}:{node.lineno}: print() in the service (use logging)")
        if isinstance(func, ast.Attribute) and func.attr == "utcnow":
            found.append(f"{path}:{node.lineno}: utcnow() is naive (use datetime.now(UTC))")
        if isinstance(func, ast.Attribute) and func.attr == "now" and not node.args and not node.keywords:
            found.append(f"{path}:{node.lineno}: now() without a timezone (use datetime.now(UTC))")
    return found


def seeds() -> list[str]:
    """Seed JSON that parses, a schema that can be applied twice."""
    found = []
    for path in sorted(Path("ops/seed").glob("*.json")):
        try:
            json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            found.append(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}")
    schema = Path("bramblebook/schema.sql")
    if schema.exists():
        text = schema.read_text(encoding="utf-8")
        for match in CREATE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{schema}:{line}: CREATE {match[1].upper()} without IF NOT EXISTS")
    return found


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in (argv or DEFAULT)]
    files = sorted({f for p in paths for f in ([p] if p.is_file() else p.rglob("*.py")) if f.suffix == ".py"})
    problems = [line for f in files for line in python(f, f.read_text(encoding="utf-8"))]
    problems += seeds()
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
