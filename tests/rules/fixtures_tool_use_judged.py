"""Pass/fail/n-a fixtures for the judge-based tool-use rules (TU-1xx), with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.schema import Task
from pytest_harnessif.testing import JudgeScript, make_run, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style import BASE, changed
from .fixtures_tool_use import read, skill
from .fixtures_workflow import FIXED, edit, run_tests

Case = tuple[Run, JudgeScript | None]

SKILL_BODY = (
    "# Testing pkg\n\n- Tests live in `tests/test_<module>.py`.\n"
    "- Compare floats with `pytest.approx`.\n- Build inputs inline; never read files under `data/`.\n"
)
TASK = Task(
    id="synthetic", scenario="synthetic", title="synthetic", languages=["python"], role="You are a coding agent.",
    turns=[{"intent": "tests", "text": "Add a test for mean."}], rules=[],
    skills=[{"name": "python-testing", "description": "How tests are written here.", "body": SKILL_BODY}],
)
MEAN = '\n\ndef mean(xs: list[float]) -> float:\n    """Arithmetic mean."""\n    return sum(xs) / len(xs)\n'
APPROX = "import pytest\n\nfrom pkg.core import mean\n\n\ndef test_mean() -> None:\n" \
         "    assert mean([0.1, 0.2]) == pytest.approx(0.15)\n"
EXACT = "import json\n\nfrom pkg.core import mean\n\n\ndef test_mean() -> None:\n" \
        "    ages = json.load(open('data/ages.json'))\n    assert mean(ages) == 39.8125\n"


def _tests(content: str, task: Task | None = TASK) -> Run:
    initial = {**BASE, "src/pkg/core.py": BASE["src/pkg/core.py"] + MEAN}
    final = {**initial, "tests/test_mean.py": content}
    return make_run(initial=initial, final=final, task=task,
                    turns=[turn("Add a test for mean.", "Added tests/test_mean.py.", skill(), intent="tests")])


# --- TU-101 tests follow the testing skill -----------------------------------------------------------


def tu101_follows_the_skill() -> Case:
    return _tests(APPROX), JudgeScript("pass", sees=("Compare floats with `pytest.approx`.",
                                                     "+    assert mean([0.1, 0.2]) == pytest.approx(0.15)"))


def tu101_exact_floats_from_a_data_file() -> Case:
    return _tests(EXACT), JudgeScript("fail", sees=("never read files under `data/`", "+    ages = json.load("))


def tu101_test_beside_a_dynamic_route() -> Case:
    """A path with glob characters (`pages/[id].test.js`): the judge still reads its diff."""
    run = make_run(initial=BASE, final={**BASE, "pages/[id].test.js": "test('post', () => {});\n"}, task=TASK,
                   turns=[turn("Add a test for the post page.", "Added pages/[id].test.js.", skill(), intent="tests")])
    return run, JudgeScript("fail", sees=("Tests live in `tests/test_<module>.py`.", "+++ b/pages/[id].test.js",
                                          "+test('post', () => {});"))


def tu101_no_testing_skill() -> Case:
    return _tests(APPROX, task=None), None


def tu101_no_test_change() -> Case:
    return changed(FIXED, edit("src/pkg/core.py"), task=TASK), None


# --- TU-102 answers rest on what was read --------------------------------------------------------------

EXPLAIN = "How does legacy() handle None?"
GROUNDED = "`legacy` (src/pkg/core.py:11) returns its argument unchanged, so None comes back as None."
INVENTED = "`legacy` checks for None first and returns 0, then casts everything else with int()."


def _explain(reply: str, *calls: ToolCall) -> Run:
    return make_run(initial=BASE, turns=[turn(EXPLAIN, reply, *calls, intent="explain")])


def tu102_read_then_answered() -> Case:
    return _explain(GROUNDED, read("src/pkg/core.py")), JudgeScript(
        "pass", sees=("Read or run so far in the session:\n- read_file src/pkg/core.py", GROUNDED))


def tu102_read_in_an_earlier_turn() -> Case:
    run = make_run(initial=BASE, turns=[
        turn("Show me core.py", "It defines add and legacy.", read("src/pkg/core.py"), intent="explain"),
        turn("Is the suite green?", "Yes: 3 passed.", run_tests(), intent="question"),
        turn(EXPLAIN, GROUNDED, intent="explain"),
    ])
    return run, JudgeScript("pass", sees=("## Turn 2 (explain)", "- read_file src/pkg/core.py", "- run_tests"))


def tu102_answer_beyond_what_was_read() -> Case:
    return _explain(INVENTED, read("README.md")), JudgeScript("fail", sees=("- read_file README.md", INVENTED))


def tu102_answered_without_looking() -> Case:
    """Loading a skill is no look at the repository."""
    return _explain(INVENTED, skill()), None


def tu102_no_question_about_the_repo() -> Case:
    return changed(FIXED, read("src/pkg/core.py"), edit("src/pkg/core.py")), None


FIXTURES = {
    "TU-101": {"pass": [tu101_follows_the_skill],
               "fail": [tu101_exact_floats_from_a_data_file, tu101_test_beside_a_dynamic_route],
               "na": [tu101_no_testing_skill, tu101_no_test_change]},
    "TU-102": {"pass": [tu102_read_then_answered, tu102_read_in_an_earlier_turn],
               "fail": [tu102_answer_beyond_what_was_read, tu102_answered_without_looking],
               "na": [tu102_no_question_about_the_repo]},
}
