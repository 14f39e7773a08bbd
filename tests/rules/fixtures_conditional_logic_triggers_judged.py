"""Pass/fail/n-a fixtures for the judge-based triggered conditional-logic rules (CL-105...CL-109), with the scripted
judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, bash, make_run, turn

from .fixtures_code_style import BASE, CORE, changed, state
from .fixtures_conditional_logic_code import CRC_FIXED, SORT_FIXED
from .fixtures_conditional_logic_triggers import STRICT_DOC
from .fixtures_quantitative_code import C_BASE, JS_BASE, SORT_TEST, c_tests, described, js_tests
from .fixtures_workflow import FIXED, edit, run_tests

Case = tuple[Run, JudgeScript | None]

# --- CL-105 README follows documented changes ---------------------------------------------------------------

README = "# pkg\n\nCall `add(a, b)` to sum two integers.\n"
LOOSE_README = "# pkg\n\n`add(a, b)` returns `a + b` for any inputs, so strings are concatenated.\n"


def _documented(readme: str, changes: dict[str, str]) -> Run:
    initial = {**BASE, "README.md": readme}
    return make_run(initial=initial, final=state(changes, initial),
                    turns=[turn("Make add cast its inputs.", "Done.", edit("src/pkg/core.py"))])


def cl105_readme_still_true() -> Case:
    run = _documented(README, FIXED)
    return run, JudgeScript("pass", sees=("3: Call `add(a, b)` to sum two integers.", "+    return int(a) + int(b)",
                                          "README.md unchanged"))


def cl105_readme_describes_old_behaviour() -> Case:
    run = _documented(LOOSE_README, FIXED)
    return run, JudgeScript("fail", sees=("strings are concatenated", "+    return int(a) + int(b)"))


def cl105_signature_changed_readme_untouched() -> Case:
    return _documented(README, {"src/pkg/core.py": STRICT_DOC}), None


def cl105_undocumented_function() -> Case:
    legacy = CORE.replace("    return x  \n", "    return int(x)\n")
    return _documented(README, {"src/pkg/core.py": legacy}), None


# --- CL-106 repository quirks recorded ------------------------------------------------------------------------

NO_MODULE = bash("python -m pkg.core", exit_code=1, output="/usr/local/bin/python: No module named pkg")
WORKED = bash("PYTHONPATH=src python -m pkg.core", output="")
NOTE = "# pkg\n\nRun modules with `PYTHONPATH=src python -m pkg.<module>`: the package is not installed.\n"


def cl106_noted_in_guide() -> Case:
    reply = "Ran it; noted PYTHONPATH in AGENTS.md."
    run = changed({"AGENTS.md": NOTE}, NO_MODULE, WORKED, edit("AGENTS.md"), reply=reply)
    return run, JudgeScript("pass", sees=("No module named pkg", "PYTHONPATH=src python -m pkg.core",
                                          "Diff of AGENTS.md", "+Run modules with `PYTHONPATH=src"))


def cl106_kept_to_itself() -> Case:
    run = changed({}, NO_MODULE, WORKED, reply="Ran the module; it prints nothing.")
    return run, JudgeScript("fail", sees=("No module named pkg", "Diff of AGENTS.md:\n(unchanged)"))


def cl106_failure_never_worked_around() -> Case:
    return changed({}, NO_MODULE, bash("ls src"), reply="The module cannot be run here."), None


# --- CL-107 corrections taken on board -------------------------------------------------------------------------

ASK = "Make add accept strings."
CORRECT = "No, that's not what I meant: strings should be rejected with a TypeError, not cast."
REJECTING = CORE.replace("    return a + b", "    if not isinstance(a, int) or not isinstance(b, int):\n"
                                         "        raise TypeError(\"ints only\")\n    return a + b")


def _corrected(reply: str, second: dict[str, str]) -> Run:
    one, two = state(FIXED), state(second)
    return make_run(initial=BASE, final=two, turns=[
        turn(ASK, "Done: add now casts its inputs with int().", edit("src/pkg/core.py"), files=one),
        turn(CORRECT, reply, edit("src/pkg/core.py"), files=two),
    ])


def cl107_changed_course() -> Case:
    reply = "Understood - add no longer casts; it raises TypeError for non-int input."
    run = _corrected(reply, {"src/pkg/core.py": REJECTING})
    return run, JudgeScript("pass", sees=("## Correction:", "not what I meant", "+        raise TypeError", reply))


def cl107_same_again() -> Case:
    run = _corrected("Sorry for the confusion! Done.", FIXED)
    return run, JudgeScript("fail", sees=("not what I meant", "Sorry for the confusion", "(no file changed)"))


def cl107_no_correction() -> Case:
    return changed(FIXED, edit("src/pkg/core.py")), None


# --- CL-108 bug-fix replies account for tests -------------------------------------------------------------------

REGRESSION = "\n\ndef test_strings_are_cast() -> None:\n    assert add('1', '2') == 3\n"


def _fix(reply: str, test: str = "") -> Run:
    changes = {**FIXED, **({"tests/test_core.py": BASE["tests/test_core.py"] + test} if test else {})}
    after = state(changes)
    return make_run(initial=BASE, final=after, turns=[
        turn("add('1', '2') returns '12'.", reply, edit("src/pkg/core.py"), run_tests(), intent="bug-fix", files=after),
    ])


def cl108_says_why_no_test() -> Case:
    reply = "Fixed: add casts with int(). No new test: test_add now also passes strings, so it covers the case."
    return _fix(reply), JudgeScript("pass", sees=("### turn 0 (bug-fix)", "No new test"))


def cl108_names_the_new_test() -> Case:
    return _fix("Fixed add; regression test: test_strings_are_cast.", REGRESSION), None


def cl108_silent_about_tests() -> Case:
    return _fix("Fixed add: it casts with int()."), JudgeScript("fail", sees=("Fixed add: it casts with int().",))


def cl108_new_test_unnamed() -> Case:
    return _fix("Fixed add and added a regression test.", REGRESSION), None


def _fix_in(initial: dict[str, str], changes: dict[str, str], reply: str) -> Case:
    after = state(changes, initial)
    return make_run(initial=initial, final=after, turns=[
        turn("Rows without the key land anywhere.", reply, intent="bug-fix", files=after),
    ]), None


SORT_CASE = {"src/sort.js": SORT_FIXED, "test/sort.test.js": js_tests("rows without the key sort first")}


def cl108_js_names_the_case_inside_a_describe() -> Case:
    """The reply names the case by its title, as people do; the describe block around it need not be named."""
    cases = SORT_TEST + described("sortRows", "rows without the key sort first")
    return _fix_in(JS_BASE, {"src/sort.js": SORT_FIXED, "test/sort.test.js": cases},
                   "Fixed the comparator; regression test: 'rows without the key sort first'.")


def cl108_js_names_the_case() -> Case:
    return _fix_in(JS_BASE, SORT_CASE,
                   "Fixed the comparator; regression test: 'rows without the key sort first'.")


def cl108_js_case_unnamed() -> Case:
    return _fix_in(JS_BASE, SORT_CASE, "Fixed the comparator and added a regression test.")


def cl108_c_names_the_function() -> Case:
    return _fix_in(C_BASE, {"src/crc.c": CRC_FIXED, "tests/test_crc.c": c_tests("test_wraps_around")},
                   "Masked the sum to 32 bits; test_wraps_around covers it.")


def cl108_c_function_unnamed() -> Case:
    return _fix_in(C_BASE, {"src/crc.c": CRC_FIXED, "tests/test_crc.c": c_tests("test_wraps_around")},
                   "Masked the sum to 32 bits and added a unit test.")


def cl108_no_bug_fix() -> Case:
    return changed(FIXED, edit("src/pkg/core.py")), None


# --- CL-109 replies in the user's language --------------------------------------------------------------------

GERMAN_Q = "Kannst du mir erklären, was add macht?"
GERMAN_A = "add addiert zwei ganze Zahlen und gibt die Summe zurück (`a + b`)."
FRENCH_Q = "Peux-tu m'expliquer ce que fait add ?"


def _asked(user: str, reply: str) -> Run:
    return make_run(initial=BASE, turns=[turn(user, reply, intent="explain")])


def cl109_same_language() -> Case:
    return _asked(GERMAN_Q, GERMAN_A), JudgeScript("pass", sees=(GERMAN_Q, GERMAN_A))


def cl109_other_language() -> Case:
    reply = "add returns the sum of two integers."
    return _asked(FRENCH_Q, reply), JudgeScript("fail", sees=(FRENCH_Q, reply))


def cl109_no_reply() -> Case:
    return _asked(GERMAN_Q, ""), None


FIXTURES = {
    "CL-105": {"pass": [cl105_readme_still_true],
               "fail": [cl105_readme_describes_old_behaviour, cl105_signature_changed_readme_untouched],
               "na": [cl105_undocumented_function]},
    "CL-107": {"pass": [cl107_changed_course], "fail": [cl107_same_again], "na": [cl107_no_correction]},
    "CL-108": {"pass": [cl108_says_why_no_test, cl108_names_the_new_test, cl108_js_names_the_case,
                        cl108_c_names_the_function, cl108_js_names_the_case_inside_a_describe],
               "fail": [cl108_silent_about_tests, cl108_new_test_unnamed, cl108_js_case_unnamed,
                        cl108_c_function_unnamed],
               "na": [cl108_no_bug_fix]},
    "CL-109": {"pass": [cl109_same_language], "fail": [cl109_other_language], "na": [cl109_no_reply]},
}
