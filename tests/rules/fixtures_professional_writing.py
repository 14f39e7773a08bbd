"""Pass/fail/n-a fixtures for the professional-writing rules (PW-*), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript

from .fixtures_output_control import docs, replies

Case = tuple[Run, JudgeScript | None]

OUTCOME_FIRST = "Fixed the rounding in `add`: inputs are now converted with int() first. The suite passes (3 tests)."
NARRATED = (
    "First I opened core.py. Then I ran `python -m pytest -q`, which printed 1 failed. Let me now look at the "
    "traceback. I edited add and ran the tests again."
)


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
    return docs(PLAIN), JudgeScript("pass", sees=("+" + PLAIN.strip(),))


def salesy_docs_for_the_judge() -> Case:
    return docs(SALESY), JudgeScript("fail", sees=("powerful, effortless",))


def hype_phrase_caught_by_the_precheck() -> Case:
    return docs("Our blazing-fast `add` is a game changer.\n"), None


def no_docs_changed() -> Case:
    return replies("Done."), None


# --- PW-006 -----------------------------------------------------------------------------------

DENSE = (
    "In the event that the functionality is invoked with non-integer operands, an exception of the TypeError "
    "category is raised.\n"
)


def plain_language_docs() -> Case:
    return docs(PLAIN), JudgeScript("pass", sees=("+" + PLAIN.strip(),))


def jargon_inside_code_is_not_prose() -> Case:
    text = "Call `leverage_ratio()` to get the ratio of two sums.\n"
    return docs(text), JudgeScript("pass", sees=("leverage_ratio()",))


def dense_docs_for_the_judge() -> Case:
    return docs(DENSE), JudgeScript("fail", sees=("In the event that the functionality",))


def jargon_caught_by_the_precheck() -> Case:
    return docs("`add` lets callers leverage integer arithmetic going forward.\n"), None


FIXTURES = {
    "PW-001": {"pass": [outcome_first], "fail": [narrated], "na": [no_final_reply]},
    "PW-002": {
        "pass": [plain_docs],
        "fail": [salesy_docs_for_the_judge, hype_phrase_caught_by_the_precheck],
        "na": [no_docs_changed],
    },
    "PW-006": {
        "pass": [plain_language_docs, jargon_inside_code_is_not_prose],
        "fail": [dense_docs_for_the_judge, jargon_caught_by_the_precheck],
        "na": [no_docs_changed],
    },
}
