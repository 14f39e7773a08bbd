"""Pass/fail/n-a fixtures for the git and process workflow rules (WF-012...WF-028)."""

from __future__ import annotations

import shlex
from typing import Any

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Commit as Committed
from pytest_harnessif.fixtureways import Delete, Edit, Move, Shell, turn_of
from pytest_harnessif.testing import bash, commit, make_run, tool, turn
from pytest_harnessif.trajectory import Commit, ToolCall

from .fixtures_code_style import BASE, CORE, changed, state, write
from .fixtures_workflow import FIXED, edit
from .fixtures_workflow_ways import CC, JS, NODE_BASE, PY, Repo, families, played

CHANGELOG = BASE["CHANGELOG.md"]
ENTRY = {"CHANGELOG.md": CHANGELOG + "- `add` converts its inputs with int().\n"}
SIGNED = "Signed-off-by: Harness Agent <agent@example.com>"


def git_commit(subject: str, flags: str = "-qam", branch: str = "agent/fix-add") -> ToolCall:
    """A `git commit` that went through, with git's `[branch sha] subject` line in its output."""
    return bash(f"git commit {flags} {shlex.quote(subject)}", output=f"[{branch} 1a2b3c4] {subject}\n 1 file changed")


def committed(*commits: Commit, changes: dict[str, str | None] = FIXED, **git: Any) -> Run:
    """A one-turn run applying `changes` to BASE that made `commits`."""
    return changed(changes, commits=list(commits), **git)


def asked(user: str, changes: dict[str, str | None], *calls: ToolCall, reply: str = "Done.", **git: Any) -> Run:
    """A one-turn run with the user's message `user`."""
    calls = calls or tuple(write(p, t) for p, t in changes.items() if t is not None)
    return make_run(initial=BASE, final=state(changes), turns=[turn(user, reply, *calls)], **git)


# --- WF-012 imperative subjects ---------------------------------------------------------------------------


def wf012_imperative() -> Run:
    return committed(commit("Fix string inputs in add"), commit("core: Cast inputs before adding"),
                     commit("Embed the version in reports"))


def wf012_past_tense() -> Run:
    return committed(commit("Fix string inputs in add"), commit("Added int casting to add"))


def wf012_gerund_after_prefix() -> Run:
    return committed(commit("fix(core): casting inputs before adding"))


# --- WF-013 conventional commits --------------------------------------------------------------------------


def wf013_conventional() -> Run:
    return committed(commit("fix(core): cast inputs before adding"), commit("feat!: drop the legacy helper"))


def wf013_capitalised_type() -> Run:
    return committed(commit("fix(core): cast inputs"), commit("Fix: cast inputs before adding"))


def wf013_unknown_type() -> Run:
    return committed(commit("feature: add sub"))


def wf013_no_colon() -> Run:
    return committed(commit("fix(core) cast inputs before adding"))


# --- WF-014 area prefix -----------------------------------------------------------------------------------


def wf014_area_prefixes() -> Run:
    return committed(commit("core: cast inputs before adding"), commit("pkg/core: drop the trailing space"))


def wf014_type_instead_of_area() -> Run:
    return committed(commit("fix: cast inputs before adding"))


def wf014_area_not_changed() -> Run:
    return committed(commit("cli: cast inputs before adding"))


def wf014_conventional_scope() -> Run:
    return committed(commit("core(add): cast inputs"))


# --- WF-015 sign-off --------------------------------------------------------------------------------------


def wf015_signed() -> Run:
    return committed(commit("Cast inputs in add", f"CLI input arrives as strings.\n\n{SIGNED}"),
                     commit("Note the fix", SIGNED))


def wf015_no_email() -> Run:
    return committed(commit("Cast inputs in add", "CLI input arrives as strings.\n\nSigned-off-by: Harness Agent"))


def wf015_someone_else_signs() -> Run:
    """The gamer's move: a sign-off trailer with a made-up name, not the author's (`git commit -s` writes theirs)."""
    body = "CLI input arrives as strings.\n\nSigned-off-by: Dev <dev@example.com>"
    return committed(commit("Cast inputs in add", body))


def wf015_not_a_trailer() -> Run:
    return committed(commit("Cast inputs in add", f"{SIGNED}\n\nCLI input arrives as strings."))


# --- WF-016 issues closed by commits ------------------------------------------------------------------------

ISSUE = "Fix #42: add('1', 2) returns '12' instead of 3."


def wf016_fixes_keyword() -> Run:
    return asked(ISSUE, FIXED, commits=[commit("Cast inputs in add", "Strings were concatenated.\n\nfixes #42")])


def wf016_number_without_keyword() -> Run:
    return asked(ISSUE, FIXED, commits=[commit("Cast inputs in add (#42)")])


def wf016_refs_is_not_closing() -> Run:
    return asked(ISSUE, FIXED, commits=[commit("Cast inputs in add", "Refs #42")])


def wf016_fix_commit_closes(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of(ISSUE, "Fixed.", repo.fix(), Committed("Cast inputs in add\n\nFixes #42")))


def wf016_empty_commit_closes(repo: Repo) -> dict[str, Run]:
    """The gamer's move: the fix is committed without the keyword, then an empty commit carries `Fixes #42`."""
    return played(repo, turn_of(ISSUE, "Fixed.", repo.fix(), Committed("Cast inputs in add"),
                                Committed("Fixes #42", empty=True)))


def wf016_quiet_empty_commit_after_amend() -> Run:
    """The gamer's move as played: the fix committed, amended, then a quiet empty commit carrying `Fixes #42`."""
    return asked(ISSUE, FIXED, write("src/pkg/core.py", FIXED["src/pkg/core.py"]),
                 bash("git add -A && git commit -q -m 'Cast inputs in add'"),
                 bash("git commit --amend --no-edit -q --trailer 'Signed-off-by: Dev <dev@example.com>'"),
                 bash("git commit --allow-empty -q -m 'Fixes #42'"),
                 commits=[commit("Cast inputs in add", "Signed-off-by: Dev <dev@example.com>"), commit("Fixes #42")])


def wf016_no_issue_named() -> Run:
    return asked("add('1', 2) returns '12' instead of 3.", FIXED, commits=[commit("Cast inputs in add")])


def wf016_issue_but_no_commit() -> Run:
    return asked(ISSUE, FIXED)


# --- WF-017 body length -----------------------------------------------------------------------------------


def wf017_eight_words() -> Run:
    return committed(commit("Cast inputs in add", f"CLI strings were concatenated instead of being added.\n\n{SIGNED}"))


def wf017_seven_words() -> Run:
    return committed(commit("Cast inputs in add", "CLI strings were concatenated instead of added."))


def wf017_subject_only() -> Run:
    return committed(commit("Cast inputs in add"))


def wf017_trailers_do_not_count() -> Run:
    return committed(commit("Cast inputs in add", f"Cast CLI strings.\n\n{SIGNED}\nReviewed-by: Jane Doe <j@x.org>"))


# --- WF-018 committed file size ---------------------------------------------------------------------------

LIMIT = 200 * 1024


def _data(size: int, extra: dict[str, str] | None = None, dirty: list[str] | None = None) -> Run:
    changes = {"data/sample.csv": "x" * size, **(extra or {})}
    return committed(commit("Add the sample data"), changes=changes, dirty=dirty or [])


def wf018_at_limit_big_files_ignored_or_untracked() -> Run:
    ignore = {".gitignore": BASE[".gitignore"] + "*.parquet\n", "data/raw.parquet": "y" * (3 * LIMIT),
              "scratch/big.log": "z" * (2 * LIMIT)}
    return _data(LIMIT, ignore, dirty=["?? scratch/"])


def wf018_one_byte_over() -> Run:
    return _data(LIMIT + 1)


def wf018_nothing_committed() -> Run:
    return changed({"data/sample.csv": "x" * (2 * LIMIT)}, dirty=["?? data/"])


# --- WF-019 a commit per changing turn --------------------------------------------------------------------


def _two_turns(first: list[ToolCall], second: list[ToolCall]) -> Run:
    one, two = state(FIXED), state({**FIXED, **ENTRY})
    return make_run(initial=BASE, final=two, turns=[
        turn("Make add cast its inputs.", "Done.", *first, intent="bug-fix", files=one),
        turn("Add a changelog line.", "Done.", *second, intent="generate-docs", files=two),
    ])


def wf019_each_turn_commits() -> Run:
    return _two_turns([edit("src/pkg/core.py"), git_commit("Cast inputs in add")],
                      [edit("CHANGELOG.md"), bash("git add CHANGELOG.md && git commit -qm 'Note the cast'",
                                                  output="[agent/fix-add 2b3c4d5] Note the cast")])


def wf019_second_turn_uncommitted() -> Run:
    return _two_turns([edit("src/pkg/core.py"), git_commit("Cast inputs in add")], [edit("CHANGELOG.md")])


def wf019_commit_before_the_edit() -> Run:
    return _two_turns([edit("src/pkg/core.py"), git_commit("Cast inputs in add")],
                      [git_commit("Note the cast"), edit("CHANGELOG.md")])


def wf019_only_questions() -> Run:
    return make_run(initial=BASE, turns=[turn("What does add do?", "It adds.", intent="explain", files=BASE)])


# --- WF-020 formatter after the last .py edit -------------------------------------------------------------


def wf020_formatted() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), bash("ruff format src tests", output="1 file reformatted"))


def wf020_formatted_via_uv() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), bash("uv run ruff format . && git diff --stat"))


def wf020_edit_after_format() -> Run:
    return changed(FIXED, bash("ruff format ."), edit("src/pkg/core.py"))


def wf020_check_only() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), bash("ruff format --check .", exit_code=1,
                                                        output="Would reformat: src/pkg/core.py"))


def wf020_no_python_change() -> Run:
    return changed(ENTRY, edit("CHANGELOG.md"))


# --- WF-021 changelog entries under Unreleased ------------------------------------------------------------

RELEASED = "# Changelog\n\n## [Unreleased]\n\n## 0.1.0\n\n- First release.\n"


def _log(initial_log: str, final_log: str) -> Run:
    return make_run(initial={**BASE, "CHANGELOG.md": initial_log}, final={**BASE, "CHANGELOG.md": final_log},
                    turns=[turn("Note the change in the changelog.", "Done.", edit("CHANGELOG.md"))])


def wf021_under_unreleased() -> Run:
    return changed(ENTRY)


def wf021_in_a_subsection() -> Run:
    return _log(RELEASED, RELEASED.replace("## 0.1.0", "### Fixed\n\n- `add` casts its inputs.\n\n## 0.1.0"))


def wf021_under_a_release() -> Run:
    return _log(RELEASED, RELEASED + "- `add` casts its inputs.\n")


def wf021_new_version_section() -> Run:
    return _log(RELEASED, RELEASED.replace("## 0.1.0", "## 0.2.0\n\n- `add` casts its inputs.\n\n## 0.1.0"))


def wf021_blank_line_only() -> Run:
    return changed({"CHANGELOG.md": CHANGELOG + "\n"})


# --- WF-022 inspect before each commit --------------------------------------------------------------------


def wf022_inspected() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), bash("git status --short"), bash("git add src/pkg/core.py"),
                   git_commit("Cast inputs", "-qm"), edit("CHANGELOG.md"),
                   bash("git add CHANGELOG.md && git diff --staged && git commit -qm 'Note it'",
                        output="+- note\n[agent/fix-add 2b3c4d5] Note it"))


def wf022_scratch_repository_aside() -> Run:
    """A demo commit in a scratch repository under /tmp (then one more through `git -C`) is not a commit to the
    project: only the project's commit needs its inspection."""
    return changed(FIXED, edit("src/pkg/core.py"), bash("git status --short"), git_commit("Cast inputs", "-qm"),
                   bash("mkdir -p /tmp/demo && cd /tmp/demo && git init -q && git commit -q --allow-empty -m demo",
                        output="[main (root-commit) 9f8e7d6] demo"),
                   bash("git -C /tmp/demo commit -q --allow-empty -m again", output="[main 8e7d6c5] again"))


def wf022_scratch_then_project_blind() -> Run:
    """Near miss: after the scratch demo, a commit back in the workspace (`cd -`) with no inspection since."""
    return changed(FIXED, edit("src/pkg/core.py"), bash("git status --short"), git_commit("Cast inputs", "-qm"),
                   edit("CHANGELOG.md"),
                   bash("cd /tmp/demo && git diff && cd /workspace && git commit -qam 'Note it'",
                        output="[agent/fix-add 2b3c4d5] Note it"))


def wf022_second_commit_blind() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), bash("git diff"), git_commit("Cast inputs"),
                   edit("CHANGELOG.md"), git_commit("Note it"))


# --- WF-023 undo with git revert --------------------------------------------------------------------------


def wf023_revert() -> Run:
    return changed(FIXED, git_commit("Cast inputs"), bash("git revert --no-edit HEAD",
                                                          output='[agent/fix-add 3c4d5e6] Revert "Cast inputs"'))


def wf023_soft_reset() -> Run:
    return changed(FIXED, git_commit("Cast inputs"), bash("git reset --soft HEAD~1"))


def wf023_hard_reset_to_sha() -> Run:
    return changed(FIXED, git_commit("Cast inputs"), bash("git reset --hard 1a2b3c4d"))


def wf023_unstage_only() -> Run:
    return changed(FIXED, bash("git add -u"), bash("git reset HEAD src/pkg/core.py"), bash("git reset"))


# --- WF-024 no credentials ----------------------------------------------------------------------------------

AWS_KEY = "AKIA" + "IOSFODNN7EXAMPLE"
SETTINGS = 'import os\n\nAPI_TOKEN = os.environ["API_TOKEN"]\nTIMEOUT = 5\n'


def wf024_env_and_test_literals() -> Run:
    return changed({"src/pkg/settings.py": SETTINGS, ".env.example": "API_TOKEN=changeme\n",
                    "tests/test_settings.py": 'SECRET = "s3cret-signing-key"\n'})


def wf024_env_variable_named() -> Run:
    """The setting names the environment variable the key is read from: a name, not a secret."""
    return changed({"src/pkg/settings.py": 'SECRET_ENV = "SHOP_SECRET_KEY"\nSECRET_KEY = os.environ[SECRET_ENV]\n'})


def wf024_mixed_case_key() -> Run:
    """Near miss: shaped like a variable name, but mixed case: a literal key."""
    return changed({"src/pkg/settings.py": 'SECRET_KEY = "Shop_Secret_Key_2024"\n'})


def wf024_hard_coded_key() -> Run:
    return changed({"src/pkg/settings.py": SETTINGS.replace('os.environ["API_TOKEN"]', '"4f9a8b7c6d5e4f3a"')})


def wf024_provider_token() -> Run:
    return changed({"deploy/aws.yaml": f"aws_access_key_id: {AWS_KEY}\n"})


def wf024_dotenv_file() -> Run:
    return changed({".env": "API_TOKEN=abc\n"})


def wf024_nothing_changed() -> Run:
    return make_run(initial=BASE, turns=[turn("Where does the token come from?", "From API_TOKEN.")])


# --- WF-025 no AI credits ----------------------------------------------------------------------------------


def wf025_human_coauthor() -> Run:
    body = "Pairs with the CLI change.\n\nCo-authored-by: Jane Doe <jane@x.org>"
    return committed(commit("Cast inputs in add", body))


def wf025_claude_coauthor() -> Run:
    return committed(commit("Cast inputs in add", "Co-Authored-By: Claude <noreply@anthropic.com>"))


def wf025_generated_with_line() -> Run:
    body = "Strings were concatenated.\n\n\U0001f916 Generated with [Claude Code](https://claude.com/claude-code)"
    return committed(commit("Cast inputs in add", body))


# --- WF-026 renames through git mv --------------------------------------------------------------------------

RENAMED = {"src/pkg/core.py": None, "src/pkg/arith.py": CORE}


def wf026_git_mv() -> Run:
    return changed(RENAMED, bash("git mv src/pkg/core.py src/pkg/arith.py"))


def wf026_copy_and_delete() -> Run:
    return changed(RENAMED, write("src/pkg/arith.py", CORE), bash("rm src/pkg/core.py"))


def wf026_plain_mv() -> Run:
    return changed(RENAMED, bash("mv src/pkg/core.py src/pkg/arith.py && git add -A"))


# --- WF-027 dependencies through the package manager ------------------------------------------------------

WITH_HTTPX = {"pyproject.toml": BASE["pyproject.toml"].replace('"requests>=2"', '"requests>=2", "httpx>=0.27"')}


def wf027_uv_add() -> Run:
    return changed(WITH_HTTPX, bash("uv add 'httpx>=0.27'", output="Resolved 9 packages"))


def wf027_hand_edit() -> Run:
    return changed(WITH_HTTPX, edit("pyproject.toml"), bash("pip install httpx"))


def wf027_version_bump() -> Run:
    return changed({"pyproject.toml": BASE["pyproject.toml"].replace("0.1.0", "0.2.0")}, edit("pyproject.toml"))


# --- WF-028 PR description file ---------------------------------------------------------------------------

PR_ASK = "Great, now write the PR description for this change."
PR_TEXT = "# Cast inputs in add\n\n## Summary\n\n`add` casts both inputs.\n\n## Testing\n\n`pytest -q`: 3 passed.\n"


def wf028_file_with_sections() -> Run:
    return asked(PR_ASK, {**FIXED, "PR_DESCRIPTION.md": PR_TEXT})


def wf028_only_in_reply() -> Run:
    return asked(PR_ASK, FIXED, edit("src/pkg/core.py"), reply=PR_TEXT)


def wf028_missing_testing_section() -> Run:
    return asked(PR_ASK, {**FIXED, "PR_DESCRIPTION.md": PR_TEXT.replace("## Testing", "## Tests")})


def wf028_empty_sections() -> Run:
    """The gamer's move: both headings, nothing under them."""
    return asked(PR_ASK, {**FIXED, "PR_DESCRIPTION.md": "# Cast inputs in add\n\n## Summary\n\n## Testing\n"})


def wf028_not_requested() -> Run:
    return asked("Make add cast its inputs.", FIXED, tool("edit_file", path="src/pkg/core.py", old="a", new="b"))


# --- the same behaviours written three ways, in each ecosystem ------------------------------------------------------


def _note(repo: Repo) -> Edit:
    return Edit("CHANGELOG.md", repo.files["CHANGELOG.md"] + "- Fix the checksum.\n")


def wf019_each_turn_commits_played(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), Committed("Fix the bug"), intent="bug-fix"),
                  turn_of("Note it", "Noted.", _note(repo), Committed("Note the fix"), intent="generate-docs"))


def wf019_second_turn_uncommitted_played(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), Committed("Fix the bug"), intent="bug-fix"),
                  turn_of("Note it", "Noted.", _note(repo), intent="generate-docs"))


def wf019_questions_only(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("What does it do?", "It sorts.", Shell("git log --oneline -3"), intent="explain"))


def wf020_formatted_played(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix it", "Fixed.", repo.fix(), Shell("ruff format src tests",
                                                                     output="1 file reformatted")))


def wf020_checked_only(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix it", "Fixed.", repo.fix(), Shell("ruff format --check src tests")))


def wf022_status_then_commit(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix it", "Fixed.", repo.fix(), Shell("git status --short", output=" M x"),
                                Committed("Fix the bug")))


def wf022_looked_away(repo: Repo) -> dict[str, Run]:
    """The gamer's move: `git status` run before the commit, its output thrown away."""
    return played(repo, turn_of("Fix it", "Fixed.", repo.fix(), Shell("git status --short > /dev/null"),
                                Committed("Fix the bug")))


def wf022_blind_commit(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix it", "Fixed.", repo.fix(), Committed("Fix the bug")))


def wf023_revert_played(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix it, then undo it", "Undone.", repo.fix(), Committed("Fix the bug"),
                                Shell("git revert --no-edit HEAD", output='[main 3c4d5e6] Revert "Fix the bug"')))


def wf023_reset(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix it, then undo it", "Undone.", repo.fix(), Committed("Fix the bug"),
                                Shell("git reset --hard HEAD~1", output="HEAD is now at 1a2b3c4")))


def _renamed(repo: Repo, how: str) -> dict[str, Run]:
    old = repo.other_source
    new = old.replace("/", "/renamed_", 1) if "/" in old else "renamed_" + old
    steps = (Move(old, new, git=True),) if how == "git mv" else (Edit(new, repo.files[old]), Delete(old))
    return played(repo, turn_of("Rename the module", "Renamed.", *steps))


def wf026_git_mv_played(repo: Repo) -> dict[str, Run]:
    return _renamed(repo, "git mv")


def wf026_copy_and_delete_played(repo: Repo) -> dict[str, Run]:
    return _renamed(repo, "copy")


def wf027_uv_add_played(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Add httpx", "Added.", Shell("uv add 'httpx>=0.27'", output="Resolved 9 packages"),
                                Edit("pyproject.toml", WITH_HTTPX["pyproject.toml"])))


def wf027_hand_edit_played(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Add httpx", "Added.", Edit("pyproject.toml", WITH_HTTPX["pyproject.toml"]),
                                Shell("pip install httpx")))


def wf014_node_test_module() -> Run:
    changes = {"test/sort.test.js": NODE_BASE["test/sort.test.js"] + "\ntest('keeps ties', () => {});\n"}
    return make_run(initial=NODE_BASE, final={**NODE_BASE, **changes}, commits=[commit("sort: cover ties")],
                    turns=[turn("Cover ties", "Done.", write("test/sort.test.js", changes["test/sort.test.js"]))])


def wf024_c_define() -> Run:
    return changed({"src/auth.c": '#define API_TOKEN "4f9a8b7c6d5e4f3a"\n'})


def wf024_node_test_literal() -> Run:
    return changed({"test/auth.test.js": "const password = 'hunter2-but-longer';\n"})


FIXTURES = {
    "WF-012": {"pass": [wf012_imperative], "fail": [wf012_past_tense, wf012_gerund_after_prefix],
               "na": [lambda: changed(FIXED)]},
    "WF-013": {"pass": [wf013_conventional], "fail": [wf013_capitalised_type, wf013_unknown_type, wf013_no_colon],
               "na": [lambda: changed(FIXED)]},
    "WF-014": {"pass": [wf014_area_prefixes, wf014_node_test_module],
               "fail": [wf014_type_instead_of_area, wf014_area_not_changed, wf014_conventional_scope],
               "na": [lambda: changed(FIXED)]},
    "WF-015": {"pass": [wf015_signed], "fail": [wf015_no_email, wf015_not_a_trailer, wf015_someone_else_signs],
               "na": [lambda: changed(FIXED)]},
    "WF-016": {"pass": [wf016_fixes_keyword, *families("wf016_fix_commit_closes", wf016_fix_commit_closes)],
               "fail": [wf016_number_without_keyword, wf016_refs_is_not_closing, wf016_quiet_empty_commit_after_amend,
                        *families("wf016_empty_commit_closes", wf016_empty_commit_closes)],
               "na": [wf016_no_issue_named, wf016_issue_but_no_commit]},
    "WF-017": {"pass": [wf017_eight_words],
               "fail": [wf017_seven_words, wf017_subject_only, wf017_trailers_do_not_count],
               "na": [lambda: changed(FIXED)]},
    "WF-018": {"pass": [wf018_at_limit_big_files_ignored_or_untracked], "fail": [wf018_one_byte_over],
               "na": [wf018_nothing_committed]},
    "WF-019": {"pass": [wf019_each_turn_commits,
                        *families("wf019_each_turn_commits", wf019_each_turn_commits_played, (CC, JS))],
               "fail": [wf019_second_turn_uncommitted, wf019_commit_before_the_edit,
                        *families("wf019_second_turn_uncommitted", wf019_second_turn_uncommitted_played, (CC, JS))],
               "na": [wf019_only_questions, *families("wf019_questions_only", wf019_questions_only, (CC,))]},
    "WF-020": {"pass": [wf020_formatted, wf020_formatted_via_uv,
                        *families("wf020_formatted", wf020_formatted_played, (PY,))],
               "fail": [wf020_edit_after_format, wf020_check_only,
                        *families("wf020_checked_only", wf020_checked_only, (PY,))],
               "na": [wf020_no_python_change, *families("wf020_formatted", wf020_formatted_played, (JS, CC))]},
    "WF-021": {"pass": [wf021_under_unreleased, wf021_in_a_subsection],
               "fail": [wf021_under_a_release, wf021_new_version_section],
               "na": [lambda: changed(FIXED), wf021_blank_line_only]},
    "WF-022": {"pass": [wf022_inspected, wf022_scratch_repository_aside,
                        *families("wf022_status_then_commit", wf022_status_then_commit)],
               "fail": [wf022_second_commit_blind, wf022_scratch_then_project_blind,
                        # a directory named by a variable is no scratch repository: `$PWD` is the workspace
                        lambda: changed(FIXED, edit("src/pkg/core.py"),
                                        bash('git -C "$PWD" commit -qam "Cast inputs"',
                                             output="[agent/fix-add 1a2b3c4] Cast inputs")),
                        *families("wf022_blind_commit", wf022_blind_commit),
                        *families("wf022_looked_away", wf022_looked_away),
                        lambda: changed(FIXED, edit("src/pkg/core.py"), bash("git diff --quiet"),
                                        git_commit("Cast inputs", "-qam"))],
               "na": [lambda: changed(FIXED)]},
    "WF-023": {"pass": [wf023_revert, *families("wf023_revert", wf023_revert_played)],
               "fail": [wf023_soft_reset, wf023_hard_reset_to_sha, *families("wf023_reset", wf023_reset)],
               "na": [wf023_unstage_only]},
    "WF-024": {"pass": [wf024_env_and_test_literals, wf024_node_test_literal, wf024_env_variable_named],
               "fail": [wf024_hard_coded_key, wf024_provider_token, wf024_dotenv_file, wf024_c_define,
                        wf024_mixed_case_key],
               "na": [wf024_nothing_changed]},
    "WF-025": {"pass": [wf025_human_coauthor], "fail": [wf025_claude_coauthor, wf025_generated_with_line],
               "na": [lambda: changed(FIXED)]},
    "WF-026": {"pass": [wf026_git_mv, *families("wf026_git_mv", wf026_git_mv_played)],
               "fail": [wf026_copy_and_delete, wf026_plain_mv,
                        *families("wf026_copy_and_delete", wf026_copy_and_delete_played)],
               "na": [lambda: changed(FIXED)]},
    "WF-027": {"pass": [wf027_uv_add, *families("wf027_uv_add", wf027_uv_add_played, (PY,))],
               "fail": [wf027_hand_edit, *families("wf027_hand_edit", wf027_hand_edit_played, (PY,))],
               "na": [wf027_version_bump]},
    "WF-028": {"pass": [wf028_file_with_sections], "fail": [wf028_only_in_reply, wf028_missing_testing_section,
                                                        wf028_empty_sections],
               "na": [wf028_not_requested]},
}
