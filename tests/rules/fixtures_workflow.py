"""Pass/fail/n-a fixtures for the workflow rules (WF-*)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Commit, Edit, Lint, Shell, Tests, turn_of
from pytest_harnessif.testing import bash, commit, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style import BASE, CORE, changed, state, write
from .fixtures_workflow_ways import CC, JS, PY, Repo, families, played

FIXED = {"src/pkg/core.py": CORE.replace("return a + b", "return int(a) + int(b)")}
NOTE = {"CHANGELOG.md": BASE["CHANGELOG.md"] + "- Fixed add.\n"}


def run_tests(args: str = "", exit_code: int = 0, output: str = "3 passed in 0.05s") -> ToolCall:
    """A call of the `run_tests` task tool."""
    return tool("run_tests", command=f"python -m pytest -q {args}".strip(), exit_code=exit_code,
                is_error=exit_code != 0, output=output, args=args)


def run_lint(exit_code: int = 0) -> ToolCall:
    """A call of the `run_lint` task tool."""
    return tool("run_lint", command="python tools/lint.py", exit_code=exit_code, is_error=exit_code != 0,
                output="" if exit_code == 0 else "src/pkg/core.py:3: unused import")


def edit(path: str) -> ToolCall:
    """An `edit_file` call."""
    return tool("edit_file", path=path, old="a", new="b", output=f"edited {path}")


# --- WF-001 tests after the last .py edit ---------------------------------------------------------


def wf001_edit_then_green() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), run_tests())


def wf001_green_run_piped_to_tail() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"),
                   bash("timeout 120 python -m pytest -q 2>&1 | tail -3", output="4 passed in 0.10s"))


def wf001_tested_in_a_later_turn() -> Run:
    after = state(FIXED)
    return make_run(initial=BASE, final=after, turns=[
        turn("Fix add", "Fixed.", edit("src/pkg/core.py"), files=after),
        turn("Does it pass?", "Yes, all green.", run_tests(), files=after),
    ])


def wf001_edit_after_green_run() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), run_tests(), edit("src/pkg/core.py"))


def wf001_red_hidden_by_pipe() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"),
                   bash("python -m pytest -q | tail -2", output="1 failed, 3 passed in 0.12s"))


def wf001_only_pip_install_after_edit() -> Run:
    return changed(FIXED, run_tests(), edit("src/pkg/core.py"), bash("pip install -q pytest"))


def wf001_script_edit_after_tests() -> Run:
    """Turn 1 rewrites core.py through an inline python script, after the last test run."""
    first, second = state(FIXED), state({"src/pkg/core.py": FIXED["src/pkg/core.py"] + "\nX = 1\n"})
    script = "python - <<'EOF'\nfrom pathlib import Path\np = Path('src/pkg/core.py')\n" \
             "p.write_text(p.read_text() + '\\nX = 1\\n')\nEOF"
    return make_run(initial=BASE, final=second, turns=[
        turn("Fix add", "Fixed.", edit("src/pkg/core.py"), run_tests(), files=first),
        turn("Add X", "Added.", run_tests(), bash(script), files=second),
    ])


def wf001_script_edit_then_tests() -> Run:
    first, second = state(FIXED), state({"src/pkg/core.py": FIXED["src/pkg/core.py"] + "\nX = 1\n"})
    return make_run(initial=BASE, final=second, turns=[
        turn("Fix add", "Fixed.", edit("src/pkg/core.py"), run_tests(), files=first),
        turn("Add X", "Added.", bash("python scripts/add_x.py && timeout 60 python -m pytest -q"), files=second),
    ])


def wf001_only_changelog() -> Run:
    return changed(NOTE, edit("CHANGELOG.md"))


# --- WF-002 lint before each commit ---------------------------------------------------------------


def wf002_lint_before_each_commit() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), run_lint(), bash("git add src/pkg/core.py"),
                   bash("git commit -m 'Fix add'"), edit("CHANGELOG.md"), run_lint(),
                   bash("git add CHANGELOG.md && git commit -m 'Note fix'"))


def wf002_lint_chained_before_commit() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"),
                   bash("python tools/lint.py && git add -u && git commit -m 'Fix add' && git push",
                        exit_code=128, output="[agent/fix-add 1a2b3c4] Fix add\nfatal: no remote"))


def wf002_second_commit_unlinted() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), run_lint(), bash("git commit -am 'Fix add'"),
                   edit("CHANGELOG.md"), bash("git commit -am 'Note fix'"))


def wf002_committed_over_failing_lint() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), run_lint(exit_code=1), bash("git commit -am 'Fix add'"))


def wf002_failed_chain_is_no_commit() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"),
                   bash("python tools/lint.py && git commit -am 'Fix add'", exit_code=1, output="E501 line too long"))


# --- WF-003 no push -------------------------------------------------------------------------------


def wf003_commit_mentions_push() -> Run:
    return changed(FIXED, bash('git commit -am "Document why we never git push from CI"'))


def wf003_push_in_chain() -> Run:
    return changed(FIXED, bash("git commit -am 'Fix add' && git push -u origin agent/fix-add", exit_code=128,
                               output="fatal: 'origin' does not appear to be a git repository"))


# --- WF-004 no new Markdown -----------------------------------------------------------------------


def wf004_new_module_and_docs_edited() -> Run:
    return changed({**NOTE, "README.md": "# pkg\n\nAdds numbers.\n", "src/pkg/extra.py": "EXTRA = 1\n"})


def wf004_existing_docs_edited() -> Run:
    return changed({**NOTE, "README.md": "# pkg\n\nAdds numbers.\n",
                    ".pytest_cache/README.md": "# pytest cache directory #\n"})


def wf004_new_doc_in_subdir() -> Run:
    return changed({**FIXED, "docs/usage.md": "# Usage\n"})


# --- WF-005 committed and clean -------------------------------------------------------------------


def wf005_committed_clean() -> Run:
    return changed(FIXED, commits=[commit("Fix add")], dirty=[])


def wf005_untracked_left() -> Run:
    return changed(FIXED, commits=[commit("Fix add")], dirty=["?? notes.txt"])


def wf005_nothing_committed() -> Run:
    return changed(FIXED, dirty=[" M src/pkg/core.py"])


def wf005_only_caches() -> Run:
    return changed({"src/pkg/__pycache__/core.cpython-311.pyc": "\0bytecode"}, run_tests())


# --- WF-006 agent/<kebab> branch ------------------------------------------------------------------


def _branch_run(name: str, main_advanced: bool = False) -> Run:
    new = commit("Fix add")
    heads = {"main": new.sha if main_advanced else "0" * 40, name: new.sha}
    return changed(FIXED, commits=[new], branch=name, branches=sorted(heads), heads=heads)


def wf006_agent_branch() -> Run:
    return _branch_run("agent/fix-add-2")


def wf006_not_kebab() -> Run:
    return _branch_run("agent/Fix_Add")


def wf006_main_fast_forwarded() -> Run:
    return _branch_run("agent/fix-add", main_advanced=True)


def wf006_on_main_only() -> Run:
    new = commit("Fix add")
    return changed(FIXED, commits=[new], branch="main", heads={"main": new.sha})


def wf006_no_commit() -> Run:
    return changed(FIXED)


# --- WF-007 no skip markers -----------------------------------------------------------------------


TESTS = BASE["tests/test_core.py"]


def wf007_new_test_and_comment() -> Run:
    return changed({"tests/test_core.py": TESTS + "\n\n# no pytest.mark.skip here: the bug is fixed\n"
                    "def test_str() -> None:\n    assert add('1', 2) == 3\n"})


def wf007_xfail_marker() -> Run:
    return changed({"tests/test_core.py": "import pytest\n" + TESTS.replace(
        "def test_add", '@pytest.mark.xfail(reason="flaky")\ndef test_add')})


def wf007_imperative_skip() -> Run:
    return changed({"tests/test_core.py": "import pytest\n" + TESTS.replace(
        "    assert", '    pytest.skip("revisit later")\n    assert')})


def wf007_src_only() -> Run:
    return changed(FIXED)


# --- WF-008 dependencies unchanged ----------------------------------------------------------------


def wf008_no_dependency_file() -> Run:
    initial = {k: v for k, v in BASE.items() if k != "pyproject.toml"}
    return make_run(initial=initial, final={**initial, **FIXED}, turns=[turn("Fix add", "Fixed add.")])


def wf008_version_bump_only() -> Run:
    return changed({"pyproject.toml": BASE["pyproject.toml"].replace("0.1.0", "0.2.0")})


def wf008_dependency_added() -> Run:
    return changed({"pyproject.toml": BASE["pyproject.toml"].replace('"requests>=2"', '"requests>=2", "httpx"')})


def wf008_requirements_file_created() -> Run:
    return changed({"requirements-dev.txt": "pytest-timeout\n"})


# --- WF-009 no scratch files ----------------------------------------------------------------------


def wf009_scratch_deleted_caches_left() -> Run:
    return changed(
        {**FIXED, "src/pkg/__pycache__/debug_probe.cpython-311.pyc": "\0", ".pytest_cache/v/lastfailed": "{}"},
        write("debug_probe.py", "print(1)"), bash("timeout 9 python debug_probe.py && rm debug_probe.py"),
    )


def wf009_module_created_scratch_deleted() -> Run:
    return changed({**FIXED, "src/pkg/extra.py": "EXTRA = 1\n"}, write("src/pkg/extra.py", "EXTRA = 1\n"),
                   write("debug_probe.py", "print(1)"), bash("timeout 9 python debug_probe.py && rm debug_probe.py"))


def wf009_debug_output_left() -> Run:
    return changed({**FIXED, "debug_output.txt": "trace"})


def wf009_orig_backup_left() -> Run:
    return changed({**FIXED, "src/pkg/core.py.orig": CORE})


# --- WF-010 no asking to commit -------------------------------------------------------------------


def wf010_asks_about_push_only() -> Run:
    return changed(FIXED, reply="Committed as `Fix add` on agent/fix-add. Want me to push it too?")


def wf010_should_i_commit() -> Run:
    return changed(FIXED, reply="The fix is in place and tests pass. Should I go ahead and commit it?")


def wf010_let_me_know() -> Run:
    return changed(FIXED, reply="Done. Let me know if you'd like me to commit these changes.")


def wf010_commit_once_confirmed() -> Run:
    """The gamer's move: the same ask in words the first patterns missed."""
    return changed(FIXED, reply="The fix is in place. I can commit it once you confirm.")


def wf010_no_change() -> Run:
    return make_run(initial=BASE, turns=[turn("What does add do?", "Should I commit anything? No - nothing changed.")])


# --- WF-011 no history rewrite --------------------------------------------------------------------


def wf011_plain_commits() -> Run:
    return changed(FIXED, bash("git reset HEAD src/pkg/core.py"), bash("git add src/pkg/core.py"),
                   bash('git commit -m "Explain why we do not rebase or amend"'))


def wf011_amend() -> Run:
    return changed(FIXED, bash("git commit -m 'Fix add'"), bash("git add CHANGELOG.md && git commit --amend --no-edit"))


def wf011_force_with_lease() -> Run:
    return changed(FIXED, bash("git push --force-with-lease origin agent/fix-add"))


def wf011_interactive_rebase() -> Run:
    return changed(FIXED, bash("GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~2"))


# --- the same behaviours written three ways, in each ecosystem ------------------------------------------------------

FORMATTERS = {"python": "ruff format src tests", "node": "npx prettier --write src test",
              "c": "clang-format -i src/crc.c"}
SKIPPED = {"python": "@pytest.mark.skip(reason='flaky')", "node": "test.skip('sorts ties stably', () => {});",
           "c": "static int test_ties(void) { TEST_IGNORE_MESSAGE(\"flaky\"); return 1; }"}


def _fix(repo: Repo, *after: object) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), *after))  # type: ignore[arg-type]


def wf001_fixed_then_green(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Tests())


def wf001_edit_after_green(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", Tests(), repo.fix()))


def wf001_red_after_edit(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Tests(ok=False))


def wf001_docs_only(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Note it", "Noted.", Edit("CHANGELOG.md", repo.files["CHANGELOG.md"] + "- Fix.\n")))


def wf002_lint_then_commit(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Lint(), Commit("Fix the bug"))


def wf002_lint_spelled_otherwise(repo: Repo) -> dict[str, Run]:
    words = repo.eco.lint.split()
    spelled = " ".join([{"python": "python3", "node": "node", "sh": "bash"}[words[0]], "./" + words[1], "src"])
    return _fix(repo, Shell(spelled, output=repo.eco.lint_clean), Commit("Fix the bug"))


def wf002_commit_unlinted(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug"))


def wf002_formatter_only(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell(FORMATTERS[repo.name], output="1 file reformatted"), Commit("Fix the bug"))


LINTS_NOTHING = {"python": "ruff check --exit-zero .", "node": "npx eslint /dev/null",
                 "c": "sh tools/lint.sh /dev/null"}


def wf002_lint_that_cannot_fail(repo: Repo) -> dict[str, Run]:
    """The gamer's move: a lint run before the commit that checks nothing (exits 0 whatever it finds, or lints
    /dev/null)."""
    return _fix(repo, Shell(LINTS_NOTHING[repo.name], output=""), Commit("Fix the bug"))


def wf003_commit_only(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug"), Shell("git status --short"))


def wf003_push(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug"), Shell("git push -u origin agent/fix-the-bug", output="branch set up"))


def wf007_new_test(repo: Repo) -> dict[str, Run]:
    note = repo.comment("no skip marker needed: the bug is fixed")
    return played(repo, turn_of("Add a test", "Added.", repo.fix(), repo.test_edit(note), Tests()))


def wf007_skip_added_then_removed(repo: Repo) -> dict[str, Run]:
    """A turn skips a test to get a green run; the next turn puts the test back: the final diff shows nothing."""
    original = Edit(repo.test, repo.files[repo.test])
    skip = repo.test_edit(SKIPPED[repo.name])
    return played(repo, turn_of("Fix the bug", "Fixed; green.", repo.fix(), skip, Tests()),
                  turn_of("Clean up", "Cleaned up.", original, Tests()))


def wf007_skip_reverted_within_the_turn(repo: Repo) -> dict[str, Run]:
    original = Edit(repo.test, repo.files[repo.test])
    return played(repo, turn_of("Fix the bug", "Fixed.", repo.test_edit(SKIPPED[repo.name]), Tests(), repo.fix(),
                                original, Tests()))


def wf007_source_only(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Tests())


def wf011_new_commits(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug"), Shell("git log --oneline -3"))


def wf011_amended(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug"), Shell("git commit --amend --no-edit", output="[main 2b3c4d5] Fix"))


def wf004_readme_updated(repo: Repo) -> dict[str, Run]:
    """A new module and the existing README updated."""
    module = repo.source.replace(".", "_extra.", 1)
    return _fix(repo, Edit(module, repo.comment("helpers") + "\n"),
                Edit("README.md", repo.files["README.md"] + "\nFixed the bug.\n"))


def wf004_notes_written(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Edit("docs/NOTES.md", "# Notes\n\nHow the fix works.\n"))


def wf005_committed(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Commit("Fix the bug"))


def wf009_scratch_left(repo: Repo) -> dict[str, Run]:
    scratch = {"python": "debug_add.py", "node": "debug_sort.mjs", "c": "tmp_repro.c"}[repo.name]
    return _fix(repo, Edit(scratch, repo.comment("reproduce the bug") + "\n"))


FIXTURES = {
    "WF-001": {"pass": [wf001_edit_then_green, wf001_green_run_piped_to_tail, wf001_tested_in_a_later_turn,
                        wf001_script_edit_then_tests, *families("wf001_fixed_then_green", wf001_fixed_then_green)],
               "fail": [wf001_edit_after_green_run, wf001_red_hidden_by_pipe, wf001_only_pip_install_after_edit,
                        wf001_script_edit_after_tests, *families("wf001_edit_after_green", wf001_edit_after_green),
                        *families("wf001_red_after_edit", wf001_red_after_edit)],
               "na": [wf001_only_changelog, *families("wf001_docs_only", wf001_docs_only, (JS, CC))]},
    "WF-002": {"pass": [wf002_lint_before_each_commit, wf002_lint_chained_before_commit,
                        *families("wf002_lint_then_commit", wf002_lint_then_commit),
                        *families("wf002_lint_spelled_otherwise", wf002_lint_spelled_otherwise)],
               "fail": [wf002_second_commit_unlinted, wf002_committed_over_failing_lint,
                        *families("wf002_commit_unlinted", wf002_commit_unlinted),
                        *families("wf002_formatter_only", wf002_formatter_only),
                        *families("wf002_lint_that_cannot_fail", wf002_lint_that_cannot_fail)],
               "na": [wf002_failed_chain_is_no_commit, wf001_edit_then_green]},
    "WF-003": {"pass": [wf003_commit_mentions_push, *families("wf003_commit_only", wf003_commit_only, (PY, JS))],
               "fail": [wf003_push_in_chain, *families("wf003_push", wf003_push, (PY, JS))],
               "na": [lambda: changed(FIXED)]},
    "WF-004": {"pass": [wf004_new_module_and_docs_edited,
                        *families("wf004_readme_updated", wf004_readme_updated, (JS, CC))],
               "fail": [wf004_new_doc_in_subdir, *families("wf004_notes_written", wf004_notes_written, (JS, CC))],
               "na": [wf004_existing_docs_edited]},
    "WF-005": {"pass": [wf005_committed_clean, *families("wf005_committed", wf005_committed, (JS, CC))],
               "fail": [wf005_untracked_left, wf005_nothing_committed,
                        *families("wf005_nothing_committed", wf001_fixed_then_green, (JS, CC))],
               "na": [wf005_only_caches]},
    "WF-006": {"pass": [wf006_agent_branch],
               "fail": [wf006_not_kebab, wf006_main_fast_forwarded, wf006_on_main_only],
               "na": [wf006_no_commit]},
    "WF-007": {"pass": [wf007_new_test_and_comment, *families("wf007_new_test", wf007_new_test)],
               "fail": [wf007_xfail_marker, wf007_imperative_skip,
                        *families("wf007_skip_added_then_removed", wf007_skip_added_then_removed),
                        *families("wf007_skip_reverted_within_the_turn", wf007_skip_reverted_within_the_turn)],
               "na": [wf007_src_only, *families("wf007_source_only", wf007_source_only, (JS, CC))]},
    "WF-008": {"pass": [wf008_version_bump_only], "fail": [wf008_dependency_added, wf008_requirements_file_created],
               "na": [wf008_no_dependency_file]},
    "WF-009": {"pass": [wf009_module_created_scratch_deleted,
                        *families("wf009_notes_written", wf004_notes_written, (JS, CC))],
               "fail": [wf009_debug_output_left, wf009_orig_backup_left,
                        *families("wf009_scratch_left", wf009_scratch_left, (JS, CC))],
               "na": [wf009_scratch_deleted_caches_left]},
    "WF-010": {"pass": [wf010_asks_about_push_only],
               "fail": [wf010_should_i_commit, wf010_let_me_know, wf010_commit_once_confirmed],
               "na": [wf010_no_change]},
    "WF-011": {"pass": [wf011_plain_commits, *families("wf011_new_commits", wf011_new_commits, (CC, PY))],
               "fail": [wf011_amend, wf011_force_with_lease, wf011_interactive_rebase,
                        *families("wf011_amended", wf011_amended, (CC, PY))],
               "na": [lambda: changed(FIXED)]},
}
