"""tabclean's lint script: what reviews of this repository kept pointing out, standard library only.

    python tools/lint.py     # exit status 0 when clean, 1 when anything was found

Every .py file under src/, tests/ and tools/ must parse and keep the layout rules: lines of at most
100 characters, no trailing whitespace, no tab characters, a final newline. Code under src/ runs in
the batch image, which has nothing but the standard library, so it must not print() (return values
or raise instead) and may import only the standard library and its own package.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("src", "tests", "tools")
LIBRARY = "src"
PACKAGE = "tabclean"
WIDTH = 100


def layout(text: str) -> Iterator[tuple[int, str]]:
    """(line, message) for every layout rule a file's text breaks."""
    lines = text.split("\n")
    for lineno, line in enumerate(lines, start=1):
        if len(line) > WIDTH:
            yield lineno, f"E501 {len(line)} characters, the limit is {WIDTH}"
        if line.rstrip(" \t") != line:
            yield lineno, "W291 trailing whitespace"
        if "\t" in line:
            yield lineno, "W191 tab character"
    if text and not text.endswith("\n"):
        yield len(lines), "W292 no newline at the end of the file"


def imported_modules(node: ast.AST) -> list[str]:
    """The absolute module names an import statement brings in (none for relative imports)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        return [node.module]
    return []


def library_rules(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """(line, message) for print() calls and imports from outside the standard library."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            yield node.lineno, "T201 print() in src/: return the value or raise"
        for module in imported_modules(node):
            top = module.partition(".")[0]
            if top != PACKAGE and top not in sys.stdlib_module_names:
                yield node.lineno, f"D100 '{module}' is not in the standard library"


def findings(path: Path) -> list[str]:
    """`path:line: message` for everything wrong with one file, in line order."""
    name = path.relative_to(ROOT).as_posix()
    text = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text, filename=name)
    except SyntaxError as exc:
        return [f"{name}:{exc.lineno}: E999 does not parse: {exc.msg}"]
    found = list(layout(text))
    if name.startswith(f"{LIBRARY}/"):
        found.extend(library_rules(tree))
    return [f"{name}:{lineno}: {message}" for lineno, message in sorted(found)]


def main() -> int:
    """Lint the repository; print one line per finding and a closing count."""
    folders = [ROOT / top for top in SCANNED if (ROOT / top).is_dir()]
    paths = sorted(path for folder in folders for path in folder.rglob("*.py"))
    report = [line for path in paths for line in findings(path)]
    for line in report:
        print(line)
    verdict = f"{len(report)} finding(s)" if report else "clean"
    print(f"tools/lint.py: {len(paths)} file(s) checked, {verdict}")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
