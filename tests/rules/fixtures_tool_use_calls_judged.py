"""Pass/fail/n-a fixtures for the judge-based tool-use rules on how tool calls serve their purpose (TU-103...),
with the scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Tests, turn_of
from pytest_harnessif.schema import Task
from pytest_harnessif.testing import JudgeScript, bash, make_run, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style import BASE, state, write
from .fixtures_tool_use import read, skill
from .fixtures_tool_use_calls import failed_edit, only_edits
from .fixtures_workflow import FIXED, edit, run_tests
from .fixtures_workflow_ways import Repo, families, judged, played

Case = tuple[Run, JudgeScript | None]
CORE = "src/pkg/core.py"

# --- TU-103 library answers from the installed library ------------------------------------------------------

LIB_QUESTION = "Does requests.get retry on connection errors by default?"
SITE = ".venv/lib/python3.11/site-packages/requests/adapters.py"
GROUNDED = "No: HTTPAdapter defaults to max_retries=0 (adapters.py, DEFAULT_RETRIES = 0), so one failure raises."
FROM_MEMORY = "Yes, requests retries three times with exponential backoff before raising."


def _asked(reply: str, *calls: ToolCall, question: str = LIB_QUESTION) -> Run:
    return make_run(initial=BASE, turns=[turn(question, reply, *calls, intent="question")])


def tu103_read_the_installed_adapter() -> Case:
    return _asked(GROUNDED, bash(f"grep -n DEFAULT_RETRIES {SITE}"), read(SITE)), JudgeScript(
        "pass", sees=(LIB_QUESTION, f"read_file {SITE}", GROUNDED))


def tu103_answered_from_memory() -> Case:
    return _asked(FROM_MEMORY), JudgeScript("fail", sees=(LIB_QUESTION, "(no tool call)", FROM_MEMORY))


def tu103_question_about_the_repo() -> Case:
    question = "What does legacy() return?"
    run = _asked("Its argument, unchanged (src/pkg/core.py:11).", read(CORE), question=question)
    return run, JudgeScript("n/a", sees=(question, f"read_file {CORE}"))


def tu103_no_question() -> Case:
    return only_edits(), None


# --- TU-104 failed calls acted on ---------------------------------------------------------------------------


def _fixed(*calls: ToolCall, reply: str) -> Run:
    return make_run(initial=BASE, final=state(FIXED), turns=[turn("Fix add", reply, *calls, intent="bug-fix")])


def tu104_failed_edit_repaired() -> Case:
    run = _fixed(failed_edit(), read(CORE), edit(CORE), run_tests(), reply="Fixed add; 3 passed.")
    return run, JudgeScript("pass", sees=("FAILED edit_file src/pkg/core.py", "`old` occurs 0 times",
                                          f"read_file {CORE}"))


def tu104_red_suite_reported_green() -> Case:
    red = run_tests(exit_code=1, output="FAILED tests/test_core.py::test_add\n1 failed, 2 passed in 0.04s")
    run = _fixed(edit(CORE), red, reply="Fixed add. All tests pass.")
    return run, JudgeScript("fail", sees=("FAILED run_tests", "1 failed, 2 passed", "All tests pass."))


def tu104_nothing_failed() -> Case:
    return only_edits(), None


# --- TU-105 fitting skills loaded first -----------------------------------------------------------------------

SKILLS = [
    {"name": "python-testing", "description": "How tests are written here.", "body": "# Testing\n- Use tmp_path.\n"},
    {"name": "git-workflow", "description": "How commits are staged and written.", "body": "# Git\n- Stage by path.\n"},
]
TEST_FILE = "tests/test_extra.py"
NEW_TEST = "def test_extra() -> None:\n    assert True\n"


def _skilled(*turns: dict[str, object], skills: list[dict[str, str]] | None = None) -> Run:
    offered = SKILLS if skills is None else skills
    task = Task(id="synthetic", scenario="synthetic", title="synthetic", languages=["python"],
                role="You are a coding agent.",
                turns=[{"intent": t["intent"], "text": t["user"]} for t in turns], rules=[], skills=offered)
    return make_run(initial=BASE, final=state({TEST_FILE: NEW_TEST}), turns=list(turns), task=task)


def _add_test(*calls: ToolCall, user: str = "Add a test for add.") -> dict[str, object]:
    return turn(user, "Added tests/test_extra.py.", *calls, intent="tests")


def tu105_all_loaded_up_front() -> Case:
    return _skilled(_add_test(skill("python-testing"), skill("git-workflow"), write(TEST_FILE, NEW_TEST))), None


def tu105_testing_skill_before_the_test() -> Case:
    run = _skilled(_add_test(read(CORE), skill("python-testing"), write(TEST_FILE, NEW_TEST), run_tests()))
    return run, JudgeScript("pass", sees=("- python-testing: How tests are written here.",
                                          "skill python-testing", f"write_file {TEST_FILE}"))


def tu105_testing_skill_after_the_test() -> Case:
    run = _skilled(_add_test(write(TEST_FILE, NEW_TEST), skill("python-testing"), run_tests()))
    return run, JudgeScript("fail", sees=("- python-testing: How tests are written here.",
                                          f"write_file {TEST_FILE}"))


def tu105_named_skill_never_loaded() -> Case:
    user = "Add a test for add, then commit it following the git-workflow skill."
    run = _skilled(_add_test(skill("python-testing"), write(TEST_FILE, NEW_TEST), bash("git commit -qam 'Add test'"),
                             user=user))
    return run, None


def tu105_no_skills_offered() -> Case:
    return _skilled(_add_test(write(TEST_FILE, NEW_TEST)), skills=[]), None


# --- TU-106 targeted runs cover the change ----------------------------------------------------------------------


def _change_core(*calls: ToolCall) -> Run:
    return make_run(initial=BASE, final=state(FIXED), turns=[turn("Fix add", "Fixed.", *calls, intent="bug-fix")])


def tu106_test_file_of_the_module() -> Case:
    return _change_core(edit(CORE), run_tests("tests/test_core.py"), run_tests()), None


def tu106_k_expression() -> Case:
    run = _change_core(edit(CORE), run_tests("-k add"))
    return run, JudgeScript("pass", sees=("-k add", "tests/test_core.py::test_add", "+    return int(a) + int(b)"))


def tu106_unrelated_selection() -> Case:
    run = _change_core(edit(CORE), run_tests("tests/test_cli.py::test_help"))
    return run, JudgeScript("fail", sees=("tests/test_cli.py::test_help", "tests/test_core.py::test_add"))


ROUTE = "pages/[id].js"
NEXT_APP = {"package.json": '{"scripts": {"test": "jest"}}\n', ROUTE: "export default function Post({ id }) {\n"
            "  return id;\n}\n", "__tests__/format.test.js": "test('formats', () => {});\n"}


def tu106_dynamic_route_tested_by_another_module() -> Case:
    """A path with glob characters (`pages/[id].js`): the judge still reads its diff."""
    final = {**NEXT_APP, ROUTE: NEXT_APP[ROUTE].replace("return id;", "return String(id);")}
    run = make_run(initial=NEXT_APP, final=final, turns=[
        turn("Fix the post page", "Fixed.", edit(ROUTE), bash("npx jest __tests__/format.test.js"), intent="bug-fix")])
    return run, JudgeScript("fail", sees=("+++ b/pages/[id].js", "+  return String(id);",
                                          "npx jest __tests__/format.test.js"))


def tu106_whole_suite_only() -> Case:
    return _change_core(edit(CORE), run_tests()), None


# --- the same behaviours written three ways, in each ecosystem ------------------------------------------------------


def tu106_selects_the_changed_module(repo: Repo) -> dict[str, Case]:
    """`tests/test_core.py` for `core.py`, `test/sort.test.js` for `sort.js`, `tests/test_crc.c` for `crc.c`."""
    return judged(played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), Tests(select=repo.test))), None)


def tu106_selects_another_module(repo: Repo) -> dict[str, Case]:
    runs = played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), Tests(select=repo.other_test)))
    return judged(runs, JudgeScript("fail", sees=(repo.other_test, repo.test)))


FIXTURES = {
    "TU-103": {"pass": [tu103_read_the_installed_adapter], "fail": [tu103_answered_from_memory],
               "na": [tu103_question_about_the_repo, tu103_no_question]},
    "TU-104": {"pass": [tu104_failed_edit_repaired], "fail": [tu104_red_suite_reported_green],
               "na": [tu104_nothing_failed]},
    "TU-105": {"pass": [tu105_all_loaded_up_front, tu105_testing_skill_before_the_test],
               "fail": [tu105_testing_skill_after_the_test, tu105_named_skill_never_loaded],
               "na": [tu105_no_skills_offered]},
    "TU-106": {"pass": [tu106_test_file_of_the_module, tu106_k_expression,
                        *families("tu106_selects_the_changed_module", tu106_selects_the_changed_module)],
               "fail": [tu106_unrelated_selection, tu106_dynamic_route_tested_by_another_module,
                        *families("tu106_selects_another_module", tu106_selects_another_module)],
               "na": [tu106_whole_suite_only]},
}
