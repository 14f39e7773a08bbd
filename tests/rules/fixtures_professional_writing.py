"""Pass/fail/n-a fixtures for the professional-writing rules (PW-*), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, commit, make_run, turn

from .fixtures_output_control import BASE, CORE_FIXED, replies, state

Case = tuple[Run, JudgeScript | None]

OUTCOME_FIRST = "Fixed the rounding in `add`: inputs are now converted with int() first. The suite passes (3 tests)."
NARRATED = (
    "First I opened core.py. Then I ran `python -m pytest -q`, which printed 1 failed. Let me now look at the "
    "traceback. I edited add and ran the tests again."
)


def _docs(text: str) -> Run:
    docs = state({"README.md": "# pkg\n\n" + text})
    return make_run(initial=BASE, final=docs, turns=[turn("Document add", "Documented add in the README.")])


# --- PW-001 -----------------------------------------------------------------------------------


def outcome_first() -> Case:
    return replies(OUTCOME_FIRST), JudgeScript("pass", sees=(OUTCOME_FIRST,))


def narrated() -> Case:
    return replies(NARRATED), JudgeScript("fail", sees=(NARRATED,))


def no_final_reply() -> Case:
    return replies(""), None


# --- PW-002 -----------------------------------------------------------------------------------

PLAIN = "`add(a, b)` returns the sum of two integers.\n"
SALESY = "`add` is a powerful, effortless way to combine numbers.\n"


def plain_docs() -> Case:
    return _docs(PLAIN), JudgeScript("pass", sees=("+" + PLAIN.strip(),))


def salesy_docs_for_the_judge() -> Case:
    return _docs(SALESY), JudgeScript("fail", sees=("powerful, effortless",))


def hype_phrase_caught_by_the_precheck() -> Case:
    return _docs("Our blazing-fast `add` is a game changer.\n"), None


def no_docs_changed() -> Case:
    return replies("Done."), None



# --- PW-003 -----------------------------------------------------------------------------------

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


# --- PW-004 -----------------------------------------------------------------------------------

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


# --- PW-005 -----------------------------------------------------------------------------------

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


# --- PW-006 -----------------------------------------------------------------------------------

DENSE = (
    "In the event that the functionality is invoked with non-integer operands, an exception of the TypeError "
    "category is raised.\n"
)


def plain_language_docs() -> Case:
    return _docs(PLAIN), JudgeScript("pass", sees=("+" + PLAIN.strip(),))


def jargon_inside_code_is_not_prose() -> Case:
    text = "Call `leverage_ratio()` to get the ratio of two sums.\n"
    return _docs(text), JudgeScript("pass", sees=("leverage_ratio()",))


def dense_docs_for_the_judge() -> Case:
    return _docs(DENSE), JudgeScript("fail", sees=("In the event that the functionality",))


def jargon_caught_by_the_precheck() -> Case:
    return _docs("`add` lets callers leverage integer arithmetic going forward.\n"), None


# --- PW-007 -----------------------------------------------------------------------------------

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
    return _docs(PLAIN), None


FIXTURES = {
    "PW-001": {"pass": [outcome_first], "fail": [narrated], "na": [no_final_reply]},
    "PW-002": {
        "pass": [plain_docs],
        "fail": [salesy_docs_for_the_judge, hype_phrase_caught_by_the_precheck],
        "na": [no_docs_changed],
    },
    "PW-003": {
        "pass": [body_explains_why],
        "fail": [body_paraphrases_the_diff, only_bodied_commits_are_judged],
        "na": [commits_without_bodies, no_commits],
    },
    "PW-004": {
        "pass": [review_with_severity_and_fix],
        "fail": [review_without_severity_or_fix],
        "na": [review_with_no_findings, no_review_turn],
    },
    "PW-005": {"pass": [handover_states_intent], "fail": [handover_is_an_inventory], "na": [nothing_to_hand_over]},
    "PW-006": {
        "pass": [plain_language_docs, jargon_inside_code_is_not_prose],
        "fail": [dense_docs_for_the_judge, jargon_caught_by_the_precheck],
        "na": [no_docs_changed],
    },
    "PW-007": {"pass": [changelog_for_users], "fail": [changelog_about_the_session], "na": [changelog_untouched]},
}
