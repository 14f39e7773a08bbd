"""Pass/fail/n-a fixtures for the judge-based code-style rules (CS-1xx), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, make_run, turn

from .fixtures_code_style import (
    BASE,
    C_BASE,
    CORE,
    HEADER,
    JS_BASE,
    SORT_JS,
    STORE_C,
    c_with,
    changed,
    changed_in,
    core_with,
    js_with,
)
from .fixtures_workflow import FIXED

Case = tuple[Run, JudgeScript | None]

TESTS = BASE["tests/test_core.py"]


def _core_body(comment: str) -> Run:
    """add() gains a comment on its own line above the converted return."""
    return changed({"src/pkg/core.py": CORE.replace("    return a + b", f"    {comment}\n    return int(a) + int(b)")})


def _tests_with(extra: str, base: str = TESTS) -> Run:
    return make_run(initial={**BASE, "tests/test_core.py": base}, final={**BASE, "tests/test_core.py": base + extra},
                    turns=[turn("Add a test", "Added a test.", intent="tests")])


# --- CS-101 comments explain why -------------------------------------------------------------------

WHY = "# CSV cells arrive as strings; int() keeps add from concatenating them."
WHAT = "# convert a and b to int and add them"


def cs101_comment_gives_the_reason() -> Case:
    return _core_body(WHY), JudgeScript("pass", sees=(f"src/pkg/core.py:8: {WHY}",
                                                      "next code line: return int(a) + int(b)"))


def cs101_inline_reason() -> Case:
    run = changed({"src/pkg/core.py": CORE.replace("return a + b", "return int(a) + int(b)  # cells are text")})
    return run, JudgeScript("pass", sees=("src/pkg/core.py:8: # cells are text",
                                          "on the code line: return int(a) + int(b)"))


def cs101_comment_restates_the_code() -> Case:
    return _core_body(WHAT), JudgeScript("fail", sees=(WHAT, "next code line: return int(a) + int(b)"))


def cs101_only_directives_and_header() -> Case:
    """A licence header, a `# noqa` and a `#` inside a string are no prose comments."""
    module = HEADER + 'import os  # noqa: F401\n\nTAG = "# not a comment"\n'
    return changed({"src/pkg/extra.py": module}), None


def cs101_no_comment_added() -> Case:
    return changed(FIXED), None


# --- CS-102 no history in comments -----------------------------------------------------------------

NOW = "# Now converts with int() instead of adding the raw values."


def cs102_present_tense_reason() -> Case:
    return _core_body(WHY), JudgeScript("pass", sees=(WHY,))


def cs102_history_for_the_judge() -> Case:
    return _core_body(NOW), JudgeScript("fail", sees=(NOW,))


def cs102_used_to_caught_by_the_precheck() -> Case:
    return _core_body("# add() used to concatenate strings (see issue 42)."), None


def cs102_no_comment_added() -> Case:
    return changed(FIXED), None


# --- CS-103 no speculative abstraction ---------------------------------------------------------------

SUBTRACT = '\n\ndef subtract(a: int, b: int) -> int:\n    """Subtract b from a."""\n    return a - b\n'
SPECULATIVE = (
    "\n\nclass Operation:\n    \"\"\"Base class for future operations.\"\"\"\n\n"
    "    def apply(self, a: int, b: int) -> int:\n        raise NotImplementedError\n\n\n"
    "class Subtract(Operation):\n    \"\"\"Subtraction.\"\"\"\n\n"
    "    def apply(self, a: int, b: int) -> int:\n        return a - b\n\n\n"
    "OPERATIONS: dict[str, Operation] = {\"subtract\": Subtract()}\n\n\n"
    "def subtract(a: int, b: int, *, registry: dict[str, Operation] | None = None) -> int:\n"
    "    \"\"\"Subtract b from a.\"\"\"\n    return (registry or OPERATIONS)[\"subtract\"].apply(a, b)\n"
)
ASK_SUBTRACT = "Add subtract(a, b) to core.py."


def _subtract(extra: str) -> Run:
    final = {**BASE, "src/pkg/core.py": CORE + extra}
    return make_run(initial=BASE, final=final, turns=[turn(ASK_SUBTRACT, "Added subtract.")])


def cs103_just_the_function() -> Case:
    return _subtract(SUBTRACT), JudgeScript("pass", sees=(f"## Turn 0 (new-feature)\n{ASK_SUBTRACT}",
                                                          "+def subtract(a: int, b: int) -> int:"))


def cs103_base_class_and_registry() -> Case:
    return _subtract(SPECULATIVE), JudgeScript("fail", sees=(ASK_SUBTRACT, "+class Operation:", "+OPERATIONS"))


def cs103_only_tests_changed() -> Case:
    return _tests_with("\n\ndef test_add_zero() -> None:\n    assert add(0, 0) == 0\n"), None


# --- CS-104 deterministic tests --------------------------------------------------------------------

INLINE = "\n\ndef test_add_negative() -> None:\n    assert add(-1, 1) == 0\n"
RANDOM = "\n\nimport random\n\n\ndef test_add_random() -> None:\n    a = random.randint(0, 9)\n" \
         "    assert add(a, 1) == a + 1\n"
SLEEPY = "\n\nimport time\n\n\ndef test_add_later() -> None:\n    time.sleep(0.5)\n    assert add(1, 1) == 2\n"


def cs104_inline_inputs() -> Case:
    return _tests_with(INLINE), JudgeScript("pass", sees=("+def test_add_negative() -> None:",))


def cs104_old_sleep_is_not_added_code() -> Case:
    """A sleep the file already had is not the run's: the judge decides on the added test."""
    return _tests_with(INLINE, base=TESTS + SLEEPY), JudgeScript("pass", sees=("+    assert add(-1, 1) == 0",))


def cs104_unseeded_random() -> Case:
    return _tests_with(RANDOM), JudgeScript("fail", sees=("+    a = random.randint(0, 9)",))


def cs104_sleep_caught_by_the_precheck() -> Case:
    return _tests_with(SLEEPY), None


def cs104_no_test_change() -> Case:
    return changed(FIXED), None


# --- CS-105 follow existing patterns -----------------------------------------------------------------

STATS = (
    '"""Small statistics over integers."""\n\nimport logging\n\nfrom .core import add\n\n'
    "log = logging.getLogger(__name__)\n\n\n"
    'def total(xs: list[int]) -> int:\n    """Sum xs with add."""\n    out = 0\n    for x in xs:\n'
    "        out = add(out, x)\n    return out\n"
)
CAMEL = (
    "def meanValue(xs):\n    s = 0\n    for x in xs:\n        s = s + x\n"
    "    if len(xs) == 0:\n        return None\n    return s / len(xs)\n"
)


def cs105_new_module_in_house_style() -> Case:
    return changed({"src/pkg/stats.py": STATS}), JudgeScript(
        "pass", sees=("+++ b/src/pkg/stats.py", "### src/pkg/core.py (unchanged; first ", "def add(a: int, b: int)"))


def cs105_edit_keeps_the_style() -> Case:
    return core_with(SUBTRACT), JudgeScript(
        "pass", sees=("+def subtract(a: int, b: int) -> int:", "(no new file: the diff's context lines"))


OPS = "".join(f"OP_{i} = {i}\n" for i in range(15))


def cs105_edit_far_down_shows_ten_lines_above() -> Case:
    """The judge sees ten lines of context: the line ten above the change is in the diff (nine would miss it)."""
    before = {**BASE, "src/pkg/ops.py": OPS}
    after = {**before, "src/pkg/ops.py": OPS + "\n\ndef twice(x: int) -> int:\n    return 2 * x\n"}
    run = make_run(initial=before, final=after, turns=[turn("Add twice to ops", "Added twice.")])
    return run, JudgeScript("pass", sees=("+def twice(x: int) -> int:", " OP_5 = 5"))


def cs105_foreign_style() -> Case:
    return changed({"src/pkg/stats.py": CAMEL}), JudgeScript("fail", sees=("+def meanValue(xs):",
                                                                            '"""Add two numbers."""'))


def cs105_no_src_change() -> Case:
    return _tests_with(INLINE), None


# --- JavaScript and C, for the rules that read every language -------------------------------------------------

JS_WHY = "// Dates arrive as ISO strings, so comparing them as text keeps the sort stable."
JS_WHAT = "// sort the rows by date"
BY_DATE = "rows.slice().sort((a, b) => a.date.localeCompare(b.date))"
JS_SORTED = SORT_JS.replace("  return rows.slice();", f"  COMMENT\n  return {BY_DATE};")
C_WHY = "/* Widen before adding: two INT_MAX sizes must not wrap. */"
C_WHAT = "// add a and b"
C_WIDENED = STORE_C.replace("    return a + b;", "    COMMENT\n    return (int)((long)a + b);")


def _js_comment(comment: str) -> Run:
    return changed_in(JS_BASE, {"src/sort.js": JS_SORTED.replace("COMMENT", comment)})


def _c_comment(comment: str) -> Run:
    return changed_in(C_BASE, {"src/store.c": C_WIDENED.replace("COMMENT", comment)})


JS_REGISTRY = (
    "\nexport class Comparator {\n  compare(a, b) {\n    throw new Error('not implemented');\n  }\n}\n\n"
    "export const COMPARATORS = { date: new (class extends Comparator {\n"
    "  compare(a, b) { return a.date.localeCompare(b.date); }\n})() };\n\n"
    "export function sortByDate(rows, registry = COMPARATORS) {\n"
    "  return rows.slice().sort((a, b) => registry.date.compare(a, b));\n}\n"
)
JS_PLAIN = f"\nexport function sortByDate(rows) {{\n  return {BY_DATE};\n}}\n"
C_OPS_TABLE = (
    "\ntypedef int (*store_op)(int, int);\n\nstatic int op_sub(int a, int b) {\n    return a - b;\n}\n\n"
    "static const store_op STORE_OPS[] = {op_sub};\n\n"
    "int store_sub(int a, int b, const store_op *ops) {\n    return (ops ? ops : STORE_OPS)[0](a, b);\n}\n"
)
C_PLAIN = "\nint store_sub(int a, int b) {\n    return a - b;\n}\n"
ASK_SORT = "Add sortByDate(rows) to src/sort.js."
ASK_SUB = "Add store_sub(a, b) to src/store.c."


def _asked_in(base: dict[str, str], path: str, text: str, ask: str) -> Run:
    after = {**base, path: text}
    return make_run(initial=base, final=after, turns=[turn(ask, "Added it.", files=after)])


JS_TEST = JS_BASE["test/sort.test.js"]
C_TEST = C_BASE["tests/test_store.c"]
JS_INLINE_TEST = ("\ntest('sorts by date', () => {\n"
                  "  assert.deepEqual(sortRows([{ date: '2' }, { date: '1' }]).length, 2);\n});\n")
JS_SLEEPY_TEST = ("\ntest('sorts later', async () => {\n  await new Promise((resolve) => setTimeout(resolve, 100));\n"
                  "  assert.deepEqual(sortRows([1]), [1]);\n});\n")
JS_FAKE_CLOCK_TEST = ("\ntest('sorts later', (t) => {\n  t.mock.timers.enable({ apis: ['setTimeout'] });\n"
                      "  setTimeout(() => sortRows([1]), 100);\n  t.mock.timers.tick(100);\n});\n")
C_SLEEPY_TEST = C_TEST.replace("int main(void) {", "#include <unistd.h>\n\nint main(void) {\n    usleep(1000);")
C_TIME_TEST = C_TEST.replace("int main(void) {\n    return store_add(1, 2) == 3 ? 0 : 1;",
                             "#include <time.h>\n\nint main(void) {\n    int n = (int)(time(NULL) % 7);\n"
                             "    return store_add(n, 1) == n + 1 ? 0 : 1;")
C_PLAIN_TEST = C_TEST.replace("    return store_add(1, 2) == 3 ? 0 : 1;",
                              "    return store_add(1, 2) == 3 && store_add(-1, 1) == 0 ? 0 : 1;")


def _tests_in(base: dict[str, str], path: str, text: str) -> Run:
    after = {**base, path: text}
    return make_run(initial=base, final=after, turns=[turn("Add a test", "Added a test.", files=after, intent="tests")])


JS_FOREIGN = ("\nexport const sort_by_date = function (Rows) {\n  var out = [];\n"
              "  for (var i in Rows) out.push(Rows[i]);\n  return out;\n};\n")
C_FOREIGN = "\nint StoreSub(int A, int B)\n{\n  return A-B;\n}\n"


def _js_new_module(text: str) -> Run:
    return changed_in(JS_BASE, {"src/dates.js": text})


FIXTURES = {
    "CS-101": {"pass": [cs101_comment_gives_the_reason, cs101_inline_reason,
                        lambda: (_js_comment(JS_WHY), JudgeScript("pass", sees=(
                            f"src/sort.js:2: {JS_WHY}", "next code line: return rows.slice().sort("))),
                        lambda: (_c_comment(C_WHY), JudgeScript("pass", sees=(
                            f"src/store.c:4: {C_WHY}", "next code line: return (int)((long)a + b);")))],
               "fail": [cs101_comment_restates_the_code,
                        lambda: (_js_comment(JS_WHAT), JudgeScript("fail", sees=(f"src/sort.js:2: {JS_WHAT}",))),
                        lambda: (_c_comment(C_WHAT), JudgeScript("fail", sees=(f"src/store.c:4: {C_WHAT}",)))],
               "na": [cs101_only_directives_and_header, cs101_no_comment_added,
                      lambda: (_js_comment("// eslint-disable-next-line no-restricted-syntax"), None),
                      lambda: (_js_comment("/** Rows sorted by their ISO date. */"), None)]},
    "CS-102": {"pass": [cs102_present_tense_reason,
                        lambda: (_js_comment(JS_WHY), JudgeScript("pass", sees=(JS_WHY,))),
                        lambda: (_c_comment(C_WHY), JudgeScript("pass", sees=(C_WHY,)))],
               "fail": [cs102_history_for_the_judge, cs102_used_to_caught_by_the_precheck,
                        lambda: (_js_comment("// Previously returned the rows unsorted."), None),
                        lambda: (_c_comment("/* Widens now instead of wrapping (see issue 42). */"), None),
                        lambda: (_js_comment("// Tried a Map first; the sort is simpler."),
                                 JudgeScript("fail", sees=("Tried a Map first",)))],
               "na": [cs102_no_comment_added]},
    "CS-103": {"pass": [cs103_just_the_function,
                        lambda: (_asked_in(JS_BASE, "src/sort.js", SORT_JS + JS_PLAIN, ASK_SORT), JudgeScript(
                            "pass", sees=(ASK_SORT, "+export function sortByDate(rows) {"))),
                        lambda: (_asked_in(C_BASE, "src/store.c", STORE_C + C_PLAIN, ASK_SUB), JudgeScript(
                            "pass", sees=(ASK_SUB, "+int store_sub(int a, int b) {")))],
               "fail": [cs103_base_class_and_registry,
                        lambda: (_asked_in(JS_BASE, "src/sort.js", SORT_JS + JS_REGISTRY, ASK_SORT), JudgeScript(
                            "fail", sees=(ASK_SORT, "+export class Comparator {"))),
                        lambda: (_asked_in(C_BASE, "src/store.c", STORE_C + C_OPS_TABLE, ASK_SUB), JudgeScript(
                            "fail", sees=(ASK_SUB, "+static const store_op STORE_OPS[] = {op_sub};")))],
               "na": [cs103_only_tests_changed,
                      lambda: (_tests_in(JS_BASE, "test/sort.test.js", JS_TEST + JS_INLINE_TEST), None)]},
    "CS-104": {"pass": [cs104_inline_inputs, cs104_old_sleep_is_not_added_code,
                        lambda: (_tests_in(JS_BASE, "test/sort.test.js", JS_TEST + JS_INLINE_TEST),
                                 JudgeScript("pass", sees=("+test('sorts by date', () => {",))),
                        lambda: (_tests_in(JS_BASE, "test/sort.test.js", JS_TEST + JS_FAKE_CLOCK_TEST),
                                 JudgeScript("pass", sees=("+  t.mock.timers.tick(100);",))),
                        lambda: (_tests_in(C_BASE, "tests/test_store.c", C_PLAIN_TEST),
                                 JudgeScript("pass", sees=("store_add(-1, 1) == 0",)))],
               "fail": [cs104_unseeded_random, cs104_sleep_caught_by_the_precheck,
                        lambda: (_tests_in(JS_BASE, "test/sort.test.js", JS_TEST + JS_SLEEPY_TEST), None),
                        lambda: (_tests_in(C_BASE, "tests/test_store.c", C_SLEEPY_TEST), None),
                        lambda: (_tests_in(C_BASE, "tests/test_store.c", C_TIME_TEST),
                                 JudgeScript("fail", sees=("+    int n = (int)(time(NULL) % 7);",)))],
               "na": [cs104_no_test_change, lambda: (js_with("\nexport const ASC = 1;\n"), None)]},
    "CS-105": {"pass": [cs105_new_module_in_house_style, cs105_edit_keeps_the_style,
                        cs105_edit_far_down_shows_ten_lines_above,
                        lambda: (_js_new_module(JS_PLAIN.lstrip()), JudgeScript("pass", sees=(
                            "+++ b/src/dates.js", "### src/sort.js (unchanged; first ", "export function sortRows"))),
                        lambda: (c_with(C_PLAIN), JudgeScript("pass", sees=("+int store_sub(int a, int b) {",)))],
               "fail": [cs105_foreign_style,
                        lambda: (js_with(JS_FOREIGN), JudgeScript("fail", sees=("+export const sort_by_date",))),
                        lambda: (c_with(C_FOREIGN), JudgeScript("fail", sees=("+int StoreSub(int A, int B)",)))],
               "na": [cs105_no_src_change,
                      lambda: (_tests_in(C_BASE, "tests/test_store.c", C_PLAIN_TEST), None)]},
}
