"""C sources (`.c`) and headers (`.h`) read through tree-sitter-c (`checks.syntax`): the language-neutral facts
of `checks.facts` (comments, calls, definitions, bindings; C raises nothing) and what the C rules ask of the code:
functions and their linkage, the prototypes a header declares, heap allocations (whether each is checked for
NULL and whether an allocated local is handed on), control statements with or without braces, include guards
and the `sizeof` operands of allocation calls.

Macro bodies: tree-sitter keeps a `#define` value as one opaque token, and cuts it at a comment inside a
continued value, reading the rest of the macro as code. So a macro body is taken to run from the macro's name
(and parameters) to the end of its logical line (backslash-newlines included), code found there is left out of
the file's code, and the body is parsed on its own for the comments and calls it holds. Definitions,
allocations and control statements are the file's code only.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

from tree_sitter import Node

from . import syntax
from .facts import Binding, Call, Comment, Definition, Raise, is_test_path

LANGUAGE = "c"

DECISIONS = frozenset({"if_statement", "for_statement", "while_statement", "do_statement", "conditional_expression"})
COMPOUND = frozenset({"if_statement", "for_statement", "while_statement", "do_statement", "switch_statement"})

ASSERTION = re.compile(r"(?:assert|ck_assert|g_assert|munit_assert|cr_assert|cr_expect|CHECK|ASSERT|EXPECT|TEST_ASSERT"
                       r"|TEST_CHECK|CU_ASSERT|mu_assert|mu_check|zassert)(?:_\w*)?")

TEST_MACROS = {"START_TEST": 0, "MU_TEST": 0, "Test": 1, "TEST": 1, "UTEST": 1, "UTEST_F": 1, "CTEST": 1, "CTEST2": 1,
               "ParameterizedTest": 2, "Theory": 2}
"""Macros that open a test case, `NAME(...) { body }`, by the position of the test's name among their arguments
(the suite before it): libcheck's `START_TEST(t)`, MinUnit's `MU_TEST(t)`, Criterion's `Test(suite, t)`,
`ParameterizedTest(params, suite, t)` and `Theory((args), suite, t)`, Unity fixture's `TEST(group, t)`, utest's
`UTEST(suite, t)`, ctest's `CTEST(suite, t)`. greatest's `TEST t(void) { ... }` is a function returning `TEST`."""

BRACKETS = re.compile(rb'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/|[(){}]', re.S)
"""Brackets, and the strings, characters and comments whose brackets do not count."""

STATEMENT_END = frozenset({"expression_statement", "compound_statement", "declaration", "function_definition",
                           "translation_unit", "if_statement", "while_statement", "do_statement", "for_statement",
                           "switch_statement", "case_statement"})

# --- parsing: the file's code and its macro bodies ------------------------------------------------------------


def _root(data: bytes) -> Node:
    return syntax.parse(LANGUAGE, data).root_node


def _logical_line_end(data: bytes, at: int) -> int:
    """The offset of the newline ending the logical line `at` is on (a backslash-newline joins two lines)."""
    end = data.find(b"\n", at)
    while end > 0 and data[max(0, end - 2) : end].rstrip(b"\r").endswith(b"\\"):
        end = data.find(b"\n", end + 1)
    return len(data) if end < 0 else end


@functools.lru_cache(maxsize=64)
def _macro_bodies(data: bytes) -> tuple[tuple[int, int], ...]:
    """The byte spans of the `#define` bodies: from the macro's name (and parameters) to the end of the logical
    line."""
    starts = (_body_start(n) for n in syntax.nodes(LANGUAGE, data, "preproc_def", "preproc_function_def"))
    spans = ((start, _logical_line_end(data, start)) for start in starts if start is not None)
    return tuple((start, end) for start, end in spans if data[start:end].strip())


def _body_start(directive: Node) -> int | None:
    """Where a `#define`'s body starts: after its name and parameter list (looked for in document order, since a
    directive tree-sitter could not read has them under an ERROR node)."""
    name = next((n for n in syntax.walk(directive) if n.type == "identifier"), None)
    if name is None:
        return None
    params = name.next_sibling
    return params.end_byte if params is not None and params.type == "preproc_params" else name.end_byte


def _code(data: bytes, *types: str) -> list[Node]:
    """The nodes of `types` in the file's code (not in a macro body), in document order."""
    spans = _macro_bodies(data)
    return [n for n in syntax.nodes(LANGUAGE, data, *types) if not any(a <= n.start_byte < b for a, b in spans)]


@dataclass(frozen=True)
class _Placed:
    """A node of the file's code or of a macro body parsed on its own (`#`s blanked, so that stringizing and
    token pasting read as code), with the byte and line offsets of its tree in the file."""

    node: Node
    offset: int
    rows: int
    data: bytes

    @property
    def start(self) -> int:
        return self.offset + self.node.start_byte

    @property
    def line(self) -> int:
        return syntax.line(self.node) + self.rows

    @property
    def end(self) -> int:
        return syntax.end_line(self.node) + self.rows

    def text(self, node: Node | None) -> str:
        """The file's text of `node` (the placed node or one under it)."""
        if node is None:
            return ""
        return self.data[self.offset + node.start_byte : self.offset + node.end_byte].decode(errors="replace")


def _everywhere(data: bytes, *types: str) -> list[_Placed]:
    """The nodes of `types` in the code and in every macro body, in document order."""
    found = [_Placed(n, 0, 0, data) for n in _code(data, *types)]
    for start, end in _macro_bodies(data):
        tree = _root(data[start:end].replace(b"#", b" "))
        found += [_Placed(n, start, data.count(b"\n", 0, start), data) for n in syntax.descendants(tree, *types)]
    return sorted(found, key=lambda placed: placed.start)


def _bare(node: Node) -> Node:
    """An expression without the parentheses and casts around it."""
    while node.type in ("parenthesized_expression", "cast_expression"):
        inner = node.child_by_field_name("value") if node.type == "cast_expression" else node.named_children[0]
        if inner is None:
            break
        node = inner
    return node


def _same(node: Node) -> str:
    """The text of an expression without parentheses, casts and whitespace (what tells `*out` is `( *out )`)."""
    return "".join(syntax.text(_bare(node)).split())


def _name(declarator: Node | None) -> Node | None:
    """The identifier a declarator declares (`p` in `*p`, `p[4]`, `p = 0`, `(*p)(int)`), or None."""
    while declarator is not None and declarator.type != "identifier":
        inner = declarator.child_by_field_name("declarator")
        declarator = inner if inner is not None else next(iter(declarator.named_children), None)
        if declarator is not None and declarator.type in ("parameter_list", "type_qualifier"):
            return None
    return declarator


def _function_declarator(declarator: Node | None) -> Node | None:
    """The function declarator of a function's (not a function pointer's) declarator: `f(...)` in `*f(...)`."""
    while declarator is not None and declarator.type in ("pointer_declarator", "attributed_declarator"):
        declarator = declarator.child_by_field_name("declarator")
    if declarator is None or declarator.type != "function_declarator":
        return None
    named = declarator.child_by_field_name("declarator")
    return declarator if named is not None and named.type == "identifier" else None


def _parameter_names(function: Node) -> list[Node]:
    """The identifiers of a function declarator's parameters (K&R identifier lists included)."""
    listed = function.child_by_field_name("parameters")
    params = listed.named_children if listed is not None else []
    names = (p if p.type == "identifier" else _name(p.child_by_field_name("declarator")) for p in params)
    return [n for n in names if n is not None]


def _parameters(function: Node) -> tuple[str, ...]:
    return tuple(syntax.text(n) for n in _parameter_names(function))


def _argument_nodes(call: Node) -> list[Node]:
    listed = call.child_by_field_name("arguments")
    return [a for a in (listed.named_children if listed is not None else []) if a.type != "comment"]


def _arguments(call: Node) -> tuple[str, ...]:
    return tuple(syntax.text(a) for a in _argument_nodes(call))


def _callee(call: Node) -> str:
    return syntax.text(call.child_by_field_name("function"))


# --- the facts every language module gives ------------------------------------------------------------------


def comments(path: str, data: bytes) -> list[Comment]:
    """Every comment of the file, macro bodies included, in order: `//` line and `/* */` block comments, `alone`
    when only whitespace precedes it on its line."""
    found = []
    for placed in _everywhere(data, "comment"):
        text = placed.text(placed.node)
        kind = "block" if text.startswith("/*") else "line"
        found.append(Comment(placed.line, placed.end, text, syntax.alone(data, placed.start), kind))
    return found


def calls(path: str, data: bytes) -> list[Call]:
    """Every call expression of the file, macro bodies included, in order: the callee as written (`free`,
    `ops->write`) and each argument's source text."""
    return [Call(p.text(p.node.child_by_field_name("function")), p.line, p.end,
                 tuple(p.text(a) for a in _argument_nodes(p.node))) for p in _everywhere(data, "call_expression")]


def _registered(data: bytes) -> set[str]:
    """The names passed bare to a registration call: a macro in capitals (`RUN(test_x)`, `RUN_TEST(test_x)`) or a
    function named for tests (`tcase_add_test(tc, test_x)`, `g_test_add_func("/x", test_x)`)."""
    names = set()
    for call in _code(data, "call_expression"):
        callee, listed = _callee(call), call.child_by_field_name("arguments")
        if listed is not None and (callee.isupper() or "test" in callee.lower()):
            names |= {syntax.text(a) for a in listed.named_children if a.type == "identifier"}
    return names


def _complexity(body: Node) -> int:
    decisions = [n for n in syntax.walk(body) if n.type in DECISIONS
                 or (n.type == "case_statement" and n.child_by_field_name("value") is not None)
                 or (n.type == "binary_expression" and _operator(n) in ("&&", "||"))]
    return 1 + len(decisions)


def _depth(body: Node) -> int:
    """How deep control statements (`if`, loops, `switch`) nest in a function's body, braces or none (an `else if`
    chain is one level; a bare `{ }` block adds none)."""
    deepest, stack = 0, [(body, 0)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        for child in node.children:
            else_if = child.type == "if_statement" and node.type == "else_clause"
            stack.append((child, level + (child.type in COMPOUND and not else_if)))
    return deepest


def _operator(node: Node) -> str:
    return syntax.text(node.child_by_field_name("operator"))


def _assertions(body: Node) -> int:
    """Assertion macro calls that read a value (`CHECK(1)`, `assert(1 == 1)` do not)."""
    return sum(1 for c in syntax.descendants(body, "call_expression")
               if ASSERTION.fullmatch(_callee(c)) and syntax.reads_a_value(c.child_by_field_name("arguments")))


def _defined(data: bytes) -> list[tuple[Node, Node]]:
    """`(definition, function declarator)` of the file's function definitions, a test macro tree-sitter reads as a
    function (`END_TEST START_TEST(t) {...}` as a function `START_TEST`) left out."""
    found = []
    for node in _code(data, "function_definition"):
        function = _function_declarator(node.child_by_field_name("declarator"))
        if function is not None and syntax.text(function.child_by_field_name("declarator")) not in TEST_MACROS:
            found.append((node, function))
    return found


def _skip_space(data: bytes, at: int) -> int:
    while at < len(data) and data[at : at + 1].isspace():
        at += 1
    return at


def _closing(data: bytes, at: int) -> int | None:
    """The offset just past the bracket closing the one at `at`, strings, characters and comments skipped; None when
    it is not closed."""
    depth = 0
    for hit in BRACKETS.finditer(data, at):
        token = hit.group()
        depth += token in (b"(", b"{")
        depth -= token in (b")", b"}")
        if depth == 0:
            return hit.end()
    return None


def _split_arguments(text: str) -> list[str]:
    """A macro's arguments, split at the commas outside brackets."""
    out, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
        else:
            current += ch
    return [*out, current.strip()]


def _macro_tests(data: bytes) -> list[Definition]:
    """The test cases test macros open (`TEST_MACROS`): `NAME(args) { body }` at the top of the file, read from the
    source itself, since tree-sitter cannot expand the macro and reads it as it can (a call and a block, a function
    named after the macro, an error). The body is parsed on its own for its metrics."""
    found = []
    for node in _code(data, "identifier", "type_identifier"):
        position = TEST_MACROS.get(syntax.text(node))
        if position is None or syntax.ancestor(node, "compound_statement", "preproc_def", "preproc_function_def"):
            continue
        opening = _skip_space(data, node.end_byte)
        after = _closing(data, opening) if data[opening : opening + 1] == b"(" else None
        brace = _skip_space(data, after) if after is not None else len(data)
        end = _closing(data, brace) if data[brace : brace + 1] == b"{" else None
        args = _split_arguments(data[opening + 1 : (after or 1) - 1].decode(errors="replace"))
        if end is None or len(args) <= position or not args[position].isidentifier():
            continue
        name = args[position]
        qualname = f"{args[position - 1]}.{name}" if position else name
        body = syntax.parse(LANGUAGE, b"void f(void)\n" + data[brace:end]).root_node
        block = next(iter(syntax.descendants(body, "compound_statement")), body)
        found.append(Definition(name, "test", syntax.line(node), data.count(b"\n", 0, end - 1) + 1, (), qualname,
                                _complexity(block), _depth(block), _assertions(block),
                                data[node.start_byte : end].decode(errors="replace")))
    return found


def definitions(path: str, data: bytes) -> list[Definition]:
    """Every function definition and test case, in order; in a test file (`facts.is_test_path`) a function named
    `test*` or passed to a registration call (`RUN(test_x)`) is a test case (kind `test`), and so is, in any file, a
    test a framework's macro opens (`TEST_MACROS`: `START_TEST(t) { ... } END_TEST`, `Test(suite, t) { ... }`,
    qualname `suite.t`) or a greatest `TEST t(void) { ... }`. Assertions count the calls of `assert`,
    `CHECK`, `ASSERT`, `EXPECT`, `TEST_ASSERT`, `TEST_CHECK` (acutest), `CU_ASSERT`, `ck_assert`, `g_assert`,
    `munit_assert`, `cr_assert`, `cr_expect`, `mu_assert`/`mu_check` (MinUnit) and `zassert`, each alone or with a
    `_suffix` (`ASSERT_EQ`, `assert_int_equal`, `TEST_CHECK_`), in the body."""
    tests = is_test_path(path)
    registered = _registered(data) if tests else set()
    found = _macro_tests(data)
    for node, function in _defined(data):
        body = node.child_by_field_name("body")
        if body is None:
            continue
        name = syntax.text(function.child_by_field_name("declarator"))
        greatest = syntax.text(node.child_by_field_name("type")) == "TEST"
        kind = "test" if greatest or (tests and (name.startswith("test") or name in registered)) else "function"
        found.append(Definition(name, kind, syntax.line(node), syntax.end_line(node), _parameters(function), name,
                                _complexity(body), _depth(body), _assertions(body), syntax.text(node)))
    return sorted(found, key=lambda d: d.line)


def raises(path: str, data: bytes) -> list[Raise]:
    """Nothing: C has no exceptions."""
    return []


def _declared(node: Node) -> list[Node]:
    """The identifiers a declaration declares (`a` and `b` in `int a = 1, *b;`, `f` in `int f(int x);`)."""
    names = (_name(d) for d in node.children_by_field_name("declarator"))
    return [n for n in names if n is not None]


def bindings(path: str, data: bytes) -> list[Binding]:
    """The names the code binds, in order: declared variables (and the functions a prototype declares), function
    names and their parameters."""
    found = [n for d in _code(data, "declaration") for n in _declared(d)]
    for _, function in _defined(data):
        found += [function.child_by_field_name("declarator"), *_parameter_names(function)]
    ordered = sorted((n for n in found if n is not None), key=lambda n: n.start_byte)
    return [Binding(syntax.text(n), syntax.line(n)) for n in ordered]


# --- functions, prototypes, code lines ------------------------------------------------------------------------


@dataclass(frozen=True)
class Function:
    """A function definition: its name, the line of its name, its last line, and whether it is `static`."""

    name: str
    line: int
    end: int
    is_static: bool


def functions(path: str, data: bytes) -> list[Function]:
    """The function definitions of a C file, in order."""
    found = []
    for node, function in _defined(data):
        name = function.child_by_field_name("declarator")
        found.append(Function(syntax.text(name), syntax.line(name), syntax.end_line(node), _static(node)))
    return found


def prototypes(path: str, data: bytes) -> set[str]:
    """The names of the functions a file (usually a header) declares without a body (`int f(int x);`), function
    pointers and typedefs left out."""
    names = set()
    for node in _code(data, "declaration"):
        if syntax.ancestor(node, "function_definition") is None:
            declared = (_function_declarator(d) for d in node.children_by_field_name("declarator"))
            names |= {syntax.text(f.child_by_field_name("declarator")) for f in declared if f is not None}
    return names


def code_lines(path: str, data: bytes) -> set[int]:
    """The lines that hold code (a token that is no comment), preprocessor lines included."""
    leaves = (n for n in syntax.walk(_root(data)) if n.child_count == 0 and n.type != "comment" and not n.is_missing)
    return {number for leaf in leaves if leaf.end_byte > leaf.start_byte for number in syntax.lines(leaf)}


# --- allocations ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Allocation:
    """A heap allocation assigned to something (`buf = malloc(n)`, `char *p = strdup(s)`, `s->items = calloc(...)`,
    `*out = realloc(*out, n)`, `if ((p = malloc(n)) == NULL)`): the target as written without spaces, the
    allocator, the line of the assignment, the arguments' text; whether the target is the call's first argument
    (`in_place`: `p = realloc(p, n)`), whether it is a local variable of the function (`local`), whether the
    function tests it against NULL after (or in the very condition of) the allocation (`checked`), and whether
    it is then freed, returned, stored or passed to a call (`handed_on`)."""

    target: str
    allocator: str
    line: int
    args: tuple[str, ...]
    in_place: bool
    local: bool
    checked: bool
    handed_on: bool


@dataclass(frozen=True)
class _Site:
    """Where an allocation happens: the assignment (or initialised declarator), its target and the scope."""

    node: Node
    target: str
    call: Node
    scope: Node


def allocations(path: str, data: bytes, allocators: Iterable[str]) -> list[Allocation]:
    """Assignments of the result of one of `allocators` (`malloc`, `calloc`, ...) in the code of a C file, in
    order (an allocation returned or passed on without being assigned is left out)."""
    names, root = frozenset(allocators), _root(data)
    nodes = _code(data, "assignment_expression", "init_declarator")
    return [_allocation(site) for n in nodes if (site := _site(n, names, root))]


def _target_and_value(node: Node) -> tuple[Node | None, Node | None]:
    """The target and the value of a plain assignment or an initialised declarator (None, None otherwise)."""
    if node.type == "init_declarator":
        return _name(node.child_by_field_name("declarator")), node.child_by_field_name("value")
    if _operator(node) != "=":
        return None, None
    return node.child_by_field_name("left"), node.child_by_field_name("right")


def _site(node: Node, allocators: frozenset[str], root: Node) -> _Site | None:
    """The allocation a node makes, if it assigns the result of one of `allocators`."""
    target, value = _target_and_value(node)
    call = _bare(value) if value is not None else None
    if target is None or call is None or call.type != "call_expression" or _callee(call) not in allocators:
        return None
    function = syntax.ancestor(node, "function_definition")
    body = function.child_by_field_name("body") if function is not None else None
    return _Site(node, _same(target), call, root if body is None else body)


def _allocation(site: _Site) -> Allocation:
    in_place = any(_same(first) == site.target for first in _argument_nodes(site.call)[:1])
    return Allocation(site.target, _callee(site.call), syntax.line(site.node), _arguments(site.call), in_place,
                      _is_local(site), _checked(site), _kept(site))


def _is_local(site: _Site) -> bool:
    """Whether the target is a plain variable the function declares (not `static`) or takes as a parameter."""
    if site.node.type == "init_declarator":
        return not _static(site.node.parent)
    function = syntax.ancestor(site.node, "function_definition")
    if function is None or not site.target.isidentifier():
        return False
    declarator = _function_declarator(function.child_by_field_name("declarator"))
    declared = [d for d in syntax.descendants(function, "declaration") if not _static(d)
                and site.target in {syntax.text(n) for n in _declared(d)}]
    return bool(declared) or (declarator is not None and site.target in _parameters(declarator))


def _static(node: Node | None) -> bool:
    """Whether a declaration or definition has the `static` storage class."""
    return node is not None and any(
        syntax.text(c) == "static" for c in node.children if c.type == "storage_class_specifier")


def _is_null(node: Node) -> bool:
    bare = _bare(node)
    return bare.type == "null" or (bare.type == "number_literal" and syntax.text(bare) == "0")


def _tested(node: Node) -> list[Node]:
    """The expressions a node tests for NULL or truth: the operand of `!`, the side of `== NULL` / `!= 0`, the
    operands of `&&` / `||`, a condition, `assert`'s argument."""
    if node.type == "unary_expression" and _operator(node) == "!":
        return [node.child_by_field_name("argument")]
    if node.type == "binary_expression" and _operator(node) in ("&&", "||"):
        return [node.child_by_field_name("left"), node.child_by_field_name("right")]
    if node.type == "binary_expression" and _operator(node) in ("==", "!="):
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        return [side for side, other in ((left, right), (right, left)) if other is not None and _is_null(other)]
    if node.type in DECISIONS:
        return [node.child_by_field_name("condition")]
    if node.type == "call_expression" and _callee(node) == "assert":
        return _argument_nodes(node)[:1]
    return []


def _checked(site: _Site) -> bool:
    """Whether the scope tests the allocation (in its own condition) or its target (after it) for NULL."""
    for node in syntax.walk(site.scope):
        for tested in (_bare(t) for t in _tested(node) if t is not None):
            if tested == site.node or (tested.start_byte >= site.node.end_byte and _same(tested) == site.target):
                return True
    return False


def _kept(site: _Site) -> bool:
    """Whether the allocation, or its target after it, is passed to a call, returned or stored elsewhere."""
    uses = [n for n in syntax.descendants(site.scope, "identifier")
            if n.start_byte >= site.node.end_byte and syntax.text(n) == site.target]
    return _handed_on(site.node) or any(_handed_on(n) for n in uses)


def _handed_on(node: Node) -> bool:
    """Whether an expression's value reaches a call's arguments, a `return`, the right side of an assignment or an
    initializer (`free(p)`, `return p;`, `s->buf = p`, `*out = (char *)p`); not when it is only dereferenced
    (`p[0]`, `p->len`, `*p`) or measured (`sizeof p`)."""
    parent = node.parent
    through = parent is not None and parent.child_by_field_name("argument") == node
    if parent is None or parent.type in ("subscript_expression", "field_expression", "sizeof_expression") or (
            through and parent.type == "pointer_expression" and _operator(parent) == "*"):
        return False
    while parent is not None and parent.type not in STATEMENT_END:
        if parent.type in ("argument_list", "return_statement", "init_declarator", "initializer_list"):
            return True
        if parent.type == "assignment_expression":
            return parent.child_by_field_name("right") == node
        node, parent = parent, parent.parent
    return False


# --- control statements, headers, sizes -----------------------------------------------------------------------


@dataclass(frozen=True)
class Control:
    """A control statement: the line of its keyword, the keyword (`if`, `else`, `for`, `while`, `do`) and whether
    its body is a braced block."""

    line: int
    keyword: str
    braced: bool


BODIES = {"if_statement": ("if", "consequence"), "for_statement": ("for", "body"),
          "while_statement": ("while", "body"), "do_statement": ("do", "body")}


def controls(path: str, data: bytes) -> list[Control]:
    """Every `if`, `else`, `for`, `while` and `do` of the code (macro bodies left out), in order: `else if` counts
    as the `if`'s, and the `while (...)` ending a `do` loop is the `do`'s."""
    found = []
    for node in _code(data, *BODIES, "else_clause"):
        if node.type == "else_clause":
            keyword, body = "else", next((n for n in node.named_children if n.type != "comment"), None)
        else:
            keyword, body = BODIES[node.type][0], node.child_by_field_name(BODIES[node.type][1])
        if body is not None and not (keyword == "else" and body.type == "if_statement"):
            found.append(Control(syntax.line(node), keyword, body.type == "compound_statement"))
    return found


def include_guard(path: str, data: bytes) -> str | None:
    """The macro of a header's include guard: the file (comments aside) is one `#ifndef X` opening with
    `#define X` and closed by an `#endif`; None otherwise."""
    top = [n for n in _root(data).named_children if n.type != "comment"]
    if len(top) != 1 or top[0].type != "preproc_ifdef" or top[0].children[0].type != "#ifndef":
        return None
    guard, closing = top[0], top[0].children[-1]
    name = syntax.text(guard.child_by_field_name("name"))
    body = [n for n in guard.named_children[1:] if n.type != "comment"]
    if closing.type != "#endif" or closing.is_missing or not body or body[0].type != "preproc_def":
        return None
    return name if syntax.text(body[0].child_by_field_name("name")) == name else None


def guard_name(path: str) -> str:
    """The include guard a header's file name gives (`src/ring_buffer.h` -> `RING_BUFFER_H`)."""
    return re.sub(r"[^A-Za-z0-9]", "_", PurePosixPath(path).name).upper()


@dataclass(frozen=True)
class Sizeof:
    """A `sizeof` in the arguments of a call: the callee, the call's line, the operand as written (without
    parentheses) and whether it dereferences a pointer (`*p`, `p[0]`) rather than naming a type or a value."""

    callee: str
    line: int
    operand: str
    dereferenced: bool


def sizeofs(path: str, data: bytes, callees: Iterable[str]) -> list[Sizeof]:
    """Every `sizeof` in the arguments of a call to one of `callees` (macro bodies included), in order."""
    names, found = set(callees), []
    for placed in _everywhere(data, "call_expression"):
        callee = placed.text(placed.node.child_by_field_name("function"))
        listed = placed.node.child_by_field_name("arguments")
        if callee in names and listed is not None:
            found += [_sizeof(callee, placed, n) for n in syntax.descendants(listed, "sizeof_expression")]
    return found


def _sizeof(callee: str, call: _Placed, node: Node) -> Sizeof:
    value, kind = node.child_by_field_name("value"), node.child_by_field_name("type")
    operand = _bare(value) if value is not None else kind
    deref = operand is not None and (operand.type == "subscript_expression" or (
        operand.type == "pointer_expression" and _operator(operand) == "*"))
    return Sizeof(callee, call.line, call.text(operand), deref)


@dataclass(frozen=True)
class Pragma:
    """A `#pragma` directive: its line and its text after `#pragma` (`GCC diagnostic ignored "-Wunused"`)."""

    line: int
    text: str


def pragmas(path: str, data: bytes) -> list[Pragma]:
    """The `#pragma` directives of a C file, in order."""
    out = []
    for node in syntax.nodes(LANGUAGE, data, "preproc_call"):
        directive, argument = node.child_by_field_name("directive"), node.child_by_field_name("argument")
        if syntax.text(directive).replace(" ", "") == "#pragma":
            out.append(Pragma(syntax.line(node), syntax.text(argument).strip()))
    return out
