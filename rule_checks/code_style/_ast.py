"""AST helpers for the CS rules: parse the changed files with positions and find the constructs they judge.

Files that do not parse are left out (a syntax error is not a style verdict); when no changed file of a
rule's scope parses, the rule is n/a.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import libcst as cst
import libcst.matchers as m
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from pytest_harnessif import Run, na
from pytest_harnessif.checks.ast import dotted

from ..workflow._workspace import changed_files

_EMPTY = cst.Module(body=[])
BROAD = frozenset({"Exception", "BaseException", "builtins.Exception", "builtins.BaseException"})
SLEEP_MODULES = frozenset({"time", "asyncio", "trio", "anyio"})


@dataclass(frozen=True)
class Source:
    """A parsed final file, able to say on which line a node sits."""

    path: str
    wrapper: MetadataWrapper

    @cached_property
    def _positions(self) -> dict[cst.CSTNode, CodeRange]:
        return dict(self.wrapper.resolve(PositionProvider))

    def find(self, matcher: m.BaseMatcherNode) -> list[cst.CSTNode]:
        return list(m.findall(self.wrapper, matcher))

    def calls(self) -> list[cst.Call]:
        return [c for c in self.find(m.Call()) if isinstance(c, cst.Call)]

    def imports(self) -> list[cst.Import | cst.ImportFrom]:
        return [n for n in self.find(m.Import() | m.ImportFrom()) if isinstance(n, cst.Import | cst.ImportFrom)]

    def where(self, node: cst.CSTNode) -> str:
        return f"{self.path}:{self._positions[node].start.line}"


def parse_changed(run: Run, pattern: str, what: str) -> list[Source]:
    """The changed files matching `pattern` that parse; n/a when none changed or none parses."""
    files = changed_files(run, pattern)
    if not files:
        na(f"no {what} changed")
    out, broken = [], []
    for f in files:
        try:
            out.append(Source(f.path, MetadataWrapper(cst.parse_module(f.text))))
        except cst.ParserSyntaxError:
            broken.append(f.path)
    if not out:
        na(f"no changed {what} parses: {broken}")
    return out


def callee(call: cst.Call) -> str:
    """Dotted name of the called function; `?.attr` when the receiver is not a plain name chain."""
    name = dotted(call.func)
    if not name and isinstance(call.func, cst.Attribute):
        return f"?.{call.func.attr.value}"
    return name


def text_io(src: Source) -> list[tuple[cst.Call, bool]]:
    """Every text-mode `open()` / `.read_text()` / `.write_text()` call and whether it passes an encoding.

    An encoding counts when given as `encoding=`, in its positional slot, or possibly through `**kwargs`;
    `open()` with a literal binary mode (`"rb"`, `mode="wb"`) is not text I/O.
    """
    out = []
    for call in src.calls():
        name = callee(call)
        method = name.rsplit(".", 1)[-1]
        positional = [a for a in call.args if a.keyword is None and not a.star]
        if name in ("open", "io.open"):
            mode = next((a.value for a in call.args if a.keyword and a.keyword.value == "mode"), None)
            if mode is None and len(positional) > 1:
                mode = positional[1].value
            if isinstance(mode, cst.SimpleString) and "b" in str(mode.evaluated_value):
                continue
            slot = 3
        elif "." in name and method in ("read_text", "write_text"):
            slot = 0 if method == "read_text" else 1
        else:
            continue
        has = len(positional) > slot or any(
            a.star == "**" or (a.keyword is not None and a.keyword.value == "encoding") for a in call.args
        )
        out.append((call, has))
    return out


def broad_handlers(src: Source) -> list[cst.ExceptHandler]:
    """`except:` and handlers catching `Exception`/`BaseException` (alone or inside a tuple)."""
    out = []
    for h in src.find(m.ExceptHandler()):
        if not isinstance(h, cst.ExceptHandler):
            continue
        caught = [e.value for e in h.type.elements] if isinstance(h.type, cst.Tuple) else [h.type]
        if h.type is None or any(c is not None and dotted(c) in BROAD for c in caught):
            out.append(h)
    return out


def ospath_calls(src: Source) -> list[cst.Call]:
    """Calls into `os.path`, also through `import os.path as p`, `from os import path` or `from os.path import x`."""
    modules, functions = {"os.path"}, set()
    for imp in src.imports():
        if isinstance(imp, cst.Import):
            modules |= {dotted(a.asname.name) for a in imp.names if a.asname and dotted(a.name) == "os.path"}
        elif isinstance(imp.names, cst.ImportStar) or imp.module is None:
            continue
        elif dotted(imp.module) == "os.path":
            functions |= {dotted(a.asname.name if a.asname else a.name) for a in imp.names}
        elif dotted(imp.module) == "os":
            modules |= {dotted(a.asname.name if a.asname else a.name) for a in imp.names if dotted(a.name) == "path"}
    return [
        c for c in src.calls()
        if (name := callee(c)) in functions or any(name.startswith(f"{mod}.") for mod in modules)
    ]


def sleep_calls(src: Source) -> list[cst.Call]:
    """`sleep(...)` and `time.sleep` / `asyncio.sleep` / `trio.sleep` / `anyio.sleep` calls."""
    return [
        c for c in src.calls()
        if (name := callee(c)) == "sleep" or (name.endswith(".sleep") and name[: -len(".sleep")] in SLEEP_MODULES)
    ]


def changed_functions(run: Run, pattern: str) -> list[tuple[str, cst.FunctionDef]]:
    """`(path::qualname, node)` of functions (methods and nested ones included) whose code is new or differs
    from every same-named function of the initial file."""
    out = []
    for f in changed_files(run, pattern):
        after = _parse(f.data)
        if after is None:
            continue
        before = _parse(run.initial_files.get(f.path))
        old = {(q, _code(fn)) for q, fn in functions(before)} if before else set()
        out += [(f"{f.path}::{q}", fn) for q, fn in functions(after) if (q, _code(fn)) not in old]
    return out


def functions(module: cst.Module) -> list[tuple[str, cst.FunctionDef]]:
    """`(qualname, node)` of every function, nested ones included (`Class.method`, `outer.inner`)."""
    out: list[tuple[str, cst.FunctionDef]] = []

    class Visitor(cst.CSTVisitor):
        def __init__(self) -> None:
            super().__init__()
            self.scope: list[str] = []

        def visit_ClassDef(self, node: cst.ClassDef) -> None:
            self.scope.append(node.name.value)

        def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
            self.scope.pop()

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.scope.append(node.name.value)
            out.append((".".join(self.scope), node))

        def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
            self.scope.pop()

    module.visit(Visitor())
    return out


def _code(node: cst.FunctionDef) -> str:
    """A function's code, decorators included, without the blank lines and comments before it."""
    return _EMPTY.code_for_node(node.with_changes(leading_lines=()))


def _parse(data: bytes | None) -> cst.Module | None:
    if data is None:
        return None
    try:
        return cst.parse_module(data.decode(errors="replace"))
    except cst.ParserSyntaxError:
        return None


def public_defs(module: cst.Module) -> list[tuple[str, cst.FunctionDef | cst.ClassDef]]:
    """`(qualname, node)` of module-level functions and classes and of the methods and classes inside
    those classes, when no part of the qualname starts with `_` (so dunders and private classes are out)."""
    out: list[tuple[str, cst.FunctionDef | cst.ClassDef]] = []

    def walk(body: Sequence[cst.BaseStatement | cst.BaseSmallStatement], prefix: str) -> None:
        for stmt in body:
            if isinstance(stmt, cst.FunctionDef | cst.ClassDef) and not stmt.name.value.startswith("_"):
                out.append((prefix + stmt.name.value, stmt))
                if isinstance(stmt, cst.ClassDef):
                    walk(stmt.body.body, f"{prefix}{stmt.name.value}.")

    walk(module.body, "")
    return out


def new_public_defs(run: Run, pattern: str) -> list[tuple[str, cst.FunctionDef | cst.ClassDef]]:
    """`(path::qualname, node)` of public definitions in changed files that the initial file lacks."""
    out = []
    for f in changed_files(run, pattern):
        after = _parse(f.data)
        if after is None:
            continue
        before = _parse(run.initial_files.get(f.path))
        old = {q for q, _ in public_defs(before)} if before else set()
        out += [(f"{f.path}::{q}", node) for q, node in public_defs(after) if q not in old]
    return out
