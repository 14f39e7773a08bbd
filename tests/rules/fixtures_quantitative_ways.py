"""Quantitative fixtures for checks that read what the agent ran (QT-018, QT-019, QT-021, QT-102): each behaviour
written three ways (tool calls, bash one-liners, a `set -euo pipefail` script) in the Python, Node and C repositories
the rules are used with, beside the single-way fixtures."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import C, Commit, Edit, Shell, Tests, turn_of
from pytest_harnessif.testing import JudgeScript, bash, make_run, turn

from .fixtures_conditional_logic_ways import CC, PY, REPOS, Repo, families, play
from .fixtures_output_control import BASE, replies
from .fixtures_quantitative_counts import (
    _calls,
    qt018_last_report_at_the_limit,
    qt018_last_report_one_under,
    qt018_no_report,
    qt019_count_stated,
    qt019_failures_and_passes,
    qt019_no_count,
    qt019_no_number,
    qt019_stale_number,
    qt021_nothing_changed,
    qt021_one_each,
    qt021_turn_left_uncommitted,
    qt021_two_commits_in_a_turn,
    replies_only,
)
from .fixtures_quantitative_counts_judged import (
    MEASURED_REPLY,
    qt102_measured,
    qt102_no_number,
    qt102_no_speed_talk,
    qt102_number_never_measured,
)

# --- QT-018 coverage ----------------------------------------------------------------------------------------------


def report(percent: int) -> str:
    return f"Name    Stmts   Miss  Cover\n-----\nsrc/pkg/core.py   10   1   90%\nTOTAL   120   12   {percent}%\n" \
        "12 passed"


def _covered(repo: Repo, first: int, last: int) -> dict[str, Run]:
    cov = "python -m pytest -q --cov=pkg"
    return play(repo, turn_of("Raise the coverage", "Coverage is up.", Shell(cov, report(first)), repo.fix,
                              Shell(cov, report(last)), intent="tests"))


def qt018_js_c8_at_the_limit() -> Run:
    table = ("----------|---------|----------|---------|---------|\n"
             "File      | % Stmts | % Branch | % Funcs | % Lines |\n"
             "All files |      90 |    84.21 |     100 |      90 |\n"
             " sort.js  |      90 |    84.21 |     100 |      90 |")
    return _calls(bash("npx c8 node --test", output=f"# pass 12\n# fail 0\n{table}"))


def qt018_c_gcovr_under() -> Run:
    return _calls(bash("make coverage && gcovr -r .", output="File   Lines   Exec  Cover\nsrc/crc.c   20   17   85%\n"
                                                             "TOTAL   200   178   89%"))


# --- QT-019 passed count in the final reply -------------------------------------------------------------------------


def _passed(repo: Repo, reply: str) -> dict[str, Run]:
    return play(repo, turn_of("Fix it", reply, repo.fix, Tests(n=12), intent="bug-fix"))


def qt019_count_of_every_suite(repo: Repo) -> dict[str, Run]:
    return _passed(repo, f"Fixed; all {16 if repo.eco is C else 12} tests pass.")


def qt019_count_missing(repo: Repo) -> dict[str, Run]:
    return _passed(repo, "Fixed; all tests pass.")


def qt019_c_one_suite_only() -> Run:
    return _calls_reply("Fixed; unit: 12 passed.", "unit: 12 passed\ncli: 4 passed")


def qt019_two_suites_added_up() -> Run:
    """`make test` runs the unit suite, then the CLI suite: 35 + 17 passed."""
    return _calls_reply("All green: 52 tests passed (35 unit, 17 cli).", "unit: 35 passed\ncli: 17 passed")


def qt019_each_suite_stated() -> Run:
    return _calls_reply("All green: `unit: 35 passed`, `cli: 17 passed`.", "unit: 35 passed\ncli: 17 passed")


def _calls_reply(reply: str, output: str) -> Run:
    return make_run(initial=BASE, turns=[turn("Run the suite", reply, bash("make test", output=output))])


# --- QT-021 one commit per file-changing turn -------------------------------------------------------------------------


def qt021_commit_each_turn(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Fix it", "Fixed.", repo.fix, Commit("Handle bad input")),
                turn_of("Note it", "Noted.", Edit("CHANGELOG.md", repo.files["CHANGELOG.md"] + "- Fixed input.\n"),
                        Commit("Note the fix")))


def qt021_second_turn_uncommitted(repo: Repo) -> dict[str, Run]:
    return play(repo, turn_of("Fix it", "Fixed.", repo.fix, Commit("Handle bad input")),
                turn_of("Note it", "Noted.", Edit("CHANGELOG.md", repo.files["CHANGELOG.md"] + "- Fixed input.\n")))


# --- QT-102 speed claims measured ------------------------------------------------------------------------------------

BENCH = "hyperfine --runs 20 'make bench'"
BEFORE, AFTER = "Time (mean ± σ):     120.0 ms ±   2.1 ms", "Time (mean ± σ):      45.0 ms ±   1.0 ms"


def qt102_measured_before_and_after(repo: Repo) -> dict[str, tuple[Run, JudgeScript]]:
    played = play(repo, turn_of("Speed it up", MEASURED_REPLY, Shell(BENCH, BEFORE), repo.fix, Shell(BENCH, AFTER),
                                intent="refactor"))
    return {way: (run, JudgeScript("pass", sees=(BEFORE, AFTER, MEASURED_REPLY))) for way, run in played.items()}


def qt102_claim_without_numbers(repo: Repo) -> dict[str, tuple[Run, None]]:
    played = play(repo, turn_of("Speed it up", "It is much faster now.", repo.fix, Tests(), intent="refactor"))
    return {way: (run, None) for way, run in played.items()}


FIXTURES = {
    "QT-018": {"pass": [qt018_last_report_at_the_limit, qt018_js_c8_at_the_limit,
                        *families("qt018_at_the_limit", lambda repo: _covered(repo, 80, 90), (PY,))],
               "fail": [qt018_last_report_one_under, qt018_c_gcovr_under,
                        *families("qt018_one_under", lambda repo: _covered(repo, 95, 89), (PY,))],
               "na": [qt018_no_report]},
    "QT-019": {"pass": [qt019_count_stated, qt019_failures_and_passes, qt019_two_suites_added_up,
                        qt019_each_suite_stated,
                        *families("qt019_stated", qt019_count_of_every_suite, (PY, CC))],
               "fail": [qt019_no_number, qt019_stale_number, qt019_c_one_suite_only,
                        *families("qt019_missing", qt019_count_missing, (PY, CC))],
               "na": [qt019_no_count, replies_only]},
    "QT-021": {"pass": [qt021_one_each, *families("qt021_each_turn", qt021_commit_each_turn, (PY,))],
               "fail": [qt021_two_commits_in_a_turn, qt021_turn_left_uncommitted,
                        *families("qt021_uncommitted", qt021_second_turn_uncommitted, (PY,))],
               "na": [qt021_nothing_changed]},
    "QT-102": {"pass": [qt102_measured, *families("qt102_measured", qt102_measured_before_and_after, REPOS)],
               "fail": [qt102_no_number, qt102_number_never_measured,
                        *families("qt102_unmeasured", qt102_claim_without_numbers, REPOS)],
               "na": [qt102_no_speed_talk, lambda: replies("Tidied the module.")]},
}
