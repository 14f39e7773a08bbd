"""Python read through tree-sitter-python (`checks.syntax`) for the language-neutral facts of `checks.facts`:
comments, calls, definitions (functions, methods, classes, test functions with their assertions), raises and
bindings. Checks that need Python's own semantics (imports resolved, libcst position metadata, matchers) read
`checks.pysource` instead; this module answers what every language is asked, the same way for each."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from . import syntax
from .facts import Binding, Call, Comment, Definition, Raise, is_test_path

LANGUAGE = "python"
DECISIONS = frozenset({"if_statement", "elif_clause", "for_statement", "while_statement", "except_clause",
                       "conditional_expression", "if_clause", "case_clause", "boolean_operator"})
COMPOUND = frozenset({"if_statement", "for_statement", "while_statement", "try_statement", "with_statement",
                      "match_statement"})
SCOPES = frozenset({"function_definition", "class_definition", "lambda"})
ASSERTING = re.compile(r"(?:^|\.)(?:assert\w*|raises|warns|fail|approx)$")


def _root(data: bytes) -> Node:
    return syntax.parse(LANGUAGE, data).root_node


def comments(path: str, data: bytes) -> list[Comment]:
    """`#` comments (a shebang included), each a line comment."""
    return [Comment(syntax.line(n), syntax.line(n), syntax.text(n), syntax.alone(data, n.start_byte))
            for n in syntax.nodes(LANGUAGE, data, "comment")]


def _callee(call: Node) -> str:
    return "".join(syntax.text(call.child_by_field_name("function")).split())


def calls(path: str, data: bytes) -> list[Call]:
    out = []
    for node in syntax.nodes(LANGUAGE, data, "call"):
        args = node.child_by_field_name("arguments")
        items = tuple(syntax.text(a) for a in args.named_children if a.type != "comment") if args else ()
        out.append(Call(_callee(node), syntax.line(node), syntax.end_line(node), items))
    return out


def _own(node: Node) -> Iterator[Node]:
    """The nodes of a definition's body, nested functions, classes and lambdas left out."""
    stack = list(reversed(node.children))
    while stack:
        current = stack.pop()
        yield current
        if current.type not in SCOPES:
            stack.extend(reversed(current.children))


def _parameters(function: Node) -> list[Node]:
    """The names a function's or lambda's parameters bind (`self` and `cls` left out)."""
    params = function.child_by_field_name("parameters")
    found = []
    for p in params.named_children if params else []:
        ident = p if p.type == "identifier" else p.child_by_field_name("name") or next(
            (c for c in p.named_children if c.type == "identifier"), None)
        if ident is not None and syntax.text(ident) not in ("self", "cls"):
            found.append(ident)
    return found


def _depth(node: Node, level: int = 0) -> int:
    """How deep compound statements nest under `node` (`elif`/`else`/`except` sit at their statement's depth)."""
    deepest = level
    for child in node.children:
        if child.type in SCOPES:
            continue
        inner = level + 1 if child.type in COMPOUND else level
        deepest = max(deepest, _depth(child, inner))
    return deepest


def _assertions(body: Node) -> int:
    """`assert` statements and assertion calls that read a value (`assert True`, `self.assertTrue(1)` do not);
    calls without arguments (`mock.assert_called_once()`) and `pytest.fail(...)` count as they are."""
    return sum(_asserts(n) for n in _own(body))


def _asserts(node: Node) -> bool:
    if node.type == "assert_statement":
        return syntax.reads_a_value(node)
    if node.type != "call" or ASSERTING.search(_callee(node)) is None:
        return False
    args = node.child_by_field_name("arguments")
    empty = args is None or not [a for a in args.named_children if a.type != "comment"]
    return empty or _callee(node).endswith("fail") or syntax.reads_a_value(args)


def definitions(path: str, data: bytes) -> list[Definition]:
    """Functions, methods (qualname `Class.method`), classes, and test functions (`test*` functions and methods of
    `Test*` classes in a test module, `facts.is_test_path`), with their metrics."""
    out = []
    test_module = is_test_path(path)

    def visit(node: Node, owner: str, in_test_class: bool) -> None:
        for child in node.named_children:
            target = child.child_by_field_name("definition") if child.type == "decorated_definition" else child
            if target is None:
                continue
            if target.type == "class_definition":
                name = syntax.text(target.child_by_field_name("name"))
                qual = f"{owner}.{name}" if owner else name
                out.append(Definition(name, "class", syntax.line(child), syntax.end_line(child), (), qual,
                                      text=syntax.text(child)))
                body = target.child_by_field_name("body")
                if body is not None:
                    visit(body, qual, test_module and name.startswith("Test"))
            elif target.type == "function_definition":
                name = syntax.text(target.child_by_field_name("name"))
                qual = f"{owner}.{name}" if owner else name
                body = target.child_by_field_name("body")
                is_test = test_module and name.startswith("test") and (not owner or in_test_class)
                kind = "test" if is_test else "method" if owner else "function"
                decisions = sum(1 for n in _own(body) if n.type in DECISIONS) if body else 0
                out.append(Definition(name, kind, syntax.line(child), syntax.end_line(child),
                                      tuple(syntax.text(n) for n in _parameters(target)),
                                      qual, 1 + decisions, _depth(body) if body else 0,
                                      _assertions(body) if body else 0, syntax.text(child)))
                if body is not None:
                    visit(body, qual, False)
            elif target.type in ("if_statement", "try_statement", "with_statement", "block", "else_clause",
                                 "except_clause", "finally_clause"):
                visit(target, owner, in_test_class)

    visit(_root(data), "", False)
    return out


def raises(path: str, data: bytes) -> list[Raise]:
    """`raise` statements of a new error (`raise X(...)`, `raise X`); a bare `raise` and re-raising a caught name
    (`raise err`) are left out."""
    out = []
    for node in syntax.nodes(LANGUAGE, data, "raise_statement"):
        exc = node.named_children[0] if node.named_children else None  # the cause, if any, comes after `from`
        if exc is None:
            continue
        if exc.type == "call":
            args = exc.child_by_field_name("arguments")
            has_message = bool(args and args.named_children)
            out.append(Raise(syntax.line(node), _callee(exc), has_message))
        elif syntax.text(exc).rsplit(".", 1)[-1][:1].isupper():
            out.append(Raise(syntax.line(node), syntax.text(exc), False))
    return out


def _targets(node: Node) -> Iterator[Node]:
    """The identifiers an assignment or loop target binds (tuples and lists unpacked)."""
    if node.type == "identifier":
        yield node
    elif node.type in ("pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "list_splat_pattern"):
        for child in node.named_children:
            yield from _targets(child)


def bindings(path: str, data: bytes) -> list[Binding]:
    """Names the code binds: assignment and loop targets, parameters, `with ... as` and `except ... as` names,
    function and class names (imports and attributes left out)."""
    root = _root(data)
    found: list[Node] = []
    for node in syntax.walk(root):
        kind = node.type
        if kind in ("assignment", "augmented_assignment", "for_statement", "for_in_clause"):
            found += _targets(node.child_by_field_name("left"))
        elif kind in ("function_definition", "class_definition"):
            found.append(node.child_by_field_name("name"))
        elif kind == "as_pattern_target":
            found += [c for c in node.named_children if c.type == "identifier"]
    for function in syntax.descendants(root, "function_definition", "lambda"):
        found += _parameters(function)
    return [Binding(syntax.text(n), syntax.line(n)) for n in found if n is not None]

