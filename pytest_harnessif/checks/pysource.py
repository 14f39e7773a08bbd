"""Parsed Python files of a run and their definitions: what a run added or changed, function by function.

A `Source` is a file parsed with positions, so a check can cite `path:LINE` for any node it finds with the
`checks.ast` helpers (`src.where(node)`). `Source.defs` is the inventory of its functions and classes
(`PyDef`: `Class.method`-style qualname, enclosing scopes, line span). Comparing a final file with its
initial version gives the functions a run added or changed, its new public definitions and its new tests.

Files that do not parse are left out (a syntax error is no verdict on style or size); an initial file
that is absent or does not parse counts as empty.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from ..authoring import na
from ..evidence import Run
from .code import is_test_path
from .render import short
from .workspace import files_before_turn

_EMPTY = cst.Module(body=[])


@dataclass(frozen=True)
class PyDef:
    """One `def` or `class` of a module.

    `qualname` joins the enclosing class and function names (`Class.method`, `outer.inner`); `scopes` are
    their kinds (`"class"`, `"def"`), outermost first; `in_block` says whether an `if`/`try`/`with`/loop
    statement encloses it; `lines` counts from the `def`/`class` line to the end of its last statement.
    """

    qualname: str
    node: cst.FunctionDef | cst.ClassDef
    scopes: tuple[str, ...]
    in_block: bool
    lines: int

    @property
    def name(self) -> str:
        return self.node.name.value

    @property
    def is_function(self) -> bool:
        return isinstance(self.node, cst.FunctionDef)

    @property
    def code(self) -> str:
        """The definition's code (decorators included, preceding blank lines and comments not)."""
        return _EMPTY.code_for_node(self.node.with_changes(leading_lines=()))

    @property
    def is_private(self) -> bool:
        """Some part of the qualname starts with `_` (so dunders count as private too)."""
        return any(part.startswith("_") for part in self.qualname.split("."))

    @property
    def is_test(self) -> bool:
        """A pytest test: a `test*` function at module level or a method of a module-level `Test*` class."""
        top = self.scopes == () or (self.scopes == ("class",) and self.qualname.startswith("Test"))
        return self.is_function and top and self.name.startswith("test")

    @property
    def is_public_api(self) -> bool:
        """A public module-level function or method of a module-level class (also inside `if`/`try`).

        The constructor `__init__` of a public class counts: its signature is the class's call signature.
        """
        if not self.is_function or self.scopes not in ((), ("class",)):
            return False
        parts = self.qualname.split(".")
        if self.scopes == ("class",) and parts[-1] == "__init__":
            parts = parts[:-1]
        return not any(part.startswith("_") for part in parts)

    @property
    def is_public(self) -> bool:
        """A public function or class written directly in the module body or (at any depth) in class bodies."""
        return all(kind == "class" for kind in self.scopes) and not self.in_block and not self.is_private


class _Inventory(cst.CSTVisitor):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str]] = []  # (kind, name); kind "class", "def" or "block"
        self.found: list[PyDef] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.FunctionDef | cst.ClassDef):
            named = [(kind, name) for kind, name in self.stack if kind != "block"]
            pos = self.get_metadata(PositionProvider, node)
            self.found.append(
                PyDef(
                    ".".join([*(name for _, name in named), node.name.value]),
                    node,
                    tuple(kind for kind, _ in named),
                    len(named) < len(self.stack),
                    pos.end.line - pos.start.line + 1,
                )
            )
            self.stack.append(("def" if isinstance(node, cst.FunctionDef) else "class", node.name.value))
        elif isinstance(node, cst.BaseCompoundStatement):
            self.stack.append(("block", ""))
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if isinstance(original_node, cst.BaseCompoundStatement):
            self.stack.pop()
        super().on_leave(original_node)


@dataclass(frozen=True)
class Source:
    """A parsed Python file, able to say on which line a node of its `module` sits."""

    path: str
    wrapper: MetadataWrapper

    @property
    def module(self) -> cst.Module:
        return self.wrapper.module

    @cached_property
    def _positions(self) -> dict[cst.CSTNode, CodeRange]:
        return dict(self.wrapper.resolve(PositionProvider))

    def line(self, node: cst.CSTNode) -> int:
        return self._positions[node].start.line

    def span(self, node: cst.CSTNode) -> tuple[int, int]:
        """First and last line of a node of this file's `module`."""
        where = self._positions[node]
        return where.start.line, where.end.line

    def where(self, node: cst.CSTNode) -> str:
        """`path:LINE` of a node of this file's `module`."""
        return f"{self.path}:{self.line(node)}"

    @cached_property
    def defs(self) -> list[PyDef]:
        """Every function and class, nested ones included, in source order."""
        inventory = _Inventory()
        self.wrapper.visit(inventory)
        return inventory.found

    @property
    def functions(self) -> list[PyDef]:
        return [d for d in self.defs if d.is_function]


@functools.lru_cache(maxsize=512)
def parse(path: str, data: bytes | None) -> Source | None:
    """The file parsed, or None if it is absent or does not parse (cached: the rules of a run share parses)."""
    if data is None:
        return None
    try:
        module = cst.parse_module(data.decode(errors="replace"))
    except cst.ParserSyntaxError:
        return None
    return Source(path, MetadataWrapper(module, unsafe_skip_copy=True))  # freshly parsed: no copy needed


def public_api(src: Source | None) -> dict[str, PyDef]:
    """Public functions/methods of a non-private module by qualname (empty if absent or unparseable)."""
    if src is None:
        return {}
    *packages, module = src.path.split("/")
    if any(p.startswith("_") for p in packages) or (module.startswith("_") and module != "__init__.py"):
        return {}
    return {d.qualname: d for d in src.defs if d.is_public_api}


def initial_source(run: Run, path: str) -> Source | None:
    """The file at `path` as it was at the start of the run, parsed (None if absent or unparsable)."""
    return parse(path, run.initial_files.get(path))


def changed_sources(run: Run, pattern: str, tests: bool | None = None) -> list[Source]:
    """Created or modified files matching `pattern` (build artefacts excluded) that parse, as they end (`tests`: only
    test files, `code.is_test_path`, or only other files; None: both)."""
    return [s for f in run.changed(pattern) if (tests is None or is_test_path(f.path) == tests)
            and (s := parse(f.path, f.data)) is not None]


def changed_sources_or_na(run: Run, pattern: str, what: str) -> list[Source]:
    """`changed_sources`, but n/a when no `what` (e.g. "Python file under src/") changed or none parses."""
    files = run.changed(pattern)
    if not files:
        na(f"no {what} changed")
    sources = [s for f in files if (s := parse(f.path, f.data)) is not None]
    if not sources:
        na(f"no changed {what} parses: {[f.path for f in files]}")
    return sources


def locations(sources: Iterable[Source], find: Callable[[cst.Module], Iterable[cst.CSTNode]]) -> list[str]:
    """`path:LINE` of every node `find` (e.g. `checks.ast.star_imports`) returns for the sources' modules."""
    return [src.where(node) for src in sources for node in find(src.module)]


def changed_functions(run: Run, sources: Iterable[Source]) -> list[tuple[Source, PyDef]]:
    """Functions of `sources` (methods and nested ones included) whose code is new or differs from every
    same-named function of the initial file."""
    out = []
    for src in sources:
        before = initial_source(run, src.path)
        old = {(d.qualname, d.code) for d in before.functions} if before else set()
        out += [(src, d) for d in src.functions if (d.qualname, d.code) not in old]
    return out


def new_public_defs(run: Run, sources: Iterable[Source]) -> list[tuple[Source, PyDef]]:
    """Public definitions (`PyDef.is_public`) of `sources` whose qualname the initial file lacks."""
    out = []
    for src in sources:
        before = initial_source(run, src.path)
        old = {d.qualname for d in before.defs if d.is_public} if before else set()
        out += [(src, d) for d in src.defs if d.is_public and d.qualname not in old]
    return out


def _code(node: cst.CSTNode | None) -> str:
    return "" if node is None else re.sub(r"\s+", "", _EMPTY.code_for_node(node))


def _param(p: cst.Param) -> str:
    ann = _code(p.annotation.annotation) if p.annotation else ""
    return f"{p.name.value}:{ann}={_code(p.default)}"


def signature(fn: cst.FunctionDef) -> tuple[str, ...]:
    """Parameters (kind, name, annotation, default) and return annotation, insensitive to formatting."""
    ps = fn.params
    parts = [f"/{_param(p)}" for p in ps.posonly_params] + [_param(p) for p in ps.params]
    if isinstance(ps.star_arg, cst.Param):
        parts.append(f"*{_param(ps.star_arg)}")
    elif isinstance(ps.star_arg, cst.ParamStar):
        parts.append("*")
    parts += [f"kw:{_param(p)}" for p in ps.kwonly_params]
    if ps.star_kwarg is not None:
        parts.append(f"**{_param(ps.star_kwarg)}")
    parts.append(f"->{_code(fn.returns.annotation) if fn.returns else ''}")
    return tuple(parts)


def signature_text(d: PyDef) -> str:
    node = d.node
    if not isinstance(node, cst.FunctionDef):
        return d.qualname
    params = _EMPTY.code_for_node(node.params)
    returns = f" -> {_EMPTY.code_for_node(node.returns.annotation)}" if node.returns else ""
    return short(f"def {d.qualname}({params}){returns}", 240)


def api_changes(run: Run, index: int) -> list[str]:
    """Public functions under src/ whose signature turn `index` changed or that it removed."""
    before, after = files_before_turn(run, index), run.files_after_turn(index)
    out = []
    for path in run.changed_in_turn(index, "src/**/*.py"):
        new_src = parse(path, after.get(path))
        if new_src is None and path in after:
            continue
        old, new = public_api(parse(path, before.get(path))), public_api(new_src)
        for name, d in old.items():
            if name not in new:
                out.append(f"{path}: removed `{signature_text(d)}`")
                continue
            old_fn, new_fn = d.node, new[name].node
            if (
                isinstance(old_fn, cst.FunctionDef)
                and isinstance(new_fn, cst.FunctionDef)
                and (signature(old_fn) != signature(new_fn))
            ):
                out.append(f"{path}: `{signature_text(d)}` became `{signature_text(new[name])}`")
    return out
