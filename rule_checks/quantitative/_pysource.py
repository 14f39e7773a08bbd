"""Inventory of Python function definitions (qualified name, source, signature, span) for diffing states."""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from pytest_harnessif.evidence import match

_EMPTY = cst.Module(body=[])


@dataclass(frozen=True)
class PyDef:
    """One `def` of a module: `Class.method` style qualname, enclosing scope kinds, and line span."""

    qualname: str
    node: cst.FunctionDef
    scopes: tuple[str, ...]
    lines: int

    @property
    def name(self) -> str:
        return self.node.name.value

    @property
    def source(self) -> str:
        """The definition's code (decorators included, preceding blank lines and comments not)."""
        return _EMPTY.code_for_node(self.node.with_changes(leading_lines=()))

    @property
    def is_test(self) -> bool:
        """A pytest test: `test*` at module level or as a method of a `Test*` class."""
        top = self.scopes == () or (self.scopes == ("class",) and self.qualname.startswith("Test"))
        return top and self.name.startswith("test")

    @property
    def is_public_api(self) -> bool:
        """A module-level function or a method of a module-level class, no name part starting with `_`."""
        private = any(part.startswith("_") for part in self.qualname.split("."))
        return self.scopes in ((), ("class",)) and not private


class _Collector(cst.CSTVisitor):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        super().__init__()
        self.scopes: list[tuple[str, str]] = []
        self.found: list[PyDef] = []

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.scopes.append(("class", node.name.value))

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.scopes.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        pos = self.get_metadata(PositionProvider, node)
        qualname = ".".join([*(name for _, name in self.scopes), node.name.value])
        kinds = tuple(kind for kind, _ in self.scopes)
        self.found.append(PyDef(qualname, node, kinds, pos.end.line - pos.start.line + 1))
        self.scopes.append(("def", node.name.value))

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.scopes.pop()


def defs(data: bytes | None) -> list[PyDef] | None:
    """Every `def` in the file (nested ones included), or None if it is absent or does not parse."""
    if data is None:
        return None
    try:
        wrapper = MetadataWrapper(cst.parse_module(data.decode(errors="replace")))
    except cst.ParserSyntaxError:
        return None
    collector = _Collector()
    wrapper.visit(collector)
    return collector.found


def new_tests(before: dict[str, bytes], after: dict[str, bytes]) -> list[str]:
    """`path::qualname` of test functions under tests/ present in `after` but not in `before`."""
    out = []
    for path, data in sorted(after.items()):
        if not match(path, "tests/**/*.py"):
            continue
        old = {d.qualname for d in defs(before.get(path)) or [] if d.is_test}
        out += [
            f"{path}::{d.qualname}"
            for d in defs(data) or []
            if d.is_test and d.qualname not in old
        ]
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
