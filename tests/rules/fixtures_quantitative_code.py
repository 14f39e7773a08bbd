"""Pass/fail/n-a fixtures for the quantitative rules that measure code (QT-004...QT-006, QT-010, QT-011, QT-013,
QT-015...QT-017, QT-020), each written in Python, JavaScript and C; also the small JavaScript and C repositories the
conditional-logic fixtures share."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, turn

from .fixtures_output_control import TEST, state
from .fixtures_quantitative import (
    HELPER,
    LONG_EXISTING,
    NEW_TEST,
    TEST_CLASS,
    _line,
    add_function,
    changed,
    function,
    touch_helper_next_to_long_legacy,
    touch_long_legacy,
)
from .fixtures_quantitative_counts import (
    FIVE_PARAMS,
    only_tests_changed,
    qt010_constants_only,
    qt010_six_parameters,
    qt011_boolean_operators_count,
    qt011_complexity_at_the_limit,
    qt011_complexity_one_over,
    qt013_legacy_grew,
    qt013_new_module_at_the_limit_and_legacy_shrunk,
    qt013_new_module_one_over,
    qt015_depth_at_the_limit,
    qt015_depth_one_over,
    qt016_c_one_over,
    qt016_js_at_the_limit,
    qt016_python_only,
    qt017_one_assertion_each,
    qt017_only_a_helper,
    qt017_test_without_assertion,
    qt020_count_stated,
    qt020_no_count,
    qt020_no_test_added,
    qt020_wrong_count,
)

# --- the JavaScript and C repositories ------------------------------------------------------------------------

SORT_JS = "export function sortRows(rows, key) {\n  return [...rows].sort((a, b) => a[key] - b[key]);\n}\n"
SORT_TEST = (
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n"
    "import { sortRows } from '../src/sort.js';\n\n"
    "test('sorts rows by date', () => {\n  assert.deepEqual(sortRows([{ d: 2 }, { d: 1 }], 'd'), [{ d: 1 }, { d: 2 }]);"
    "\n});\n"
)
JS_BASE = {
    "package.json": '{\n  "name": "tablekit",\n  "type": "module",\n  "scripts": { "test": "node --test" }\n}\n',
    "src/sort.js": SORT_JS,
    "test/sort.test.js": SORT_TEST,
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n",
    "README.md": "# tablekit\n",
}
CRC_C = '#include "crc.h"\n\nunsigned crc_add(unsigned a, unsigned b)\n{\n\treturn a + b;\n}\n'
CRC_TEST = ('#include "check.h"\n#include "../src/crc.h"\n\nstatic void test_add(void)\n{\n\tCHECK(crc_add(1, 2) == 3);'
            "\n}\n\nvoid crc_suite(void)\n{\n\tRUN(test_add);\n}\n")
C_BASE = {
    "Makefile": "test:\n\tcc -o build/unit tests/*.c src/crc.c && ./build/unit && sh tests/cli.sh\n",
    "src/crc.c": CRC_C,
    "src/crc.h": "#ifndef CRC_H\n#define CRC_H\n\nunsigned crc_add(unsigned a, unsigned b);\n\n#endif\n",
    "src/main.c": '#include <stdio.h>\n\nint main(void)\n{\n\tputs("crc");\n\treturn 0;\n}\n',
    "tests/check.h": "#define CHECK(x) check((x), #x, __FILE__, __LINE__)\n#define RUN(t) run(#t, t)\n",
    "tests/test_crc.c": CRC_TEST,
    "tests/cli.sh": "#!/bin/sh\n./build/crc | grep -q crc || echo 'FAIL cli: no banner'\n",
    "tests/data/sample.txt": "abc\n",
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n",
    "README.md": "# crc\n",
}


def js_changed(changes: dict[str, str | None]) -> Run:
    return changed(changes, JS_BASE)


def c_changed(changes: dict[str, str | None]) -> Run:
    return changed(changes, C_BASE)


def js_function(name: str, length: int, params: str = "") -> str:
    """A JavaScript function spanning exactly `length` lines."""
    steps = "".join(f"  total += {i};\n" for i in range(length - 4))
    return f"export function {name}({params}) {{\n  let total = 0;\n{steps}  return total;\n}}\n"


def c_function(name: str, length: int, params: str = "void") -> str:
    """A C function spanning exactly `length` lines (return type and name on the first)."""
    steps = "".join(f"\ttotal += {i};\n" for i in range(length - 5))
    return f"int {name}({params})\n{{\n\tint total = 0;\n{steps}\treturn total;\n}}\n"


def js_tests(*titles: str, body: str = "assert.ok(sortRows([], 'd'));") -> str:
    return SORT_TEST + "".join(f"\ntest('{t}', () => {{\n  {body}\n}});\n" for t in titles)


def c_tests(*names: str, body: str = "CHECK(crc_add(0, 0) == 0);") -> str:
    return CRC_TEST + "".join(f"\nstatic void {n}(void)\n{{\n\t{body}\n}}\n" for n in names)


# --- QT-004 function length ----------------------------------------------------------------------------------


def qt004_js_at_the_limit() -> Run:
    return js_changed({"src/total.js": js_function("total", 30)})


def qt004_c_at_the_limit_next_to_a_long_untouched_one() -> Run:
    initial = {**C_BASE, "src/sum.c": c_function("legacy", 40) + "\n" + c_function("helper", 6)}
    return changed({"src/sum.c": c_function("legacy", 40) + "\n" + c_function("helper", 30)}, initial)


def qt004_js_one_over() -> Run:
    return js_changed({"src/total.js": js_function("total", 31)})


def qt004_c_one_over() -> Run:
    return c_changed({"src/sum.c": c_function("total", 31)})


def qt004_only_constants() -> Run:
    return changed({"src/pkg/consts.py": "LIMIT = 3\n"})


# --- QT-005 new tests -------------------------------------------------------------------------------------------


def qt005_js_two_cases() -> Run:
    return js_changed({"test/sort.test.js": js_tests("keeps ties stable", "sorts an empty list")})


def qt005_c_two_functions() -> Run:
    return c_changed({"tests/test_crc.c": c_tests("test_zero", "test_overflow")})


def qt005_js_one_case() -> Run:
    return js_changed({"test/sort.test.js": js_tests("keeps ties stable")})


def qt005_c_one_function() -> Run:
    return c_changed({"tests/test_crc.c": c_tests("test_zero")})


# --- QT-006 Python line length ------------------------------------------------------------------------------------


def qt006_long_line_edited_not_longer() -> Run:
    """A line that was already 120 characters is edited and stays 120: the run did not make it long."""
    return changed({"src/pkg/consts.py": LONG_EXISTING.replace("x = '", "z = '")},
                   state({"src/pkg/consts.py": LONG_EXISTING}))


def qt006_long_line_made_longer() -> Run:
    return changed({"src/pkg/consts.py": LONG_EXISTING.replace("x = '", "xx = '")},
                   state({"src/pkg/consts.py": LONG_EXISTING}))


def qt006_py_pass() -> Run:
    initial = state({"src/pkg/consts.py": LONG_EXISTING})
    return changed({"src/pkg/consts.py": LONG_EXISTING + _line(100) + "\n"}, initial)


def qt006_py_fail() -> Run:
    return changed({"src/pkg/consts.py": _line(60) + "\n" + _line(101) + "\n"})


# --- QT-010 parameters ----------------------------------------------------------------------------------------------


def qt010_python_five() -> Run:
    return changed({"src/pkg/build.py": FIVE_PARAMS})


def qt010_js_five_with_rest() -> Run:
    code = ("export function build(a, b, c, d, ...rest) {\n  return a;\n}\n\n"
            "export class Box {\n  fill(a, b, c, d, e) {\n    return this;\n  }\n}\n")
    return js_changed({"src/build.js": code})


def qt010_js_six() -> Run:
    return js_changed({"src/build.js": "export const build = (a, b, c, d, e, { f }) => a;\n"})


def qt010_c_five() -> Run:
    return c_changed({"src/build.c": "int build(int a, int b, int c, int d, int e)\n{\n\treturn a;\n}\n\n"
                                     "int none(void)\n{\n\treturn 0;\n}\n"})


def qt010_c_six() -> Run:
    code = "int build(int a, int b, int c, int d, int e, const char *f)\n{\n\treturn a;\n}\n"
    return c_changed({"src/build.c": code})


# --- QT-011 complexity ------------------------------------------------------------------------------------------------


def _branches(k: int, tail: str, c: bool = False) -> str:
    ifs = "".join(f"\tif (x == {i})\n\t\treturn {i};\n" if c else f"  if (x === {i}) {{\n    return {i};\n  }}\n"
                  for i in range(k))
    if c:
        return f"int pick(int x, int y)\n{{\n{ifs}\treturn {tail};\n}}\n"
    return f"export function pick(x, y) {{\n{ifs}  return {tail};\n}}\n"


def qt011_js_at_the_limit() -> Run:
    return js_changed({"src/pick.js": _branches(9, "x")})


def qt011_js_logical_operator_over() -> Run:
    return js_changed({"src/pick.js": _branches(9, "x ?? y")})


def qt011_c_at_the_limit() -> Run:
    return c_changed({"src/pick.c": _branches(8, "x && y", c=True)})


def qt011_c_ternary_over() -> Run:
    return c_changed({"src/pick.c": _branches(9, "x ? y : 0", c=True)})


# --- QT-013 file length -----------------------------------------------------------------------------------------------


def qt013_js_one_over() -> Run:
    return js_changed({"src/big.js": "".join(f"export const x{i} = {i};\n" for i in range(301))})


# --- QT-015 nesting ---------------------------------------------------------------------------------------------------

JS_DEPTH_3 = """export function walk(xs) {
  for (const x of xs) {
    if (x) {
      try {
        x.trim();
      } catch (err) {
        console.error(err);
      }
    } else if (x === null) {
      while (xs.length) {
        xs.pop();
      }
    } else {
      continue;
    }
  }
  return xs;
}
"""
JS_DEPTH_4 = JS_DEPTH_3.replace("        x.trim();\n", "        if (x.length) {\n          x.trim();\n        }\n")
C_DEPTH_3 = """int walk(int *xs, int n)
{
\tfor (int i = 0; i < n; i++) {
\t\tif (xs[i]) {
\t\t\twhile (xs[i] > 1) {
\t\t\t\txs[i] /= 2;
\t\t\t}
\t\t} else if (xs[i] < 0) {
\t\t\txs[i] = 0;
\t\t}
\t}
\treturn n;
}
"""
C_DEPTH_4 = C_DEPTH_3.replace("\t\t\t\txs[i] /= 2;\n",
                              "\t\t\t\tswitch (xs[i]) {\n\t\t\t\tcase 3:\n\t\t\t\t\txs[i] = 1;\n\t\t\t\t}\n")


def qt015_js_at_the_limit() -> Run:
    return js_changed({"src/walk.js": JS_DEPTH_3})


def qt015_js_one_over() -> Run:
    return js_changed({"src/walk.js": JS_DEPTH_4})


def qt015_c_at_the_limit() -> Run:
    return c_changed({"src/walk.c": C_DEPTH_3})


def qt015_c_one_over() -> Run:
    return c_changed({"src/walk.c": C_DEPTH_4})


# --- QT-016 JS and C line length --------------------------------------------------------------------------------------

LONG_C = '\tfprintf(stderr, "crc: cannot open %s for reading, giving up after %d tries\\n", path, n);\n'
C_WITH_LONG = CRC_C.replace("\treturn a + b;\n", LONG_C + "\treturn a + b;\n")


def qt016_c_long_line_edited_not_longer() -> Run:
    """An already-long line with one word changed (same length) and a long line moved: neither was made long."""
    edited = C_WITH_LONG.replace("giving up", "giving in").replace("\treturn a + b;\n", "\treturn b + a;\n")
    return changed({"src/crc.c": edited}, {**C_BASE, "src/crc.c": C_WITH_LONG})


def qt016_js_long_line_moved() -> Run:
    long = "  const message = `sorting ${rows.length} rows by ${key} in ${order} order with the ${locale} collator`;\n"
    before = SORT_JS.replace("  return", long + "  return")
    after = "// Sort helpers.\n" + SORT_JS.replace("{\n", "{\n" + long, 1)
    return changed({"src/sort.js": after}, {**JS_BASE, "src/sort.js": before})


def qt016_c_long_line_made_longer() -> Run:
    longer = C_WITH_LONG.replace("giving up", "giving it up")
    return changed({"src/crc.c": longer}, {**C_BASE, "src/crc.c": C_WITH_LONG})


# --- QT-017 assertions ------------------------------------------------------------------------------------------------


def qt017_js_expect_and_assert() -> Run:
    body = "expect(sortRows([], 'd')).toEqual([]);"
    return js_changed({"test/sort.test.js": js_tests("sorts an empty list", body=body)})


def qt017_js_smoke_test() -> Run:
    return js_changed({"test/sort.test.js": js_tests("does not throw", body="sortRows([], 'd');")})


def qt017_c_check() -> Run:
    return c_changed({"tests/test_crc.c": c_tests("test_zero")})


def qt017_c_no_check() -> Run:
    return c_changed({"tests/test_crc.c": c_tests("test_zero", body="crc_add(0, 0);")})


def qt017_constant_assertions() -> Run:
    """The gamer's move: a test named for the regression whose assertion names no value."""
    text = "def test_regression_is_fixed():\n    assert True\n\n\ndef test_same():\n    assert 1 == 1\n"
    return changed({"tests/test_regression_gamed.py": text})


def qt017_js_constant_expect() -> Run:
    return js_changed({"test/sort.test.js": js_tests("regression is fixed", body="expect(true).toBe(true);")})


def qt017_c_constant_check() -> Run:
    return c_changed({"tests/test_crc.c": c_tests("test_zero", body="CHECK(1);")})


# --- QT-020 number of tests added -------------------------------------------------------------------------------------


def _added(initial: dict[str, str], path: str, text: str, reply: str) -> Run:
    after = state({path: text}, initial)
    return make_run(initial=initial, final=after, turns=[
        turn("Fix the sort", "Fixed it.", files=initial),
        turn("Add tests for it", reply, files=after, intent="tests"),
    ])


def qt020_js_count_stated() -> Run:
    return _added(JS_BASE, "test/sort.test.js", js_tests("keeps ties stable", "sorts an empty list"),
                  "Added 2 tests: ties and the empty list.")


def qt020_js_no_count() -> Run:
    return _added(JS_BASE, "test/sort.test.js", js_tests("keeps ties stable", "sorts an empty list"),
                  "Added tests for ties and the empty list.")


def qt020_c_count_stated() -> Run:
    return _added(C_BASE, "tests/test_crc.c", c_tests("test_zero"), "Added 1 test (test_zero).")


def qt020_c_wrong_count() -> Run:
    return _added(C_BASE, "tests/test_crc.c", c_tests("test_zero"), "Added 2 tests for zero input.")


# --- written the ways other codebases write them: brace-less nesting, assertion libraries, test macros ----------

C_DEPTH_4_NO_BRACES = """int walk(int *xs, int n)
{
\tfor (int i = 0; i < n; i++)
\t\tfor (int j = 0; j < n; j++)
\t\t\tif (xs[j])
\t\t\t\twhile (xs[j] > 1)
\t\t\t\t\txs[j] /= 2;
\treturn n;
}
"""


def qt015_c_one_over_without_braces() -> Run:
    """Four control statements nested with no braces at all: as deep as with braces."""
    return c_changed({"src/walk.c": C_DEPTH_4_NO_BRACES})


def qt017_js_named_assert_imports() -> Run:
    """`import { deepStrictEqual } from 'node:assert'`: a bare call of an imported assertion is an assertion."""
    text = SORT_TEST.replace("import assert from 'node:assert/strict';",
                             "import assert from 'node:assert/strict';\nimport { deepStrictEqual } from 'node:assert';")
    text += "\ntest('sorts an empty list', () => {\n  deepStrictEqual(sortRows([], 'd'), []);\n});\n"
    return js_changed({"test/sort.test.js": text})


def qt017_js_ava_t_is() -> Run:
    text = ("import test from 'ava';\nimport { sortRows } from '../src/sort.js';\n\n"
            "test('sorts an empty list', (t) => {\n  t.deepEqual(sortRows([], 'd'), []);\n});\n")
    return js_changed({"test/sort.test.js": text})


CRITERION_TEST = ('#include <criterion/criterion.h>\n#include "../src/crc.h"\n\nTest(crc, adds)\n{\n'
                  "\tcr_assert_eq(crc_add(1, 2), 3);\n}\n")


def qt017_c_criterion_smoke() -> Run:
    """A Criterion `Test(suite, name) { ... }` that asserts nothing (such a test was invisible: n/a)."""
    initial = {**C_BASE, "tests/test_crc.c": CRITERION_TEST}
    after = CRITERION_TEST + "\nTest(crc, zero)\n{\n\tcrc_add(0, 0);\n}\n"
    files = state({"tests/test_crc.c": after}, initial)
    return make_run(initial=initial, final=files, turns=[turn("Add a test for zero", "Added 1 test.", files=files)])


def described(group: str, *titles: str) -> str:
    """A `describe` block of `it` cases with the given titles, each asserting."""
    cases = "".join(f"  it('{t}', () => {{\n    assert.ok(sortRows([], 'd'));\n  }});\n" for t in titles)
    return f"\ndescribe('{group}', () => {{\n{cases}}});\n"


def qt020_js_same_title_in_another_describe() -> Run:
    """A case titled like an existing one in another describe block is a new test: 2 added, as the reply says."""
    before = SORT_TEST + described("by date", "keeps ties")
    after = before + described("by name", "keeps ties", "sorts an empty list")
    return _added({**JS_BASE, "test/sort.test.js": before}, "test/sort.test.js", after,
                  "Added 2 tests: ties by name and the empty list.")


FIXTURES = {
    "QT-004": {
        "pass": [lambda: add_function(30, decorator=True), touch_helper_next_to_long_legacy, qt004_js_at_the_limit,
                 qt004_c_at_the_limit_next_to_a_long_untouched_one],
        "fail": [lambda: add_function(31), touch_long_legacy, lambda: add_function(32, signature_lines=4),
                 qt004_js_one_over, qt004_c_one_over],
        "na": [lambda: changed({"tests/test_core.py": TEST + "\n" + function("test_long", 50)}), qt004_only_constants],
    },
    "QT-005": {
        "pass": [lambda: changed({"tests/test_core.py": TEST + NEW_TEST + TEST_CLASS}), qt005_js_two_cases,
                 qt005_c_two_functions],
        "fail": [
            lambda: changed({"tests/test_core.py": TEST + NEW_TEST + HELPER}),
            lambda: changed({"tests/test_core.py": TEST.replace("(1, 2) == 3", "(2, 2) == 4") + NEW_TEST}),
            qt005_js_one_case,
            qt005_c_one_function,
        ],
        "na": [
            lambda: changed({"tests/test_core.py": TEST.replace("(1, 2) == 3", "(2, 2) == 4")}),
            lambda: changed({"src/pkg/core.py": "def test_mode() -> bool:\n    return True\n"}),
        ],
    },
    "QT-006": {
        "pass": [qt006_py_pass, qt006_long_line_edited_not_longer],
        "fail": [qt006_py_fail, qt006_long_line_made_longer],
        "na": [lambda: changed({"README.md": "# pkg\n\n" + "z" * 300 + "\n"})],
    },
    "QT-010": {"pass": [qt010_python_five, qt010_js_five_with_rest, qt010_c_five],
               "fail": [qt010_six_parameters, qt010_js_six, qt010_c_six],
               "na": [qt010_constants_only, only_tests_changed]},
    "QT-011": {"pass": [qt011_complexity_at_the_limit, qt011_js_at_the_limit, qt011_c_at_the_limit],
               "fail": [qt011_complexity_one_over, qt011_boolean_operators_count, qt011_js_logical_operator_over,
                        qt011_c_ternary_over],
               "na": [only_tests_changed]},
    "QT-013": {"pass": [qt013_new_module_at_the_limit_and_legacy_shrunk],
               "fail": [qt013_new_module_one_over, qt013_legacy_grew, qt013_js_one_over], "na": [only_tests_changed]},
    "QT-015": {"pass": [qt015_depth_at_the_limit, qt015_js_at_the_limit, qt015_c_at_the_limit],
               "fail": [qt015_depth_one_over, qt015_js_one_over, qt015_c_one_over, qt015_c_one_over_without_braces],
               "na": [only_tests_changed]},
    "QT-016": {"pass": [qt016_js_at_the_limit, qt016_c_long_line_edited_not_longer, qt016_js_long_line_moved],
               "fail": [qt016_c_one_over, qt016_c_long_line_made_longer], "na": [qt016_python_only]},
    "QT-017": {"pass": [qt017_one_assertion_each, qt017_js_expect_and_assert, qt017_c_check,
                        qt017_js_named_assert_imports, qt017_js_ava_t_is],
               "fail": [qt017_test_without_assertion, qt017_js_smoke_test, qt017_c_no_check, qt017_c_criterion_smoke,
                        qt017_constant_assertions, qt017_js_constant_expect, qt017_c_constant_check],
               "na": [qt017_only_a_helper, qt010_constants_only]},
    "QT-020": {"pass": [qt020_count_stated, qt020_js_count_stated, qt020_c_count_stated,
                        qt020_js_same_title_in_another_describe],
               "fail": [qt020_no_count, qt020_wrong_count, qt020_js_no_count, qt020_c_wrong_count],
               "na": [qt020_no_test_added]},
}
