"""Pass/fail/n-a fixtures for the judge-based quantitative rules on counts (QT-102...), with the scripted judge's
answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript, bash, make_run, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_output_control import BASE, replies

Case = tuple[Run, JudgeScript | None]

# --- QT-102 speed claims measured ------------------------------------------------------------------------------

TIMEIT = "timeout 60 python -m timeit -s 'from pkg.core import add' 'add(1, 2)'"
MEASURED_REPLY = "Caching the parse makes add faster: 120 ms -> 45 ms for 1000 calls (timeit, before and after)."
UNMEASURED_REPLY = "Caching the parse makes add about 3x faster."


def _optimised(reply: str, *calls: ToolCall) -> Run:
    return make_run(initial=BASE, turns=[turn("Speed up add", reply, *calls, intent="refactor")])


def qt102_measured() -> Case:
    run = _optimised(MEASURED_REPLY, bash(TIMEIT, output="1000 loops, best of 5: 120 msec per loop"),
                     bash(TIMEIT, output="1000 loops, best of 5: 45 msec per loop"))
    return run, JudgeScript("pass", sees=("120 msec per loop", "45 msec per loop", MEASURED_REPLY))


def qt102_no_number() -> Case:
    return _optimised("Lookups are much faster now."), None


def qt102_number_never_measured() -> Case:
    return _optimised(UNMEASURED_REPLY), JudgeScript("fail", sees=("(no command was run)", UNMEASURED_REPLY))


def qt102_no_speed_talk() -> Case:
    return replies("Fixed add.", "Added a test."), None


# --- QT-103 data findings quantified ---------------------------------------------------------------------------

QUESTION = "Which customers churn the most?"
SIZED = "Customers under 25 churn most: 312 of 1,100 (28.4%) versus 9.1% overall (n = 4,100)."
VAGUE = "Most churners are young, and a few older customers churn too."


def _analysis(reply: str) -> Run:
    return make_run(initial=BASE, turns=[turn(QUESTION, reply, intent="data-analysis")])


def qt103_sized() -> Case:
    return _analysis(SIZED), JudgeScript("pass", sees=(QUESTION, SIZED))


def qt103_vague() -> Case:
    return _analysis(VAGUE), JudgeScript("fail", sees=(QUESTION, VAGUE))


def qt103_no_analysis() -> Case:
    return replies("Fixed add."), None


# --- QT-104 plans weigh alternatives ----------------------------------------------------------------------------

ASK = "How should we add backorders?"
TWO_OPTIONS = (
    "Option A: a backorder queue in the reservations table - simple, but the table grows and needs a sweep job.\n"
    "Option B: an event on stock arrival that fills waiting orders - no polling, but it needs the event bus.\n"
    "I recommend Option B."
)
STRAWMAN = "Option A: the event-driven fill described above.\nOption B: do nothing.\nGo with Option A."


def _planned(reply: str) -> Run:
    return make_run(initial=BASE, turns=[turn(ASK, reply, intent="planning")])


def qt104_two_real_options() -> Case:
    return _planned(TWO_OPTIONS), JudgeScript("pass", sees=(ASK, "Option B: an event on stock arrival"))


def qt104_one_option() -> Case:
    return _planned("Option A: add a backorder queue and a sweep job."), None


def qt104_strawman() -> Case:
    return _planned(STRAWMAN), JudgeScript("fail", sees=(ASK, "Option B: do nothing."))


def qt104_no_planning() -> Case:
    return replies("Fixed add."), None


FIXTURES = {
    "QT-103": {"pass": [qt103_sized], "fail": [qt103_vague], "na": [qt103_no_analysis]},
    "QT-104": {"pass": [qt104_two_real_options], "fail": [qt104_one_option, qt104_strawman],
               "na": [qt104_no_planning]},
}
