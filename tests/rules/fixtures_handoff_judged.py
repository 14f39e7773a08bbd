"""Pass/fail/n-a fixtures for the judge-based rules about the writing that comes with coding work (commit bodies,
changelog entries, review findings, the final hand-off), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, commit, make_run, turn

from .fixtures_output_control import BASE, CORE_FIXED, docs, replies, state

Case = tuple[Run, JudgeScript | None]


# --- WF-106 (was PW-003) ----------------------------------------------------------------

WHY_BODY = "Callers pass numeric strings from the CLI, so add concatenated them instead of summing."
WHAT_BODY = "Change add to call int() on a and b. Update tests/test_core.py."


def _committed(*commits: tuple[str, str]) -> Run:
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=fixed, turns=[turn("Fix add and commit", "Committed the fix.")],
                    commits=[commit(subject, body) for subject, body in commits])


def body_explains_why() -> Case:
    return _committed(("Cast inputs in add", WHY_BODY)), JudgeScript("pass", sees=("Cast inputs in add", WHY_BODY))


def body_paraphrases_the_diff() -> Case:
    return _committed(("Update core.py", WHAT_BODY)), JudgeScript("fail", sees=("Update core.py", WHAT_BODY))


def only_bodied_commits_are_judged() -> Case:
    run = _committed(("Tidy imports", ""), ("Update core.py", WHAT_BODY))
    return run, JudgeScript("fail", sees=("--- commit 1: Update core.py", WHAT_BODY))


def commits_without_bodies() -> Case:
    return _committed(("Cast inputs in add", ""), ("Add a test", "  \n")), None


def no_commits() -> Case:
    return replies("Fixed add."), None

# --- WF-107 (was PW-007) ----------------------------------------------------------------

USER_ENTRY = "- `add` accepts numeric strings and returns their sum instead of concatenating them.\n"
SESSION_ENTRY = "- Refactored the `_coerce` helper as requested in this session.\n"


def _changelog(entry: str) -> Run:
    after = state({"CHANGELOG.md": BASE["CHANGELOG.md"] + "\n" + entry, "src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=after, turns=[turn("Fix add", "Fixed add.", intent="bug-fix")])


def changelog_for_users() -> Case:
    return _changelog(USER_ENTRY), JudgeScript("pass", sees=("+" + USER_ENTRY.strip(),))


def changelog_about_the_session() -> Case:
    return _changelog(SESSION_ENTRY), JudgeScript("fail", sees=("+" + SESSION_ENTRY.strip(),))


def changelog_untouched() -> Case:
    return docs("`add` returns the sum of two integers.\n"), None

# --- CL-104 (was PW-004) ----------------------------------------------------------------

REVIEW_ASK = "Review the change to add before we merge it."
REVIEW_GOOD = (
    "1. High - `src/pkg/core.py:2`: int() silently truncates floats, so add(1.5, 1) returns 2. Fix: raise "
    "TypeError for floats and add a test for it.\n"
    "2. Low - `tests/test_core.py:4`: only one case is tested. Fix: parametrize over negative and zero inputs."
)
REVIEW_BARE = (
    "1. `src/pkg/core.py:2`: int() silently truncates floats.\n"
    "2. `tests/test_core.py:4`: the test coverage could be better."
)


def _review(reply: str) -> Run:
    return make_run(initial=BASE, turns=[
        turn("Fix add", "Fixed add.", intent="bug-fix"),
        turn(REVIEW_ASK, reply, intent="code-review"),
    ])


def review_with_severity_and_fix() -> Case:
    return _review(REVIEW_GOOD), JudgeScript("pass", sees=(REVIEW_ASK, "High - `src/pkg/core.py:2`"))


def review_without_severity_or_fix() -> Case:
    return _review(REVIEW_BARE), JudgeScript("fail", sees=(REVIEW_ASK, "int() silently truncates floats."))


def review_with_no_findings() -> Case:
    return _review("No findings: the cast is correct and tested."), JudgeScript("n/a", sees=("No findings",))


def no_review_turn() -> Case:
    return replies("Fixed add.", "Added a test."), None

# --- OC-108 (was PW-005) ----------------------------------------------------------------

INTENT_REPLY = (
    "add now sums numeric strings from the CLI instead of concatenating them, so `pkg 1 2` prints 3. "
    "Changed `src/pkg/core.py`."
)
INVENTORY_REPLY = "Changed files:\n- `src/pkg/core.py`\n- `tests/test_core.py`"


def _handover(final_reply: str) -> Run:
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add.", intent="bug-fix"),
        turn("Wrap up", final_reply, intent="execute"),
    ])


def handover_states_intent() -> Case:
    return _handover(INTENT_REPLY), JudgeScript("pass", sees=(INTENT_REPLY,))


def handover_is_an_inventory() -> Case:
    return _handover(INVENTORY_REPLY), JudgeScript("fail", sees=(INVENTORY_REPLY,))


def nothing_to_hand_over() -> Case:
    return replies("`add` returns the sum of two ints."), None


FIXTURES = {
    "WF-106": {
        "pass": [body_explains_why],
        "fail": [body_paraphrases_the_diff, only_bodied_commits_are_judged],
        "na": [commits_without_bodies, no_commits],
    },
    "WF-107": {"pass": [changelog_for_users], "fail": [changelog_about_the_session], "na": [changelog_untouched]},
    "CL-104": {
        "pass": [review_with_severity_and_fix],
        "fail": [review_without_severity_or_fix],
        "na": [review_with_no_findings, no_review_turn],
    },
    "OC-108": {"pass": [handover_states_intent], "fail": [handover_is_an_inventory], "na": [nothing_to_hand_over]},
}
