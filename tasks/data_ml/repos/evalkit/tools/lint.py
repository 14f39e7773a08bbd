"""evalkit's review checks, run before every commit (standard library only: the image has no ruff).

    python tools/lint.py [FILE ...]

Without arguments every .py file under src/, tests/ and tools/ is checked. Findings are printed as
`path:line: CODE message`; the exit status is 1 when there is any.

    EK100  the file does not parse
    EK101  line longer than 100 characters
    EK102  trailing whitespace
    EK103  tab character
    EK104  no newline at the end of the file
    EK201  print() in library code under src/ (return the value or raise instead)
    EK202  bare `except:` (name the exception; a bare one also swallows KeyboardInterrupt)
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEARCHED = ("src", "tests", "tools")
LINE_LIMIT = 100


def layout_findings(text: str) -> Iterator[tuple[int, str]]:
    """(line, finding) for the layout rules EK101-EK104."""
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if len(line) > LINE_LIMIT:
            yield number, f"EK101 line has {len(line)} characters, the limit is {LINE_LIMIT}"
        if line.endswith((" ", "\t")):
            yield number, "EK102 trailing whitespace"
        if "\t" in line:
            yield number, "EK103 tab character"
    if text and not text.endswith("\n"):
        yield len(lines), "EK104 no newline at end of file"


def code_findings(tree: ast.AST, library: bool) -> Iterator[tuple[int, str]]:
    """(line, finding) for the code rules EK201-EK202."""
    for node in ast.walk(tree):
        if library and isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            yield node.lineno, "EK201 print() in library code"
        if isinstance(node, ast.ExceptHandler) and node.type is None:
            yield node.lineno, "EK202 bare except"


def findings_for(path: Path) -> list[str]:
    """Every finding of one file, as `path:line: CODE message`."""
    shown = path.resolve().relative_to(ROOT).as_posix()
    text = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text, filename=shown)
    except SyntaxError as exc:
        return [f"{shown}:{exc.lineno}: EK100 does not parse: {exc.msg}"]
    found = sorted([*layout_findings(text), *code_findings(tree, shown.startswith("src/"))])
    return [f"{shown}:{line}: {message}" for line, message in found]


def targets(args: list[str]) -> list[Path]:
    """The files named on the command line, or every Python file of the checked folders."""
    if args:
        return [Path(arg) for arg in args]
    return sorted(path for folder in SEARCHED for path in (ROOT / folder).rglob("*.py"))


def main(args: list[str]) -> int:
    """Check the files, print the findings and a summary line, return the exit status."""
    files = targets(args)
    findings = [finding for path in files for finding in findings_for(path)]
    sys.stdout.write("".join(f"{finding}\n" for finding in findings))
    verdict = f"{len(findings)} finding(s)" if findings else "no findings"
    sys.stdout.write(f"evalkit lint: {len(files)} file(s) checked, {verdict}\n")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
