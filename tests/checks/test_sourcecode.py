"""checks/sourcecode: files by language, the C-family lexer and what is built on it (calls, imports, components,
JSX, C functions and allocations), comments of any language, and the Python helpers of the code-style rules."""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m
import pytest

from pytest_harnessif import NotApplicable
from pytest_harnessif.checks.pysource import Source, parse
from pytest_harnessif.checks.sourcecode import (
    added_calls,
    added_code_lines,
    added_comment_blocks,
    added_comments_in,
    added_hits,
    added_imports,
    added_names,
    added_nodes,
    added_raises,
    allocations,
    arguments,
    assigned_frames,
    bound_names,
    c_functions,
    c_header_prototypes,
    c_prototypes,
    call_sites,
    callback_params,
    changed_code,
    changed_code_or_na,
    closing,
    comment_blocks,
    components,
    control_bodies,
    documents_raises,
    escapes,
    float_sides,
    found,
    frame_params,
    function_local_imports,
    guard_name,
    handler_nodes,
    importing,
    include_guard,
    is_eager_format,
    is_generated_text,
    is_js_test,
    is_log_call,
    is_makefile,
    is_numbered,
    jsx_key,
    jsx_tag,
    language_of,
    legacy_generics,
    log_message,
    looks_like_code,
    make_variable,
    module_specifiers,
    null_checked,
    numpy_random_calls,
    opening,
    own_nodes,
    raised_class,
    raises_new_exception,
    rebound_before,
    scan,
    scan_file,
    sizeof_operands,
    source_comments,
    source_files,
    suppression_with_reason,
    uses_name,
    weak_assert,
)
from pytest_harnessif.evidence import FileView
from pytest_harnessif.testing import make_run


def view(path: str, text: str) -> FileView:
    return FileView(path, text.encode())


def source(text: str, path: str = "src/a.py") -> Source:
    src = parse(path, text.encode())
    assert src is not None
    return src


# --- files by language --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "language"),
    [("a.py", "python"), ("a.tsx", "jsx"), ("a.jsx", "jsx"), ("a.ts", "typescript"), ("a.mjs", "javascript"),
     ("a.h", "c"), ("a.c", "c"), ("Makefile", None), ("a.md", None)],
)
def test_language_of(path: str, language: str | None) -> None:
    assert language_of(path) == language


def test_changed_code_by_language_and_na() -> None:
    run = make_run(initial={"a.js": "x\n", "b.py": "y = 1\n"}, final={"a.js": "x\ny\n", "b.py": "y = 1\n",
                                                                       "c.ts": "z\n", "Makefile": "all:\n"})
    assert [v.path for v in changed_code(run, "javascript")] == ["a.js", "c.ts"]
    assert [v.path for v in changed_code(run, "typescript")] == ["c.ts"]
    assert [v.path for v in source_files(run)] == ["a.js", "c.ts"]
    with pytest.raises(NotApplicable, match="no Python file changed"):
        changed_code_or_na(run, "python")
    with pytest.raises(NotApplicable, match=r"no C file matching \*\*/\*\.h changed"):
        changed_code_or_na(run, "c", "**/*.h")


def test_file_kinds() -> None:
    assert is_js_test("test/a.test.js") and is_js_test("src/a.spec.tsx") and is_js_test("tests/helpers.mjs")
    assert not is_js_test("src/contest.js") and not is_js_test("tests/a.py")
    assert is_makefile("Makefile") and is_makefile("lib/GNUmakefile") and is_makefile("rules.mk")
    assert not is_makefile("Makefile.md")
    head = b"a\nb\nc\nd\n# DO NOT EDIT\n"
    assert is_generated_text(head, ("DO NOT EDIT",)) and not is_generated_text(head, ("DO NOT EDIT",), head=4)
    assert not is_generated_text(None, ("x",))


# --- the lexer -------------------------------------------------------------------------------------------------

JS = """const a = "x//y"; // note
/* block
   two */ let t = `hi ${a + `in${b}`} there`;
if (x == '{') { y(); }
"""


def test_scan_blanks_comments_and_string_insides() -> None:
    src = scan(JS)
    assert len(src.code) == len(JS) and src.code.count("\n") == JS.count("\n")
    assert "//" not in src.code and "note" not in src.code and "block" not in src.code
    assert 'const a = "    ";' in src.code
    assert "${a + `  ${b}`}" in src.code
    assert "if (x == ' ') { y(); }" in src.code
    assert [(c.line, c.end, c.kind, c.alone) for c in src.comments] == [(1, 1, "line", False), (2, 3, "block", True)]
    assert [c.body for c in src.comments] == ["note", "block\ntwo"]
    assert sorted((s.quote, s.value) for s in src.strings) == [
        ('"', "x//y"), ("'", "{"), ("`", "hi ${a + `in${b}`} there"), ("`", "in${b}")]
    assert src.line(src.code.index("if")) == 4


def test_scan_cuts_unterminated_strings_at_the_line_end_and_knows_doc_comments() -> None:
    src = scan("<p>Don't stop</p>;\nconst b = 1;\n/** Doc. */\n")
    assert "const b = 1;" in src.code
    assert src.comments[0].is_doc and not scan("/**/").comments[0].is_doc


def test_c_files_have_no_template_literals() -> None:
    src = scan_file(view("a.c", "int x = 1; /* `not a template */\nint y = 2;\n"))
    assert "int y = 2;" in src.code and src.strings == ()


def test_brackets_and_arguments() -> None:
    code = "f(a, g(b, c), [d, e])"
    assert closing(code, 1) == len(code) - 1 and opening(code, len(code) - 1) == 1
    assert [code[a:b].strip() for a, b in arguments(code, 1)] == ["a", "g(b, c)", "[d, e]"]
    assert arguments("f()", 1) == []
    assert closing("f(", 1) == 2


def test_call_sites() -> None:
    src = scan("useEffect(() => {}, [a]);\nReact.useEffect(f);\nmyuseEffect(x);\nitems.map((i) => i);\n")
    effects = call_sites(src, r"(?:React\.)?useEffect")
    assert [(c.callee, c.line, c.args) for c in effects] == [
        ("useEffect", 1, ("() => {}", "[a]")), ("React.useEffect", 2, ("f",))]
    assert [c.line for c in call_sites(src, r"\.map")] == [4]


def test_module_specifiers() -> None:
    src = scan("import a from 'node:fs';\nimport './x.css';\nconst b = require(\"path\");\n"
               "export { c } from '../c.js';\nconst s = 'fs';\nawait import('y');\n")
    assert [s.value for s in module_specifiers(src)] == ["node:fs", "./x.css", "path", "../c.js", "y"]


def test_components() -> None:
    src = scan("export function App() {}\nconst Card = ({ a }) => <b/>;\nexport const List = memo(function L() {});\n"
               "class Old extends React.Component {}\nconst API_URL = () => 1;\nfunction helper() {\n"
               "  function Inner() {}\n}\nconst Styles = { a: 1 };\n")
    assert [(c.name, c.line, c.kind) for c in components(src)] == [
        ("App", 1, "function"), ("Card", 2, "arrow"), ("List", 3, "arrow"), ("Old", 4, "class")]


def test_jsx_tags_keys_and_callbacks() -> None:
    code = scan("items.map((item, i) => <li key={`${item.id}-${i}`} onClick={() => go(i)}>{item.n}</li>)").code
    tag = jsx_tag(code)
    assert tag is not None and tag[0] == "li" and tag[1].endswith(">")
    key = jsx_key(tag[1])
    assert key is not None and uses_name(key, "i") and uses_name(key, "item")
    assert jsx_tag("a < b") is None and jsx_tag("return <>x</>") == ("", "<>")
    assert jsx_key("<li>") is None and jsx_key('<li key=" ">') == ""
    assert callback_params("(item, index) => x") == ["item", "index"]
    assert callback_params("async (a: Todo, b = 2) => x") == ["a", "b"]
    assert callback_params("item => x") == ["item"] and callback_params("function (a, b) {}") == ["a", "b"]
    assert callback_params("handler") == []
    assert not uses_name("item.i + i2", "i")


def test_suppression_with_reason() -> None:
    assert suppression_with_reason("@ts-expect-error: the types lack it", "@ts-expect-error")
    assert suppression_with_reason("@ts-expect-error -- vendor bug", "@ts-expect-error")
    assert not suppression_with_reason("@ts-expect-error", "@ts-expect-error")
    assert not suppression_with_reason("@ts-ignore: because", "@ts-expect-error")
    assert not suppression_with_reason("see @ts-expect-error docs", "@ts-expect-error")


# --- C ----------------------------------------------------------------------------------------------------

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


def test_c_functions_and_prototypes() -> None:
    src = scan(C, templates=False)
    fns = c_functions(src)
    assert [(f.name, f.line, f.is_static) for f in fns] == [("helper", 5, True), ("main", 19, False)]
    assert c_prototypes(src) == {"api"}
    run = make_run(final={"a.h": "int api(int a);\ntypedef int (*cb)(int);\n", "a.c": C})
    assert c_header_prototypes(run) == {"api"}


def test_allocations_null_checks_and_escapes() -> None:
    src = scan(C, templates=False)
    found_ = allocations(src, ("malloc", "calloc", "realloc"))
    assert [(a.target, a.allocator, a.line, a.first_arg, a.is_local) for a in found_] == [
        ("buf", "malloc", 7, "v * sizeof *buf", True), ("buf", "realloc", 11, "buf", True),
        ("s->data", "calloc", 15, "1", False)]
    assert null_checked(found_[0].rest, "buf") and not null_checked(found_[1].rest, "buf")
    assert escapes(found_[1].rest, "buf")
    assert not escapes("; if (!tmp) { return -1; } return 0;", "tmp")
    assert escapes("; return tmp;", "tmp") and escapes("; s->p = tmp;", "tmp")
    assert allocations(src, ()) == []
    for check in ("buf == NULL", "NULL != buf", "if (buf)", "assert(buf)"):
        assert null_checked(check, "buf")
    assert not null_checked("buffer == NULL", "buf")


def test_control_bodies() -> None:
    src = scan(C, templates=False)
    assert control_bodies(src) == [(8, "if", True), (12, "if", False), (12, "else", True), (14, "for", False)]
    assert control_bodies(scan("if (a) {\n} else if (b) {\n} else\n  c();\n")) == [
        (1, "if", True), (2, "if", True), (3, "else", False)]


def test_headers_sizes_and_makefiles() -> None:
    assert include_guard(scan("/* x */\n#ifndef A_H\n#define A_H\nint a;\n#endif /* A_H */\n")) == "A_H"
    assert include_guard(scan("#pragma once\nint a;\n")) is None
    assert include_guard(scan("#ifndef A_H\n#define B_H\nint a;\n#endif\n")) is None
    assert guard_name("src/ring-buffer.h") == "RING_BUFFER_H"
    assert sizeof_operands(scan("malloc(n * sizeof *p + sizeof(struct node) + sizeof p->x)").code) == [
        "*p", "struct node", "p->x"]
    make = "CFLAGS = -O2 \\\n  -Wall # comment\noverride CFLAGS += -Wextra\nLDFLAGS = -lm\n"
    assert make_variable(make, "CFLAGS") == ["-O2", "-Wall", "-Wextra"]
    assert make_variable(make, "CC") == []


# --- comments of any language -------------------------------------------------------------------------------


def test_source_comments_and_blocks() -> None:
    py = view("a.py", "# one\n# two\nx = 1  # inline\n\n# three\n")
    assert [(c.line, c.alone) for c in source_comments(py)] == [(1, True), (2, True), (3, False), (5, True)]
    blocks = comment_blocks(source_comments(py))
    assert [[c.line for c in b] for b in blocks] == [[1, 2], [5]]
    js = view("a.js", "// a\n// b\n/* c\n d */\n// e\n")
    assert [(b[0].line, b[-1].end) for b in comment_blocks(source_comments(js))] == [(1, 2), (3, 4), (5, 5)]
    assert source_comments(view("a.md", "# title\n")) == []


@pytest.mark.parametrize(
    ("body", "language", "code"),
    [("total = compute(rows)", "python", True), ("return cache[key]", "python", True),
     ("if x > 1:", "python", True), ("print(x)", "python", True), ("TODO: fix", "python", False),
     ("cleanup", "python", False), ("Compute the mean (ignoring gaps).", "python", False),
     ("return cache[key];", "javascript", True), ("foo(bar);", "c", True), ("}", "c", True),
     ("if (x) {", "c", True), ("see foo(); it is fine.", "javascript", False), ("Dates in UTC.", "c", False)],
)
def test_looks_like_code(body: str, language: str, code: bool) -> None:
    assert looks_like_code(body, language) is code


def test_added_lines_comments_blocks_and_calls() -> None:
    before = "const a = 1;\n"
    after = before + "// one\n// two\nvar b = a == 1;\nuseEffect(f);\n"
    run = make_run(initial={"a.js": before}, final={"a.js": after})
    views = changed_code(run, "javascript")
    lines = added_code_lines(run, views)
    assert [(n, code.strip()) for _, n, code in lines] == [(4, "var b = a == 1;"), (5, "useEffect(f);")]
    assert added_hits(lines, re.compile(r"\bvar\b")) == ["a.js:4: var b = a == 1;"]
    assert [(c.line, c.body) for _, c in added_comments_in(run, views)] == [(2, "one"), (3, "two")]
    assert [(first, last) for _, first, last in added_comment_blocks(run, views)] == [(2, 3)]
    assert [c.line for _, _, c in added_calls(run, views, "useEffect")] == [5]


def test_added_comment_blocks_skip_headers_and_doc_comments() -> None:
    text = "// header\n// more\nconst a = 1;\n/**\n * Doc.\n */\nconst b = 2;\n"
    run = make_run(final={"a.js": text})
    assert added_comment_blocks(run, changed_code(run, "javascript")) == []


# --- Python helpers ----------------------------------------------------------------------------------------

PY = '''import logging
import numpy as np
from numpy.random import permutation
from numpy import random as npr

log = logging.getLogger(__name__)


def f(df, frame: "pd.DataFrame", other: int) -> None:
    try:
        x = 1
    except ValueError as exc:
        log.error("bad %s", x)
        log.exception(f"bad {x}")

        def inner():
            log.error("nested")
        raise KeyError("k") from exc
    except KeyError as exc:
        raise exc
    df["a"] = 1
    frame = frame.copy()
    frame.loc[0, "b"] = 2
    np.random.seed(1)
    rng = np.random.default_rng(3)
    permutation([1])
    npr.rand()
    import json
'''


def test_handlers_and_logging() -> None:
    src = source(PY)
    calls_in_handlers = [n for _, n in handler_nodes(src.module, m.Call())]
    errors = [c for c in calls_in_handlers if is_log_call(c, ("error",))]
    assert [src.line(c) for c in errors] == [13]
    exceptions = [c for c in calls_in_handlers if is_log_call(c, ("exception",))]
    assert len(exceptions) == 1 and is_eager_format(log_message(exceptions[0]))
    assert not is_eager_format(log_message(errors[0]))
    assert is_eager_format(cst.parse_expression('"a %s" % x'))
    assert is_eager_format(cst.parse_expression('"a".format(x)'))
    assert log_message(cst.parse_expression('log.log(20, "m")')) is not None
    assert log_message(cst.parse_expression("log.info()")) is None
    raises = handler_nodes(src.module, m.Raise())
    assert [(src.line(r), raises_new_exception(r, h), raised_class(r)) for h, r in raises] == [
        (18, True, "KeyError"), (20, False, "exc")]


def test_own_nodes_skip_nested_scopes() -> None:
    fn = cst.parse_module("def f():\n    g()\n    def h():\n        k()\n    lambda: m()\n").body[0]
    assert isinstance(fn, cst.FunctionDef)
    calls = [c for c in own_nodes(fn.body, m.Call()) if isinstance(c, cst.Call)]
    assert [cst.Module(body=[]).code_for_node(c) for c in calls] == ["g()"]


def test_numpy_random_calls_and_imports() -> None:
    src = source(PY)
    assert [fn for _, fn in numpy_random_calls(src.module)] == ["seed", "default_rng", "permutation", "rand"]
    run = make_run(initial={}, final={"src/a.py": PY})
    bindings = [(name, bound, origin) for _, _, name, bound, origin in added_imports(run, [src])]
    assert ("numpy", "np", "") in bindings and ("random", "npr", "numpy") in bindings
    assert importing([src], ("numpy",)) == [src] and importing([src], ("pandas",)) == []
    local = function_local_imports(src.module)
    assert [src.line(i) for i in local] == [28]


def test_frames_parameters_and_rebinding() -> None:
    src = source(PY)
    fn = next(d.node for d in src.defs if d.name == "f")
    assert isinstance(fn, cst.FunctionDef)
    assert frame_params(fn, ("df",)) == {"df", "frame"} and frame_params(fn, ()) == {"frame"}
    writes = [(src.line(a), assigned_frames(a)) for a in found(fn.body, m.Assign()) if assigned_frames(a)]
    assert writes == [(21, ["df"]), (23, ["frame"])]
    assign = next(a for a in found(fn.body, m.Assign()) if assigned_frames(a) == ["frame"])
    assert rebound_before(src, fn, "frame", assign)
    first = next(a for a in found(fn.body, m.Assign()) if assigned_frames(a) == ["df"])
    assert not rebound_before(src, fn, "df", first)


def test_bound_names_and_added_nodes() -> None:
    text = "a, *b = f()\nfor i in x:\n    pass\nwith o as w:\n    pass\nc: int = 1\nd += 1\nq.r = 1\n" \
           "def g(p, *args, k=1, **kw):\n    return [y for y in p]\n"
    names = [n.value for n in bound_names(cst.parse_module(text))]
    assert sorted(names) == sorted(["a", "b", "i", "w", "c", "d", "y", "p", "args", "k", "kw"])
    run = make_run(initial={"src/a.py": "x = 1\n"}, final={"src/a.py": "x = 1\nyy = 2\n"})
    src = source("x = 1\nyy = 2\n")
    assert [n.value for n in added_nodes(run, src, bound_names(src.module))] == ["yy"]


def test_legacy_generics_and_float_sides() -> None:
    note = cst.parse_expression("Optional[List[int]] | typing.Dict[str, int] | list[int]")
    assert legacy_generics(note, ("Optional", "List", "Dict")) == ["Optional", "List", "typing.Dict"]
    test = cst.parse_statement("assert f([0.5]) == 0.5 != approx(0.5)\n")
    assert isinstance(test, cst.SimpleStatementLine) and isinstance(test.body[0], cst.Assert)
    sides = float_sides(test.body[0], "pytest.approx")
    assert [(cst.Module(body=[]).code_for_node(s), wrapped) for s, wrapped in sides] == [
        ("0.5", False), ("approx(0.5)", True)]


def test_documents_raises_and_weak_asserts() -> None:
    assert documents_raises("Do.\n\nRaises:\n    errors.ValueError: when.", "Raises:", ["ValueError"])
    assert not documents_raises("Do. ValueError", "Raises:", ["ValueError"])
    assert not documents_raises("Raises:\n    KeyError: x", "Raises:", ["ValueError"])

    def weak(body: str) -> bool:
        fn = cst.parse_module(f"def test_x():\n{body}").body[0]
        assert isinstance(fn, cst.FunctionDef)
        return weak_assert(fn)

    assert weak("    assert f() is not None\n    assert isinstance(f(), int)\n    assert len(f()) > 0\n")
    assert not weak("    assert f() == 3\n")
    assert not weak("    assert f()\n    assert_frame_equal(a, b)\n")
    assert not weak("    f()\n")


def test_added_raises_and_names() -> None:
    py = 'def f(x):\n    if x:\n        raise ValueError\n    raise KeyError(f"no {x}")\n' \
         "    try:\n        g()\n    except OSError as err:\n        raise err\n"
    js = "export function h(a) {\n  const total2 = a;\n  throw new Error();\n}\nthrow new TypeError(`bad ${a}`);\n"
    run = make_run(final={"src/a.py": py, "src/b.js": js})
    assert added_raises(run) == [("src/a.py:3", False), ("src/a.py:4", True), ("src/b.js:3", False),
                                 ("src/b.js:5", True)]
    names = added_names(run)
    assert ("src/a.py:1", "f") in names and ("src/a.py:7", "err") in names and ("src/b.js:2", "total2") in names


@pytest.mark.parametrize(
    ("name", "numbered"),
    [("data2", True), ("result_1", True), ("df2", True), ("f1", False), ("macro_f1", False), ("utf8", False),
     ("sha256", False), ("ipv4", False), ("x1", False), ("items", False)],
)
def test_is_numbered(name: str, numbered: bool) -> None:
    assert is_numbered(name) is numbered
