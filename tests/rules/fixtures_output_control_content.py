"""Pass/fail/n-a fixtures for the output-control rules on what replies contain (OC-011, OC-012, OC-013...)."""

from __future__ import annotations

from collections.abc import Callable

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Lint, Shell, Tests, turn_of
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import Commit, ToolCall

from .families import Factory
from .fixtures_output_control import (
    BASE,
    C_FILES,
    CORE_FIXED,
    NODE_FILES,
    PY_REPO,
    REPOS,
    SORT,
    STORE,
    TEST,
    Repo,
    edit,
    played,
    replies,
    run_tests,
    state,
    written,
)

FIXED = state({"src/pkg/core.py": CORE_FIXED})
SUB = CORE_FIXED + "\n\ndef sub(a: int, b: int) -> int:\n    return int(a) - int(b)\n"
HELPER = CORE_FIXED + "\n\ndef _cast(a: int) -> int:\n    return int(a)\n"
NEW_TEST = TEST + "\n\ndef test_add_strings() -> None:\n    assert add('1', '2') == 3\n"
PYPROJECT = '[project]\nname = "pkg"\nversion = "0.1.0"\ndependencies = ["requests>=2"]\n'
PYPROJECT_HTTPX = '[project]\nname = "pkg"\nversion = "0.1.0"\ndependencies = ["requests>=2", "httpx>=0.27"]\n'
SHA_A = "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678"
SHA_B = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"


def _fix(reply: str, *calls: ToolCall, intent: str = "bug-fix", user: str = "Fix add") -> Run:
    """One turn that fixes add through `calls` (an edit when none are given) and replies `reply`."""
    return make_run(initial=BASE, final=FIXED, turns=[
        turn(user, reply, *(calls or (edit("src/pkg/core.py"),)), intent=intent, files=FIXED)])


def _final(reply: str, after: dict[str, str] = FIXED, **run: object) -> Run:
    """A run whose first turn changes the files to `after`, then a wrap-up turn replying `reply`."""
    return make_run(initial=BASE, final=after, turns=[
        turn("Fix add", "Working on `src/pkg/core.py`.", edit("src/pkg/core.py"), intent="bug-fix", files=after),
        turn("Wrap up", reply, files=after),
    ], **run)  # type: ignore[arg-type]


def _commits(reply: str, branch: str = "agent/fix-add", *shas: str, subject: str = "Change") -> Run:
    commits = [Commit(sha=s, subject=f"{subject} {i}", author="Harness Agent") for i, s in enumerate(shas or (SHA_A,))]
    return _final(reply, commits=commits, branch=branch)


def _tests_run(reply: str, *outputs: str) -> Run:
    calls = [tool("run_tests", command="python -m pytest -q", exit_code=0, output=o) for o in outputs]
    return _fix(reply, edit("src/pkg/core.py"), *calls)


def _missing(reply: str, *calls: ToolCall) -> Run:
    return _fix(reply, edit("src/pkg/core.py"), *calls)


def _asked(user: str, reply: str, *calls: ToolCall, intent: str = "question") -> Run:
    return make_run(initial=BASE, turns=[turn(user, reply, *calls, intent=intent)])


def _planning(reply: str) -> Run:
    return make_run(initial=BASE, turns=[
        turn("Explain add", "It sums (`src/pkg/core.py:2`).", intent="explain"),
        turn("How would you add subtraction? Just the plan.", reply, intent="planning"),
    ])


def _sweep(reply: str, intent: str = "transformation", changes: bool = True) -> Run:
    after = FIXED if changes else BASE
    return make_run(initial=BASE, final=after, turns=[
        turn("Port core to the new casting helper", reply, edit("src/pkg/core.py"), intent=intent, files=after)])


def _analysis(reply: str, output: str = "accuracy 0.87341\nf1 0.812\n") -> Run:
    return make_run(initial=BASE, turns=[
        turn("How good is the classifier?", reply, bash("python tools/evaluate.py", output=output),
             intent="data-analysis")])


def _execute(reply: str, output: str = "rows: 120\nmean: 3.4\n") -> Run:
    return make_run(initial=BASE, turns=[
        turn("Run the report script", reply, bash("timeout 60 python tools/report.py", output=output),
             intent="execute")])


def _adds(reply: str, code: str = SUB) -> Run:
    after = state({"src/pkg/core.py": code})
    return make_run(initial=BASE, final=after, turns=[
        turn("Add subtraction", reply, edit("src/pkg/core.py"), files=after)])


# --- OC-012 the last test command, three ways --------------------------------------------------------------------


def oc012_quotes_the_test_command(repo: Repo) -> list[Factory]:
    """One-liners wrap the command (`timeout 300 ... 2>&1 | tail`): the reply may quote it bare."""
    return played("oc012_quotes_the_test_command", repo, turn_of(
        "Fix the bug", f"Fixed. Verified with `{repo.eco.test}`: all green.", repo.fix(), Tests(), intent="bug-fix"))


def oc012_quotes_the_lint_command(repo: Repo) -> list[Factory]:
    return played("oc012_quotes_the_lint_command", repo, turn_of(
        "Fix the bug", f"Fixed. Checked with `{repo.eco.lint}`.", repo.fix(), Tests(), Lint(), intent="bug-fix"))


def _summary(reply: str, command: str, output: str, files: dict[str, str]) -> Run:
    """A turn that fixes the source file, runs the tests once (`command` printing `output`) and replies `reply`."""
    path = "src/sort.js" if "src/sort.js" in files else "src/store.c"
    return written(files, path, reply, files[path] + "\n", tool("write_file", path=path, content=files[path] + "\n"),
               bash(f"cd /workspace && {command} 2>&1 | tail -n 20", output=output))


NODE_GREEN = "\u2714 sorts rows by date (0.9ms)\n\u2139 tests 12\n\u2139 suites 0\n\u2139 pass 12\n\u2139 fail 0\n" \
             "\u2139 cancelled 0\n\u2139 skipped 0\n\u2139 todo 0\n\u2139 duration_ms 41.2"
C_RED = "FAIL test_add: tests/test_store.c:4: got 2 want 3\nunit: 11 passed, 1 failed\ncli: 4 passed"

# --- OC-013, OC-024, OC-027 three ways -------------------------------------------------------------------------


def oc013_shows_a_command_run(name: str, shown: Callable[[Repo], str]) -> list[Factory]:
    """A fix tested with the suite, its reply showing `shown(repo)` in a ```bash block."""
    return [f for repo in REPOS for f in played(name, repo, turn_of(
        "Fix the bug", f"Fixed. Check:\n```bash\n{shown(repo)}\n```", repo.fix(), Tests(), intent="bug-fix"))]


MISSING = {"python": ("ruff", Shell("ruff check src", "bash: ruff: command not found", 127)),
           "node": ("jsdom", Shell("node --test test/dom.test.js", "Error: Cannot find module 'jsdom'", 1)),
           "c": ("zlib.h", Shell("make gz", "src/gz.c:1:10: fatal error: zlib.h: No such file or directory", 2))}


def oc024_missing_tool(name: str, reply: str) -> list[Factory]:
    """A fix, then a step that finds a program, module or header missing (`{missing}` in `reply` names it)."""
    return [f for repo in REPOS for f in played(name, repo, turn_of(
        "Fix the bug", reply.format(missing=MISSING[repo.eco.name][0]), repo.fix(), MISSING[repo.eco.name][1],
        intent="bug-fix"))]


COUNTS = {"python": "`12 passed`", "node": "`pass 12` and `fail 0`", "c": "unit: `12 passed`, cli: `4 passed`"}


def oc027_test_counts(name: str, reply: str) -> list[Factory]:
    """A fix tested with the suite, the reply `reply` (`{counts}`: the counts as each runner printed them)."""
    return [f for repo in REPOS for f in played(name, repo, turn_of(
        "Fix the bug", reply.format(counts=COUNTS[repo.eco.name]), repo.fix(), Tests(), intent="bug-fix"))]


def oc034_execute(name: str, reply: str) -> list[Factory]:
    """An `execute` turn running the report script, its reply `reply`."""
    return played(name, PY_REPO, turn_of("Run the report script", reply,
                                         Shell("python tools/report.py", "rows: 120\nmean: 3.4"), intent="execute"))


# --- OC-032 new tests named, in every language ------------------------------------------------------------------

NODE_NEW_TEST = NODE_FILES["test/sort.test.js"] + "\ntest('sorts rows by date', () => {\n" \
                "  assert.deepEqual(sortRows([2, 1]), [1, 2]);\n});\n"
C_NEW_TEST = C_FILES["tests/test_store.c"].replace(
    "int main(void) {\n    return store_add(1, 2) == 3 ? 0 : 1;\n}\n",
    "static int test_add_negative(void) {\n    return store_add(-1, 1) == 0;\n}\n\n"
    "int main(void) {\n    return store_add(1, 2) == 3 && test_add_negative() ? 0 : 1;\n}\n")

# --- OC-035 figures as printed ---------------------------------------------------------------------------------


def oc035_analysis(name: str, reply: str, output: str = "accuracy 0.87341\nf1 0.812\n") -> list[Factory]:
    return played(name, PY_REPO, turn_of("How good is the classifier?", reply,
                                         Shell("python tools/evaluate.py", output=output), intent="data-analysis"))


# --- OC-038 usage examples, in every language -------------------------------------------------------------------

NODE_EXPORTED = SORT + "\nexport function byDate(a, b) {\n  return a.date - b.date;\n}\n\n" \
                "function compare(a, b) {\n  return a - b;\n}\n"
C_PUBLIC = STORE + "\nint store_sub(int a, int b) {\n    return a - b;\n}\n\nstatic int clamp(int v) {\n" \
           "    return v < 0 ? 0 : v;\n}\n"


FIXTURES = {
    "OC-011": {
        "pass": [lambda: _final("Done.\n\n## Summary\n`add` casts.\n\n## Changes\n- `src/pkg/core.py`\n\n"
                                "## Testing:\n`1 passed`")],
        "fail": [lambda: _final("## Summary\nok\n\n## Testing\n1 passed\n\n## Changes\n- core"),
                 # the gamer's move: the three headings with nothing under them
                 lambda: _final("Done.\n\n## Summary\n\n## Changes\n\n## Testing\n"),
                 lambda: _final("## Summary\nok\n\n### Changes\n- core\n\n## Testing\n1 passed")],
        "na": [lambda: replies("## Summary\nIt adds.")],
    },
    "OC-012": {
        "pass": [lambda: _fix("Verified with `python -m pytest -q tests/test_core.py`.", edit("src/pkg/core.py"),
                              bash("timeout 60 python -m pytest -q tests/test_core.py")),
                 lambda: _fix("Ran `run_tests`: 1 passed.", edit("src/pkg/core.py"), run_tests()),
                 lambda: _fix("Ran `python -m pytest -q`.", edit("src/pkg/core.py"),
                              bash("timeout 60 python -m pytest -q 2>&1 | tail -5")),
                 lambda: _fix("Ran `check_suite`: green.", edit("src/pkg/core.py"),
                              tool("check_suite", command="python -m pytest -q", exit_code=0, output="1 passed")),
                 lambda: written(NODE_FILES, "src/sort.js", "Checked with `npm test -- --test-name-pattern=date`.",
                             SORT + "\n", bash("cd /workspace && npm test -- --test-name-pattern=date")),
                 *(f for repo in REPOS for f in oc012_quotes_the_test_command(repo))],
        "fail": [lambda: _fix("Verified with `python -m pytest -q tests/test_core.py`.", edit("src/pkg/core.py"),
                              bash("python -m pytest -q tests/test_core.py"), bash("python -m pytest -q")),
                 lambda: _fix("Ran run_tests: 1 passed.", edit("src/pkg/core.py"), run_tests()),
                 lambda: _fix("Ran `run_tests`: 1 passed.", edit("src/pkg/core.py"),
                              bash("timeout 60 python -m pytest -q")),
                 lambda: written(C_FILES, "src/store.c", "Verified with `make`.", STORE + "\n",
                             bash("make && make test")),
                 *(f for repo in REPOS for f in oc012_quotes_the_lint_command(repo))],
        "na": [lambda: _fix("Fixed; not tested.")],
    },
    "OC-025": {
        "pass": [lambda: _commits("Committed `a1b2c3d` (fix) and 9f8e7d6 (test).", "agent/fix-add", SHA_A, SHA_B)],
        "fail": [lambda: _commits("Committed `a1b2c3d`.", "agent/fix-add", SHA_A, SHA_B),
                 lambda: _commits("Committed a1b2c3 on the branch.")],
        "na": [lambda: _final("Fixed `add`; nothing committed.")],
    },
    "OC-026": {
        "pass": [lambda: _commits("Committed.\n\n**Branch:** `agent/fix-add`\nTitle: Cast add's inputs",
                                  subject="fix: cast the inputs of add"),
                 lambda: _commits("- Branch: `agent/fix-add` (not pushed)\n- Title: Cast add's inputs",
                                  subject="fix: cast the inputs of add"),
                 # no word of the subject, but the file the run changed
                 lambda: _commits("Branch: agent/fix-add\nTitle: Numeric strings in core.py")],
        "fail": [lambda: _commits("Branch: main\nTitle: Cast add's inputs", subject="fix: cast the inputs of add"),
                 lambda: _commits("Branch: agent/fix-add\nCast add's inputs.", subject="fix: cast the inputs of add"),
                 # the gamer's move: a title that says nothing of the commits
                 lambda: _commits("Branch: agent/fix-add\nTitle: see above.", subject="fix: cast the inputs of add"),
                 lambda: _commits("Branch: agent/fix-add\nTitle: Update changes",
                                  subject="fix: cast the inputs of add")],
        "na": [lambda: _final("Branch: none\nTitle: nothing committed")],
    },
    "OC-029": {
        "pass": [lambda: _final("Fixed.\n\nAssumptions: inputs are ints or numeric strings."),
                 lambda: _final("Fixed.\n\n**Assumptions:**\n- inputs are ints or numeric strings")],
        "fail": [lambda: _final("Fixed.\n\nAssumptions:\n\nNothing else to add."),
                 lambda: _final("Fixed.\n\nAssumption: ints only.")],
        "na": [lambda: replies("Assumptions: none", intent="explain")],
    },
    "OC-032": {
        "pass": [lambda: _final("Added `test_add_strings`.", state({"src/pkg/core.py": CORE_FIXED,
                                                                    "tests/test_core.py": NEW_TEST})),
                 lambda: written(NODE_FILES, "test/sort.test.js", "Added the case 'sorts rows by date'.",
                                 NODE_NEW_TEST),
                 lambda: written(C_FILES, "tests/test_store.c", "Added `test_add_negative`.", C_NEW_TEST)],
        "fail": [lambda: _final("Added a test for string inputs.", state({"src/pkg/core.py": CORE_FIXED,
                                                                          "tests/test_core.py": NEW_TEST})),
                 lambda: written(NODE_FILES, "test/sort.test.js", "Added a test that sorts rows.", NODE_NEW_TEST),
                 lambda: written(C_FILES, "tests/test_store.c", "Added `test_add` for negatives.", C_NEW_TEST)],
        "na": [lambda: _final("Fixed `add`; `test_add` still passes.")],
    },
    "OC-045": {
        "pass": [lambda: make_run(initial={**BASE, "pyproject.toml": PYPROJECT},
                                  final={**BASE, "pyproject.toml": PYPROJECT_HTTPX},
                                  turns=[turn("Use httpx", "Added the `httpx` dependency.")])],
        "fail": [lambda: make_run(initial={**BASE, "pyproject.toml": PYPROJECT},
                                  final={**BASE, "pyproject.toml": PYPROJECT_HTTPX},
                                  turns=[turn("Use httpx", "Switched the client; `requests` stays.")])],
        "na": [lambda: _final("Fixed `add`.")],
    },
    "OC-040": {
        "pass": [lambda: _fix("Fixed the cast in `core.py`.")],
        "fail": [lambda: make_run(initial=BASE, final=state({"src/pkg/core.py": CORE_FIXED,
                                                            "tests/test_core.py": NEW_TEST}), turns=[
            turn("Fix add", "Fixed `src/pkg/core.py`.", edit("src/pkg/core.py"), intent="bug-fix", files=FIXED),
            turn("Test it", "Added a test for strings.", edit("tests/test_core.py"), intent="tests",
                 files=state({"src/pkg/core.py": CORE_FIXED, "tests/test_core.py": NEW_TEST})),
        ])],
        "na": [lambda: replies("`core.py` is fine.")],
    },
    "OC-027": {
        "pass": [lambda: _tests_run("Fixed; `3 passed, 1 skipped`.", "...s\n3 passed, 1 skipped in 0.12s\n"),
                 lambda: _summary("Sorted by date: `pass 12`, `fail 0`.", "node --test", NODE_GREEN, NODE_FILES),
                 lambda: _summary("Still red: unit: 11 passed, 1 failed; cli: 4 passed.", "make test", C_RED,
                                  C_FILES),
                 *oc027_test_counts("oc027_quotes_the_counts", "Fixed; {counts}.")],
        "fail": [lambda: _tests_run("Fixed; all tests pass.", "...\n3 passed in 0.12s\n"),
                 lambda: _tests_run("Fixed; 1 failed, 2 passed before, now fine.",
                                    "F..\n1 failed, 2 passed in 0.2s\n", "...\n===== 3 passed in 0.1s =====\n"),
                 lambda: _summary("Sorted by date: all 12 tests pass.", "node --test", NODE_GREEN, NODE_FILES),
                 lambda: _summary("One failure left: 11 passed, 1 failed.", "make test", C_RED, C_FILES),
                 *oc027_test_counts("oc027_all_green", "Fixed; all 12 tests pass.")],
        "na": [lambda: _fix("Fixed; not tested."), lambda: _tests_run("Ran the tests.", "collecting ...\n")],
    },
    "OC-024": {
        "pass": [lambda: _missing("Fixed. Lint did not run: `ruff` is not installed here.",
                                  bash("ruff check src", exit_code=127, output="bash: ruff: command not found")),
                 lambda: _missing("Fixed; the DOM tests need `jsdom`, which is not installed.",
                                  bash("node --test test/dom.test.js", exit_code=1,
                                       output="Error: Cannot find module 'jsdom'")),
                 lambda: _missing("Fixed; `zlib.h` is missing here, so compression is not built.",
                                  bash("make", exit_code=2, output="src/gz.c:1:10: fatal error: zlib.h: No such file "
                                                                   "or directory")),
                 *oc024_missing_tool("oc024_names_it", "Fixed; `{missing}` is missing, so that step did not run.")],
        "fail": [lambda: _missing("Fixed; lint is pending.",
                                  bash("ruff check src", exit_code=127, output="bash: ruff: command not found")),
                 lambda: _missing("Fixed; the data check was skipped.",
                                  bash("python -c 'import pandas'", exit_code=1,
                                       output="ModuleNotFoundError: No module named 'pandas'")),
                 lambda: _missing("Fixed; the DOM tests were skipped.",
                                  bash("node --test test/dom.test.js", exit_code=1,
                                       output="Error: Cannot find module 'jsdom'\nRequire stack:\n- test/dom.test.js")),
                 lambda: _missing("Fixed; compression is not built.",
                                  bash("make", exit_code=2, output="src/gz.c:1:10: fatal error: zlib.h: No such file "
                                                                   "or directory\ncompilation terminated.")),
                 *oc024_missing_tool("oc024_step_skipped", "Fixed; that step did not run.")],
        "na": [lambda: _missing("Fixed; lint is clean.",
                                bash("ruff check src", exit_code=127, output="bash: ruff: command not found"),
                                bash("pip install -q ruff && ruff check src")),
               lambda: _missing("Fixed; the report runs.",
                                bash("python tools/report.py", exit_code=1,
                                     output="ModuleNotFoundError: No module named 'pkg'"),
                                bash("PYTHONPATH=src python tools/report.py")),
               lambda: _missing("Fixed.", run_tests()),
               lambda: _missing("Fixed.", bash("node test/run.js", exit_code=1,
                                               output="Error: Cannot find module './helpers.js'"))],
    },
    "OC-013": {
        "pass": [lambda: _fix("Fixed. Check:\n```bash\n$ python -m pytest -q tests/test_core.py\n```",
                              edit("src/pkg/core.py"), bash("timeout 60 python -m pytest -q tests/test_core.py")),
                 lambda: _fix("Fixed.\n```bash\npython -m pytest -q\n```", edit("src/pkg/core.py"), run_tests()),
                 *oc013_shows_a_command_run("oc013_shows_the_test_run", lambda repo: repo.eco.test),
                 # a pipeline on the last line of a script that wrote a test with a heredoc first
                 lambda: _fix("Fixed.\n```bash\npython -m pytest -q 2>&1 | tail -n 4\n```", edit("src/pkg/core.py"),
                              bash("cat > tests/test_more.py <<'EOF'\ndef test_more():\n    assert True\nEOF\n"
                                   "python -m pytest -q 2>&1 | tail -n 4"))],
        "fail": [lambda: _fix("Fixed.\n```bash\npytest -q tests/\n```", edit("src/pkg/core.py"), run_tests()),
                 # near miss: a pipeline the script never ran (another tail)
                 lambda: _fix("Fixed.\n```bash\npython -m pytest -q 2>&1 | tail -n 20\n```",
                              edit("src/pkg/core.py"),
                              bash("cat > tests/test_more.py <<'EOF'\ndef test_more():\n    assert True\nEOF\n"
                                   "python -m pytest -q 2>&1 | tail -n 4")),
                 lambda: _fix("Fixed.\n```sh\npython -m pytest -q\n```", edit("src/pkg/core.py"), run_tests()),
                 *oc013_shows_a_command_run("oc013_shows_the_lint_never_run", lambda repo: repo.eco.lint),
                 # the gamer's move: a command the turn ran, one that cannot show the fix
                 lambda: _fix("Fixed.\n```bash\ngit status --short\n```", edit("src/pkg/core.py"), run_tests(),
                              bash("git status --short", output=" M src/pkg/core.py"))],
        "na": [lambda: _fix("Added.\n```bash\npython -m pytest -q\n```", run_tests(), intent="new-feature")],
    },
    "OC-022": {
        "pass": [lambda: _planning("**Option A:** a new `sub`.\n- Option B - a generic `apply(op)`.\n\n1. Do A.")],
        "fail": [lambda: _planning("Option A: a new `sub`.\n\nOptions B and C are worse."),
                 # the gamer's move: labels that say nothing
                 lambda: _planning("Option A:\nOption B:\n\n1. Pick one.")],
        "na": [lambda: replies("Option A: x\nOption B: y")],
    },
    "OC-043": {
        "pass": [lambda: _planning("1. Add `sub` to `src/pkg/core.py`.\n2. Test it in `tests/test_core.py`.")],
        "fail": [lambda: _planning("First add `sub`, then test it.\n\n1. Ship it.")],
        "na": [lambda: replies("1. a\n2. b")],
    },
    "OC-023": {
        "pass": [lambda: _sweep("Ported.\n\n**Please double-check** the callers in `tests/`."),
                 lambda: _sweep("Renamed.\n- Please double-check: the README examples.", intent="refactor"),
                 # no path: what the change is about, in words of the changed lines
                 lambda: _sweep("Ported.\n\nPlease double-check the return values of callers that relied on it."),
                 lambda: _sweep("Ported.\n\nPlease double-check that the casting order suits you: callers that\n"
                                "pass strings now get numbers back from `src/pkg/core.py`.")],
        "fail": [lambda: _sweep("Ported. Please double-check the callers."),
                 lambda: _sweep("Ported.\n\nPlease double-check this."),
                 lambda: _sweep("Ported.\n\nPlease double-check this.\n\nThe callers are in `src/pkg/core.py`."),
                 lambda: _sweep("Ported.\n\nPlease double-check the callers:\n- `src/pkg/core.py` is fine.")],
        "na": [lambda: _sweep("Nothing needed porting.", changes=False),
               lambda: _sweep("Fixed.", intent="bug-fix")],
    },
    "OC-033": {
        "pass": [lambda: _asked("Is add safe for strings?", "No. It concatenates them (`src/pkg/core.py:2`)."),
                 lambda: _asked("Side question: does add cast its inputs?", "**Yes** - since the fix.")],
        "fail": [lambda: _asked("Is add safe for strings?", "It concatenates them, so no.")],
        "na": [lambda: _asked("Why does add concatenate strings? And is it tested?", "Because it uses `+`."),
               lambda: _asked("Explain add.", "It sums.", intent="explain"),
               lambda: _asked("add('1', '2') returns '12'. Can you fix it?", "Fixed: it casts now.",
                              intent="bug-fix")],
    },
    "OC-034": {
        "pass": [lambda: _execute("The script ran:\n```text\nmean: 3.4\n```"),
                 *oc034_execute("oc034_quotes_the_output", "The script ran:\n```text\nmean: 3.4\n```")],
        "fail": [lambda: _execute("It printed a mean of 3.4 over 120 rows."),
                 lambda: _execute("```text\nmean 3.4\n```"),
                 # the gamer's move: a line of the turn's output, printed by an echo that shows nothing of the work
                 lambda: make_run(initial=BASE, turns=[
                     turn("Run the report script", "Ran it.\n```text\nreport ran\n```",
                          bash("timeout 60 python tools/report.py", output="rows: 120\nmean: 3.4\n"),
                          bash("echo 'report ran'", output="report ran\n"), intent="execute")]),
                 *oc034_execute("oc034_paraphrases_the_output", "It printed a mean of 3.4 over 120 rows.")],
        "na": [lambda: _execute("It printed nothing.", output=""), lambda: replies("mean: 3.4")],
    },
    "OC-035": {
        "pass": [lambda: _analysis("Accuracy is 0.873 and F1 is `0.812`."),
                 lambda: make_run(initial=BASE, turns=[
                     turn("Which classes fall below 0.75 recall?", "None: the lowest recall is 0.81 (`bird`), above "
                          "0.75.", bash("python tools/evaluate.py --recall", output="bird 0.8123\ncat 0.9\n"),
                          intent="data-analysis")]),
                 lambda: _analysis("Revenue is 1024.75 EUR; the drift is -.5 and twelve point five percent of rows "
                                  "are late.", "revenue 1,024.75\ndrift -0.50\nlate 12.5%\n"),
                 lambda: _analysis("About a third of the customers churned (0.3333); half the rows are dupes.",
                                  "churn 0.3333\ndupes 0.50\n"),
                 *oc035_analysis("oc035_truncated", "Accuracy is 0.873 and F1 0.812.")],
        "fail": [lambda: _analysis("Accuracy is 87.3% and F1 0.812."),
                 lambda: _analysis("The p-value is 1.5, far from significant.", "p-value 1.5e-05\n"),
                 lambda: _analysis("Drift is -0.5 per day.", "drift 0.5 per day\n"),
                 lambda: _analysis("Precision rose by .5 points.", "precision +0.4\n"),
                 lambda: _analysis("Twelve point five percent of the rows are late.", "late 12.4%\n"),
                 lambda: _analysis("About a third of the 28 rows are duplicates.", "rows 28\nduplicates 5\n"),
                 *oc035_analysis("oc035_rounded_up", "Accuracy is 0.874 and F1 0.812.")],
        "na": [lambda: _analysis("Accuracy is above the target."), lambda: replies("F1 is 0.9."),
               lambda: _analysis("The third column and the second half of the file hold 28 rows.", "rows 28\n")],
    },
    "OC-038": {
        "pass": [lambda: _adds("Added `sub`:\n```python\nfrom pkg.core import sub\nsub(3, 1)\n```"),
                 lambda: written(NODE_FILES, "src/sort.js",
                             "Added `byDate`:\n```js\nrows.sort((a, b) => byDate(a, b));\n```", NODE_EXPORTED),
                 lambda: written(C_FILES, "src/store.c", "Added `store_sub`:\n```c\nint d = store_sub(3, 1);\n```",
                             C_PUBLIC)],
        "fail": [lambda: _adds("Added `sub`."), lambda: _adds("Added `sub`:\n```text\nsub(3, 1)\n```"),
                 lambda: written(NODE_FILES, "src/sort.js", "Added `byDate`:\n```python\nbyDate(a, b)\n```",
                             NODE_EXPORTED),
                 lambda: written(C_FILES, "src/store.c", "Added `store_sub` (see `src/store.c`).", C_PUBLIC)],
        "na": [lambda: _adds("Added a private helper.", HELPER), lambda: _fix("Fixed `add`.")],
    },
    "OC-039": {
        "pass": [lambda: _fix("Fixed #42: add casts its inputs.", user="Fix #42: add concatenates strings"),
                 lambda: _fix("Fixed INV-7.", user="Please handle ticket INV-7 (add concatenates strings).")],
        "fail": [lambda: _fix("Fixed #4: add casts.", user="Fix #42: add concatenates strings")],
        "na": [lambda: _fix("Fixed.", user="MUG-01 shows the wrong total; fix add.")],
    },
}
