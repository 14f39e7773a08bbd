"""Pass/fail/n-a fixtures for the tool-use rules (TU-*)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Commit, Read, Shell, Skill, Tests, turn_of
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style import BASE, HEADER, changed, state, write
from .fixtures_workflow import FIXED, edit, run_tests
from .fixtures_workflow_ways import CC, JS, PY, Repo, families, played

NEW_TEST = {"tests/test_extra.py": HEADER + "def test_extra() -> None:\n    assert True\n"}


def read(path: str) -> ToolCall:
    """A `read_file` call."""
    return tool("read_file", path=path, output="...")


def skill(name: str = "python-testing") -> ToolCall:
    """Loading a skill through the skill tool (built directly: `tool()` takes `name` itself)."""
    return ToolCall(id=f"call_skill_{name}", name="skill", args={"name": name}, output="# skill body")


def commands(*calls: ToolCall) -> Run:
    """A one-turn run that makes `calls` and changes core.py."""
    return changed(FIXED, *calls)


# --- TU-001 tests through run_tests ---------------------------------------------------------------


def tu001_tool_and_grep() -> Run:
    return commands(bash("grep -n pytest pyproject.toml"), run_tests("tests/test_core.py"), run_tests())


def tu001_bash_pytest_after_cd() -> Run:
    return commands(run_tests(), bash("cd /workspace && timeout 60 python -m pytest -q tests/test_core.py"))


def tu001_bare_pytest() -> Run:
    return commands(bash("pytest -x"))


def tu001_no_tests() -> Run:
    return commands(bash("git status"))


# --- TU-002 read before edit ----------------------------------------------------------------------


def tu002_read_then_edit_new_file_unread() -> Run:
    return changed({**FIXED, **NEW_TEST}, read("./src/pkg/core.py"), edit("src/pkg/core.py"),
                   write("tests/test_extra.py", NEW_TEST["tests/test_extra.py"]))


def tu002_cat_instead_of_read() -> Run:
    return commands(bash("cat src/pkg/core.py"), edit("src/pkg/core.py"))


def tu002_read_after_edit() -> Run:
    return commands(read("tests/test_core.py"), write("src/pkg/core.py", FIXED["src/pkg/core.py"]),
                    read("src/pkg/core.py"))


def tu002_only_new_files() -> Run:
    return changed(NEW_TEST)


# --- TU-003 no file writes through bash -----------------------------------------------------------


def tu003_redirects_to_dev_null_and_quotes() -> Run:
    return commands(
        bash("timeout 60 python -m pytest -q > /dev/null 2>&1 && echo ok"),
        bash("python - <<'EOF'\nprint(1 > 0)\nEOF"),
        bash('git commit -am "Handle a > b in add" && git log --oneline | head -3'),
    )


def tu003_heredoc_into_file() -> Run:
    return commands(bash("cat > src/pkg/util.py <<'EOF'\ndef f():\n    return 1\nEOF"))


def tu003_sed_in_place() -> Run:
    return commands(bash("sed -i.bak 's/a + b/int(a) + int(b)/' src/pkg/core.py"))


def tu003_append_to_changelog() -> Run:
    return commands(bash("git diff --stat; echo '- Fixed add.' >> CHANGELOG.md"))


def tu003_no_bash() -> Run:
    return commands(edit("src/pkg/core.py"), run_tests())


# --- TU-004 targeted test runs --------------------------------------------------------------------


def tu004_node_id_then_suite() -> Run:
    return commands(run_tests("tests/test_core.py::test_add"), run_tests())


def tu004_k_selection_in_bash() -> Run:
    return commands(bash("timeout 60 python -m pytest -q -k add"), run_tests())


def tu004_suite_every_time() -> Run:
    return commands(run_tests(), run_tests("-x"), bash("python -m pytest -q tests/"))


def tu004_selection_that_runs_nothing() -> Run:
    """The gamer's move: a -k selection that matches no test, beside whole-suite runs."""
    return commands(run_tests(), bash("python -m pytest -q -k zz_selects_nothing 2>&1 | tail -n 3",
                                      output="3 deselected in 0.01s"))


def tu004_single_run() -> Run:
    return commands(run_tests())


# --- TU-005 timeout on bash python ----------------------------------------------------------------


def tu005_all_wrapped() -> Run:
    return commands(bash("timeout 120 python -m pytest -q && timeout 30s python tools/lint.py"),
                    bash("cd src && X=1 timeout -k 5 60 python3 -c 'import pkg'"), run_tests(),
                    bash("timeout 300 pytest -q"), bash("git status"))


def tu005_bare_pytest() -> Run:
    """`pytest` starts Python as much as `python -m pytest` does."""
    return commands(bash("timeout 60 python3 -c 'import pkg'"), bash("pytest -q"))


def tu005_bare_npm_test() -> Run:
    return commands(bash("timeout 30 node -e 'console.log(1)'"), bash("npm test 2>&1 | tail -5"))


def tu005_second_in_chain_bare() -> Run:
    return commands(bash("timeout 120 python -m pytest -q && python tools/lint.py"))


def tu005_python3_c() -> Run:
    return commands(bash("python3 -c 'import pkg; print(pkg.__doc__)'"))


def tu005_no_python() -> Run:
    return commands(bash("git diff"), bash("which python3"), run_tests())


# --- TU-006 python-testing skill before editing tests/ --------------------------------------------


def tu006_skill_first_run() -> Run:
    return changed({**FIXED, **NEW_TEST}, edit("src/pkg/core.py"), skill(),
                   write("tests/test_extra.py", NEW_TEST["tests/test_extra.py"]))


def tu006_skill_too_late() -> Run:
    return changed(NEW_TEST, skill("git-workflow"), write("tests/test_extra.py", NEW_TEST["tests/test_extra.py"]),
                   skill())


def tu006_heredoc_test_without_skill() -> Run:
    return changed(NEW_TEST, bash("cat > tests/test_extra.py <<'EOF'\ndef test_extra():\n    assert True\nEOF"))


def tu006_src_only() -> Run:
    return commands(edit("src/pkg/core.py"))


# --- TU-007 explicit staging ----------------------------------------------------------------------


def tu007_paths_named_run() -> Run:
    return commands(bash("git add ./src/pkg/core.py tests/test_core.py && git commit -m 'Fix add' -v"))


def tu007_add_all_run() -> Run:
    return commands(bash("git status && git add -A && git commit -m 'Fix add'"))


def tu007_commit_am() -> Run:
    return commands(bash("git commit -qam 'Fix add'"))


def tu007_add_dot() -> Run:
    return commands(bash("git add . && git commit -m 'Fix add'"))


def tu007_no_staging() -> Run:
    return commands(bash("git status && git diff"))


# --- TU-008 list_files over ls -R / find . --------------------------------------------------------


def tu008_narrow_listing_run() -> Run:
    return commands(tool("list_files", path="src"), bash("ls src/pkg && find src -name '*.py' && git ls-files"))


def tu008_ls_recursive() -> Run:
    return commands(bash("ls -laR | head -50"))


def tu008_find_dot_run() -> Run:
    return commands(bash("find . -name '*.py' -not -path './.git/*'"))


def tu008_no_bash() -> Run:
    return make_run(initial=BASE, final=state(FIXED),
                    turns=[turn("Fix add", "Fixed.", tool("list_files"), edit("src/pkg/core.py"))])


# --- the same behaviours written three ways, in each ecosystem ------------------------------------------------------

REPORTS = {"python": "python tools/report.py", "node": "node tools/report.mjs", "c": "sh tools/report.sh"}


def _fix(repo: Repo, *after: object) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), *after))  # type: ignore[arg-type]


def tu001_fix_and_test(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Tests())


def tu001_fix_only(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("git status --short"))


def tu002_read_then_fix(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", Read(repo.source), repo.fix()))


def tu002_fix_unread(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", Read(repo.test), repo.fix()))


def tu004_file_then_suite(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Tests(select=repo.test), Tests())


def tu004_suite_twice(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Tests(), Tests())


def tu005_report_with_timeout(repo: Repo) -> dict[str, Run]:
    """The tests run with `timeout 300` as one-liners, bare in the script: the script way fails."""
    return _fix(repo, Shell(f"timeout 60 {REPORTS[repo.name]}", output="ok"), Tests())


def tu005_report_without_timeout(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell(REPORTS[repo.name], output="ok"))


def tu006_test_edit(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Add a regression test", "Added.", repo.fix(),
                                repo.test_edit(repo.comment("regression: inputs are cast")), Tests()))


def tu006_skill_first(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Add a regression test", "Added.", Skill("python-testing"), repo.fix(),
                                repo.test_edit(repo.comment("regression: inputs are cast")), Tests()))


def tu007_paths_named(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug", paths=(repo.source,)))


def tu007_add_all(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug"))


def tu008_narrow_listing(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("ls src", output="core.py"), Shell("git ls-files src"))


def tu008_find_dot(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("find . -name '*.js' -not -path './node_modules/*'"))


FIXTURES = {
    "TU-001": {"pass": [tu001_tool_and_grep,
                        *families("tu001_fix_and_test", tu001_fix_and_test, (PY, JS), ("tool",))],
               "fail": [tu001_bash_pytest_after_cd, tu001_bare_pytest,
                        *families("tu001_fix_and_test", tu001_fix_and_test, (PY, JS), ("oneliner", "script"))],
               "na": [tu001_no_tests, *families("tu001_fix_only", tu001_fix_only, (JS,))]},
    "TU-002": {"pass": [tu002_read_then_edit_new_file_unread,
                        *families("tu002_read_then_fix", tu002_read_then_fix, (CC, JS), ("tool",))],
               "fail": [tu002_cat_instead_of_read, tu002_read_after_edit,
                        *families("tu002_fix_unread", tu002_fix_unread, (CC, JS), ("tool",))],
               "na": [tu002_only_new_files, *families("tu002_read_then_fix", tu002_read_then_fix, (CC, JS),
                                                      ("oneliner", "script"))]},
    "TU-003": {"pass": [tu003_redirects_to_dev_null_and_quotes,
                        *families("tu003_fix_and_look", tu001_fix_only, only=("tool",))],
               "fail": [tu003_heredoc_into_file, tu003_sed_in_place, tu003_append_to_changelog,
                        *families("tu003_fix_and_look", tu001_fix_only, only=("oneliner", "script"))],
               "na": [tu003_no_bash]},
    "TU-004": {"pass": [tu004_node_id_then_suite, tu004_k_selection_in_bash,
                        *families("tu004_file_then_suite", tu004_file_then_suite)],
               "fail": [tu004_suite_every_time, tu004_selection_that_runs_nothing,
                        *families("tu004_suite_twice", tu004_suite_twice)],
               "na": [tu004_single_run]},
    "TU-005": {"pass": [tu005_all_wrapped,
                        *families("tu005_report_with_timeout", tu005_report_with_timeout, (PY, JS),
                                  ("tool", "oneliner"))],
               "fail": [tu005_second_in_chain_bare, tu005_python3_c, tu005_bare_pytest, tu005_bare_npm_test,
                        *families("tu005_report_with_timeout", tu005_report_with_timeout, (PY, JS), ("script",)),
                        *families("tu005_report_without_timeout", tu005_report_without_timeout, (PY, JS))],
               "na": [tu005_no_python]},
    "TU-006": {"pass": [tu006_skill_first_run, *families("tu006_skill_first", tu006_skill_first, (PY, JS))],
               "fail": [tu006_skill_too_late, tu006_heredoc_test_without_skill,
                        *families("tu006_test_edit", tu006_test_edit, (PY, JS))],
               "na": [tu006_src_only]},
    "TU-007": {"pass": [tu007_paths_named_run, *families("tu007_paths_named", tu007_paths_named, (PY, JS))],
               "fail": [tu007_add_all_run, tu007_commit_am, tu007_add_dot,
                        *families("tu007_add_all", tu007_add_all, (PY, JS))],
               "na": [tu007_no_staging]},
    "TU-008": {"pass": [tu008_narrow_listing_run, *families("tu008_narrow_listing", tu008_narrow_listing, (PY, JS))],
               "fail": [tu008_ls_recursive, tu008_find_dot_run, *families("tu008_find_dot", tu008_find_dot, (PY, JS))],
               "na": [tu008_no_bash]},
}
