"""Pass/fail/n-a fixtures for the judge-based code-style rules (CS-1xx), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, make_run, turn

from .fixtures_code_style import BASE, CORE, HEADER, changed, core_with
from .fixtures_code_style_c import BUFFER_C, BUFFER_TEST, C_BASE, buffer_with, c_run
from .fixtures_code_style_javascript import FORMAT, FORMAT_TEST, WEB_BASE, format_with, web
from .fixtures_code_style_python import run_with
from .fixtures_workflow import FIXED

Case = tuple[Run, JudgeScript | None]

TESTS = BASE["tests/test_core.py"]


def _core_body(comment: str) -> Run:
    """add() gains a comment on its own line above the converted return."""
    return changed({"src/pkg/core.py": CORE.replace("    return a + b", f"    {comment}\n    return int(a) + int(b)")})


def _tests_with(extra: str, base: str = TESTS) -> Run:
    return _tests_in({**BASE, "tests/test_core.py": base}, "tests/test_core.py", base + extra)


def _tests_in(base: dict[str, str], path: str, text: str) -> Run:
    """A "tests" turn writing `text` to the test file `path` of `base`."""
    return run_with({path: text}, base, user="Add a test", intent="tests")


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
    return run_with({"src/pkg/core.py": CORE + extra}, BASE, user=ASK_SUBTRACT)


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

JS_WHY = "// toISOString is always UTC, so the day does not shift with the runner's time zone."
JS_WHAT = "// format the date as text"
LIB = "src/lib/format.js"
ISO_DAY = "date.toISOString().slice(0, 10)"
JS_DATED = FORMAT.replace(f"  return {ISO_DAY};", f"  COMMENT\n  return {ISO_DAY};")
C_WHY = "/* The +1 keeps room for the terminating NUL. */"
C_WHAT = "// check the capacity"
ROOM_CHECK = "    if (b->len + n + 1 > b->cap) {"
C_COMMENTED = BUFFER_C.replace(ROOM_CHECK, f"    COMMENT\n{ROOM_CHECK}")


def _js_comment(comment: str) -> Run:
    return web({LIB: JS_DATED.replace("COMMENT", comment)})


def _c_comment(comment: str) -> Run:
    return c_run({"src/buffer.c": C_COMMENTED.replace("COMMENT", comment)})


JS_REGISTRY = (
    "\nexport class Formatter {\n  format(date) {\n    throw new Error('not implemented');\n  }\n}\n\n"
    "export const FORMATTERS = { day: new (class extends Formatter {\n"
    f"  format(date) {{ return {ISO_DAY}; }}\n}})() }};\n\n"
    "export function formatDay(date, registry = FORMATTERS) {\n  return registry.day.format(date);\n}\n"
)
JS_PLAIN = f"\nexport function formatDay(date) {{\n  return {ISO_DAY};\n}}\n"
C_MEASURES = (
    "\ntypedef size_t (*buffer_measure)(const struct buffer *);\n\n"
    "static size_t measure_room(const struct buffer *b)\n{\n    return b->cap - b->len;\n}\n\n"
    "static const buffer_measure BUFFER_MEASURES[] = {measure_room};\n\n"
    "size_t buffer_room(const struct buffer *b, const buffer_measure *measures)\n{\n"
    "    return (measures ? measures : BUFFER_MEASURES)[0](b);\n}\n"
)
C_PLAIN = "\nsize_t buffer_room(const struct buffer *b)\n{\n    return b->cap - b->len;\n}\n"
ASK_DAY = "Add formatDay(date) to src/lib/format.js."
ASK_ROOM = "Add buffer_room(b) to src/buffer.c."


JS_TEST = "test/format.test.js"
C_TEST = "tests/test_buffer.c"
JS_INLINE_TEST = ("\ntest('formatDate keeps the year', () => {\n"
                  "  assert.equal(formatDate(new Date('1999-12-31T00:00:00Z')).slice(0, 4), '1999');\n});\n")
JS_SLEEPY_TEST = ("\ntest('formats later', async () => {\n  await new Promise((resolve) => setTimeout(resolve, 100));\n"
                  "  assert.equal(formatDate(new Date(0)), '1970-01-01');\n});\n")
JS_FAKE_CLOCK_TEST = ("\ntest('formats later', (t) => {\n  t.mock.timers.enable({ apis: ['setTimeout'] });\n"
                      "  setTimeout(() => formatDate(new Date(0)), 100);\n  t.mock.timers.tick(100);\n});\n")
C_RETURN = "    return b.len == 0 ? 0 : 1;"
C_SLEEPY_TEST = BUFFER_TEST.replace("int main(void)\n{", "#include <unistd.h>\n\nint main(void)\n{\n    usleep(1000);")
C_TIME_TEST = BUFFER_TEST.replace("int main(void)\n{", "#include <time.h>\n\nint main(void)\n{").replace(
    C_RETURN, "    size_t n = (size_t)(time(NULL) % 7);\n    b.len = n;\n    return b.len == n ? 0 : 1;")
C_PLAIN_TEST = BUFFER_TEST.replace(C_RETURN, "    return b.len == 0 && b.cap == 0 ? 0 : 1;")
JS_FOREIGN = ("\nexport const format_day = function (Dates) {\n  var out = [];\n"
              "  for (var i in Dates) out.push(Dates[i].toISOString());\n  return out;\n};\n")
C_FOREIGN = "\nsize_t BufferRoom(const struct buffer *B)\n{\n  return B->cap-B->len;\n}\n"


FIXTURES = {
    "CS-101": {"pass": [cs101_comment_gives_the_reason, cs101_inline_reason,
                        lambda: (_js_comment(JS_WHY), JudgeScript("pass", sees=(
                            f"{LIB}:2: {JS_WHY}", f"next code line: return {ISO_DAY};"))),
                        lambda: (_c_comment(C_WHY), JudgeScript("pass", sees=(
                            f"src/buffer.c:9: {C_WHY}", f"next code line: {ROOM_CHECK.strip()}")))],
               "fail": [cs101_comment_restates_the_code,
                        lambda: (_js_comment(JS_WHAT), JudgeScript("fail", sees=(f"{LIB}:2: {JS_WHAT}",))),
                        lambda: (_c_comment(C_WHAT), JudgeScript("fail", sees=(f"src/buffer.c:9: {C_WHAT}",)))],
               "na": [cs101_only_directives_and_header, cs101_no_comment_added,
                      lambda: (_js_comment("// eslint-disable-next-line no-restricted-syntax"), None),
                      lambda: (_js_comment("/** Rows sorted by their ISO date. */"), None)]},
    "CS-102": {"pass": [cs102_present_tense_reason,
                        lambda: (_js_comment(JS_WHY), JudgeScript("pass", sees=(JS_WHY,))),
                        lambda: (_c_comment(C_WHY), JudgeScript("pass", sees=(C_WHY,)))],
               "fail": [cs102_history_for_the_judge, cs102_used_to_caught_by_the_precheck,
                        lambda: (_js_comment("// Previously returned the local date."), None),
                        lambda: (_c_comment("/* Counts the NUL now instead of overflowing (see issue 42). */"), None),
                        lambda: (_js_comment("// Tried Intl.DateTimeFormat first; slicing is simpler."),
                                 JudgeScript("fail", sees=("Tried Intl.DateTimeFormat first",)))],
               "na": [cs102_no_comment_added]},
    "CS-103": {"pass": [cs103_just_the_function,
                        lambda: (run_with({LIB: FORMAT + JS_PLAIN}, WEB_BASE, user=ASK_DAY), JudgeScript(
                            "pass", sees=(ASK_DAY, "+export function formatDay(date) {"))),
                        lambda: (run_with({"src/buffer.c": BUFFER_C + C_PLAIN}, C_BASE, user=ASK_ROOM), JudgeScript(
                            "pass", sees=(ASK_ROOM, "+size_t buffer_room(const struct buffer *b)")))],
               "fail": [cs103_base_class_and_registry,
                        lambda: (run_with({LIB: FORMAT + JS_REGISTRY}, WEB_BASE, user=ASK_DAY), JudgeScript(
                            "fail", sees=(ASK_DAY, "+export class Formatter {"))),
                        lambda: (run_with({"src/buffer.c": BUFFER_C + C_MEASURES}, C_BASE, user=ASK_ROOM), JudgeScript(
                            "fail", sees=(ASK_ROOM, "+static const buffer_measure BUFFER_MEASURES[] =")))],
               "na": [cs103_only_tests_changed,
                      lambda: (_tests_in(WEB_BASE, JS_TEST, FORMAT_TEST + JS_INLINE_TEST), None)]},
    "CS-104": {"pass": [cs104_inline_inputs, cs104_old_sleep_is_not_added_code,
                        lambda: (_tests_in(WEB_BASE, JS_TEST, FORMAT_TEST + JS_INLINE_TEST),
                                 JudgeScript("pass", sees=("+test('formatDate keeps the year', () => {",))),
                        lambda: (_tests_in(WEB_BASE, JS_TEST, FORMAT_TEST + JS_FAKE_CLOCK_TEST),
                                 JudgeScript("pass", sees=("+  t.mock.timers.tick(100);",))),
                        lambda: (_tests_in(C_BASE, C_TEST, C_PLAIN_TEST),
                                 JudgeScript("pass", sees=("b.cap == 0",)))],
               "fail": [cs104_unseeded_random, cs104_sleep_caught_by_the_precheck,
                        lambda: (_tests_in(WEB_BASE, JS_TEST, FORMAT_TEST + JS_SLEEPY_TEST), None),
                        lambda: (_tests_in(C_BASE, C_TEST, C_SLEEPY_TEST), None),
                        lambda: (_tests_in(C_BASE, C_TEST, C_TIME_TEST),
                                 JudgeScript("fail", sees=("+    size_t n = (size_t)(time(NULL) % 7);",)))],
               "na": [cs104_no_test_change, lambda: (format_with("\nexport const ASC = 1;\n"), None)]},
    "CS-105": {"pass": [cs105_new_module_in_house_style, cs105_edit_keeps_the_style,
                        cs105_edit_far_down_shows_ten_lines_above,
                        lambda: (web({"src/lib/dates.js": JS_PLAIN.lstrip()}), JudgeScript("pass", sees=(
                            "+++ b/src/lib/dates.js", "### src/lib/format.js (unchanged; first ",
                            "export function formatDate"))),
                        lambda: (buffer_with(C_PLAIN), JudgeScript("pass", sees=("+size_t buffer_room(",)))],
               "fail": [cs105_foreign_style,
                        lambda: (format_with(JS_FOREIGN), JudgeScript("fail", sees=("+export const format_day",))),
                        lambda: (buffer_with(C_FOREIGN), JudgeScript("fail", sees=("+size_t BufferRoom(",)))],
               "na": [cs105_no_src_change,
                      lambda: (_tests_in(C_BASE, C_TEST, C_PLAIN_TEST), None)]},
}
