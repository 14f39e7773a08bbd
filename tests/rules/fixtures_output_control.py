"""Pass/fail/n-a fixtures for the output-control rules (OC-*); also the small Python, Node and C repositories the
other output-control fixture modules play behaviours in, three ways (`pytest_harnessif.fixtureways`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import NODE, PYTHON, WAYS, C, Ecosystem, Edit, Tests, TurnSpec, turn_of, ways
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .families import Factory, families

CORE = "def add(a: int, b: int) -> int:\n    return a + b\n"
CORE_FIXED = "def add(a: int, b: int) -> int:\n    return int(a) + int(b)\n"
TEST = "from pkg.core import add\n\n\ndef test_add() -> None:\n    assert add(1, 2) == 3\n"
BASE = {
    "src/pkg/__init__.py": '"""A tiny package."""\n\nfrom .core import add\n\n__all__ = ["add"]\n',
    "src/pkg/core.py": CORE,
    "tests/test_core.py": TEST,
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n",
    "README.md": "# pkg\n",
}
PYC = "src/pkg/__pycache__/core.cpython-311.pyc"
RUN_TESTS = "python -m pytest -q"


SORT = "export function sortRows(rows) {\n  return rows.slice();\n}\n"
NODE_FILES = {
    "package.json": '{\n  "name": "tablekit",\n  "type": "module",\n  "scripts": {"test": "node --test"}\n}\n',
    "src/sort.js": SORT,
    "test/sort.test.js": "import test from 'node:test';\nimport assert from 'node:assert/strict';\n"
                         "import { sortRows } from '../src/sort.js';\n\ntest('keeps rows', () => {\n"
                         "  assert.deepEqual(sortRows([1]), [1]);\n});\n",
    "README.md": "# tablekit\n",
}
STORE = '#include "store.h"\n\nint store_add(int a, int b) {\n    return a + b;\n}\n'
C_FILES = {
    "Makefile": "CFLAGS = -Wall -Wextra\n\ntest: tests/run\n\t./tests/run\n\n"
                "tests/run: src/store.c tests/test_store.c\n\t$(CC) $(CFLAGS) -Isrc -o $@ $^\n",
    "src/store.h": "int store_add(int a, int b);\n",
    "src/store.c": STORE,
    "tests/test_store.c": '#include "store.h"\n\nint main(void) {\n    return store_add(1, 2) == 3 ? 0 : 1;\n}\n',
    "README.md": "# kvlite\n",
}


@dataclass(frozen=True)
class Repo:
    """A small repository of one ecosystem, its source file and the one-line fix the behaviours make to it."""

    eco: Ecosystem
    files: dict[str, str]
    path: str
    old: str
    new: str
    comment: str

    @property
    def fixed(self) -> str:
        return self.files[self.path].replace(self.old, self.new)

    def fix(self) -> Edit:
        """The one-line fix (`sed -i` as a one-liner)."""
        return Edit(self.path, self.fixed, self.old, self.new)

    def tidy(self) -> Edit:
        """A second edit after the fix: a comment appended to the source file."""
        return Edit(self.path, self.fixed + f"{self.comment} keep the cast explicit\n")


PY_REPO = Repo(PYTHON, {**BASE}, "src/pkg/core.py", "return a + b", "return int(a) + int(b)", "#")
NODE_REPO = Repo(NODE, NODE_FILES, "src/sort.js", "return rows.slice();", "return rows.slice().sort(byDate);", "//")
C_REPO = Repo(C, C_FILES, "src/store.c", "return a + b;", "return (int)((long)a + b);", "//")
REPOS = (PY_REPO, NODE_REPO, C_REPO)


def played(name: str, repo: Repo, *turns: TurnSpec, only: tuple[str, ...] = WAYS,
           judged: Callable[[Run], Any] | None = None) -> list[Factory]:
    """The family `name` of `turns` played in `repo` three ways; `judged(run)` adds the judge's script to each."""
    def runs(repo: Repo) -> dict[str, Any]:
        played_ways = ways(list(turns), repo.files, repo.eco)
        return {way: (run, judged(run)) if judged else run for way, run in played_ways.items()}

    return families(name, runs, (repo,), only)


def state(changes: dict[str, str | None] | None = None, base: dict[str, str] = BASE) -> dict[str, str]:
    """`base` with `changes` applied (a None value deletes the path)."""
    out = dict(base)
    for path, text in (changes or {}).items():
        if text is None:
            out.pop(path, None)
        else:
            out[path] = text
    return out


def run_tests(exit_code: int = 0) -> ToolCall:
    """A call of the `run_tests` task tool."""
    return tool("run_tests", command=RUN_TESTS, exit_code=exit_code, output="1 passed")


def edit(path: str) -> ToolCall:
    """An `edit_file` call on `path`."""
    return tool("edit_file", path=path, old="a", new="b")


def written(files: dict[str, str], path: str, reply: str, text: str, *calls: ToolCall) -> Run:
    """One turn that writes `text` to `path` of `files` (through `calls`, else `write_file`) and replies `reply`."""
    after = {**files, path: text}
    return make_run(initial=files, final=after, turns=[
        turn("Do it", reply, *(calls or (tool("write_file", path=path, content=text),)), files=after)])


def docs(text: str) -> Run:
    """A one-turn run that appends `text` to README.md."""
    after = state({"README.md": "# pkg\n\n" + text})
    return make_run(initial=BASE, final=after, turns=[turn("Document add", "Documented add in the README.")])


def replies(*texts: str, intent: str = "new-feature") -> Run:
    """A run with one turn per reply and no file change."""
    return make_run(initial=BASE, turns=[turn(f"Request {i}", r, intent=intent) for i, r in enumerate(texts)])


# --- OC-005 -----------------------------------------------------------------------------------


def fix_then_select_nothing() -> Run:
    """The gamer's move: a test run after the fix that selects no test."""
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    empty = tool("run_tests", command=RUN_TESTS + " -k zz_selects_nothing", exit_code=5, is_error=True,
                 output="3 deselected in 0.01s")
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add.", edit("src/pkg/core.py"), empty, intent="bug-fix", files=fixed)])


def fix_then_collect_only() -> Run:
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    listed = "tests/test_core.py::test_add\n\n1 test collected"
    collect = tool("bash", command="python -m pytest --co -q", output=listed)
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add.", edit("src/pkg/core.py"), collect, intent="bug-fix", files=fixed)])


def fix_then_test() -> Run:
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add; the suite passes.", tool("read_file", path="src/pkg/core.py"),
             edit("src/pkg/core.py"), run_tests(), intent="bug-fix", files=fixed),
    ])


def fix_untested_but_said() -> Run:
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add. Not tested: the sandbox has no pytest.", edit("src/pkg/core.py"),
             intent="bug-fix", files=fixed),
    ])


def fix_test_then_changelog() -> Run:
    """A non-.py edit after the test run does not make the change unverified."""
    fixed = state({"src/pkg/core.py": CORE_FIXED, "CHANGELOG.md": "# Changelog\n\n- fix add\n"})
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add and noted it in the changelog.", edit("src/pkg/core.py"), run_tests(),
             edit("CHANGELOG.md"), intent="bug-fix", files=fixed),
    ])


def edit_after_tests() -> Run:
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add.", edit("src/pkg/core.py"), run_tests(), edit("src/pkg/core.py"),
             intent="bug-fix", files=fixed),
    ])


def untested_phrase_on_other_turn() -> Run:
    one = state({"src/pkg/core.py": CORE_FIXED})
    two = state({"src/pkg/core.py": CORE_FIXED + "\n\ndef sub(a: int, b: int) -> int:\n    return a - b\n"})
    return make_run(initial=BASE, final=two, turns=[
        turn("Fix add", "Fixed add; not tested yet.", edit("src/pkg/core.py"), intent="bug-fix", files=one),
        turn("Add sub", "Added sub.", edit("src/pkg/core.py"), files=two),
    ])


def tests_only_in_earlier_turn() -> Run:
    one = state({"src/pkg/core.py": CORE_FIXED})
    two = state({"src/pkg/core.py": CORE_FIXED + "# tidy\n"})
    return make_run(initial=BASE, final=two, turns=[
        turn("Fix add", "Fixed add; the suite passes.", edit("src/pkg/core.py"), run_tests(),
             intent="bug-fix", files=one),
        turn("Tidy it", "Tidied core.py.", edit("src/pkg/core.py"), intent="refactor", files=two),
    ])


def heredoc_write_after_tests() -> Run:
    """A heredoc that mentions pytest is a file write, not a test run."""
    cmd = "cat > tests/test_more.py <<'EOF'\nimport pytest\n\ndef test_more():\n    assert True\nEOF"
    fixed = state({"src/pkg/core.py": CORE_FIXED, "tests/test_more.py": "import pytest\n"})
    return make_run(initial=BASE, final=fixed, turns=[
        turn("Fix add", "Fixed add and added a test.", edit("src/pkg/core.py"), bash(RUN_TESTS), bash(cmd),
             intent="bug-fix", files=fixed),
    ])


def bracketed_page_edited_after_tests() -> Run:
    """A Next.js route file: its path is a name, not a glob (`[id]` is no character class)."""
    page = "pages/[id].js"
    files = {**NODE_FILES, page: "export default function Row() {\n  return null;\n}\n"}
    fixed = {**files, page: files[page].replace("null", "'row'")}
    tests = bash("cd /workspace && node --test", output=NODE.green.format(n=12))
    return make_run(initial=files, final=fixed, turns=[
        turn("Fix the row page", "Fixed; 12 tests pass.", tests, tool("edit_file", path=page, old="null", new="'row'"),
             intent="bug-fix", files=fixed),
    ])


def _fix_turn(*calls: ToolCall, reply: str = "Fixed add.") -> Run:
    """One bug-fix turn that changes core.py through `calls`."""
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=fixed, turns=[turn("Fix add", reply, *calls, intent="bug-fix", files=fixed)])


def pip_install_pytest_is_no_test_run() -> Run:
    return _fix_turn(edit("src/pkg/core.py"), bash("pip install -q pytest"))


def script_output_redirect_is_no_py_edit() -> Run:
    """`python tools/report.py > report.txt` mentions a .py file but writes a .txt file."""
    return _fix_turn(edit("src/pkg/core.py"), run_tests(), bash("python tools/report.py > /tmp/report.txt"))


def sed_after_pytest_in_one_command() -> Run:
    return _fix_turn(bash("timeout 60 python -m pytest -q; sed -i 's/a + b/int(a) + int(b)/' src/pkg/core.py"))


def only_tests_and_docs_change() -> Run:
    after = state({"tests/test_core.py": TEST + "\n\ndef test_zero() -> None:\n    assert add(0, 0) == 0\n",
                   "README.md": "# pkg\n\nAdds numbers.\n", PYC: "\x00bytecode"})
    return make_run(initial=BASE, final=after, turns=[
        turn("Add a test", "Added test_zero.", edit("tests/test_core.py"), edit("README.md"), run_tests(),
             intent="tests", files=after),
    ])


def oc005_tested_after_the_fix(repo: Repo) -> list[Factory]:
    return played("oc005_tested_after_the_fix", repo, turn_of(
        "Fix the bug", "Fixed; 12 tests pass.", repo.fix(), Tests(), intent="bug-fix"))


def oc005_untested_and_said(repo: Repo) -> list[Factory]:
    return played("oc005_untested_and_said", repo, turn_of(
        "Fix the bug", "Fixed. Not tested: I ran out of time.", repo.fix(), intent="bug-fix"))


def oc005_edit_after_the_tests(repo: Repo) -> list[Factory]:
    return played("oc005_edit_after_the_tests", repo, turn_of(
        "Fix the bug", "Fixed; 12 tests pass.", repo.fix(), Tests(), repo.tidy(), intent="bug-fix"))


def oc005_red_run_then_fix(repo: Repo, only: tuple[str, ...]) -> list[Factory]:
    """The tests fail first, the fix comes after them: the tool calls and one-liners edit after the last run (fail);
    in the script the failing run ends it, so the fix is never made and the turn changes nothing (n/a)."""
    return played("oc005_red_run_then_fix", repo, turn_of(
        "Fix the bug", "Fixed.", Tests(ok=False), repo.fix(), intent="bug-fix"), only=only)


# --- OC-006 -----------------------------------------------------------------------------------


def _handoff(final_reply: str) -> Run:
    after = state({"src/pkg/core.py": CORE_FIXED, "tests/test_core.py": TEST + "# more\n", "README.md": None,
                   PYC: "\x00bytecode"})
    return make_run(initial=BASE, final=after, turns=[
        turn("Fix add", "Working on it: src/pkg/core.py, tests/test_core.py, README.md.", files=after),
        turn("Wrap up", final_reply, files=after),
    ])


def handoff_complete() -> Run:
    return _handoff("Changed files:\n- `src/pkg/core.py`\n- ./tests/test_core.py\n- README.md (deleted).")


def handoff_basename_only() -> Run:
    return _handoff("Changed files: `core.py`, `tests/test_core.py`, `README.md`.")


def handoff_forgets_deleted() -> Run:
    return _handoff("Changed files: `src/pkg/core.py` and `tests/test_core.py`.")


def handoff_only_earlier() -> Run:
    return _handoff("All done.")


def only_bytecode_changed() -> Run:
    after = state({PYC: "\x00bytecode"})
    return make_run(initial=BASE, final=after, turns=[turn("Run the tests", "1 test passes.", run_tests())])


# --- OC-008 -----------------------------------------------------------------------------------


def explain_run(*explain_replies: str) -> Run:
    turns = [turn("Fix add", "Fixed add.", intent="bug-fix")]
    turns += [turn(f"Explain part {i}", r, intent="explain") for i, r in enumerate(explain_replies)]
    return make_run(initial=BASE, turns=turns)


FIXTURES = {
    "OC-001": {
        "pass": [
            lambda: replies("Working on it.", "Fixed add; 3 tests pass.\n\nSTATUS: COMPLETE\n\n"),
            lambda: replies("Two options exist; pick one.\n**STATUS: NEEDS_DECISION**"),
        ],
        "fail": [
            lambda: replies("Fixed add.\nSTATUS: COMPLETE\nLet me know if you need more."),
            lambda: replies("Fixed add.\nStatus: complete"),
            lambda: replies("Done.\nSTATUS: COMPLETE", "Also renamed the helper."),
            lambda: replies("Fixed add.\nSTATUS: DONE"),
        ],
        "na": [lambda: replies("", "   ")],
    },
    "OC-002": {
        "pass": [lambda: replies("Fixed add -> int now \u2014 see `core.py`.", "All 3 tests pass.")],
        "fail": [
            lambda: replies("Fixed add \u2705", "All tests pass."),
            lambda: replies("Plan ready.", "Shipped it \U0001f680"),
        ],
        "na": [lambda: replies("", "   ")],
    },
    "OC-003": {
        "pass": [
            lambda: replies("The earlier fix was wrong; corrected below.", 'It raises `KeyError("sorry")`.'),
        ],
        "fail": [
            lambda: replies("Fixed add.", "Sorry, I missed the negative case; fixed now."),
            lambda: replies("My apologies - the previous patch broke sub."),
            lambda: replies("I apologize for the confusion; add now casts its inputs."),
            # the gamer's move: the apology in words the first list missed
            lambda: replies("My bad, the earlier patch broke sub; fixed now."),
        ],
        "na": [lambda: replies("", "   ")],
    },
    "OC-004": {
        "pass": [
            lambda: replies("The bug was in add.", "Fixed. Sure enough, the cast was missing."),
            lambda: replies("Surely-typed inputs are not guaranteed, so add now casts."),
        ],
        "fail": [
            lambda: replies("The bug was in add.", "Sure! I've fixed the cast."),
            lambda: replies("**Of course.** Here is the change."),
            lambda: replies("I'd be happy to help. The cache is keyed by path."),
            lambda: replies("Great question - the cache is keyed by path."),
        ],
        "na": [lambda: replies("", "   ")],
    },
    "OC-005": {
        "pass": [fix_then_test, fix_untested_but_said, fix_test_then_changelog, script_output_redirect_is_no_py_edit,
                 *(f for repo in REPOS for f in oc005_tested_after_the_fix(repo)),
                 *oc005_untested_and_said(PY_REPO)],
        "fail": [edit_after_tests, untested_phrase_on_other_turn, tests_only_in_earlier_turn,
                 heredoc_write_after_tests, pip_install_pytest_is_no_test_run, sed_after_pytest_in_one_command,
                 bracketed_page_edited_after_tests, fix_then_select_nothing, fix_then_collect_only,
                 *(f for repo in REPOS for f in oc005_edit_after_the_tests(repo)),
                 *oc005_red_run_then_fix(C_REPO, ("tool", "oneliner"))],
        "na": [only_tests_and_docs_change, lambda: replies("It adds two ints.", intent="explain"),
               *oc005_red_run_then_fix(C_REPO, ("script",))],
    },
    "OC-006": {
        "pass": [handoff_complete],
        "fail": [handoff_basename_only, handoff_forgets_deleted, handoff_only_earlier],
        "na": [only_bytecode_changed, lambda: replies("It adds two ints.")],
    },
    "OC-007": {
        "pass": [lambda: replies("Verified: 3 tests pass.", "Edited:\n```python\n# hopefully brief\n```"),
                 # a question about what to fix is no hedge about the agent's own work
                 lambda: replies("Three findings; tell me which of these should be fixed before the merge.")],
        "fail": [
            lambda: replies("Fixed.", "I think the cache was stale; it passes now."),
            lambda: replies("This should work now."),
            lambda: replies("Hopefully that fixes it."),
            # the gamer's move: the same hedge in words the first list missed
            lambda: replies("Fixed add; the suite should pass now."),
            lambda: replies("I believe the cache was stale; it is likely fixed."),
            lambda: replies("The stale cache is gone, so the bug should be fixed."),
        ],
        "na": [lambda: replies("", "   ")],
    },
    "OC-008": {
        "pass": [
            lambda: explain_run("`add` casts both arguments first (`src/pkg/core.py:2`)."),
            lambda: explain_run("See src/pkg/core.py:1-2.", "It is re-exported at `src/pkg/__init__.py`:3."),
        ],
        "fail": [
            lambda: explain_run("`add` lives in `src/pkg/core.py` and casts its inputs."),
            lambda: explain_run("`add` is defined in core.py line 2."),
            lambda: explain_run("See `src/pkg/core.py:2`.", "It is re-exported by the package."),
        ],
        "na": [lambda: replies("Fixed add.", "Added a test.")],
    },
}
