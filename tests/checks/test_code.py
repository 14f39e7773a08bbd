"""checks/code: which files are code, in which language, which are tests; the shared facts of every language the
checks read (Python, JavaScript/TypeScript, C) and what language-neutral rules ask of them; n/a, never a fail, for
code in a language the checks cannot read."""

from __future__ import annotations

import pytest

from pytest_harnessif import NotApplicable
from pytest_harnessif.checks import code
from pytest_harnessif.checks.project import is_generated_text, is_makefile, make_variable
from pytest_harnessif.evidence import FileView
from pytest_harnessif.testing import make_run


def view(path: str, text: str) -> FileView:
    return FileView(path, text.encode())


@pytest.mark.parametrize(
    ("path", "language", "test"),
    [("src/a.py", "python", False), ("tests/test_a.py", "python", True), ("pkg/a_test.py", "python", True),
     ("src/a.tsx", "typescript", False), ("src/a.test.tsx", "typescript", True), ("test/a.mjs", "javascript", True),
     ("__tests__/x.js", "javascript", True), ("src/a.h", "c", False), ("tests/test_a.c", "c", True),
     ("cmd/main.go", "go", False), ("pkg/a_test.go", "go", True), ("src/App.java", "java", False),
     ("src/AppTest.java", "java", True), ("Makefile", None, False), ("README.md", None, False),
     ("test.c", "c", True), ("src/ring_tests.c", "c", True), ("check_ring.c", "c", True),
     ("test.js", "javascript", True), ("src/a-test.js", "javascript", True), ("test-a.mjs", "javascript", True),
     ("app/tests.py", "python", True), ("spec/a.c", "c", True), ("testing/a.c", "c", True),
     ("spec/a.py", "python", True), ("src/latest.js", "javascript", False), ("src/check_config.py", "python", False),
     ("tests/data.json", None, False)],
)
def test_languages_and_test_files(path: str, language: str | None, test: bool) -> None:
    assert code.language(path) == language
    assert code.is_test_path(path) is test


def test_file_groups_and_kinds() -> None:
    run = make_run(initial={"a.js": "x\n", "b.py": "y = 1\n"}, final={"a.js": "x\ny\n", "b.py": "y = 1\n",
                                                                       "c.ts": "z\n", "Makefile": "all:\n"})
    assert [v.path for v in code.changed_code(run, "javascript")] == ["a.js", "c.ts"]
    assert [v.path for v in code.changed_code(run, "typescript")] == ["c.ts"]
    with pytest.raises(NotApplicable, match="no Python file changed"):
        code.changed_code_or_na(run, "python")
    with pytest.raises(NotApplicable, match=r"no C file matching \*\*/\*\.h changed"):
        code.changed_code_or_na(run, "c", "**/*.h")
    assert code.is_test_path("test/a.test.js") and code.is_test_path("tests/helpers.mjs")
    assert not code.is_test_path("src/contest.js")
    assert all(code.is_test_path(p) for p in ("spec/a.js", "src/a_test.js", "testing/a.js", "test.js", "a-test.cjs"))
    assert is_makefile("Makefile") and is_makefile("rules.mk") and not is_makefile("Makefile.md")
    head = b"a\nb\nc\nd\n# DO NOT EDIT\n"
    assert is_generated_text(head, ("DO NOT EDIT",)) and not is_generated_text(head, ("DO NOT EDIT",), head=4)
    make = "CFLAGS = -O2 \\\n  -Wall # comment\noverride CFLAGS += -Wextra\nLDFLAGS = -lm\n"
    assert make_variable(make, "CFLAGS") == ["-O2", "-Wall", "-Wextra"] and make_variable(make, "CC") == []


def test_sources_or_na_says_which_language_it_cannot_read() -> None:
    run = make_run(initial={}, final={"cmd/main.go": "package main\n", "internal/x.rs": "fn x() {}\n",
                                      "docs/a.md": "# A\n"})
    with pytest.raises(NotApplicable, match=r"cannot read Go or Rust: cmd/main.go, internal/x.rs"):
        code.sources_or_na(run, "source file")
    assert code.changed_sources(make_run(final={"src/a.py": "x = 1\n", "a.go": "package a\n"})) != []
    with pytest.raises(NotApplicable, match="no source file changed"):
        code.sources_or_na(make_run(final={"README.md": "x\n"}), "source file")
    tests_only = make_run(final={"tests/test_a.py": "def test_a():\n    assert 1\n"})
    with pytest.raises(NotApplicable, match="no non-test file changed"):
        code.sources_or_na(tests_only, "non-test file", tests=False)


def test_comments_and_blocks_in_every_language() -> None:
    py = view("a.py", "# one\n# two\nx = 1  # inline\n\n# three\n")
    assert [(c.line, c.alone) for c in code.comments(py)] == [(1, True), (2, True), (3, False), (5, True)]
    assert [[c.line for c in b] for b in code.comment_blocks(code.comments(py))] == [[1, 2], [5]]
    odd = view("a.py", 'x = 1\x0c\ny = "\u2028"  # a\n    # b\n')  # rows split at newlines only, as tree-sitter's
    assert [(c.line, c.alone) for c in code.comments(odd)] == [(2, False), (3, True)]
    js = view("a.js", "// a\n// b\n/* c\n d */\n// e\n")
    assert [(b[0].line, b[-1].end) for b in code.comment_blocks(code.comments(js))] == [(1, 2), (3, 4), (5, 5)]
    c = view("a.c", "int x; /* note */\n// lone\n")
    assert [(n.line, n.alone, n.kind) for n in code.comments(c)] == [(1, False, "block"), (2, True, "line")]
    with pytest.raises(ValueError, match="cannot read Go"):
        code.comments(view("a.go", "// x\n"))


@pytest.mark.parametrize(
    ("body", "language", "looks"),
    [("total = compute(rows)", "python", True), ("return cache[key]", "python", True),
     ("if x > 1:", "python", True), ("print(x)", "python", True), ("TODO: fix", "python", False),
     ("cleanup", "python", False), ("Compute the mean (ignoring gaps).", "python", False),
     ("return cache[key];", "javascript", True), ("const seen = new Set();", "typescript", True),
     ("deprecated", "javascript", False), ("foo(bar);", "c", True), ("}", "c", True), ("if (x) {", "c", True),
     ("buf = malloc(n);", "c", True), ("see foo(); it is fine.", "javascript", False), ("Dates in UTC.", "c", False),
     ("fall through", "c", False), ("x = 1", "go", False), ("const y: number = x * 2;", "typescript", True),
     ("let rows: Row[] = [];", "typescript", True), ("return items as Todo[];", "typescript", True),
     ("deprecated", "typescript", False), ("see foo(); it is fine.", "typescript", False),
     ("Rows are sorted: oldest first.", "typescript", False)],
)
def test_looks_like_code(body: str, language: str, looks: bool) -> None:
    assert code.looks_like_code(body, language) is looks


def test_what_a_run_added() -> None:
    before = "const a = 1;\n"
    after = before + "// one\n// two\nvar b = a == 1;\nuseEffect(f);\n"
    run = make_run(initial={"a.js": before}, final={"a.js": after})
    views = code.changed_code(run, "javascript")
    assert [(c.line, c.body) for _, c in code.added_comments(run, views)] == [(2, "one"), (3, "two")]
    assert [(first, last) for _, first, last in code.added_comment_blocks(run, views)] == [(2, 3)]
    assert [c.callee for _, c in code.on_added_lines(run, views, code.calls)] == ["useEffect"]
    header = make_run(final={"a.js": "// header\n// more\nconst a = 1;\n/**\n * Doc.\n */\nconst b = 2;\n"})
    assert code.added_comment_blocks(header, code.changed_code(header, "javascript")) == []


def test_added_raises_and_names_in_every_language() -> None:
    py = 'def f(x):\n    if x:\n        raise ValueError\n    raise KeyError(f"no {x}")\n' \
         "    try:\n        g()\n    except OSError as err:\n        raise err\n"
    js = "export function h(a) {\n  const total2 = a;\n  throw new Error();\n}\nthrow new TypeError(`bad ${a}`);\n"
    c = "static int count_rows(const char *path) {\n  int n2 = 0;\n  return n2;\n}\n"
    run = make_run(final={"src/a.py": py, "src/b.js": js, "src/c.c": c})
    throwing = code.changed_sources(run, languages=("python", "javascript", "typescript"))
    raised = [(f"{v.path}:{r.line}", r.has_message) for v, r in code.on_added_lines(run, throwing, code.raises)]
    assert raised == [("src/a.py:3", False), ("src/a.py:4", True), ("src/b.js:3", False), ("src/b.js:5", True)]
    bound = code.on_added_lines(run, code.changed_sources(run), code.bindings)
    names = [(f"{v.path}:{b.line}", b.name) for v, b in bound]
    assert {("src/a.py:1", "f"), ("src/a.py:7", "err"), ("src/b.js:2", "total2"), ("src/c.c:2", "n2"),
            ("src/c.c:1", "count_rows")} <= set(names)


def test_changed_definitions_and_new_test_cases() -> None:
    before = {"src/a.py": "def f():\n    return 1\n\n\ndef g():\n    return 2\n",
              "tests/test_a.py": "def test_f():\n    assert f() == 1\n",
              "test/a.test.js": "test('adds', () => { expect(1).toBe(1); });\n"}
    after = {"src/a.py": "def f():\n    return 1\n\n\ndef g():\n    return 3\n\n\ndef h(x, y):\n    return x\n",
             "tests/test_a.py": before["tests/test_a.py"] + "\n\ndef test_g_regression():\n    assert g() == 3\n",
             "test/a.test.js": before["test/a.test.js"] + "test('drops empty rows', () => {});\n",
             "tests/test_b.c": "static void test_parse(void) { CHECK(1); }\n"}
    run = make_run(initial=before, final=after)
    changed = code.changed_definitions(run, code.changed_sources(run, tests=False))
    assert [(d.name, d.params) for _, d in changed] == [("g", ()), ("h", ("x", "y"))]
    assert code.new_test_cases({p: t.encode() for p, t in before.items()},
                               {p: t.encode() for p, t in after.items()}) == [
        "test/a.test.js::drops empty rows", "tests/test_a.py::test_g_regression", "tests/test_b.c::test_parse"]
    assert code.new_test_cases({}, {"test.c": b"static void test_parse(void) { CHECK(1); }\n"}) == [
        "test.c::test_parse"]


def test_new_test_cases_leave_unparsable_files_out() -> None:
    before = {"tests/test_a.py": b"def test_old():\n    pass\n"}
    after = {
        "tests/test_a.py": b"def test_old():\n    pass\n\n\ndef test_new():\n    pass\n\n\ndef helper():\n    pass\n",
        "tests/unit/test_b.py": b"class TestB:\n    def test_x(self):\n        pass\n",
        "tests/test_broken.py": b"def test_(:\n",
        "test/broken.test.js": b"test('half', () => {\n",
    }
    assert code.new_test_cases(before, after) == ["tests/test_a.py::test_new", "tests/unit/test_b.py::TestB.test_x"]


@pytest.mark.parametrize(
    ("name", "numbered"),
    [("data2", True), ("result_1", True), ("df2", True), ("f1", False), ("macro_f1", False), ("utf8", False),
     ("sha256", False), ("ipv4", False), ("x1", False), ("items", False)],
)
def test_is_numbered(name: str, numbered: bool) -> None:
    assert code.is_numbered(name) is numbered
