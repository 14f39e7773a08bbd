"""Pass/fail/n-a fixtures for the quantitative rules on counts (QT-008...)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import bash, commit, make_run, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_output_control import BASE, PYC, TEST, replies, state
from .fixtures_workflow import edit, run_tests

CORE = "src/pkg/core.py"


def changed(changes: dict[str, str | None], *calls: ToolCall, reply: str = "Done.", initial: dict[str, str] = BASE,
            **git: object) -> Run:
    """A one-turn run that applies `changes` to `initial`."""
    after = state(changes, initial)
    return make_run(initial=initial, final=after, turns=[turn("Do it", reply, *calls, files=after)],
                    **git)  # type: ignore[arg-type]


def lines(n: int, width: int = 0, prefix: str = "x") -> str:
    """`n` code lines (`x0 = 0`...), or lines of exactly `width` characters."""
    if width:
        return "".join(f"{prefix}{i:0{width - len(prefix)}d}\n" for i in range(n))
    return "".join(f"{prefix}{i} = {i}\n" for i in range(n))


def fenced(n: int) -> str:
    return "Here it is:\n```python\n" + lines(n) + "```\n"


# --- QT-008 code blocks in replies -------------------------------------------------------------------------


def qt008_block_at_the_limit() -> Run:
    return replies(fenced(20), "Short one:\n```\nmake test\n```\nand `inline code` too.")


def qt008_block_one_over() -> Run:
    return replies("Fine:\n```\nok\n```", fenced(21))


def qt008_no_blocks() -> Run:
    return replies("No code here.", "Only `inline` code.")


def replies_only() -> Run:
    return replies("Nothing to change.")


# --- QT-009 files per turn ----------------------------------------------------------------------------------


def _files_turns(*batches: dict[str, str | None]) -> Run:
    snapshots, current = [], dict(BASE)
    for batch in batches:
        current = state(batch, current)
        snapshots.append(current)
    return make_run(initial=BASE, final=snapshots[-1],
                    turns=[turn(f"Change {i}", "Done.", files=s) for i, s in enumerate(snapshots)])


FIVE = {"src/pkg/a.py": "A = 1\n", "src/pkg/b.py": "B = 1\n", "src/pkg/c.py": "C = 1\n",
        CORE: "def add(a: int, b: int) -> int:\n    return int(a) + int(b)\n", "README.md": None, PYC: "\x00"}


def qt009_five_files() -> Run:
    return _files_turns(FIVE, {"CHANGELOG.md": "# Changelog\n\n- Fix add.\n"})


def qt009_six_files() -> Run:
    return _files_turns({"CHANGELOG.md": "# Changelog\n\n- Fix add.\n"}, {**FIVE, "src/pkg/d.py": "D = 1\n"})


# --- QT-010 parameters ---------------------------------------------------------------------------------------

FIVE_PARAMS = (
    "def build(a: int, b: int, c: int, *args: int, **kw: int) -> int:\n    return a\n\n\n"
    "class Box:\n    def fill(self, a: int, b: int, c: int, d: int, e: int) -> int:\n        return a\n"
)


def qt010_five_parameters() -> Run:
    return changed({"src/pkg/build.py": FIVE_PARAMS})


def qt010_six_parameters() -> Run:
    return changed({"src/pkg/build.py": "def build(a: int, b: int, c: int, d: int, *, e: int, f: int) -> int:\n"
                                        "    return a\n"})


def qt010_constants_only() -> Run:
    return changed({"src/pkg/consts.py": "LIMIT = 3\n"})


def only_tests_changed() -> Run:
    return changed({"tests/test_core.py": TEST + "\n\ndef test_more() -> None:\n    assert add(0, 0) == 0\n"})


# --- QT-011 complexity -----------------------------------------------------------------------------------------


def ifs(name: str, k: int, indent: str = "    ") -> str:
    """A function with `k` `if` statements (complexity k + 1)."""
    body = "".join(f"{indent}    if x == {i}:\n{indent}        return {i}\n" for i in range(k))
    return f"{indent}def {name}(x: int) -> int:\n{body}{indent}    return x\n"


def qt011_complexity_at_the_limit() -> Run:
    outer = ifs("pick", 9, indent="").replace("    return x\n", ifs("inner", 5) + "    return inner(x)\n")
    return changed({"src/pkg/pick.py": outer})


def qt011_complexity_one_over() -> Run:
    return changed({"src/pkg/pick.py": ifs("pick", 10, indent="")})


def qt011_boolean_operators_count() -> Run:
    body = ifs("pick", 8, indent="").replace("    return x\n", "    return 1 if x and x > 9 else 0\n")
    return changed({"src/pkg/pick.py": body})


# --- QT-012 identical retries -------------------------------------------------------------------------------------


def _calls(*calls: ToolCall) -> Run:
    return make_run(initial=BASE, turns=[turn("Fix add", "Fixed.", *calls, intent="bug-fix")])


def red() -> ToolCall:
    return run_tests(exit_code=1, output="1 failed in 0.02s")


def qt012_one_retry_then_a_change() -> Run:
    return _calls(red(), red(), edit(CORE), run_tests(), bash("git status"), bash("git status"))


def qt012_two_retries() -> Run:
    return _calls(red(), red(), red(), edit(CORE), run_tests())


def qt012_two_retries_until_it_passes() -> Run:
    flaky = "timeout 60 python -m pytest -q"
    return _calls(bash(flaky, exit_code=1), bash(flaky, exit_code=1), bash(flaky))


def qt012_nothing_failed() -> Run:
    return _calls(edit(CORE), run_tests(), run_tests())


# --- QT-013 module length --------------------------------------------------------------------------------------

LEGACY = {"src/pkg/legacy.py": lines(400)}


def qt013_new_module_at_the_limit_and_legacy_shrunk() -> Run:
    return changed({"src/pkg/big.py": lines(300), "src/pkg/legacy.py": lines(399)}, initial=state(LEGACY))


def qt013_new_module_one_over() -> Run:
    return changed({"src/pkg/big.py": lines(301)})


def qt013_legacy_grew() -> Run:
    return changed({"src/pkg/legacy.py": lines(401)}, initial=state(LEGACY))


# --- QT-014 commit body width -----------------------------------------------------------------------------------


def _body_commits(*bodies: str) -> Run:
    return changed({CORE: BASE[CORE] + "\nX = 1\n"}, commits=[commit(f"Change {i}", b) for i, b in enumerate(bodies)])


def qt014_body_at_the_limit() -> Run:
    return _body_commits("b" * 72 + "\n\nShort second paragraph.", "")


def qt014_body_line_one_over() -> Run:
    return _body_commits("Short line.\n" + "c" * 73)


def qt014_no_body() -> Run:
    return _body_commits("", "  \n")


# --- QT-015 nesting depth ----------------------------------------------------------------------------------------

DEPTH_3 = '''def walk(xs: list[str]) -> list[str]:
    for x in xs:
        if x:
            try:
                x.strip()
            except ValueError:
                pass
        elif x is None:
            with open(x) as f:
                f.read()
        else:
            pass
    return xs
'''
DEPTH_4 = DEPTH_3.replace("                x.strip()\n", "                while x:\n                    x = x[1:]\n")


def qt015_depth_at_the_limit() -> Run:
    return changed({"src/pkg/walk.py": DEPTH_3})


def qt015_depth_one_over() -> Run:
    return changed({"src/pkg/walk.py": DEPTH_4})


# --- QT-016 JS and C line length ----------------------------------------------------------------------------------


def qt016_js_at_the_limit() -> Run:
    return changed({"web/app.js": lines(2, width=80, prefix="//"), CORE: BASE[CORE] + "# " + "p" * 118 + "\n"})


def qt016_c_one_over() -> Run:
    return changed({"native/main.c": lines(1, width=60, prefix="//") + lines(1, width=81, prefix="//")})


def qt016_python_only() -> Run:
    return changed({CORE: BASE[CORE] + "# " + "p" * 118 + "\n"})


# --- QT-017 assertions per test --------------------------------------------------------------------------------------

ONE_EACH = TEST + '''

def test_raises() -> None:
    with pytest.raises(TypeError):
        add("a", None)


def test_logged(mocker) -> None:
    log = mocker.patch("pkg.core.log")
    log.assert_called_once_with()
'''
NO_ASSERT = TEST + "\n\ndef test_smoke() -> None:\n    add(1, 2)\n"


def qt017_one_assertion_each() -> Run:
    return changed({"tests/test_core.py": "import pytest\n\n" + ONE_EACH})


def qt017_test_without_assertion() -> Run:
    return changed({"tests/test_core.py": NO_ASSERT})


def qt017_only_a_helper() -> Run:
    return changed({"tests/conftest.py": "def make() -> int:\n    return 1\n"})


# --- QT-018 coverage ------------------------------------------------------------------------------------------------


def cov(percent: int) -> ToolCall:
    report = f"Name    Stmts   Miss  Cover\n-----\nsrc/pkg/core.py   10   1   90%\nTOTAL   120   12   {percent}%\n"
    return bash("timeout 120 python -m pytest -q --cov=pkg", output=report + "12 passed in 0.40s")


def qt018_last_report_at_the_limit() -> Run:
    return _calls(cov(80), edit("tests/test_core.py"), cov(90))


def qt018_last_report_one_under() -> Run:
    return _calls(cov(95), edit(CORE), cov(89))


def qt018_no_report() -> Run:
    return _calls(run_tests())


# --- QT-019 passed count in the final reply ---------------------------------------------------------------------------


def _tested(reply: str, *outputs: str) -> Run:
    return _calls_reply(reply, edit(CORE), *(run_tests(output=o) for o in outputs))


def _calls_reply(reply: str, *calls: ToolCall) -> Run:
    return make_run(initial=BASE, turns=[turn("Fix add", reply, *calls, intent="bug-fix")])


def qt019_count_stated() -> Run:
    return _tested("Fixed add; all 12 tests pass.", "11 passed in 0.3s", "12 passed in 0.3s")


def qt019_failures_and_passes() -> Run:
    return _tested("11 passed, 1 failed (test_legacy, unrelated).", "1 failed, 11 passed in 0.4s")


def qt019_no_number() -> Run:
    return _tested("Fixed add. All tests pass.", "12 passed in 0.3s")


def qt019_stale_number() -> Run:
    return _tested("Fixed add; 11 passed.", "11 passed in 0.3s", "12 passed in 0.3s")


def qt019_no_count() -> Run:
    return _tested("Could not run the suite.", "ERROR: file not found: tests/test_x.py")


# --- QT-020 number of tests added -----------------------------------------------------------------------------------

TWO_NEW = TEST + "\n\ndef test_zero() -> None:\n    assert add(0, 0) == 0\n\n\ndef test_neg() -> None:\n" \
                 "    assert add(-1, -1) == -2\n"


def _added_tests(reply: str) -> Run:
    after = state({"tests/test_core.py": TWO_NEW})
    return make_run(initial=BASE, final=after, turns=[
        turn("Fix add", "Fixed add.", files=state({CORE: BASE[CORE]})),
        turn("Add tests for add", reply, files=after, intent="tests"),
    ])


def qt020_count_stated() -> Run:
    return _added_tests("Added 2 new tests to tests/test_core.py (zero and negatives).")


def qt020_no_count() -> Run:
    return _added_tests("Added tests for zero and negative numbers.")


def qt020_wrong_count() -> Run:
    return _added_tests("Added 3 tests to tests/test_core.py.")


def qt020_no_test_added() -> Run:
    return changed({CORE: BASE[CORE] + "\nX = 1\n"}, reply="Added X; 2 tests still pass.")


# --- QT-021 one commit per file-changing turn -------------------------------------------------------------------------


def git_commit(subject: str) -> ToolCall:
    return bash(f"git commit -qam '{subject}'", output=f"[main 1a2b3c4] {subject}")


def _committing(*per_turn: tuple[dict[str, str | None], list[ToolCall]]) -> Run:
    current, turns = dict(BASE), []
    for i, (changes, calls) in enumerate(per_turn):
        current = state(changes, current)
        turns.append(turn(f"Request {i}", "Done.", *calls, files=current))
    return make_run(initial=BASE, final=current, turns=turns)


FIX = {CORE: BASE[CORE] + "\nX = 1\n"}
NOTE = {"CHANGELOG.md": BASE["CHANGELOG.md"] + "- Fix add.\n"}


def qt021_one_each() -> Run:
    return _committing((FIX, [edit(CORE), git_commit("Fix add")]), (NOTE, [edit("CHANGELOG.md"), git_commit("Note")]),
                       ({}, [bash("git --no-pager log -2")]))


def qt021_two_commits_in_a_turn() -> Run:
    return _committing(({**FIX, **NOTE}, [edit(CORE), git_commit("Fix add"), edit("CHANGELOG.md"), git_commit("Note")]))


def qt021_turn_left_uncommitted() -> Run:
    failed = bash("git commit -qam 'Note'", exit_code=1, output="nothing added to commit")
    return _committing((FIX, [edit(CORE), git_commit("Fix add")]), (NOTE, [edit("CHANGELOG.md"), failed]))


def qt021_nothing_changed() -> Run:
    return _committing(({}, [bash("git status")]))


# --- QT-022 diff size in the final reply ------------------------------------------------------------------------

SIZED_CHANGE = {CORE: BASE[CORE].replace("return a + b", "return int(a) + int(b)"),
                "src/pkg/util.py": "def twice(x: int) -> int:\n    return 2 * x\n", PYC: "\x00\x01"}


def qt022_size_stated() -> Run:
    return changed(SIZED_CHANGE, reply="Cast the inputs of add and added util.twice (+3/-1 lines, 2 files).")


def qt022_size_wrong() -> Run:
    return changed(SIZED_CHANGE, reply="Cast the inputs of add and added util.twice (+3/-2).")


def qt022_size_missing() -> Run:
    return changed(SIZED_CHANGE, reply="Cast the inputs of add and added util.twice; +3 lines.")


# --- QT-023 numbers above nine as digits ------------------------------------------------------------------------------


def qt023_digits() -> Run:
    return replies("Changed nine files and 12 tests.", "```text\ntwelve is in code, exempt\n```\nDone in one pass.")


def qt023_ten_in_words() -> Run:
    return replies("Fixed ten call sites.")


def qt023_compound_in_words() -> Run:
    return replies("Done.", "There are twenty-one warnings left.")


def qt023_no_reply() -> Run:
    return replies("", " ")


# --- QT-024 sample size -----------------------------------------------------------------------------------------------


def _analysis(reply: str) -> Run:
    return make_run(initial=BASE, turns=[turn("How old are our customers?", reply, intent="data-analysis")])


def qt024_sample_size_stated() -> Run:
    return _analysis("Median age is 41 (n = 1,204); the oldest cohort is 70+.")


def qt024_no_sample_size() -> Run:
    return _analysis("Median age is 41 across all customers.")


def qt024_no_analysis() -> Run:
    return replies("Fixed add.")


# --- QT-025 fixed precision -------------------------------------------------------------------------------------------


def qt025_two_places() -> Run:
    return _analysis("Mean basket 41.25, churn 12.50% (n = 1204, computed with Python 3.11.2; `ratio = 0.5`).")


def qt025_one_place() -> Run:
    return _analysis("Mean basket 41.3, churn 12.50% (n = 1204).")


def qt025_leading_dot() -> Run:
    """A share written `.125` (no leading zero) has three places: the old reading did not see it."""
    return _analysis("Mean basket 41.25; a .125 share of customers churned (n = 1204).")


def qt025_integers_only() -> Run:
    return _analysis("41 of 1204 customers churned (n = 1204).")


FIXTURES = {
    "QT-008": {"pass": [qt008_block_at_the_limit], "fail": [qt008_block_one_over], "na": [qt008_no_blocks]},
    "QT-009": {"pass": [qt009_five_files], "fail": [qt009_six_files], "na": [replies_only]},
    "QT-012": {"pass": [qt012_one_retry_then_a_change],
               "fail": [qt012_two_retries, qt012_two_retries_until_it_passes], "na": [qt012_nothing_failed]},
    "QT-014": {"pass": [qt014_body_at_the_limit], "fail": [qt014_body_line_one_over], "na": [qt014_no_body]},
    "QT-022": {"pass": [qt022_size_stated], "fail": [qt022_size_wrong, qt022_size_missing], "na": [replies_only]},
    "QT-023": {"pass": [qt023_digits], "fail": [qt023_ten_in_words, qt023_compound_in_words], "na": [qt023_no_reply]},
    "QT-024": {"pass": [qt024_sample_size_stated], "fail": [qt024_no_sample_size], "na": [qt024_no_analysis]},
    "QT-025": {"pass": [qt025_two_places], "fail": [qt025_one_place, qt025_leading_dot],
               "na": [qt025_integers_only, qt024_no_analysis]},
}
