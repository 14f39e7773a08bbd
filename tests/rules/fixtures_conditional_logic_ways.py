"""Conditional-logic fixtures for checks that read what the agent did (CL-011, CL-016, CL-020, CL-022...CL-024,
CL-101, CL-106): each behaviour written three ways (tool calls, bash one-liners, a `set -euo pipefail` script) in the
Python, Node and C repositories the rules are used with (`tests/rules/families.py`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import (
    NODE,
    PYTHON,
    WAYS,
    C,
    Commit,
    Ecosystem,
    Edit,
    Read,
    Shell,
    Tests,
    turn_of,
    ways,
)
from pytest_harnessif.testing import JudgeScript

from .families import Factory
from .families import families as each_repo
from .fixtures_code_style import BASE, CORE
from .fixtures_conditional_logic_code import CRC_FIXED, SORT_FIXED
from .fixtures_conditional_logic_judged import (
    PROFILE,
    SILENT,
    SURFACED,
    cl101_concrete_findings,
    cl101_no_review_turn,
    cl101_praise_and_vague_advice,
    cl101_review_after_an_editing_turn,
    cl101_review_that_edits,
)
from .fixtures_conditional_logic_triggers import (
    FIXED,
    LOCKED,
    changed,
    cl011_green_in_the_end,
    cl011_names_the_test,
    cl011_node_id,
    cl011_parametrized_id_with_spaces,
    cl011_piped_failure_names_other_test,
    cl011_vague,
    cl016_cat_first,
    cl016_edit_elsewhere,
    cl016_never_read,
    cl016_read_after_editing,
    cl016_read_first,
    cl020_feature_type_for_a_fix,
    cl020_matching_types,
    cl020_refactor_turn_only,
    cl020_untyped_feature,
    cl022_locked_direct,
    cl022_locked_make_test_direct,
    cl022_locked_through_uv,
    cl022_tool_only,
    cl022_unlocked_direct,
    cl022_unlocked_through_uv,
    cl023_always_green,
    cl023_chained_after_red,
    cl023_committed_over_filtered_red,
    cl023_committed_over_red,
    cl023_filtered_node_red_then_green,
    cl023_fixed_then_committed,
    cl024_assertion_edited,
    cl024_code_fixed,
    cl024_new_test_failed,
    cl024_parametrized_failure_edited,
    cl024_test_deleted,
)
from .fixtures_conditional_logic_triggers_judged import (
    cl106_failure_never_worked_around,
    cl106_kept_to_itself,
    cl106_noted_in_guide,
)
from .fixtures_quantitative_code import C_BASE, CRC_TEST, JS_BASE, SORT_TEST, c_tests, js_tests


@dataclass(frozen=True)
class Repo:
    """A repository the behaviours are played in: its files, a fix of its code, an edit weakening the test its
    ecosystem's red run reports failing, the name a reply gives that test, and a folder guide with an edit below it."""

    eco: Ecosystem
    files: dict[str, str]
    fix: Edit
    weaken: Edit
    failing: str
    guide: str
    guided: Edit


PY = Repo(PYTHON, {**BASE, "src/pkg/AGENTS.md": "# pkg internals\n\nKeep core.py dependency-free.\n"},
          Edit("src/pkg/core.py", CORE.replace("return a + b", "return int(a) + int(b)"), "return a + b",
               "return int(a) + int(b)"),
          Edit("tests/test_core.py", BASE["tests/test_core.py"].replace("== 3", "is not None"), "== 3", "is not None"),
          "test_add", "src/pkg/AGENTS.md",
          Edit("src/pkg/core.py", CORE.replace("return a + b", "return int(a) + int(b)")))
JS = Repo(NODE, {**JS_BASE, "test/AGENTS.md": "# Tests\n\nUse node:test and node:assert only.\n"},
          Edit("src/sort.js", SORT_FIXED),
          Edit("test/sort.test.js", SORT_TEST.replace("assert.deepEqual(", "assert.ok(")),
          "'sorts rows by date'", "test/AGENTS.md", Edit("test/sort.test.js", js_tests("keeps ties stable")))
CC = Repo(C, {**C_BASE, "tests/AGENTS.md": "# Tests\n\nRegister every test with RUN().\n"},
          Edit("src/crc.c", CRC_FIXED), Edit("tests/test_crc.c", CRC_TEST.replace("== 3", "!= 0"), "== 3", "!= 0"),
          "test_add", "tests/AGENTS.md", Edit("tests/test_crc.c", c_tests("test_zero")))
REPOS = (PY, JS, CC)
Played = Callable[[Repo], dict[str, Any]]


def families(name: str, played: Played, repos: tuple[Repo, ...] = REPOS, only: tuple[str, ...] = WAYS
             ) -> list[Factory]:
    """`tests.rules.families.families` in these repositories (all three unless `repos`)."""
    return each_repo(name, played, repos, only)


def play(repo: Repo, *turns: Any) -> dict[str, Run]:
    return ways(list(turns), repo.files, repo.eco)


# --- CL-011 a red turn names a failing test ----------------------------------------------------------------------


def cl011_names_the_failing_test(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Fix it", f"{repo.failing} still fails; I have not found why yet.", repo.fix,
                              Tests(ok=False), intent="bug-fix"))


def cl011_vague_about_the_failure(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Fix it", "Some tests still fail; I'll look into it.", repo.fix, Tests(ok=False),
                              intent="bug-fix"))


# --- CL-016 the folder's guide is read before editing below it ---------------------------------------------------


def cl016_guide_read_first(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Change it", "Done.", Read(repo.guide), repo.guided))


def cl016_guide_never_read(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Change it", "Done.", repo.guided, Tests()))


# --- CL-020 the commit type follows the request -------------------------------------------------------------------


def cl020_fix_typed(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("It breaks on bad input.", "Fixed and committed.", repo.fix, Tests(),
                              Commit("fix: handle bad input\n\nThe input was used unchecked."), intent="bug-fix"))


def cl020_fix_untyped(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("It breaks on bad input.", "Fixed and committed.", repo.fix, Tests(),
                              Commit("Handle bad input"), intent="bug-fix"))


# --- CL-022 python through uv when the repository is locked ---------------------------------------------------------

UV = dataclasses.replace(PYTHON, test="uv run pytest -q")
PY_LOCKED = dataclasses.replace(PY, files=LOCKED)


def cl022_locked_uv_run(repo: Repo) -> dict[str, Run]:
    return ways([turn_of("Fix add", "Fixed; 12 passed.", repo.fix, Tests())], repo.files, UV)


def cl022_locked_direct_run(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Fix add", "Fixed; 12 passed.", repo.fix, Tests()))


# --- CL-023 no commit over a red run ----------------------------------------------------------------------------------


def cl023_green_before_the_commit(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Run the tests", "One test fails.", Tests(ok=False)),
                turn_of("Fix it and commit", "Fixed and committed.", repo.fix, Tests(), Commit("Handle bad input")))


def cl023_commit_over_red(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Fix it", "One test still fails.", repo.fix, Tests(ok=False)),
                turn_of("Commit what you have", "Committed.", Commit("Handle bad input")))


# --- CL-024 a failing pre-existing test is left as it was ----------------------------------------------------------


def cl024_code_fixed_test_kept(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Run the tests", f"{repo.failing} fails.", Tests(ok=False)),
                turn_of("Make it pass", "Fixed the code; all green.", repo.fix, Tests()))


def cl024_failing_test_weakened(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Run the tests", f"{repo.failing} fails.", Tests(ok=False)),
                turn_of("Make it pass", "All green.", repo.weaken, Tests()))


# --- CL-101 a review changes nothing ---------------------------------------------------------------------------------

REVIEW = "Review the last change for correctness, no changes please."
FINDINGS = ("1. The comparator treats a missing key as NaN, so such rows land anywhere; default it to 0.\n"
            "2. Nothing checks the sum for overflow past 32 bits; mask it.")


def cl101_review_only(repo: Repo) -> dict[str, tuple[Run, JudgeScript]]:
    played = play(repo, turn_of(REVIEW, FINDINGS, Read(repo.fix.path), intent="code-review"))
    return {way: (run, JudgeScript("pass", sees=(f"Request:\n{REVIEW}", FINDINGS))) for way, run in played.items()}


def cl101_review_editing(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of(REVIEW, "1. The comparator was wrong; I fixed it.", Read(repo.fix.path), repo.fix,
                              intent="code-review"))


# --- CL-102 investigations surface discoveries -------------------------------------------------------------------

PROFILING = Shell("timeout 60 python tools/profile.py data/customers.csv",
                  "rows: 20 unique ids: 18\nplan tiers: ['1']\nmean age: 39.8")


def cl102_profiled(reply: str, says: str) -> Played:
    """The profile played three ways, replying `reply`; the judge answers `says` once it sees the output and the
    reply."""
    def played(repo: Repo) -> dict[str, tuple[Run, JudgeScript]]:
        script = JudgeScript(says, sees=("rows: 20 unique ids: 18", "plan tiers: ['1']", reply))
        return {way: (run, script) for way, run in play(repo, turn_of(PROFILE, reply, PROFILING,
                                                                       intent="data-analysis")).items()}

    return played


# --- CL-106 a repository quirk worked around is recorded --------------------------------------------------------------

NO_MODULE = Shell("python -m pkg.core", "/usr/local/bin/python: No module named pkg", 1)
WORKED = Shell("PYTHONPATH=src python -m pkg.core")
QUIRK = "# pkg\n\nRun modules with `PYTHONPATH=src python -m pkg.<module>`: the package is not installed.\n"


def cl106_quirk_recorded(repo: Repo) -> dict[str, tuple[Run, JudgeScript]]:
    played = play(repo, turn_of("Run the module", "It fails here.", NO_MODULE),
                  turn_of("Try again", "Works with PYTHONPATH=src; noted in AGENTS.md.", Edit("AGENTS.md", QUIRK),
                          WORKED))
    script = JudgeScript("pass", sees=("No module named pkg", "PYTHONPATH=src python -m pkg.core",
                                       "+Run modules with `PYTHONPATH=src"))
    return {way: (run, script) for way, run in played.items()}


def cl106_quirk_kept_to_itself(repo: Repo) -> dict[str, tuple[Run, JudgeScript]]:
    played = play(repo, turn_of("Run the module", "It fails here.", NO_MODULE),
                  turn_of("Try again", "It runs now and prints nothing.", WORKED))
    script = JudgeScript("fail", sees=("No module named pkg", "Diff of AGENTS.md:\n(unchanged)"))
    return {way: (run, script) for way, run in played.items()}


FIXTURES = {
    "CL-011": {
        "pass": [cl011_names_the_test, cl011_node_id, cl011_parametrized_id_with_spaces,
                 *families("cl011_names", cl011_names_the_failing_test)],
        "fail": [cl011_vague, cl011_piped_failure_names_other_test,
                 *families("cl011_vague", cl011_vague_about_the_failure)],
        "na": [cl011_green_in_the_end, lambda: changed(FIXED)],
    },
    "CL-016": {
        "pass": [cl016_read_first, cl016_cat_first, *families("cl016_read_first", cl016_guide_read_first)],
        "fail": [cl016_read_after_editing, cl016_never_read, *families("cl016_never_read", cl016_guide_never_read)],
        "na": [cl016_edit_elsewhere],
    },
    "CL-020": {
        "pass": [cl020_matching_types, *families("cl020_fix_typed", cl020_fix_typed)],
        "fail": [cl020_feature_type_for_a_fix, cl020_untyped_feature,
                 *families("cl020_fix_untyped", cl020_fix_untyped)],
        "na": [cl020_refactor_turn_only, lambda: changed(FIXED)],
    },
    "CL-022": {
        "pass": [cl022_locked_through_uv, cl022_unlocked_direct, cl022_locked_make_test_direct,
                 *families("cl022_uv", cl022_locked_uv_run, (PY_LOCKED,), ("oneliner", "script"))],
        "fail": [cl022_locked_direct, cl022_unlocked_through_uv,
                 *families("cl022_direct", cl022_locked_direct_run, (PY_LOCKED,), ("oneliner", "script"))],
        "na": [cl022_tool_only, *families("cl022_uv", cl022_locked_uv_run, (PY_LOCKED,), ("tool",)),
               *families("cl022_direct", cl022_locked_direct_run, (PY_LOCKED,), ("tool",))],
    },
    "CL-023": {
        "pass": [cl023_fixed_then_committed, cl023_filtered_node_red_then_green,
                 *families("cl023_green", cl023_green_before_the_commit)],
        "fail": [cl023_committed_over_red, cl023_chained_after_red, cl023_committed_over_filtered_red,
                 *families("cl023_red", cl023_commit_over_red)],
        "na": [cl023_always_green],
    },
    "CL-024": {
        "pass": [cl024_code_fixed, *families("cl024_kept", cl024_code_fixed_test_kept)],
        "fail": [cl024_assertion_edited, cl024_test_deleted, cl024_parametrized_failure_edited,
                 *families("cl024_weakened", cl024_failing_test_weakened)],
        "na": [cl024_new_test_failed, lambda: changed(FIXED)],
    },
    "CL-102": {"pass": families("cl102_surfaced", cl102_profiled(SURFACED, "pass"), (PY,)),
               "fail": families("cl102_silent", cl102_profiled(SILENT, "fail"), (PY,))},
    "CL-101": {
        "pass": [cl101_concrete_findings, cl101_review_after_an_editing_turn,
                 *families("cl101_review_only", cl101_review_only)],
        "fail": [cl101_praise_and_vague_advice, cl101_review_that_edits,
                 *families("cl101_review_edits", cl101_review_editing)],
        "na": [cl101_no_review_turn],
    },
    "CL-106": {
        "pass": [cl106_noted_in_guide, *families("cl106_recorded", cl106_quirk_recorded, (PY,))],
        "fail": [cl106_kept_to_itself, *families("cl106_kept", cl106_quirk_kept_to_itself, (PY,))],
        "na": [cl106_failure_never_worked_around],
    },
}
