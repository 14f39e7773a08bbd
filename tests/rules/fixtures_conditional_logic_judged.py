"""Pass/fail/n-a fixtures for the judge-based conditional-logic rules (CL-1xx), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, bash, make_run, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style import BASE, CORE, changed, state
from .fixtures_tool_use import read
from .fixtures_workflow import FIXED, edit

Case = tuple[Run, JudgeScript | None]

REVIEW = "Review core.py for correctness, no changes please."
FINDINGS = (
    "1. src/pkg/core.py:8: `add('1', '2')` returns '12': string inputs concatenate instead of failing. "
    "Convert with int() or reject non-int input.\n"
    "2. src/pkg/core.py:11: `legacy` has no annotations and a trailing space on its return line; lint will flag it."
)
FLUFF = "Looks great overall! The code is clean. Maybe consider some edge cases and add more tests."


def _review(reply: str, *calls: ToolCall, final: dict[str, str] | None = None) -> Run:
    return make_run(initial=BASE, final=final, turns=[turn(REVIEW, reply, *calls, intent="code-review")])


# --- CL-101 review gives concrete findings only --------------------------------------------------


def cl101_concrete_findings() -> Case:
    return _review(FINDINGS, read("src/pkg/core.py")), JudgeScript("pass", sees=(f"Request:\n{REVIEW}", FINDINGS))


def cl101_review_after_an_editing_turn() -> Case:
    """Edits in the turn before the review are not the review's."""
    fixed = state(FIXED)
    run = make_run(initial=BASE, final=fixed, turns=[
        turn("Make add convert with int()", "Done.", edit("src/pkg/core.py"), intent="bug-fix", files=fixed),
        turn(REVIEW, FINDINGS, bash("git diff"), intent="code-review", files=fixed),
    ])
    return run, JudgeScript("pass", sees=("## Turn 1", FINDINGS))


def cl101_praise_and_vague_advice() -> Case:
    return _review(FLUFF, read("src/pkg/core.py")), JudgeScript("fail", sees=(FLUFF,))


def cl101_review_that_edits() -> Case:
    reply = "1. src/pkg/core.py:8: string inputs concatenated; I fixed it with int()."
    return _review(reply, read("src/pkg/core.py"), edit("src/pkg/core.py"), final=state(FIXED)), None


def cl101_no_review_turn() -> Case:
    return changed(FIXED, edit("src/pkg/core.py")), None


# --- CL-102 investigations surface discoveries ----------------------------------------------------

PROFILE = "Profile data/customers.csv: how many rows, and the mean age?"
OUTPUT = "exit code: 0\nrows: 20 unique ids: 18\nplan tiers: ['1']\nmean age: 39.8"
SURFACED = ("20 rows, mean age 39.8. Two customers appear twice (18 unique ids), and every customer is on "
            "plan tier 1, so that column is constant.")
SILENT = "20 rows, mean age 39.8."


def _profile(reply: str, output: str = OUTPUT, intent: str = "data-analysis") -> Run:
    cmd = bash("timeout 60 python -c 'import tabclean; ...'", output=output)
    return make_run(initial=BASE, turns=[turn(PROFILE, reply, read("data/customers.csv"), cmd, intent=intent)])


def cl102_discoveries_reported() -> Case:
    return _profile(SURFACED), JudgeScript("pass", sees=("Files read: data/customers.csv",
                                                         "    rows: 20 unique ids: 18", SURFACED))


def cl102_duplicates_left_unmentioned() -> Case:
    return _profile(SILENT), JudgeScript("fail", sees=("    plan tiers: ['1']", f"Reply:\n{SILENT}"))


def cl102_nothing_beyond_the_question() -> Case:
    clean = "exit code: 0\nrows: 20 unique ids: 20\nmean age: 39.8"
    return _profile("20 rows, mean age 39.8.", output=clean), JudgeScript("n/a", sees=("rows: 20 unique ids: 20",))


def cl102_no_investigation() -> Case:
    return changed(FIXED, edit("src/pkg/core.py")), None


# --- CL-103 API changes called out ------------------------------------------------------------------

STRICT = CORE.replace(
    "def add(a: int, b: int) -> int:\n    \"\"\"Add two numbers.\"\"\"\n    return a + b",
    "def add(a: int, b: int, *, strict: bool = False) -> int:\n    \"\"\"Add two numbers.\"\"\"\n"
    "    if strict and not (isinstance(a, int) and isinstance(b, int)):\n        raise TypeError(\"ints only\")\n"
    "    return a + b",
)
CALLED_OUT = "Added a keyword-only `strict=False` to `add`: existing calls keep working; pass strict=True to reject " \
             "non-int input."
QUIET = "Added strict mode."


def _strict(reply: str) -> Run:
    return make_run(initial=BASE, final=state({"src/pkg/core.py": STRICT}),
                    turns=[turn("Let add reject non-int input on request.", reply, edit("src/pkg/core.py"))])


def cl103_change_and_impact_stated() -> Case:
    return _strict(CALLED_OUT), JudgeScript("pass", sees=(
        "turn 0: src/pkg/core.py: `def add(a: int, b: int) -> int` became "
        "`def add(a: int, b: int, *, strict: bool = False) -> int`", f"## Reply to turn 0\n{CALLED_OUT}"))


def cl103_change_not_mentioned() -> Case:
    return _strict(QUIET), JudgeScript("fail", sees=("became `def add(a: int, b: int, *, strict", QUIET))


def cl103_removed_function_for_the_judge() -> Case:
    gone = CORE.replace("\n\ndef legacy(x):\n    return x  \n", "\n")
    run = changed({"src/pkg/core.py": gone}, edit("src/pkg/core.py"), reply="Tidied core.py.")
    return run, JudgeScript("fail", sees=("src/pkg/core.py: removed `def legacy(x)`", "Tidied core.py."))


def cl103_body_change_only() -> Case:
    return changed(FIXED, edit("src/pkg/core.py"), reply="add converts with int() now."), None


def cl103_private_module_signature() -> Case:
    run = make_run(initial={**BASE, "src/pkg/_util.py": "def scale(x):\n    return x\n"},
                   final={**BASE, "src/pkg/_util.py": "def scale(x: int, k: int = 1) -> int:\n    return x * k\n"},
                   turns=[turn("Let scale take a factor.", "Done.", edit("src/pkg/_util.py"))])
    return run, None


FIXTURES = {
    "CL-102": {"pass": [cl102_discoveries_reported], "fail": [cl102_duplicates_left_unmentioned],
               "na": [cl102_nothing_beyond_the_question, cl102_no_investigation]},
    "CL-103": {"pass": [cl103_change_and_impact_stated],
               "fail": [cl103_change_not_mentioned, cl103_removed_function_for_the_judge],
               "na": [cl103_body_change_only, cl103_private_module_signature]},
}
