"""Pass/fail/n-a fixtures for the judge-based git and process workflow rules (WF-108...WF-112), with the scripted
judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, bash, commit, make_run, turn

from .fixtures_code_style import BASE, changed, state
from .fixtures_workflow import FIXED, edit, run_lint, run_tests
from .fixtures_workflow_git import ENTRY, git_commit

Case = tuple[Run, JudgeScript | None]

# --- WF-108 one logical change per commit -----------------------------------------------------------------


def wf108_one_change() -> Case:
    run = make_run(initial=BASE, final=state(FIXED), turns=[
        turn("Make add cast its inputs.", "Done.", edit("src/pkg/core.py"), bash("git add src/pkg/core.py"),
             git_commit("Cast inputs in add", "-qm"), intent="bug-fix", files=state(FIXED)),
    ], commits=[commit("Cast inputs in add")])
    return run, JudgeScript("pass", sees=("--- commit 1: Cast inputs in add", "bash: git add src/pkg/core.py",
                                          "turn 0 (bug-fix)"))


def wf108_two_requests_one_commit() -> Case:
    one, two = state(FIXED), state({**FIXED, "README.md": "# pkg\n\nAdds numbers.\n"})
    run = make_run(initial=BASE, final=two, turns=[
        turn("Make add cast its inputs.", "Done.", edit("src/pkg/core.py"), intent="bug-fix", files=one),
        turn("Describe the package in the README.", "Done.", edit("README.md"),
             bash("git add -A && git commit -qm 'Cast inputs in add'"), intent="generate-docs", files=two),
    ], commits=[commit("Cast inputs in add")])
    return run, JudgeScript("fail", sees=("git add -A && git commit", "--- commit 1: Cast inputs in add",
                                          "changed README.md"))


# --- WF-109 PR description reports real checks ------------------------------------------------------------

ASK_PR = "Write the PR description for this change."
TESTED = "`python -m pytest -q`: 3 passed."


def _pr(testing: str, *calls: object) -> Run:
    text = f"# Cast inputs\n\n## Summary\n\n`add` casts its inputs.\n\n## Testing\n\n{testing}\n"
    changes = {**FIXED, "PR_DESCRIPTION.md": text}
    return make_run(initial=BASE, final=state(changes), turns=[turn(ASK_PR, "Written.", *calls)])


def wf109_reports_the_run() -> Case:
    run = _pr(TESTED, edit("src/pkg/core.py"), run_tests())
    return run, JudgeScript("pass", sees=(TESTED, "- run_tests: `python -m pytest -q` -> exit 0", "3 passed in"))


def wf109_claims_unrun_lint() -> Case:
    run = _pr(f"{TESTED} The linter is clean.", edit("src/pkg/core.py"), run_tests())
    return run, JudgeScript("fail", sees=("The linter is clean.", "- run_tests:"))


def wf109_green_without_any_test_run() -> Case:
    return _pr("All tests pass.", edit("src/pkg/core.py"), run_lint()), None


def wf109_no_description_file() -> Case:
    return changed(FIXED, edit("src/pkg/core.py"), run_tests()), None


# --- WF-110 specific subjects -----------------------------------------------------------------------------


def wf110_specific() -> Case:
    run = changed(FIXED, commits=[commit("Cast string inputs to int in add")])
    return run, JudgeScript("pass", sees=("- Cast string inputs to int in add", "- src/pkg/core.py"))


def wf110_vague_but_unlisted() -> Case:
    return changed(FIXED, commits=[commit("Changes to core.py")]), JudgeScript("fail", sees=("- Changes to core.py",))


def wf110_listed_generic_subject() -> Case:
    return changed(FIXED, commits=[commit("Cast inputs in add"), commit("fix: Update.")]), None


# --- WF-111 reverts say why -------------------------------------------------------------------------------

REVERT = 'Revert "Cast inputs in add"'
GIT_LINE = "This reverts commit 1a2b3c4d5e6f."


def wf111_reason_given() -> Case:
    body = f"{GIT_LINE}\n\nCasting broke callers that pass floats; keep the old behaviour until they migrate."
    run = changed(FIXED, commits=[commit("Cast inputs in add"), commit(REVERT, body)])
    return run, JudgeScript("pass", sees=(f"--- commit 1: {REVERT}", "Casting broke callers"))


def wf111_no_real_reason() -> Case:
    run = changed(FIXED, commits=[commit(REVERT, f"{GIT_LINE}\n\nReverting the previous change.")])
    return run, JudgeScript("fail", sees=("Reverting the previous change.",))


def wf111_default_message() -> Case:
    return changed(FIXED, commits=[commit(REVERT, GIT_LINE)]), None


def wf111_no_revert() -> Case:
    return changed(FIXED, commits=[commit("Cast inputs in add")]), None


# --- WF-112 pre-existing failures proven --------------------------------------------------------------------

RED = "FAILED tests/test_io.py::test_bom - AssertionError\n1 failed, 3 passed in 0.2s"
DISMISSED = "add casts its inputs now. test_bom still fails, but that failure is pre-existing."


def _dismiss(*calls: object, reply: str = DISMISSED) -> Run:
    return changed(FIXED, *calls, reply=reply)


def wf112_baseline_shows_it() -> Case:
    run = _dismiss(run_tests(exit_code=1, output=RED), edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED))
    return run, JudgeScript("pass", sees=("FAILED tests/test_io.py::test_bom", "failure is pre-existing"))


def wf112_stash_baseline() -> Case:
    stash = bash("git stash && python -m pytest -q; git stash pop", exit_code=0, output=RED)
    run = _dismiss(edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), stash)
    return run, JudgeScript("pass", sees=("git stash && python -m pytest -q", "failure is pre-existing"))


def wf112_baseline_was_green() -> Case:
    run = _dismiss(run_tests(), edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED))
    return run, JudgeScript("fail", sees=("3 passed in 0.05s", "FAILED tests/test_io.py::test_bom"))


def wf112_no_baseline() -> Case:
    reply = "Done. The test_bom failure is unrelated to my change."
    return _dismiss(edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), reply=reply), None


def wf112_no_dismissal() -> Case:
    return _dismiss(edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), reply="test_bom fails; fixing."), None


FIXTURES = {
    "WF-108": {"pass": [wf108_one_change], "fail": [wf108_two_requests_one_commit],
               "na": [lambda: (changed(FIXED, edit("src/pkg/core.py")), None)]},
    "WF-109": {"pass": [wf109_reports_the_run], "fail": [wf109_claims_unrun_lint, wf109_green_without_any_test_run],
               "na": [wf109_no_description_file]},
    "WF-110": {"pass": [wf110_specific], "fail": [wf110_vague_but_unlisted, wf110_listed_generic_subject],
               "na": [lambda: (changed(ENTRY), None)]},
    "WF-111": {"pass": [wf111_reason_given], "fail": [wf111_no_real_reason, wf111_default_message],
               "na": [wf111_no_revert]},
    "WF-112": {"pass": [wf112_baseline_shows_it, wf112_stash_baseline],
               "fail": [wf112_baseline_was_green, wf112_no_baseline], "na": [wf112_no_dismissal]},
}
