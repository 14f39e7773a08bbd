"""Pass/fail/n-a fixtures for the judge-based quantitative rules (QT-101...), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, make_run, turn

from .fixtures_output_control import BASE, replies

Case = tuple[Run, JudgeScript | None]

QUESTION = "Does add accept floats?"
TIGHT = "Yes, but it truncates them: int(1.9) is 1, so add(1.9, 1) returns 2 (`src/pkg/core.py:2`)."
PADDED = (
    "You asked whether add accepts floats. Floats are a numeric type in Python that represent real numbers. "
    "Yes, add accepts them, but it truncates them. In summary, add accepts floats but truncates them. Let me "
    "know if you would like more detail!"
)


def _answer(reply: str, intent: str = "question") -> Run:
    return make_run(initial=BASE, turns=[turn(QUESTION, reply, intent=intent)])


def tight_answer() -> Case:
    return _answer(TIGHT), JudgeScript("pass", sees=(QUESTION, TIGHT))


def padded_answer() -> Case:
    return _answer(PADDED, intent="explain"), JudgeScript("fail", sees=(QUESTION, "In summary, add accepts"))


def answer_one_word_over_the_limit() -> Case:
    return _answer(" ".join(f"w{i}" for i in range(251))), None


def long_code_block_does_not_count() -> Case:
    code = "```python\n" + "x = add(1.9, 1)  # returns 2\n" * 120 + "```"
    return _answer(TIGHT + "\n\n" + code), JudgeScript("pass", sees=(TIGHT,))


def answer_at_the_word_limit() -> Case:
    reply = " ".join(f"w{i}" for i in range(250))
    return _answer(reply), JudgeScript("pass", sees=(QUESTION, "w249"))


def no_question_asked() -> Case:
    return replies("Fixed add.", "Added a test."), None


FIXTURES = {
    "QT-101": {
        "pass": [tight_answer, long_code_block_does_not_count, answer_at_the_word_limit],
        "fail": [padded_answer, answer_one_word_over_the_limit],
        "na": [no_question_asked],
    },
}
