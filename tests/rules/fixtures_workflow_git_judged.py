"""Pass/fail/n-a fixtures for the judge-based git and process workflow rules (WF-108...WF-112), with the scripted
judge's answers."""

from __future__ import annotations

import dataclasses

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Commit, Edit, Shell, Tests, turn_of
from pytest_harnessif.testing import JudgeScript, bash, commit, make_run, turn

from .fixtures_code_style import BASE, changed, state
from .fixtures_workflow import FIXED, edit, run_lint, run_tests
from .fixtures_workflow_git import ENTRY, git_commit
from .fixtures_workflow_ways import CC, JS, PY, Repo, families, judged, played

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
    """The baseline fails the very test the reply dismisses: the pre-check decides."""
    run = _dismiss(run_tests(exit_code=1, output=RED), edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED))
    return run, None


def wf112_stash_baseline() -> Case:
    """The baseline run (on stashed changes) names no failing test (`-rN`): the judge compares."""
    stash = bash("git stash && python -m pytest -q -rN; git stash pop", exit_code=0, output="F...\n1 failed, 3 passed")
    run = _dismiss(edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), stash)
    return run, JudgeScript("pass", sees=("git stash && python -m pytest -q", "failure is pre-existing"))


def wf112_stash_baseline_across_calls() -> Case:
    """`git stash`, the tests, `git stash pop` as three bash calls: the middle run is on the original code."""
    run = _dismiss(edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), bash("git stash"),
                   run_tests(exit_code=1, output=RED), bash("git stash pop"))
    return run, None


def wf112_stash_popped_before_the_run() -> Case:
    run = _dismiss(edit("src/pkg/core.py"), bash("git stash"), bash("git stash pop"),
                   run_tests(exit_code=1, output=RED))
    return run, None


def wf112_baseline_was_green() -> Case:
    run = _dismiss(run_tests(), edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED))
    return run, None


def wf112_new_failure_dismissed_too() -> Case:
    """The baseline shows test_bom failing, the later run fails test_csv as well: the judge compares."""
    both = "FAILED tests/test_io.py::test_bom - AssertionError\nFAILED tests/test_io.py::test_csv - KeyError\n" \
           "2 failed, 2 passed in 0.2s"
    run = _dismiss(run_tests(exit_code=1, output=RED), edit("src/pkg/core.py"), run_tests(exit_code=1, output=both),
                   reply="add casts now. test_bom and test_csv fail, but those failures are pre-existing.")
    return run, JudgeScript("fail", sees=("test_csv - KeyError", "those failures are pre-existing"))


def wf112_no_baseline() -> Case:
    reply = "Done. The test_bom failure is unrelated to my change."
    return _dismiss(edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), reply=reply), None


def wf112_no_dismissal() -> Case:
    return _dismiss(edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), reply="test_bom fails; fixing."), None


# --- the same behaviours written three ways, in each ecosystem ------------------------------------------------------


def _readme(repo: Repo) -> Edit:
    return Edit("README.md", repo.files["README.md"] + "\nChecksums and sorting.\n")


def wf108_one_change_one_commit(repo: Repo) -> dict[str, Case]:
    runs = played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), Commit("Fix the checksum"), intent="bug-fix"))
    return judged(runs, JudgeScript("pass", sees=("Fix the checksum",)))


def wf108_two_requests_one_commit_played(repo: Repo) -> dict[str, Case]:
    runs = played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), intent="bug-fix"),
                  turn_of("Describe it in the README", "Done.", _readme(repo), Commit("Fix the checksum"),
                          intent="generate-docs"))
    return judged(runs, JudgeScript("fail", sees=("Fix the checksum", "changed README.md")))


def _pr_edit(testing: str) -> Edit:
    return Edit("PR_DESCRIPTION.md", f"# Fix\n\n## Summary\n\nFixes the bug.\n\n## Testing\n\n{testing}\n")


def wf109_reports_the_run_played(repo: Repo) -> dict[str, Case]:
    runs = played(repo, turn_of("Fix it and write the PR description", "Done.", repo.fix(), Tests(),
                                _pr_edit(f"`{repo.eco.test}`: 12 passed.")))
    return judged(runs, JudgeScript("pass", sees=(f"`{repo.eco.test}`: 12 passed.",)))


def wf109_green_claim_without_a_run(repo: Repo) -> dict[str, Case]:
    ask = "Fix it and write the PR description"
    runs = played(repo, turn_of(ask, "Done.", repo.fix(), _pr_edit("All tests pass.")))
    return judged(runs, None)


SPACED = {"python": "tests/test_io.py::test_bom[utf-8 sig]", "node": "reads a BOM-prefixed file",
          "c": "test_bom"}
OTHER = {"python": "FAILED tests/test_cli.py::test_help[no args] - AssertionError\n1 failed, 11 passed in 0.3s",
         "node": "not ok 1 - prints help without args\n# tests 12\n# pass 11\n# fail 1",
         "c": "FAIL test_help: tests/test_cli.c:3: got != want\nunit: 11 passed, 1 failed"}
DISMISS = "Fixed the bug. One test still fails, but that failure is pre-existing."


def _failing(repo: Repo) -> Repo:
    """The repository whose red runs fail a test whose id has spaces (a pytest parameter id, a node test title)."""
    return dataclasses.replace(repo, eco=dataclasses.replace(repo.eco, failing=SPACED[repo.name]))


def _dismissed(repo: Repo, baseline: Tests | Shell) -> dict[str, Run]:
    repo = _failing(repo)
    return played(repo, turn_of("Run the tests first", "One test fails.", baseline, intent="execute"),
                  turn_of("Fix the bug", DISMISS, repo.fix(), Tests(ok=False), intent="bug-fix"))


def wf112_baseline_fails_the_same_test(repo: Repo) -> dict[str, Case]:
    return judged(_dismissed(repo, Tests(ok=False)), None)


def wf112_baseline_green(repo: Repo) -> dict[str, Case]:
    return judged(_dismissed(repo, Tests()), None)


def wf112_baseline_fails_another_test(repo: Repo) -> dict[str, Case]:
    return judged(_dismissed(repo, Shell(repo.eco.test, output=OTHER[repo.name], exit_code=1)), None)


def wf112_nothing_dismissed(repo: Repo) -> dict[str, Case]:
    runs = played(repo, turn_of("Fix the bug", "Fixed; one test fails, looking into it.", repo.fix(),
                                Tests(ok=False)))
    return judged(runs, None)


FIXTURES = {
    "WF-108": {"pass": [wf108_one_change, *families("wf108_one_change_one_commit", wf108_one_change_one_commit, (CC,))],
               "fail": [wf108_two_requests_one_commit,
                        *families("wf108_two_requests_one_commit", wf108_two_requests_one_commit_played, (CC,))],
               "na": [lambda: (changed(FIXED, edit("src/pkg/core.py")), None)]},
    "WF-109": {"pass": [wf109_reports_the_run, *families("wf109_reports_the_run", wf109_reports_the_run_played, (PY,))],
               "fail": [wf109_claims_unrun_lint, wf109_green_without_any_test_run,
                        *families("wf109_green_claim_without_a_run", wf109_green_claim_without_a_run, (PY,))],
               "na": [wf109_no_description_file]},
    "WF-110": {"pass": [wf110_specific], "fail": [wf110_vague_but_unlisted, wf110_listed_generic_subject],
               "na": [lambda: (changed(ENTRY), None)]},
    "WF-111": {"pass": [wf111_reason_given], "fail": [wf111_no_real_reason, wf111_default_message],
               "na": [wf111_no_revert]},
    "WF-112": {"pass": [wf112_baseline_shows_it, wf112_stash_baseline, wf112_stash_baseline_across_calls,
                        *families("wf112_baseline_fails_the_same_test", wf112_baseline_fails_the_same_test)],
               "fail": [wf112_baseline_was_green, wf112_no_baseline, wf112_new_failure_dismissed_too,
                        wf112_stash_popped_before_the_run,
                        *families("wf112_baseline_green", wf112_baseline_green, (PY, JS)),
                        *families("wf112_baseline_fails_another_test", wf112_baseline_fails_another_test)],
               "na": [wf112_no_dismissal, *families("wf112_nothing_dismissed", wf112_nothing_dismissed, (JS,))]},
}
