"""stockroom lint: the house rules a reviewer would otherwise check by hand.

Usage: python tools/lint.py [PATH ...]   (default: src tests tools)

For every .py file: no line over 100 characters, no trailing whitespace or tabs, a final newline,
no bare `except:` and no mutable default argument (`def f(x=[])`). Library code under src/ must
also not print (log instead) and must not read the system clock (`time.time()`,
`datetime.now()`...): stockroom takes times from its caller. One line per problem; exit status 1
when there is any.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

WIDTH = 100
DEFAULT_PATHS = ["src", "tests", "tools"]
CLOCK_CALLS = {("time", "time"), ("time", "monotonic"), ("datetime", "now"), ("datetime", "utcnow")}


def collect(paths):
    """Expand directories into their .py files; keep .py files given directly."""
    found = []
    for raw in paths:
        path = Path(raw)
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path] * (path.suffix == ".py")
    return found


def style_problems(path, source):
    """Line-based problems: width, whitespace, tabs, final newline."""
    out = []
    for n, line in enumerate(source.split("\n"), 1):
        if len(line) > WIDTH:
            out.append((n, f"{len(line)} > {WIDTH} characters"))
        if line.endswith((" ", "\t")):
            out.append((n, "whitespace at end of line"))
        if "\t" in line:
            out.append((n, "tab used for indentation or alignment"))
    if source and not source.endswith("\n"):
        out.append((source.count("\n") + 1, "missing newline at end of file"))
    return out


def code_problems(path, tree):
    """Problems found in the syntax tree."""
    library = "src" in path.parts
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is None:
            out.append((node.lineno, "bare except: catch a named exception"))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
            if any(isinstance(d, (ast.List, ast.Dict, ast.Set)) for d in defaults):
                out.append((node.lineno, f"mutable default argument in {node.name}()"))
        elif library and isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "print":
                out.append((node.lineno, "print() in library code: use logging"))
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                if (func.value.id, func.attr) in CLOCK_CALLS:
                    call = f"{func.value.id}.{func.attr}()"
                    out.append((node.lineno, f"{call} reads the clock: pass the time in instead"))
    return out


def main(argv):
    files = collect(argv or DEFAULT_PATHS)
    problems = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        found = style_problems(path, source)
        try:
            found += code_problems(path, ast.parse(source, filename=str(path)))
        except SyntaxError as exc:
            found.append((exc.lineno or 0, f"syntax error: {exc.msg}"))
        problems += [f"{path}:{n}: {message}" for n, message in sorted(found)]
    if not problems:
        print(f"lint: ok ({len(files)} files)")
        return 0
    print("\n".join(problems))
    print(f"lint: {len(problems)} problem(s)", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
