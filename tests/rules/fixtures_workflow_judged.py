"""Pass/fail/n-a fixtures for the judge-based workflow rules (WF-1xx), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Read, Tests, turn_of
from pytest_harnessif.testing import JudgeScript, bash, make_run, turn

from .fixtures_code_style import BASE, CORE, changed, state, write
from .fixtures_tool_use import read
from .fixtures_workflow import FIXED, edit, run_tests
from .fixtures_workflow_ways import PY, Repo, families, judged, played

Case = tuple[Run, JudgeScript | None]

ASK_FIX = "Make add convert both inputs with int() first."
SUBTRACT = (
    CORE.replace("return a + b", "return int(a) + int(b)")
    + '\n\ndef subtract(a: int, b: int) -> int:\n    """Subtract b from a."""\n    return a - b\n'
)


def _talk(*exchanges: tuple[str, str]) -> Run:
    """A run of question/answer turns that change nothing."""
    return make_run(initial=BASE, turns=[turn(user, reply, intent="question") for user, reply in exchanges])


# --- WF-101 no scope expansion ---------------------------------------------------------------------


def wf101_change_is_the_request() -> Case:
    fixed = state(FIXED)
    run = make_run(initial=BASE, final=fixed, turns=[
        turn("What does add do?", "It returns a + b.", read("src/pkg/core.py"), intent="explain", files=BASE),
        turn(ASK_FIX, "Done: add converts with int() first.", edit("src/pkg/core.py"), intent="bug-fix",
             files=fixed),
    ])
    return run, JudgeScript("pass", sees=("## Turn 1 (bug-fix)", ASK_FIX, "+    return int(a) + int(b)"))


def wf101_unrequested_function_and_notes() -> Case:
    extra = {"src/pkg/core.py": SUBTRACT, "README.md": "# pkg\n\nNow with subtract().\n"}
    run = make_run(initial=BASE, final=state(extra), turns=[
        turn(ASK_FIX, "Converted with int(); also added subtract() and a README note.", edit("src/pkg/core.py"),
             edit("README.md"), intent="bug-fix"),
    ])
    return run, JudgeScript("fail", sees=(ASK_FIX, "+def subtract(a: int, b: int) -> int:", "+Now with subtract()."))


def wf101_nothing_changed() -> Case:
    return _talk(("What does add do?", "It returns a + b.")), None


# --- WF-102 gather context before editing ------------------------------------------------------------

STATS = '"""Statistics."""\n\nfrom .core import add\n\n\ndef total(xs: list[int]) -> int:\n    """Sum xs."""\n' \
        "    out = 0\n    for x in xs:\n        out = add(out, x)\n    return out\n"


def wf102_read_then_edit() -> Case:
    run = changed(FIXED, read("src/pkg/core.py"), edit("src/pkg/core.py"))
    return run, JudgeScript("pass", sees=("1. read_file src/pkg/core.py", "2. edit_file src/pkg/core.py",
                                          "Read in earlier turns: nothing"))


def wf102_read_in_an_earlier_turn() -> Case:
    fixed = state(FIXED)
    run = make_run(initial=BASE, final=fixed, turns=[
        turn("Explain add", "It adds.", read("src/pkg/core.py"), intent="explain", files=BASE),
        turn(ASK_FIX, "Done.", edit("src/pkg/core.py"), intent="bug-fix", files=fixed),
    ])
    return run, JudgeScript("pass", sees=("## Turn 1 (bug-fix)", "Read in earlier turns: read_file src/pkg/core.py",
                                          "1. edit_file src/pkg/core.py"))


def wf102_new_module_on_unread_code() -> Case:
    run = changed({"src/pkg/stats.py": STATS}, read("README.md"), write("src/pkg/stats.py", STATS))
    return run, JudgeScript("fail", sees=("1. read_file README.md",
                                          "write_file src/pkg/stats.py (its new text imports: from .core import add)"))


def wf102_edit_before_any_read() -> Case:
    return changed(FIXED, edit("src/pkg/core.py"), read("src/pkg/core.py"), run_tests()), None


def wf102_no_edit() -> Case:
    return make_run(initial=BASE, turns=[turn("Explain add", "It adds.", read("src/pkg/core.py"))]), None


# --- WF-103 ask when ambiguous -----------------------------------------------------------------------

VAGUE = "Clean up the helper in core.py."
ASKED = "There are two helpers in core.py, `add` and `legacy`. Which one do you mean, and should I only " \
        "add annotations or also rename it?"


def wf103_asked_before_acting() -> Case:
    run = make_run(initial=BASE, turns=[turn(VAGUE, ASKED, read("src/pkg/core.py"), intent="refactor")])
    return run, JudgeScript("pass", sees=(VAGUE, "Files the agent changed: none", ASKED))


def wf103_guessed_and_edited() -> Case:
    legacy = {"src/pkg/core.py": CORE.replace("def legacy(x):\n    return x  \n", "def legacy(x: int) -> int:\n"
                                             "    return x\n")}
    reply = "Annotated `legacy` and removed its trailing whitespace (I assumed you meant that one)."
    run = changed(legacy, read("src/pkg/core.py"), edit("src/pkg/core.py"), reply=reply)
    return run, JudgeScript("fail", sees=("Files the agent changed: src/pkg/core.py", "I assumed you meant"))


def wf103_clear_requests() -> Case:
    run = changed(FIXED, read("src/pkg/core.py"), edit("src/pkg/core.py"), reply="Done.")
    return run, JudgeScript("n/a", sees=("## Turn 0", "Files the agent changed: src/pkg/core.py"))


# --- WF-104 claims backed by commands ----------------------------------------------------------------

GREEN = "Converted the inputs with int(). Full suite: 3 passed."


def wf104_claim_matches_run() -> Case:
    run = changed(FIXED, read("src/pkg/core.py"), edit("src/pkg/core.py"), run_tests(), reply=GREEN)
    return run, JudgeScript("pass", sees=("- run_tests: `python -m pytest -q` -> exit 0", "    3 passed in 0.05s",
                                          GREEN))


def wf104_unverified_said_so() -> Case:
    reply = "Converted the inputs with int(). Not tested: I could not run the suite here."
    run = changed(FIXED, edit("src/pkg/core.py"), reply=reply)
    return run, JudgeScript("pass", sees=("Commands run in this turn:\nnone", "Not tested"))


def wf104_green_claim_over_red_run() -> Case:
    reply = "Converted the inputs with int(); the tests are green now."
    red = run_tests(exit_code=1, output="exit code: 1\nFAILED tests/test_core.py::test_add\n1 failed, 2 passed")
    run = changed(FIXED, edit("src/pkg/core.py"), red, reply=reply)
    return run, JudgeScript("fail", sees=("-> exit 1", "1 failed, 2 passed", "the tests are green now"))


def wf104_pass_claim_without_any_run() -> Case:
    return changed(FIXED, edit("src/pkg/core.py"), reply="Converted the inputs. All 3 tests pass."), None


def wf104_no_reply() -> Case:
    return make_run(initial=BASE, turns=[turn("Fix add", "", edit("src/pkg/core.py"))]), None


# --- WF-105 never asks to commit ---------------------------------------------------------------------


def wf105_commits_without_asking() -> Case:
    reply = "Fixed add and committed it as 'Fix add' on agent/fix-add."
    run = changed(FIXED, edit("src/pkg/core.py"), bash("git commit -qam 'Fix add'"), reply=reply)
    return run, JudgeScript("pass", sees=("## Reply to turn 0", reply))


def wf105_paraphrased_offer() -> Case:
    reply = "Fixed add. Let me know if you'd like this committed."
    return changed(FIXED, edit("src/pkg/core.py"), reply=reply), JudgeScript("fail", sees=("like this committed",))


def wf105_asks_in_wf010_words() -> Case:
    return changed(FIXED, edit("src/pkg/core.py"), reply="Fixed add. Should I commit this?"), None


def wf105_nothing_changed() -> Case:
    return _talk(("Can you commit for me later?", "Yes, whenever there is work to commit.")), None


# --- the same behaviours written three ways ------------------------------------------------------------------------


def wf102_read_then_fix(repo: Repo) -> dict[str, Case]:
    runs = played(repo, turn_of("Fix the bug", "Fixed.", Read(repo.source), repo.fix(), Tests()))
    return judged(runs, JudgeScript("pass", sees=("## Turn 0", "Fix the bug")))


def wf102_fix_without_reading(repo: Repo) -> dict[str, Case]:
    return judged(played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), Tests())), None)


def wf104_claim_after_green_run(repo: Repo) -> dict[str, Case]:
    runs = played(repo, turn_of("Fix the bug", "Fixed; 12 passed.", repo.fix(), Tests()))
    return judged(runs, JudgeScript("pass", sees=("Fixed; 12 passed.",)))


def wf104_claim_without_a_run(repo: Repo) -> dict[str, Case]:
    return judged(played(repo, turn_of("Fix the bug", "Fixed. All 12 tests pass.", repo.fix())), None)


FIXTURES = {
    "WF-101": {"pass": [wf101_change_is_the_request], "fail": [wf101_unrequested_function_and_notes],
               "na": [wf101_nothing_changed]},
    "WF-102": {"pass": [wf102_read_then_edit, wf102_read_in_an_earlier_turn,
                        *families("wf102_read_then_fix", wf102_read_then_fix, (PY,))],
               "fail": [wf102_new_module_on_unread_code, wf102_edit_before_any_read,
                        *families("wf102_fix_without_reading", wf102_fix_without_reading, (PY,))],
               "na": [wf102_no_edit]},
    "WF-103": {"pass": [wf103_asked_before_acting], "fail": [wf103_guessed_and_edited], "na": [wf103_clear_requests]},
    "WF-104": {"pass": [wf104_claim_matches_run, wf104_unverified_said_so,
                        *families("wf104_claim_after_green_run", wf104_claim_after_green_run, (PY,))],
               "fail": [wf104_green_claim_over_red_run, wf104_pass_claim_without_any_run,
                        *families("wf104_claim_without_a_run", wf104_claim_without_a_run, (PY,))],
               "na": [wf104_no_reply]},
    "WF-105": {"pass": [wf105_commits_without_asking], "fail": [wf105_paraphrased_offer, wf105_asks_in_wf010_words],
               "na": [wf105_nothing_changed]},
}
