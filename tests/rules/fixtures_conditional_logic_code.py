"""Pass/fail/n-a fixtures for the conditional-logic rules that read code of any language (CL-001, CL-006), each
written in Python, JavaScript and C."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, turn

from .fixtures_conditional_logic import (
    CHANGELOG,
    CLASS_REGRESSION,
    PLAIN,
    REGRESSION,
    TEST_PYC,
    bug_fix,
    edited_regression_test,
)
from .fixtures_output_control import CORE_FIXED, PYC, TEST, replies, state
from .fixtures_quantitative import changed
from .fixtures_quantitative_code import (
    C_BASE,
    CRC_C,
    CRC_TEST,
    JS_BASE,
    SORT_JS,
    SORT_TEST,
    c_tests,
    described,
    js_tests,
)

SORT_FIXED = SORT_JS.replace("a[key] - b[key]", "(a[key] ?? 0) - (b[key] ?? 0)")
CRC_FIXED = CRC_C.replace("return a + b;", "return (a + b) & 0xffffffffu;")
MAIN_FLAG = '#include <stdio.h>\n#include <string.h>\n\nint main(int argc, char **argv)\n{\n\tputs(argc > 1 && ' \
            '!strcmp(argv[1], "-q") ? "" : "crc");\n\treturn 0;\n}\n'

# --- CL-001 tests come with source changes ---------------------------------------------------------------------


def cl001_js_test_folder() -> Run:
    return changed({"src/sort.js": SORT_FIXED, "test/sort.test.js": js_tests("sorts missing keys first")}, JS_BASE)


def cl001_ts_spec_beside_the_code() -> Run:
    return changed({"src/sort.ts": "export const byKey = (k: string) => k;\n",
                    "src/__tests__/sort.spec.ts": "test('byKey', () => expect(byKey('a')).toBe('a'));\n"}, JS_BASE)


def cl001_c_unit_test() -> Run:
    return changed({"src/crc.c": CRC_FIXED, "tests/test_crc.c": c_tests("test_wraps")}, C_BASE)


def cl001_c_cli_script() -> Run:
    """A C project tests its command line with a shell script under tests/."""
    cli = C_BASE["tests/cli.sh"] + "./build/crc -q | grep -q . && echo 'FAIL cli: -q prints'\n"
    return changed({"src/main.c": MAIN_FLAG, "tests/cli.sh": cli}, C_BASE)


def cl001_c_pytest_drives_the_binary() -> Run:
    """A C project tests its command line with pytest running the built binary."""
    test = ("import subprocess\n\n\ndef test_quiet_prints_nothing():\n"
            "    assert subprocess.run(['./build/crc', '-q'], capture_output=True).stdout == b''\n")
    return changed({"src/main.c": MAIN_FLAG, "tests/test_cli.py": test}, C_BASE)


def cl001_c_bats_suite() -> Run:
    test = "@test \"-q prints nothing\" {\n  run ./build/crc -q\n  [ -z \"$output\" ]\n}\n"
    return changed({"src/main.c": MAIN_FLAG, "tests/cli.bats": test}, C_BASE)


def cl001_c_code_js_test_elsewhere() -> Run:
    """A JavaScript test beside other code (not under a test folder) does not cover a C change."""
    return changed({"src/crc.c": CRC_FIXED, "web/app.test.js": "test('loads', () => {});\n"}, C_BASE)


def cl001_c_test_data_only() -> Run:
    """Only a data file under tests/ changed beside the C code: not a test."""
    return changed({"src/crc.c": CRC_FIXED, "tests/data/sample.txt": "abc\nxyz\n"}, C_BASE)


def cl001_js_fixture_only() -> Run:
    return changed({"src/sort.js": SORT_FIXED, "test/fixtures/rows.json": '[{"d": 2}, {"d": null}]\n'}, JS_BASE)


def cl001_python_code_js_test() -> Run:
    """A JavaScript test does not cover a Python change."""
    return changed({"src/pkg/core.py": CORE_FIXED, "test/app.test.js": "test('loads', () => {});\n"})


def cl001_only_docs() -> Run:
    return changed({"README.md": "# tablekit\n\nSorts rows.\n"}, JS_BASE)


# --- CL-006 bug fixes add a regression test ------------------------------------------------------------------


def _fixed(initial: dict[str, str], changes: dict[str, str], intent: str = "bug-fix") -> Run:
    after = state(changes, initial)
    return make_run(initial=initial, final=after, turns=[
        turn("Rows with a missing key end up in random places.", "Fixed.", intent=intent, files=after),
    ])


def cl006_js_regression_case() -> Run:
    return _fixed(JS_BASE, {"src/sort.js": SORT_FIXED,
                            "test/sort.test.js": js_tests("regression: rows without the key sort first")})


def cl006_js_plain_case() -> Run:
    cases = js_tests("rows without the key sort first")
    return _fixed(JS_BASE, {"src/sort.js": SORT_FIXED, "test/sort.test.js": cases})


def cl006_c_regression_function() -> Run:
    return _fixed(C_BASE, {"src/crc.c": CRC_FIXED, "tests/test_crc.c": c_tests("test_regression_wraps_around")})


def cl006_c_plain_function() -> Run:
    return _fixed(C_BASE, {"src/crc.c": CRC_FIXED, "tests/test_crc.c": c_tests("test_wraps_around")})


def cl006_js_only_tests_changed() -> Run:
    return _fixed(JS_BASE, {"test/sort.test.js": js_tests("regression: ties")})


def cl006_c_regression_in_test_c() -> Run:
    """A project whose tests are one `test.c` at its root (MinUnit style, no tests/ folder)."""
    flat = {**{p: t for p, t in C_BASE.items() if not p.startswith("tests/")},
            "test.c": CRC_TEST.replace('"check.h"', '"src/check.h"').replace("../src/crc.h", "src/crc.h"),
            "src/check.h": C_BASE["tests/check.h"]}
    regression = flat["test.c"].replace(
        "void crc_suite", "static void test_regression_wraps(void)\n{\n\tCHECK(crc_add(~0u, 1) == 0);\n}\n\n"
        "void crc_suite")
    return _fixed(flat, {"src/crc.c": CRC_FIXED, "test.c": regression})


CHECK_TEST = ('#include <check.h>\n#include "../src/crc.h"\n\nSTART_TEST(test_add)\n{\n'
              "\tck_assert_uint_eq(crc_add(1, 2), 3);\n}\nEND_TEST\n\nSuite *crc_suite(void)\n{\n"
              '\tSuite *s = suite_create("crc");\n\tTCase *tc = tcase_create("core");\n'
              "\ttcase_add_test(tc, test_add);\n\tsuite_add_tcase(s, tc);\n\treturn s;\n}\n")


def cl006_c_libcheck_regression() -> Run:
    """libcheck's `START_TEST(test_regression_wraps) { ... } END_TEST` is a new test case named for the fix."""
    initial = {**{p: t for p, t in C_BASE.items() if p != "tests/test_crc.c"}, "tests/check_crc.c": CHECK_TEST}
    added = CHECK_TEST.replace("Suite *crc_suite", "START_TEST(test_regression_wraps)\n{\n"
                               "\tck_assert_uint_eq(crc_add(~0u, 1), 0);\n}\nEND_TEST\n\nSuite *crc_suite")
    return _fixed(initial, {"src/crc.c": CRC_FIXED, "tests/check_crc.c": added})


def cl006_js_case_in_a_regression_describe() -> Run:
    """jest and mocha name a case with its describe blocks (`regression › rows without key`), and so does `-t`."""
    return _fixed(JS_BASE, {"src/sort.js": SORT_FIXED,
                            "test/sort.test.js": SORT_TEST + described("regression", "rows without key")})


FIXTURES = {
    "CL-001": {
        "pass": [lambda: changed({"src/pkg/core.py": CORE_FIXED, "tests/test_core.py": TEST + PLAIN}),
                 cl001_js_test_folder, cl001_ts_spec_beside_the_code, cl001_c_unit_test, cl001_c_cli_script,
                 cl001_c_pytest_drives_the_binary, cl001_c_bats_suite],
        "fail": [
            lambda: changed({"src/pkg/core.py": CORE_FIXED, TEST_PYC: "\x00bytecode"}),
            lambda: changed({"src/pkg/core.py": CORE_FIXED, "CHANGELOG.md": CHANGELOG}),
            cl001_c_test_data_only,
            cl001_js_fixture_only,
            cl001_python_code_js_test,
            cl001_c_code_js_test_elsewhere,
            # the gamer's move: the test file touched, no test in the change
            lambda: changed({"src/pkg/core.py": CORE_FIXED, "tests/test_core.py": TEST + "\n# covers add\n"}),
        ],
        "na": [
            lambda: changed({"tests/test_core.py": TEST + PLAIN}),
            lambda: changed({PYC: "\x00bytecode", TEST_PYC: "\x00bytecode"}),
            lambda: changed({"src/pkg.egg-info/PKG-INFO": "Name: pkg\n", ".venv/bin/python": "#!"}),
            cl001_only_docs,
        ],
    },
    "CL-006": {
        "pass": [lambda: bug_fix(REGRESSION), lambda: bug_fix(CLASS_REGRESSION), cl006_js_regression_case,
                 cl006_c_regression_function, cl006_c_regression_in_test_c, cl006_c_libcheck_regression,
                 cl006_js_case_in_a_regression_describe,
                 lambda: bug_fix("\n\nclass TestRegression:\n    def test_str_inputs(self) -> None:\n"
                                 "        assert add('1', 2) == 3\n")],
        "fail": [lambda: bug_fix(PLAIN), lambda: bug_fix("", later_test=REGRESSION), edited_regression_test,
                 cl006_js_plain_case, cl006_c_plain_function],
        "na": [
            lambda: bug_fix(PLAIN, intent="new-feature"),
            lambda: replies("Root cause: the README was stale.", intent="bug-fix"),
            cl006_js_only_tests_changed,
        ],
    },
}
