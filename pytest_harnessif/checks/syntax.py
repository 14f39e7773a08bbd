"""The one tree-sitter helper every language module uses: grammars by name, parses cached by content, each tree's
nodes indexed by type, and what a check asks of a node (its text, its lines, its descendants and ancestors).

Grammars come from the `tree-sitter-<language>` wheels and are loaded on first use, so a process that reads no code
never imports them. A tree is immutable: parses and their indexes are cached and shared by every rule of a run.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tree_sitter import Language, Node, Parser, Tree


@dataclass(frozen=True)
class Grammar:
    """A tree-sitter grammar: the wheel's module and the function in it that returns the language."""

    module: str
    function: str = "language"


GRAMMARS: dict[str, Grammar] = {
    "bash": Grammar("tree_sitter_bash"),
    "shell": Grammar("tree_sitter_bash"),
    "python": Grammar("tree_sitter_python"),
    "javascript": Grammar("tree_sitter_javascript"),
    "typescript": Grammar("tree_sitter_typescript", "language_typescript"),
    "tsx": Grammar("tree_sitter_typescript", "language_tsx"),
    "c": Grammar("tree_sitter_c"),
}


@functools.cache
def language(name: str) -> Language:
    """The tree-sitter `Language` of a grammar of `GRAMMARS`."""
    grammar = GRAMMARS[name]
    loader: Callable[[], object] = getattr(importlib.import_module(grammar.module), grammar.function)
    return Language(loader())


@functools.cache
def _parser(name: str) -> Parser:
    return Parser(language(name))


@functools.lru_cache(maxsize=512)
def parse(name: str, source: bytes) -> Tree:
    """`source` parsed with the grammar `name`, once per content (a tree with errors is still a tree: tree-sitter
    recovers, and `has_errors` says whether it had to)."""
    return _parser(name).parse(source)


def text(node: Node | None) -> str:
    """The source text of a node ('' for none)."""
    return "" if node is None or node.text is None else node.text.decode(errors="replace")


def line(node: Node) -> int:
    """The 1-based line a node starts on."""
    return node.start_point[0] + 1


def end_line(node: Node) -> int:
    """The 1-based line a node ends on (a node ending at a line's start ends on the line before)."""
    row, column = node.end_point
    return row + (1 if column or row == node.start_point[0] else 0)


def lines(node: Node) -> range:
    """The 1-based lines a node spans."""
    return range(line(node), end_line(node) + 1)


def alone(data: bytes, start: int) -> bool:
    """Whether only whitespace precedes byte `start` of `data` on its line (a comment on a line of its own)."""
    return not data[data.rfind(b"\n", 0, start) + 1 : start].strip()


def walk(node: Node) -> Iterator[Node]:
    """`node` and every node under it, in document order (pre-order)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


@functools.lru_cache(maxsize=256)
def _index(name: str, source: bytes) -> dict[str, list[Node]]:
    """Every node of a parse by type, in document order: one walk a tree, however many questions."""
    out: dict[str, list[Node]] = {}
    for node in walk(parse(name, source).root_node):
        out.setdefault(node.type, []).append(node)
    return out


def nodes(name: str, source: bytes, *types: str) -> list[Node]:
    """The nodes of `types` in the whole tree of `source` (parsed with the grammar `name`), in document order."""
    index = _index(name, source)
    found = [n for t in types for n in index.get(t, ())]
    return sorted(found, key=lambda n: n.start_byte) if len(types) > 1 else found


def descendants(node: Node, *types: str) -> list[Node]:
    """The nodes under `node` (itself included) of one of `types`, in document order."""
    wanted = set(types)
    return [n for n in walk(node) if n.type in wanted]


def reads_a_value(node: Node | None) -> bool:
    """Whether an assertion's expression or arguments name something (an identifier, `this`): `assert True`,
    `assert 1 == 1`, `expect(true)`, `CHECK(1)` read nothing and so test nothing."""
    return node is not None and any(n.type in ("identifier", "this") for n in walk(node))


def ancestor(node: Node, *types: str) -> Node | None:
    """The nearest enclosing node of one of `types` (not `node` itself), or None."""
    current = node.parent
    while current is not None and current.type not in types:
        current = current.parent
    return current

