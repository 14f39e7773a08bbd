"""Pass/fail/n-a fixtures for the professional-writing rules (PW-*), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, make_run, turn

from .fixtures_output_control import BASE, replies, state

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


FIXTURES = {
    "PW-001": {"pass": [outcome_first], "fail": [narrated], "na": [no_final_reply]},
    "PW-002": {
        "pass": [plain_docs],
        "fail": [salesy_docs_for_the_judge, hype_phrase_caught_by_the_precheck],
        "na": [no_docs_changed],
    },
}
