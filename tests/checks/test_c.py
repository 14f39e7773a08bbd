"""checks/c: C sources and headers read from tree-sitter-c trees, in the idioms real agents write."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks import c
from pytest_harnessif.checks.facts import Binding, Call, Comment, is_test_path

ALLOCATORS = ("malloc", "calloc", "realloc", "strdup")

C = """#include <stdlib.h>
#define TWICE(x) { (x) * 2 }
struct s { int a; };
int api(int a);
static int helper(int (*cb)(int), int v)
{
    char *buf = malloc(v * sizeof *buf);
    if (!buf) {
        return -1;
    }
    buf = realloc(buf, 2 * v);
    if (v) x(); else { y(); }
    do { v--; } while (v);
    for (;;) v++;
    s->data = calloc(1, sizeof(struct s));
    free(buf);
    return cb(v);
}
int main(void)
{
    return helper(0, 1);
}
"""


def b(text: str) -> bytes:
    return text.encode()


def allocation(body: str, head: str = "") -> c.Allocation:
    """The one allocation of `body`, put in a function taking `char **out` and `size_t n` after `head`."""
    found = c.allocations("a.c", b(f"{head}int f(char **out, size_t n)\n{{\n{body}\n}}\n"), ALLOCATORS)
    assert len(found) == 1, found
    return found[0]


# --- the shape every language module gives -----------------------------------------------------------------


def test_comments_line_block_and_in_macros() -> None:
    text = ('int a; // tail\n/* block\n * two */\n#define BUF 4096 /* bytes */\n#define MAX 256 // chars\n'
            '#define DIE(msg) \\\n    do { \\\n        perror(msg); /* errno */ \\\n        exit(1); \\\n'
            '    } while (0)\nchar *s = "/* no */ // nor this";\n/** Doc. */\n')
    assert c.comments("a.c", b(text)) == [
        Comment(1, 1, "// tail", False, "line"),
        Comment(2, 3, "/* block\n * two */", True, "block"),
        Comment(4, 4, "/* bytes */", False, "block"),
        Comment(5, 5, "// chars", False, "line"),
        Comment(8, 8, "/* errno */", False, "block"),
        Comment(12, 12, "/** Doc. */", True, "block"),
    ]
    assert c.comments("a.c", b(text))[-1].is_doc


def test_calls_as_written_macro_bodies_included_strings_not() -> None:
    text = ('#define COPY(d, s) strcpy((d), (s))\nvoid f(struct ops *ops)\n{\n    ops->write(ops, "free(x)");\n'
            '    free(ops /* done */);\n}\n')
    assert c.calls("a.c", b(text)) == [
        Call("strcpy", 1, 1, ("(d)", "(s)")), Call("ops->write", 4, 4, ("ops", '"free(x)"')),
        Call("free", 5, 5, ("ops",)),
    ]


def test_calls_in_stringizing_macros() -> None:
    text = ('#define CHECK(e) do { if (!(e)) report(__FILE__, #e); } while (0)\n'
            '#define LOG(x) printf("#%d " #x "\\n", x) /* # */\n')
    assert c.calls("a.h", b(text)) == [
        Call("report", 1, 1, ("__FILE__", "e")), Call("printf", 2, 2, ('"#%d " #x "\\n"', "x"))]
    assert c.comments("a.h", b(text)) == [Comment(2, 2, "/* # */", False, "block")]


def test_definitions_complexity_depth_and_params() -> None:
    text = ("static int\nclassify(int x, const char *s, ...)\n{\n    if (x > 0 && s) {\n        for (;;) {\n"
            "            break;\n        }\n    } else if (x < 0 || !s) {\n        return x ? 1 : 2;\n    }\n"
            "    switch (x) {\n    case 0:\n        return 0;\n    default:\n        return 1;\n    }\n}\n"
            "int old(a, b)\nint a; char *b;\n{\n    return a;\n}\nchar *name(void) { return 0; }\n")
    defs = c.definitions("src/a.c", b(text))
    assert [(d.name, d.kind, d.line, d.end, d.params, d.complexity, d.depth) for d in defs] == [
        ("classify", "function", 1, 17, ("x", "s"), 8, 2),
        ("old", "function", 18, 22, ("a", "b"), 1, 0),
        ("name", "function", 23, 23, (), 1, 0),
    ]
    assert defs[2].text == "char *name(void) { return 0; }"
    nested = ("int walk(int *xs, int n)\n{\n    for (int i = 0; i < n; i++)\n        for (int j = 0; j < n; j++)\n"
              "            if (xs[j])\n                while (xs[j] > 1)\n                    xs[j] /= 2;\n"
              "    return 0;\n}\n"
              "int blocks(int n) { { { n++; } } return n; }\n"
              "int chain(int a) { if (a) x(); else if (a > 1) y(); else if (a > 2) { if (a > 3) z(); } return 0; }\n"
              "int loop(int a) { do { switch (a) { case 1: if (a) break; } } while (a); return 0; }\n")
    assert [(d.name, d.depth) for d in c.definitions("src/b.c", b(nested))] == [
        ("walk", 4), ("blocks", 0), ("chain", 2), ("loop", 3)]
    assert c.raises("src/a.c", b(text)) == []


def test_test_cases_in_test_files() -> None:
    text = ("static void test_roundtrip(void)\n{\n    CHECK(a == 1);\n    EXPECT_EQ(b, 2);\n    assert(c);\n"
            "    helper();\n    CHECKSUM(buf);\n}\nstatic void parses_empty(void)\n{\n    TEST_ASSERT_EQUAL(0, n);\n"
            "    ck_assert_int_eq(1, m);\n    g_assert_true(x);\n    CU_ASSERT(y);\n    assert_int_equal(1, n);\n}\n"
            "static void helper(void)\n{\n}\nvoid suite(void)\n{\n    RUN(test_roundtrip);\n"
            "    RUN_TEST(parses_empty);\n}\n")
    defs = {d.name: d for d in c.definitions("tests/test_parse.c", b(text))}
    assert [(n, d.kind, d.assertions) for n, d in defs.items()] == [
        ("test_roundtrip", "test", 3), ("parses_empty", "test", 5), ("helper", "function", 0),
        ("suite", "function", 0)]
    assert all(d.kind == "function" for d in c.definitions("src/parse.c", b(text)))


@pytest.mark.parametrize(("text", "cases"), [
    ("#include <check.h>\nSTART_TEST(test_add)\n{\n    ck_assert_int_eq(add(1, 2), 3);\n}\nEND_TEST\n\n"
     "START_TEST(regression_sub)\n{\n    if (x) { ck_assert_int_eq(sub(3, 2), 1); }\n"
     "    ck_assert_str_eq(s, \"}{(\");  /* } */\n}\nEND_TEST\n\nSuite *suite(void)\n{\n"
     "    TCase *tc = tcase_create(\"core\");\n    tcase_add_test(tc, test_add);\n    return 0;\n}\n",
     [("test_add", "test", "test_add", 2, 5, 1), ("regression_sub", "test", "regression_sub", 8, 12, 2),
      ("suite", "function", "suite", 13, 20, 0)]),  # tree-sitter starts it at END_TEST
    ("Test(math, add)\n{\n    cr_assert_eq(add(1, 2), 3);\n}\n\nTest(math, sub, .timeout = 2)\n{\n"
     "    cr_expect(sub(3, 2) == 1);\n}\nParameterizedTest(struct p *param, math, each) {\n    cr_assert(param);\n}\n"
     "Theory((int a, int b), math, commutes) {\n    cr_assert_eq(a + b, b + a);\n}\n",
     [("add", "test", "math.add", 1, 4, 1), ("sub", "test", "math.sub", 6, 9, 1),
      ("each", "test", "math.each", 10, 12, 1), ("commutes", "test", "math.commutes", 13, 15, 1)]),
    ("TEST add_works(void)\n{\n    ASSERT_EQ(3, add(1, 2));\n    PASS();\n}\nstatic TEST sub_works(void) {\n"
     "    ASSERT_EQ(1, sub(3, 2));\n}\nSUITE(math) {\n    RUN_TEST(add_works);\n}\n",
     [("add_works", "test", "add_works", 1, 5, 1), ("sub_works", "test", "sub_works", 6, 8, 1)]),
    ("TEST_GROUP(Parse);\nTEST_SETUP(Parse) {}\nTEST(Parse, EmptyInput)\n{\n    TEST_ASSERT_EQUAL(0, parse(\"\"));\n}\n"
     "MU_TEST(test_check) {\n    mu_check(foo == 7);\n    mu_assert(bar, \"bar\");\n}\n",
     [("EmptyInput", "test", "Parse.EmptyInput", 3, 6, 1), ("test_check", "test", "test_check", 7, 10, 2)]),
    ("#define START_TEST(__testname)\\\nstatic void __testname ## _fn (int _i)\\\n{\n#define END_TEST }\n", []),
])
def test_test_cases_framework_macros_open(text: str, cases: list[tuple[str, str, str, int, int, int]]) -> None:
    """libcheck, Criterion, greatest, Unity fixture and MinUnit tests, which tree-sitter reads as calls, errors or
    functions named after the macro, are test cases named as the framework names them, in any file."""
    found = c.definitions("src/x.c", b(text))
    assert [(d.name, d.kind, d.qualname, d.line, d.end, d.assertions) for d in found] == cases
    assert "START_TEST" not in {f.name for f in c.functions("x.c", b(text))}


def test_acutest_and_minunit_assertions() -> None:
    text = "void test_a(void)\n{\n    TEST_CHECK(a == 1);\n    TEST_CHECK_(b, \"b\");\n    TEST_ASSERT(c);\n" \
           "    mu_assert(\"d\", d);\n    mu_assert_int_eq(1, e);\n}\n"
    assert [d.assertions for d in c.definitions("tests/test_a.c", b(text))] == [5]


@pytest.mark.parametrize(("path", "test"), [
    ("tests/unit.c", True), ("test/x.c", True), ("src/test_ring.c", True), ("ring_test.c", True),
    ("src/ring.c", False), ("src/attest.c", False), ("testdata.c", False), ("test.c", True), ("ring_tests.c", True),
    ("check_ring.c", True), ("spec/ring.c", True), ("testing/ring.c", True), ("src/checks.c", False)])
def test_is_test_file(path: str, test: bool) -> None:
    assert is_test_path(path) is test
    assert [d.kind for d in c.definitions(path, b"void test_ring(void) { CHECK(1); }\n")] == [
        "test" if test else "function"]


def test_bindings() -> None:
    text = "int api(int a);\nstatic int count;\nint f(char *s, int (*cb)(int))\n{\n    int i = 0, *p;\n" \
           "    for (int j = 0; j < 3; j++) {\n    }\n    return i;\n}\n"
    assert c.bindings("a.c", b(text)) == [
        Binding("api", 1), Binding("count", 2), Binding("f", 3), Binding("s", 3), Binding("cb", 3),
        Binding("i", 5), Binding("p", 5), Binding("j", 6)]


# --- functions, prototypes, code lines -------------------------------------------------------------------------


def test_functions_and_prototypes() -> None:
    assert c.functions("a.c", b(C)) == [c.Function("helper", 5, 18, True), c.Function("main", 19, 22, False)]
    assert c.prototypes("a.c", b(C)) == {"api"}
    header = ("#ifndef A_H\n#define A_H\n#ifdef __cplusplus\nextern \"C\" {\n#endif\nint api(int a);\n"
              "extern char *name(void);\ntypedef int (*cb)(int);\nint (*hook)(int);\n"
              "struct ops { int (*run)(void); };\n#ifdef __cplusplus\n}\n#endif\n#endif\n")
    assert c.prototypes("a.h", b(header)) == {"api", "name"}
    kr = "static inline int\ntwice(int x)\n{\n    return 2 * x;\n}\n#ifdef DEBUG\nvoid dump(void) {}\n#endif\n"
    assert c.functions("a.c", b(kr)) == [c.Function("twice", 2, 5, True), c.Function("dump", 7, 7, False)]


def test_code_lines_leave_comments_and_blank_lines_out() -> None:
    text = "/* head\n * more */\n#include <stdio.h>\n\nint a; // x\n// only\n#define M(x) \\\n    (x)\n"
    assert c.code_lines("a.c", b(text)) == {3, 5, 7, 8}


# --- allocations ------------------------------------------------------------------------------------------------


def test_allocations_in_every_form() -> None:
    text = ("struct v { long *items; };\nstatic struct v g;\nint f(struct v *s, char **out, size_t n)\n{\n"
            "    char *p;\n    char *q = (char *)malloc(n), *r = strdup(\"x\");\n    p = malloc(n);\n"
            "    s->items = calloc(n, sizeof *s->items);\n    g.items = calloc(n, sizeof g.items[0]);\n"
            "    *out = realloc(*out, n);\n    if ((p = malloc(n)) == NULL) {\n        return -1;\n    }\n"
            "    while ((q = strdup(*out))) {\n        free(q);\n    }\n    p = malloc_usable(n);\n"
            "    /* p = malloc(n); */\n    return 0;\n}\n")
    found = c.allocations("a.c", b(text), ALLOCATORS)
    assert [(a.target, a.allocator, a.line, a.args, a.local) for a in found] == [
        ("q", "malloc", 6, ("n",), True), ("r", "strdup", 6, ('"x"',), True), ("p", "malloc", 7, ("n",), True),
        ("s->items", "calloc", 8, ("n", "sizeof *s->items"), False),
        ("g.items", "calloc", 9, ("n", "sizeof g.items[0]"), False),
        ("*out", "realloc", 10, ("*out", "n"), False), ("p", "malloc", 11, ("n",), True),
        ("q", "strdup", 14, ("*out",), True)]
    assert [a.in_place for a in found] == [False] * 5 + [True, False, False]
    assert c.allocations("a.c", b(text), ()) == []


@pytest.mark.parametrize("check", [
    "if (!p) return -1;", "if (p == NULL) { perror(\"malloc\"); return -1; }", "if (NULL == p) goto fail;",
    "if (p != NULL) { use(p); }", "if (p == 0) abort();", "if (p) { use(p); }", "assert(p);",
    "if (!p || !q) goto fail;", "return p ? 0 : -1;", "ok = p != (void *)0;", "if (!(p)) return -1;",
    "while (p && *p) p++;"])
def test_null_checks_after_the_allocation(check: str) -> None:
    assert allocation(f"    char *q = 0, *p;\n    p = malloc(n);\n    {check}").checked


@pytest.mark.parametrize(("body", "checked"), [
    ("    char *p;\n    if ((p = malloc(n)) == NULL) {\n        return -1;\n    }", True),
    ("    char *p;\n    if (!(p = malloc(n))) {\n        return -1;\n    }", True),
    ("    char *p;\n    if ((p = (char *)malloc(n)) != NULL) {\n        use(p);\n    }", True),
    ("    char *line;\n    while ((line = strdup(*out))) {\n        use(line);\n    }", True),
    ("    *out = malloc(n);\n    if (!*out) {\n        return -1;\n    }", True),
    ("    *out = malloc(n);\n    if (*out == NULL) {\n        return -1;\n    }", True),
    ("    char *tmp = realloc(*out, n);\n    if (!tmp) {\n        return -1;\n    }\n    *out = tmp;", True),
    ("    struct buf *s = get();\n    s->data = malloc(n);\n    if (!s->data) {\n        return -1;\n    }", True),
    ("    char *p = malloc(n);\n    use(p);", False),
    ("    char *p;\n    if (!q) {\n        return -1;\n    }\n    p = malloc(n);\n    use(p);", False),
    ("    char *p = malloc(n); /* if (!p) return -1; */\n    use(p);", False),
    ("    char *pp = malloc(n);\n    if (!p) {\n        return -1;\n    }", False),
    ("    *out = malloc(n);\n    if (!out) {\n        return -1;\n    }", False),
    ("    char *dir;\n    if (!slash) {\n        dir = strdup(\".\");\n    } else {\n"
     "        dir = strndup(s, 2);\n    }\n    if (!dir) {\n        return -1;\n    }", True),
])
def test_checked_in_the_idioms_agents_write(body: str, checked: bool) -> None:
    first = c.allocations("a.c", b(f"int f(char **out, size_t n)\n{{\n{body}\n}}\n"), ALLOCATORS)[0]
    assert first.checked is checked


@pytest.mark.parametrize(("body", "in_place"), [
    ("    *out = realloc(*out, n);", True), ("    *out = (char *)realloc((*out), n);", True),
    ("    s->data = realloc(s -> data, n);", True), ("    char *tmp = realloc(*out, n);", False),
    ("    out[0] = realloc(out[1], n);", False)])
def test_in_place(body: str, in_place: bool) -> None:
    assert allocation(body, head="struct b { char *data; } *s;\n").in_place is in_place


def test_a_check_in_another_function_does_not_count() -> None:
    text = "char *f(size_t n)\n{\n    char *p = malloc(n);\n    return p;\n}\n" \
           "int g(char *p)\n{\n    return p == NULL;\n}\n"
    assert not c.allocations("a.c", b(text), ALLOCATORS)[0].checked


@pytest.mark.parametrize(("tail", "handed_on"), [
    ("free(p);", True), ("return p;", True), ("return (char *)p;", True), ("s->buf = p;", True),
    ("*out = p;", True), ("struct item it = { .data = p };", True), ("list_push(&head, p + 1);", True),
    ("q = p;", True), ("char *keep = p;", True), ("take(&p);", True),
    ("p[0] = 0;\n    return p[0];", False), ("p->len = 0;\n    use(p->data);", False), ("use(*p);", False),
    ("return sizeof p;", False), ("if (!p) {\n        return -1;\n    }\n    return 0;", False), ("", False),
])
def test_handed_on(tail: str, handed_on: bool) -> None:
    found = allocation(f"    struct item *s, *q;\n    char *p = malloc(n);\n    {tail}")
    assert (found.local, found.handed_on) == (True, handed_on)


def test_an_allocation_itself_handed_on_and_locals() -> None:
    assert allocation("    char *p;\n    return use(p = malloc(n));").handed_on
    assert not allocation("    *out = calloc(n, 1);\n    if (*out == NULL) {\n        return -1;\n    }").local
    assert not allocation("    cache = malloc(n);", head="static char *cache;\n").local
    assert not allocation("    static char *memo;\n    memo = malloc(n);").local
    assert allocation("    out = malloc(n);").local  # a parameter rebound


# --- control statements, headers, sizes --------------------------------------------------------------------------


def test_controls() -> None:
    assert c.controls("a.c", b(C)) == [
        c.Control(8, "if", True), c.Control(12, "if", False), c.Control(12, "else", True), c.Control(13, "do", True),
        c.Control(14, "for", False)]
    chain = "void f(int a, int b)\n{\n    if (a) {\n    } else if (b) {\n    } else\n        g();\n" \
            "    do g(); while (a);\n    while (b)\n    {\n        g();\n    }\n}\n"
    assert c.controls("a.c", b(chain)) == [
        c.Control(3, "if", True), c.Control(4, "if", True), c.Control(5, "else", False), c.Control(7, "do", False),
        c.Control(8, "while", True)]


def test_controls_leave_macro_bodies_out_even_when_a_comment_cuts_them() -> None:
    text = ("#define TRY(x) do { if (x) return -1; } while (0)\n#define DIE(msg) \\\n    do { \\\n"
            "        if (msg) /* say why */ \\\n            perror(msg); \\\n        exit(1); \\\n    } while (0)\n"
            "char *name = \"if (x) y();\";\nint f(int x)\n{\n#ifdef DEBUG\n    if (x)\n        return 1;\n#endif\n"
            "    return 0;\n}\n")
    assert c.controls("a.c", b(text)) == [c.Control(12, "if", False)]
    assert not [d for d in c.definitions("a.c", b(text)) if d.name != "f"]


@pytest.mark.parametrize(("text", "guard"), [
    ("/* x */\n#ifndef A_H\n#define A_H\nint a;\n#endif /* A_H */\n", "A_H"),
    ("#ifndef A_H\n#define A_H\n#ifdef __cplusplus\nextern \"C\" {\n#endif\nint a(void);\n#ifdef __cplusplus\n}\n"
     "#endif\n#endif\n", "A_H"),
    ("#pragma once\nint a;\n", None),
    ("#ifndef A_H\n#define B_H\nint a;\n#endif\n", None),
    ("#ifndef A_H\n#define A_H\nint a;\n", None),
    ("#ifndef A_H\n#define A_H\nint a;\n#endif\nint b;\n", None),
    ("#ifdef A_H\n#define A_H\n#endif\n", None),
    ("#include <stdio.h>\n#ifndef A_H\n#define A_H\n#endif\n", None),
])
def test_include_guard(text: str, guard: str | None) -> None:
    assert c.include_guard("a.h", b(text)) == guard


def test_guard_name() -> None:
    assert c.guard_name("src/ring-buffer.h") == "RING_BUFFER_H"
    assert c.guard_name("ring_buffer.h") == "RING_BUFFER_H"


def test_sizeofs_in_allocation_calls() -> None:
    text = ("#define NEW(p) ((p) = malloc(sizeof *(p)))\nvoid f(void)\n{\n"
            "    p = malloc(n * sizeof *p + sizeof(struct node) + sizeof p->x);\n    q = calloc(n, sizeof(*q));\n"
            "    v = realloc(v, n * sizeof v[0] + sizeof(v[0]) + sizeof(int) + sizeof(char *));\n"
            "    memset(p, 0, sizeof(struct node));\n}\n")
    found = c.sizeofs("a.c", b(text), ("malloc", "calloc", "realloc"))
    assert [(s.callee, s.line, s.operand, s.dereferenced) for s in found] == [
        ("malloc", 1, "*(p)", True),
        ("malloc", 4, "*p", True), ("malloc", 4, "struct node", False), ("malloc", 4, "p->x", False),
        ("calloc", 5, "*q", True),
        ("realloc", 6, "v[0]", True), ("realloc", 6, "v[0]", True), ("realloc", 6, "int", False),
        ("realloc", 6, "char *", False)]
    assert c.sizeofs("a.c", b(text), ()) == []


def test_pragmas() -> None:
    from pytest_harnessif.checks.c import pragmas

    src = b'#pragma once\n#pragma GCC diagnostic ignored "-Wunused"\nint x; /* #pragma not one */\n'
    assert [(p.line, p.text) for p in pragmas("a.c", src)] == [(1, "once"), (2, 'GCC diagnostic ignored "-Wunused"')]


def test_assertion_macros_that_name_no_value_do_not_count() -> None:
    text = "static void test_zero(void)\n{\n    CHECK(1);\n    assert(1 == 1);\n    CHECK(crc(0) == 0);\n}\n"
    assert [(d.name, d.assertions) for d in c.definitions("tests/test_crc.c", b(text))] == [("test_zero", 1)]
