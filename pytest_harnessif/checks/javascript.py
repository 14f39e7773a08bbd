"""JavaScript and TypeScript (JSX and TSX too) read from their tree-sitter syntax trees (`checks.syntax`), so that no
check mistakes a comment, a string or a template literal for code.

Every function takes `(path, data)`: the grammar follows the extension (`.ts`/`.mts`/`.cts` TypeScript, `.tsx` TSX,
anything else JavaScript, whose grammar parses JSX too), and the parse is cached per content.

- The shape every language module gives (`checks.facts`): `comments`, `calls`, `definitions` (functions, methods,
  classes and `test(...)`/`it(...)` cases), `raises` (`throw`), `bindings`.
- What the JS/TS rules ask: the lines holding code, variable declarations by kind, equality operators, uses of a
  type, exports (default or named, CommonJS too), module specifiers, `await`s and method calls, TypeScript
  suppression comments, React components, the elements `.map(...)` callbacks render and their keys.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from . import syntax
from .facts import Binding, Call, Comment, Definition, Raise

GRAMMARS = {".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx"}

FUNCTIONS = frozenset({
    "function_declaration", "generator_function_declaration", "function_expression", "generator_function",
    "arrow_function", "method_definition",
})
CLASSES = frozenset({"class_declaration", "abstract_class_declaration", "class"})
SCOPES = FUNCTIONS | CLASSES
DECISIONS = frozenset({
    "if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement", "switch_case",
    "catch_clause", "ternary_expression",
})
LOGICAL = frozenset({"&&", "||", "??"})
COMPOUND = frozenset({
    "if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement", "switch_statement",
    "try_statement",
})
NAME_FIELDS = {
    "variable_declarator": "name", "pair": "key", "field_definition": "property", "public_field_definition": "name",
    "assignment_expression": "left",
}
TYPE_DECLARATIONS = frozenset({
    "type_alias_declaration", "interface_declaration", "class_declaration", "abstract_class_declaration",
    "type_parameter", "enum_declaration",
})
EQUALITY = frozenset({"==", "!=", "===", "!=="})
WRAPPERS = frozenset({"memo", "forwardRef", "useCallback", "React.memo", "React.forwardRef", "React.useCallback"})
REACT_BASES = frozenset({"Component", "PureComponent", "React.Component", "React.PureComponent"})
TEST_FUNCTIONS = frozenset({"test", "it"})
GROUP_FUNCTIONS = frozenset({"describe", "context", "suite", "fdescribe", "xdescribe"})
ASSERT_MODULES = frozenset({"assert", "node:assert", "assert/strict", "node:assert/strict", "power-assert",
                            "uvu/assert", "@std/assert", "jsr:@std/assert"})
ASSERTING = frozenset({"assert", "expect", "should"})
TESTER_ASSERTIONS = frozenset({
    "is", "not", "deepEqual", "notDeepEqual", "like", "true", "false", "truthy", "falsy", "throws", "throwsAsync",
    "notThrows", "notThrowsAsync", "regex", "notRegex", "snapshot", "pass", "fail", "assert", "equal", "notEqual",
    "strictEqual", "notStrictEqual", "deepStrictEqual", "notDeepStrictEqual", "ok", "notOk", "same", "notSame",
    "strictSame", "strictNotSame", "match", "notMatch", "has", "hasStrict", "error", "rejects", "resolves",
    "resolveMatch", "type",
})
"""What an ava or tap test's `t` asserts with (`t.is(a, b)`, `t.deepEqual`, `t.true`, `t.same`, `t.match`...)."""
TEST_MODIFIERS = frozenset({"only", "skip", "todo", "each", "concurrent", "failing"})
PASCAL = re.compile(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*")
SUPPRESSION = re.compile(r"@ts-(?:ignore|nocheck|expect-error)\b")


def grammar(path: str) -> str:
    """The `checks.syntax` grammar of a JS/TS file by its extension."""
    return GRAMMARS.get(path[path.rfind(".") :], "javascript")


def root(path: str, data: bytes) -> Node:
    """The root node of a file's syntax tree."""
    return syntax.parse(grammar(path), data).root_node


def _field(node: Node, name: str) -> Node | None:
    return node.child_by_field_name(name)


def _flat(node: Node | None) -> str:
    """A node's text with its line breaks and the indentation after them removed (`a\\n  .then` -> `a.then`)."""
    return "".join(part.strip() for part in syntax.text(node).splitlines())


def _own(node: Node) -> Iterator[Node]:
    """`node` and the nodes under it, not descending into functions or classes defined inside it."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if current is node or current.type not in SCOPES:
            stack.extend(reversed(current.children))


def _unquoted(node: Node) -> str:
    """The content of a string or template literal (its text without the quotes)."""
    return syntax.text(node)[1:-1]


# --- the shape every language module gives -----------------------------------------------------------------


def comments(path: str, data: bytes) -> list[Comment]:
    """Every `//` and `/* */` comment (those in JSX `{/* */}` too), in order."""
    out = []
    for node in syntax.nodes(grammar(path), data, "comment"):
        text = syntax.text(node)
        kind = "block" if text.startswith("/*") else "line"
        out.append(Comment(syntax.line(node), syntax.end_line(node), text, syntax.alone(data, node.start_byte), kind))
    return out


def calls(path: str, data: bytes) -> list[Call]:
    """Every call expression (`f(...)`, `a.b?.c(...)`, `import(...)`; not `new X(...)` nor tagged templates), its
    callee as written with line breaks removed."""
    out = []
    for node in syntax.nodes(grammar(path), data, "call_expression"):
        args = _field(node, "arguments")
        if args is not None and args.type == "arguments":
            texts = tuple(syntax.text(a) for a in args.named_children if a.type != "comment")
            out.append(Call(_flat(_field(node, "function")), syntax.line(node), syntax.end_line(node), texts))
    return out


def definitions(path: str, data: bytes) -> list[Definition]:
    """The functions (declared, or function expressions bound to a name), methods, classes and test cases of a
    file, in order (see `facts.Definition`)."""
    out = []
    asserting = ASSERTING | _assert_imports(root(path, data))
    for node in syntax.walk(root(path, data)):
        if node.type in FUNCTIONS and (name := _function_name(node)):
            kind = "method" if _class_member(node) else "function"
            out.append(_definition(node, name, kind, node))
        elif node.type in CLASSES and (name := _class_name(node)):
            out.append(Definition(name, "class", syntax.line(node), syntax.end_line(node),
                                  qualname=_qualname(node, name), text=syntax.text(node)))
        elif node.type == "call_expression" and (case := _test_case(node, asserting)):
            out.append(case)
    return out


def _definition(node: Node, name: str, kind: str, fn: Node | None, assertions: int = 0, qualname: str = ""
                ) -> Definition:
    """A function-like definition spanning `node` whose parameters and body are those of `fn` (qualname: `name`
    after its classes, unless given)."""
    names, complexity, depth = (_params(fn), _complexity(fn), _depth(fn)) if fn is not None else ((), 1, 0)
    return Definition(name, kind, syntax.line(node), syntax.end_line(node), names, qualname or _qualname(node, name),
                      complexity, depth, assertions, syntax.text(node))


def _function_name(fn: Node) -> str:
    """The name a function is defined or bound under (`default` for an anonymous default export, '' for an
    anonymous callback)."""
    holder = _holder(fn)
    target = None
    if holder is not None and holder.type in NAME_FIELDS:
        target = _field(holder, NAME_FIELDS[holder.type])
    if target is not None and target.type == "member_expression":
        target = _field(target, "property")  # exports.parse = function ...
    if target is not None and target.type in ("identifier", "property_identifier", "private_property_identifier"):
        return syntax.text(target)
    if target is not None and target.type == "string":
        return _unquoted(target)
    anonymous_default = holder is not None and holder.type == "export_statement"
    return syntax.text(_field(fn, "name")) or ("default" if anonymous_default else "")


def _holder(fn: Node) -> Node | None:
    """The node binding a function to a name: its parent, or the parent of the `memo(...)`/`useCallback(...)` call
    (`memo(forwardRef(...))`) it is the first argument of."""
    parent = fn.parent
    while parent is not None and parent.type == "arguments" and fn.prev_named_sibling is None:
        call = parent.parent
        if call is None or _flat(_field(call, "function")) not in WRAPPERS:
            break
        fn, parent = call, call.parent
    return parent


def _class_member(fn: Node) -> bool:
    """A method or a function held by a class field."""
    holder = fn.parent if fn.type != "method_definition" else fn
    return holder is not None and holder.parent is not None and holder.parent.type == "class_body"


def _class_name(node: Node) -> str:
    name = _field(node, "name")
    if name is None and node.parent is not None and node.parent.type == "variable_declarator":
        name = _field(node.parent, "name")
    return syntax.text(name)


def _qualname(node: Node, name: str) -> str:
    """`name` after the names of the classes enclosing `node` (`Store.get`)."""
    outer = []
    current = syntax.ancestor(node, *CLASSES)
    while current is not None:
        outer.append(_class_name(current) or "<class>")
        current = syntax.ancestor(current, *CLASSES)
    return ".".join([*reversed(outer), name])


def _params(fn: Node) -> tuple[str, ...]:
    """A function's parameter names (a destructuring pattern counts as one, its text; TS `this` left out)."""
    return tuple(syntax.text(p) for p in _parameters(fn))


def _parameters(fn: Node) -> list[Node]:
    """The pattern each parameter of a function binds: a name, or a destructuring pattern (TS `this` left out)."""
    single = _field(fn, "parameter")
    listed = _field(fn, "parameters")
    written = [single] if single is not None else listed.named_children if listed is not None else []
    return [p for p in map(_binds, written) if p is not None]


def _binds(node: Node | None) -> Node | None:
    """The pattern a parameter binds, without its type, default value and `...`."""
    while node is not None and node.type in ("required_parameter", "optional_parameter", "assignment_pattern",
                                             "rest_pattern"):
        if node.type == "rest_pattern":
            node = next(iter(node.named_children), None)
        else:
            node = _field(node, "left" if node.type == "assignment_pattern" else "pattern")
    return node if node is not None and node.type in ("identifier", "object_pattern", "array_pattern") else None


def _complexity(fn: Node) -> int:
    """1 + the decision points of a function's own body."""
    points = 0
    for node in _own(fn):
        operator = _field(node, "operator") if node.type == "binary_expression" else None
        points += node.type in DECISIONS or (operator is not None and operator.type in LOGICAL)
    return 1 + points


def _depth(fn: Node) -> int:
    """How deep compound statements nest in a function's own body (an `else if` chain is one level)."""
    deepest, stack = 0, [(fn, 0)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        for child in node.children:
            if child.type in SCOPES:
                continue
            else_if = child.type == "if_statement" and node.type == "else_clause"
            stack.append((child, level + (child.type in COMPOUND and not else_if)))
    return deepest


def _test_case(node: Node, asserting: frozenset[str]) -> Definition | None:
    """A `test(...)` / `it(...)` call (`.only`, `.skip`, `.each(...)` forms, node:test's `t.test`) titled by a
    string or template literal, as a `test` definition named by its title, its qualname the titles of the
    `describe(...)` blocks around it and its own, joined as jest joins them (`rows › skips empty ones`); its
    assertions: `_assertions`."""
    title = _title(node)
    if title is None:
        return None
    callback = next((a for a in _field(node, "arguments").named_children if a.type in FUNCTIONS), None)
    if not _test_callee(_field(node, "function"), callback):
        return None
    groups = [_title(c) for c in _ancestors(node) if c.type == "call_expression" and _group(_field(c, "function"))]
    qualname = " › ".join([*(g for g in reversed(groups) if g is not None), title])
    return _definition(node, title, "test", callback, _assertions(callback, asserting) if callback else 0, qualname)


def _title(call: Node) -> str | None:
    """The title a call's first argument gives, a string or template literal (None for anything else)."""
    args = _field(call, "arguments")
    first = args.named_children[0] if args is not None and args.type == "arguments" and args.named_children else None
    return _unquoted(first) if first is not None and first.type in ("string", "template_string") else None


def _ancestors(node: Node) -> Iterator[Node]:
    current = node.parent
    while current is not None:
        yield current
        current = current.parent


def _group(fn: Node | None) -> bool:
    """`describe`, `context`, `suite`, with `.only`, `.skip`, `.each(rows)`..."""
    if fn is not None and fn.type == "call_expression":
        return _group(_field(fn, "function"))
    if fn is not None and fn.type == "member_expression" and syntax.text(_field(fn, "property")) in TEST_MODIFIERS:
        return _group(_field(fn, "object"))
    return fn is not None and fn.type == "identifier" and syntax.text(fn) in GROUP_FUNCTIONS


def _assertions(callback: Node, asserting: frozenset[str]) -> int:
    """The assertions a test's callback makes: assertion calls (`_is_assertion`; the test's `t` asserting as ava and
    tap do, `t.is(a, b)`) and should.js chains (`x.should.equal(y)`, `x.should.be.true`, each `.should` once)."""
    first = next(iter(_parameters(callback)), None)
    tester = syntax.text(first) if first is not None and first.type == "identifier" else ""
    calls = sum(_is_assertion(c, asserting, tester) and _reads(c)
                for c in syntax.descendants(callback, "call_expression"))
    members = syntax.descendants(callback, "member_expression")
    return calls + sum(syntax.text(_field(m, "property")) == "should" for m in members)


def _reads(call: Node) -> bool:
    """Whether an assertion call reads a value: `expect(true)`, `assert.ok(1)`, `t.is(1, 1)` do not; a call without
    arguments (`t.pass()`) or a `fail` (`assert.fail('unreachable')`) counts as it is."""
    args = _field(call, "arguments")
    fn = _field(call, "function")
    named = [a for a in args.named_children if a.type != "comment"] if args is not None else []
    name = syntax.text(fn).rsplit(".", 1)[-1] if fn is not None else ""
    return not named or name == "fail" or syntax.reads_a_value(args)


def _test_callee(fn: Node | None, callback: Node | None) -> bool:
    """`test`, `it`, `test.only`, `it.skip`, `test.each(rows)`, or `<object>.test` with a callback (`t.test`)."""
    if fn is not None and fn.type == "call_expression":
        inner = _field(fn, "function")
        return inner is not None and inner.type == "member_expression" and _test_callee(inner, None)
    if fn is not None and fn.type == "identifier":
        return syntax.text(fn) in TEST_FUNCTIONS
    if fn is None or fn.type != "member_expression":
        return False
    prop, obj = syntax.text(_field(fn, "property")), _field(fn, "object")
    if prop in TEST_MODIFIERS:
        return _test_callee(obj, None)
    return prop == "test" and obj is not None and obj.type == "identifier" and callback is not None


def _is_assertion(call: Node, asserting: frozenset[str], tester: str) -> bool:
    """An assertion call: `assert(...)`, `expect(...)`, a name imported from an assertion module
    (`deepStrictEqual(a, b)` after `import { deepStrictEqual } from 'node:assert'`), a method of one (`assert.equal`,
    `assert.strict.equal`, `should.exist`), `t.assert.ok(...)`, `chai.expect(...)`, `expect.soft(x)` followed by
    its matcher, or an assertion method of `tester`, the test callback's first parameter (`t.is(a, b)`: ava, tap).
    A chain `expect(x).toBe(y)` counts once: only its `expect` call."""
    fn = _field(call, "function")
    if fn is not None and fn.type == "identifier":
        return syntax.text(fn) in asserting
    if fn is None or fn.type != "member_expression":
        return False
    prop, obj = syntax.text(_field(fn, "property")), _field(fn, "object")
    if prop == "expect" or (tester and obj is not None and obj.type == "identifier" and syntax.text(obj) == tester
                            and prop in TESTER_ASSERTIONS):
        return True
    while fn is not None and fn.type == "member_expression":
        obj = _field(fn, "object")
        if obj is not None and obj.type == "identifier" and syntax.text(obj) in asserting:
            return syntax.text(obj) != "expect" or _chained(call)
        if obj is not None and obj.type == "member_expression" and syntax.text(_field(obj, "property")) == "assert":
            return True
        fn = obj
    return False


def _chained(call: Node) -> bool:
    """Whether a call is the object of a member access (`expect.soft(x).toBe(y)`), not an asymmetric matcher passed
    as an argument (`expect.any(Number)`) nor a count of assertions (`expect.assertions(1)`)."""
    parent = call.parent
    return parent is not None and parent.type == "member_expression" and _field(parent, "object") == call


def _assert_imports(tree: Node) -> frozenset[str]:
    """The names a module binds from an assertion module (`ASSERT_MODULES`): default, namespace and named imports
    (`import { deepStrictEqual as eq } from 'node:assert'`) and `require` (`const { equal } = require('assert')`)."""
    names: list[Node] = []
    for node in syntax.walk(tree):
        if node.type == "import_statement" and _unquoted_in(_field(node, "source"), ASSERT_MODULES):
            clause = next((c for c in node.named_children if c.type == "import_clause"), None)
            for part in clause.named_children if clause is not None else []:
                if part.type == "identifier":
                    names.append(part)
                elif part.type == "namespace_import":
                    names += [c for c in part.named_children if c.type == "identifier"]
                elif part.type == "named_imports":
                    names += [_field(s, "alias") or _field(s, "name") for s in part.named_children
                              if s.type == "import_specifier"]
        elif node.type == "variable_declarator" and _requires(_field(node, "value")):
            names += _pattern_names(_field(node, "name"))
    return frozenset(syntax.text(n) for n in names if n is not None)


def _requires(value: Node | None) -> bool:
    """`require('<assertion module>')`, or a property of it (`require('assert').strict`)."""
    while value is not None and value.type == "member_expression":
        value = _field(value, "object")
    if value is None or value.type != "call_expression" or syntax.text(_field(value, "function")) != "require":
        return False
    args = _field(value, "arguments")
    return args is not None and bool(args.named_children) and _unquoted_in(args.named_children[0], ASSERT_MODULES)


def _unquoted_in(node: Node | None, values: frozenset[str]) -> bool:
    return node is not None and node.type == "string" and _unquoted(node) in values


def raises(path: str, data: bytes) -> list[Raise]:
    """Every `throw` of a new error: the class of `throw new X(...)` / `throw X(...)` ('' for another value) and
    whether a non-empty first argument gives it a message; re-throwing a caught variable is left out."""
    out = []
    for node in syntax.nodes(grammar(path), data, "throw_statement"):
        value = next((c for c in node.named_children if c.type != "comment"), None)
        while value is not None and value.type == "parenthesized_expression" and value.named_children:
            value = value.named_children[0]
        if value is None or _rethrows(value):
            continue
        if value.type in ("new_expression", "call_expression"):
            error = _flat(_field(value, "constructor") or _field(value, "function"))
            args = _field(value, "arguments")
            first = args.named_children[0] if args is not None and args.named_children else None
            out.append(Raise(syntax.line(node), error, first is not None and not _empty_literal(first)))
        else:
            out.append(Raise(syntax.line(node), "", not _empty_literal(value)))
    return out


def _rethrows(value: Node) -> bool:
    """Whether a thrown value is the variable a `catch` around it bound."""
    if value.type != "identifier":
        return False
    handler = syntax.ancestor(value, "catch_clause")
    while handler is not None:
        if syntax.text(_field(handler, "parameter")) == syntax.text(value):
            return True
        handler = syntax.ancestor(handler, "catch_clause")
    return False


def _empty_literal(node: Node) -> bool:
    return node.type in ("string", "template_string") and not _unquoted(node).strip()


def bindings(path: str, data: bytes) -> list[Binding]:
    """The names a file binds: `const`/`let`/`var` declarations (destructuring unpacked), function and class names,
    parameters, `catch` parameters and `for ... of/in` variables, in order (imports left out)."""
    names: list[Node] = []
    for node in syntax.walk(root(path, data)):
        if node.type == "variable_declarator":
            names += _pattern_names(_field(node, "name"))
        elif node.type in SCOPES:
            name = _field(node, "name") if node.type != "method_definition" else None
            names += [name] if name is not None else []
            names += [n for p in _parameters(node) for n in _pattern_names(p)] if node.type in FUNCTIONS else []
        elif node.type == "catch_clause":
            names += _pattern_names(_field(node, "parameter"))
        elif node.type == "for_in_statement" and _field(node, "kind") is not None:
            names += _pattern_names(_field(node, "left"))
    return [Binding(syntax.text(n), syntax.line(n)) for n in names]


def _pattern_names(node: Node | None) -> list[Node]:
    """The identifiers a binding pattern binds (defaults, keys and types left out)."""
    if node is None:
        return []
    if node.type in ("identifier", "shorthand_property_identifier_pattern"):
        return [node]
    if node.type in ("assignment_pattern", "object_assignment_pattern"):
        return _pattern_names(_field(node, "left"))
    if node.type == "pair_pattern":
        return _pattern_names(_field(node, "value"))
    if node.type in ("required_parameter", "optional_parameter"):
        return _pattern_names(_field(node, "pattern"))
    if node.type in ("object_pattern", "array_pattern", "rest_pattern"):
        return [n for c in node.named_children for n in _pattern_names(c)]
    return []


# --- what the JS/TS rules ask ----------------------------------------------------------------------------------


def code_lines(path: str, data: bytes) -> set[int]:
    """The lines on which some code token starts (lines holding only comments, blanks or the inside of a
    multi-line string left out)."""
    return {syntax.line(n) for n in syntax.walk(root(path, data)) if n.child_count == 0 and n.type != "comment"}


@dataclass(frozen=True)
class Declaration:
    """A variable declaration: its keyword (`var`, `let`, `const`) and line (a `for (const x of xs)` head too)."""

    kind: str
    line: int


def declarations(path: str, data: bytes) -> list[Declaration]:
    """Every `var`, `let` and `const` declaration, in order."""
    out = []
    for node in syntax.nodes(grammar(path), data, "variable_declaration", "lexical_declaration", "for_in_statement"):
        keyword = _field(node, "kind") if node.type != "variable_declaration" else node.children[0]
        if keyword is not None and keyword.type in ("var", "let", "const"):
            out.append(Declaration(keyword.type, syntax.line(keyword)))
    return out


@dataclass(frozen=True)
class Operator:
    """A binary operator as written and its line."""

    text: str
    line: int


def equality_operators(path: str, data: bytes) -> list[Operator]:
    """Every `==`, `!=`, `===` and `!==` comparison, in order."""
    operators = (_field(n, "operator") for n in syntax.nodes(grammar(path), data, "binary_expression"))
    return [Operator(o.type, syntax.line(o)) for o in operators if o is not None and o.type in EQUALITY]


def type_uses(path: str, data: bytes, name: str) -> list[int]:
    """The lines on which a TypeScript type named `name` is used (`: any`, `as any`, `Array<any>`, `any[]`), in type
    positions only: not an identifier or property called so, nor the name a declaration gives a type."""
    out = []
    for node in syntax.nodes(grammar(path), data, "predefined_type", "type_identifier"):
        parent = node.parent
        declared = parent is not None and parent.type in TYPE_DECLARATIONS and _field(parent, "name") == node
        if syntax.text(node) == name and not declared:
            out.append(syntax.line(node))
    return out


@dataclass(frozen=True)
class Export:
    """One exported name as written (`default` for every default form, `*` for `export * from`) with its line;
    `default` also for `module.exports = ...` and TypeScript's `export = ...`."""

    name: str
    line: int
    default: bool


def exports(path: str, data: bytes) -> list[Export]:
    """Every export: `export` statements in each form (`export { a as default }` and `export { default } from`
    are default exports) and CommonJS assignments to `module.exports` / `exports.name`, in order."""
    out = []
    for node in syntax.walk(root(path, data)):
        if node.type == "export_statement":
            out += _statement_exports(node)
        elif node.type == "assignment_expression" and (target := _commonjs_target(_field(node, "left"))):
            out.append(Export(target, syntax.line(node), target in ("module.exports", "default")))
    return out


def _statement_exports(node: Node) -> list[Export]:
    tokens = {c.type for c in node.children}
    if "default" in tokens or "=" in tokens:
        return [Export("default", syntax.line(node), True)]
    specifiers = syntax.descendants(node, "export_specifier")
    if specifiers:
        named = [(syntax.text(_field(s, "alias") or _field(s, "name")), syntax.line(s)) for s in specifiers]
        return [Export(name, at, name == "default") for name, at in named]
    declared = _field(node, "declaration")
    if declared is None:  # export * from '...', export * as ns from '...'
        space = next((c for c in node.children if c.type == "namespace_export"), None)
        return [Export(syntax.text(space.named_children[-1]) if space else "*", syntax.line(node), False)]
    declarators = [d for d in declared.named_children if d.type == "variable_declarator"]
    names = [syntax.text(_field(d, "name")) for d in declarators] or [syntax.text(_field(declared, "name"))]
    return [Export(name, syntax.line(node), False) for name in names]


def _commonjs_target(left: Node | None) -> str:
    """`module.exports`, or the name `exports.name` / `module.exports.name` assigns ('' for anything else)."""
    written = _flat(left) if left is not None and left.type == "member_expression" else ""
    if written == "module.exports":
        return written
    for prefix in ("module.exports.", "exports."):
        if written.startswith(prefix) and written[len(prefix) :].isidentifier():
            return written[len(prefix) :]
    return ""


@dataclass(frozen=True)
class Specifier:
    """A module named in code: the string as written between its quotes, its line, and the form that names it
    (`import`, `export` for `export ... from`, `require`, `dynamic` for `import(...)`)."""

    value: str
    line: int
    form: str


def module_specifiers(path: str, data: bytes) -> list[Specifier]:
    """Every module specifier: `import ... from '...'`, `import '...'`, `export ... from '...'`,
    `require('...')`, `import('...')` and TypeScript's `import x = require('...')`, in order."""
    out = []
    for node in syntax.walk(root(path, data)):
        if node.type in ("import_statement", "export_statement", "import_require_clause"):
            source, form = _field(node, "source"), "export" if node.type == "export_statement" else "import"
        elif node.type == "call_expression" and _field(node, "function") is not None:
            callee, args = syntax.text(_field(node, "function")), _field(node, "arguments")
            form = {"require": "require", "import": "dynamic"}.get(callee, "")
            source = args.named_children[0] if form and args is not None and args.named_children else None
        else:
            continue
        if source is not None and (source.type == "string" or _plain_template(source)):
            out.append(Specifier(_unquoted(source), syntax.line(source), form))
    return out


def _plain_template(node: Node) -> bool:
    return node.type == "template_string" and not syntax.descendants(node, "template_substitution")


def awaits(path: str, data: bytes) -> list[int]:
    """The lines of every `await` expression and `for await` loop, in order."""
    name = grammar(path)
    loops = [n for n in syntax.nodes(name, data, "for_in_statement") if any(c.type == "await" for c in n.children)]
    return sorted(syntax.line(n) for n in [*syntax.nodes(name, data, "await_expression"), *loops])


def method_calls(path: str, data: bytes, method: str) -> list[int]:
    """The lines of the method name of every `x.<method>(...)` / `x?.<method>(...)` call (`then` of a promise
    chain: the line `.then` is written on), in order."""
    out = []
    for node in syntax.nodes(grammar(path), data, "call_expression"):
        fn = _field(node, "function")
        prop = _field(fn, "property") if fn is not None and fn.type == "member_expression" else None
        if prop is not None and syntax.text(prop) == method:
            out.append(syntax.line(prop))
    return sorted(out)


@dataclass(frozen=True)
class Suppression:
    """A TypeScript suppression comment: its directive (`@ts-ignore`, `@ts-expect-error`, `@ts-nocheck`), the text
    after it (a leading `:` or `-` dropped) and its line."""

    directive: str
    reason: str
    line: int

    @property
    def explained(self) -> bool:
        """Whether a reason of a word or more follows the directive."""
        return re.search(r"[A-Za-z]{3,}", self.reason) is not None


def suppressions(path: str, data: bytes) -> list[Suppression]:
    """The comments that open with a TypeScript suppression directive (`// @ts-ignore`, `/* @ts-expect-error */`)."""
    out = []
    for comment in comments(path, data):
        hit = SUPPRESSION.match(comment.body)
        if hit:
            reason = comment.body[hit.end() :].strip().lstrip(":-\u2013\u2014").strip()
            out.append(Suppression(hit.group(0), reason, comment.line))
    return out


@dataclass(frozen=True)
class Component:
    """A React component defined at the top level of a module: its name, line and kind (`function` for a function
    declaration, `arrow` for a function held by a const, `class`)."""

    name: str
    line: int
    kind: str


def components(path: str, data: bytes) -> list[Component]:
    """The React components a module defines at its top level: PascalCase function declarations, PascalCase
    variables holding an arrow or function (through `memo`/`forwardRef` too), and classes extending
    `React.Component`, `Component` or `PureComponent`, exported or not, in order."""
    out = []
    for statement in root(path, data).named_children:
        node = statement
        if statement.type == "export_statement":
            node = _field(statement, "declaration") or _field(statement, "value")
        out += _components_in(node) if node is not None else []
    return out


def _components_in(node: Node) -> list[Component]:
    if node.type in ("lexical_declaration", "variable_declaration"):
        held = [(_field(d, "name"), _unwrapped(_field(d, "value"))) for d in node.named_children
                if d.type == "variable_declarator"]
        return [Component(syntax.text(name), syntax.line(node), "arrow") for name, value in held
                if name is not None and value is not None and value.type in FUNCTIONS and _pascal(name)]
    if node.type in CLASSES and _pascal(_field(node, "name")) and _react_base(node):
        return [Component(syntax.text(_field(node, "name")), syntax.line(node), "class")]
    function = _unwrapped(node)
    if function is not None and function.type in FUNCTIONS and _pascal(_field(function, "name")):
        return [Component(syntax.text(_field(function, "name")), syntax.line(node), "function")]
    return []


def _unwrapped(node: Node | None) -> Node | None:
    """The function a `memo(...)` / `forwardRef(...)` call wraps (repeatedly), or `node` itself."""
    while node is not None and node.type == "call_expression" and _flat(_field(node, "function")) in WRAPPERS:
        args = _field(node, "arguments")
        node = args.named_children[0] if args is not None and args.named_children else None
    return node


def _pascal(name: Node | None) -> bool:
    return name is not None and PASCAL.fullmatch(syntax.text(name)) is not None


def _react_base(node: Node) -> bool:
    """Whether a class extends `React.Component`, `Component`, `PureComponent` or `React.PureComponent`."""
    heritage = next((c for c in node.children if c.type == "class_heritage"), None)
    if heritage is None or not heritage.named_children:
        return False
    base = heritage.named_children[0]
    base = _field(base, "value") or base if base.type == "extends_clause" else base
    return _flat(base) in REACT_BASES


@dataclass(frozen=True)
class ListItem:
    """A JSX element a `.map(...)` callback returns: the line of `.map`, the lines of the element's opening tag, its
    `key` as written (`row.id`, `"a"`; None without one) and whether the key uses the callback's index
    parameter, directly or through a local variable computed from it."""

    line: int
    tag: range
    key: str | None
    uses_index: bool

    @property
    def stable(self) -> bool:
        """A key that does not come from the index."""
        return self.key is not None and not self.uses_index


def list_items(path: str, data: bytes) -> list[ListItem]:
    """The JSX elements `.map(...)` callbacks return (an arrow's expression body, or each `return` of a block body;
    through parentheses, `?:` branches and `&&`), in order."""
    out = []
    for node in syntax.nodes(grammar(path), data, "call_expression"):
        fn, args = _field(node, "function"), _field(node, "arguments")
        prop = _field(fn, "property") if fn is not None and fn.type == "member_expression" else None
        callback = args.named_children[0] if args is not None and args.named_children else None
        if prop is None or syntax.text(prop) != "map" or callback is None or callback.type not in FUNCTIONS:
            continue
        names = _params(callback)
        indexed = _index_names(callback, names[1]) if len(names) > 1 else set()
        out += [_list_item(syntax.line(prop), tag, indexed) for tag in _returned_tags(callback)]
    return out


def _index_names(fn: Node, index: str) -> set[str]:
    """The index parameter and the variables a callback computes from it (`const key = `${row.type}-${i}``)."""
    names = {index}
    pending = [({syntax.text(n) for n in _pattern_names(_field(d, "name"))}, _field(d, "value")) for d in _own(fn)
               if d.type == "variable_declarator"]
    while found := [(bound, value) for bound, value in pending if _uses(value, names)]:
        names = names.union(*(bound for bound, _ in found))
        pending = [(bound, value) for bound, value in pending if not bound <= names]
    return names


def _uses(node: Node | None, names: set[str]) -> bool:
    return node is not None and any(syntax.text(n) in names for n in syntax.descendants(node, "identifier"))


def _list_item(line: int, tag: Node, indexed: set[str]) -> ListItem:
    key = next((a for a in tag.named_children if a.type == "jsx_attribute" and _attribute_name(a) == "key"), None)
    value = key.named_children[-1] if key is not None and len(key.named_children) > 1 else None
    if value is not None and value.type == "jsx_expression" and value.named_children:
        value = value.named_children[0]
    return ListItem(line, syntax.lines(tag), syntax.text(value) if key is not None else None, _uses(value, indexed))


def _attribute_name(attribute: Node) -> str:
    return syntax.text(attribute.named_children[0]) if attribute.named_children else ""


def _returned_tags(fn: Node) -> list[Node]:
    """The opening tags (or self-closing elements) of the JSX a function returns."""
    body = _field(fn, "body")
    if body is None:
        return []
    if body.type != "statement_block":
        return _tags(body)
    returns = [n for n in _own(body) if n.type == "return_statement"]
    return [t for r in returns for v in r.named_children for t in _tags(v)]


def _tags(expr: Node) -> list[Node]:
    if expr.type == "parenthesized_expression":
        return [t for c in expr.named_children for t in _tags(c)]
    if expr.type == "jsx_self_closing_element":
        return [expr]
    if expr.type == "jsx_element":
        opening = _field(expr, "open_tag")
        return [opening] if opening is not None else []
    if expr.type == "ternary_expression":
        return [t for f in ("consequence", "alternative") if (b := _field(expr, f)) is not None for t in _tags(b)]
    if expr.type == "binary_expression" and syntax.text(_field(expr, "operator")) in ("&&", "||", "??"):
        right = _field(expr, "right")
        return _tags(right) if right is not None else []
    return []
