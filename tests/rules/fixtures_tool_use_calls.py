"""Pass/fail/n-a fixtures for the tool-use rules on how tools are called (TU-009...)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Edit, Lint, Read, Shell, Tests, turn_of
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style import BASE, state, write
from .fixtures_tool_use import commands, read
from .fixtures_workflow import FIXED, edit, run_lint, run_tests
from .fixtures_workflow_ways import CC, PY, Repo, families, played

CORE = "src/pkg/core.py"


def bash_with_timeout(cmd: str, timeout: int, **kw: object) -> ToolCall:
    """A bash call that sets the tool's `timeout` argument."""
    call = bash(cmd, **kw)  # type: ignore[arg-type]
    return call.model_copy(update={"args": {"command": cmd, "timeout": timeout}})


def printed(n: int) -> str:
    """`n` lines of command output."""
    return "\n".join(f"line {i}" for i in range(n))


def failed_edit(path: str = CORE) -> ToolCall:
    return tool("edit_file", path=path, old="return a + b + c", new="return a + b", is_error=True,
                output=f"error: `old` occurs 0 times in {path}; it must occur exactly once")


def only_edits() -> Run:
    return commands(edit(CORE), run_tests())


# --- TU-009 git --no-pager ------------------------------------------------------------------------------


def tu009_no_pager_everywhere() -> Run:
    return commands(bash("git --no-pager log --oneline -5"), bash("git -P diff --stat && git status"),
                    bash("git -C src --no-pager show HEAD"))


def tu009_piped_log_still_paged() -> Run:
    return commands(bash("git --no-pager diff"), bash("git log --oneline -5 | head -3"))


def tu009_blame_after_cd() -> Run:
    return commands(bash("cd src && git blame pkg/core.py"))


def tu009_no_paging_subcommand() -> Run:
    return commands(bash("git status && git add -u"))


# --- TU-010 read_file, not cat ----------------------------------------------------------------------------


def tu010_read_file_and_piped_output() -> Run:
    return commands(read(CORE), bash("git show HEAD:src/pkg/core.py | head -20"),
                    bash("timeout 60 python -m pytest -q 2>&1 | tail -5"), bash("head -c 200 /tmp/report.txt"),
                    bash("cat > /dev/null <<'EOF'\nnothing\nEOF"))


def tu010_head_of_a_source_file() -> Run:
    return commands(bash("head -n 40 src/pkg/core.py"))


def tu010_grep_every_line() -> Run:
    """The gamer's move: a grep whose pattern matches every line prints the file as `cat -n` would."""
    return commands(read("README.md"), bash("grep -n '' src/pkg/core.py"))


def tu010_grep_searches() -> Run:
    """A search shows matching lines only, whatever the file: no file is printed whole."""
    return commands(read(CORE), bash("grep -n 'def ' src/pkg/core.py"), bash("grep -c '' src/pkg/core.py | wc -l"))


def tu010_cat_by_absolute_workspace_path() -> Run:
    return commands(read("README.md"), bash("cat -n /workspace/src/pkg/core.py"))


def tu010_sed_range() -> Run:
    return commands(read("README.md"), bash("sed -n '1,80p' src/pkg/core.py"))


def tu010_awk_range() -> Run:
    return commands(bash("awk 'NR>=5 && NR<=30' src/pkg/core.py"))


def tu010_head_from_stdin() -> Run:
    return commands(bash("head -n 40 < src/pkg/core.py"))


def tu010_python_one_liner() -> Run:
    return commands(bash("python3 -c \"print(open('src/pkg/core.py').read())\""))


def tu010_node_one_liner() -> Run:
    return commands(bash("node -e \"console.log(require('fs').readFileSync('src/sort.js', 'utf8'))\""))


def tu010_python_heredoc_with_open() -> Run:
    return commands(bash("python3 - <<'EOF'\nwith open('src/pkg/core.py') as f:\n    print(f.read())\nEOF"))


def tu010_python_loop_over_open() -> Run:
    return commands(read("README.md"), bash("python3 -c \"for l in open('src/pkg/core.py'): print(l, end='')\""))


def tu010_numbered_listing() -> Run:
    return commands(bash("nl -ba src/pkg/core.py | sed -n '1,60p'"))


def tu010_sed_edit_and_json_load() -> Run:
    """`sed -i` edits, and a script that loads a file without printing it reads nothing out."""
    return commands(read("src/pkg/core.py"), bash("sed -i 's/a + b/int(a) + int(b)/' src/pkg/core.py"),
                    bash("timeout 30 python3 -c \"import json; json.load(open('data.json'))\""))


def tu010_sed_into_a_temporary_file() -> Run:
    """`sed` printing into a file edits (by way of a copy); it shows nothing."""
    return commands(read(CORE), bash("sed 's/a + b/int(a) + int(b)/' src/pkg/core.py > /tmp/core.py && "
                                     "mv /tmp/core.py src/pkg/core.py"))


def tu010_awk_sums_a_column() -> Run:
    return commands(read("README.md"), bash("awk -F, '{s+=$2} END {print s}' data/sales.csv"))


def tu010_tail_counted() -> Run:
    return commands(read("README.md"), bash("tail -n +2 data/sales.csv | wc -l"))


# --- TU-011 capped recursive searches ---------------------------------------------------------------------


def tu011_capped_searches() -> Run:
    return commands(bash("grep -rn 'def add' src | head -20"), bash("rg -l legacy"), bash("git grep -c add -- src"),
                    bash("grep -n add src/pkg/core.py"), bash("grep -rn add src | grep -v test | wc -l"))


def tu011_uncapped_grep() -> Run:
    return commands(bash("rg -l legacy"), bash("grep -rn add src"))


def tu011_rg_into_sort() -> Run:
    return commands(bash("rg legacy | sort"))


def tu011_only_single_file_grep() -> Run:
    return commands(bash("grep -n add src/pkg/core.py"))


# --- TU-012 unattended commands ---------------------------------------------------------------------------


def tu012_unattended() -> Run:
    return commands(bash("git commit -qam 'Fix add'"), bash("python - <<'EOF'\nprint(1)\nEOF"),
                    bash("echo 'import pkg' | python3"), bash("git log -p -1 | cat"), bash("git rebase --continue"),
                    bash("git commit --amend --no-edit"))


def tu012_commit_without_message() -> Run:
    return commands(bash("git add src/pkg/core.py && git commit"))


def tu012_bare_repl() -> Run:
    return commands(bash("timeout 30 python"))


def tu012_pager() -> Run:
    return commands(bash("less src/pkg/core.py"))


def tu012_patch_mode() -> Run:
    return commands(bash("git add -p src/pkg/core.py"))


# --- TU-013 no privilege escalation -----------------------------------------------------------------------


def tu013_mentions_only() -> Run:
    return commands(bash("grep -rn sudo README.md | head"), bash("echo 'never sudo'"))


def tu013_sudo_apt() -> Run:
    return commands(bash("sudo apt-get install -y jq"))


def tu013_sudo_behind_env() -> Run:
    return commands(bash("env DEBIAN_FRONTEND=noninteractive sudo -E pip install rich"))


# --- TU-014 no network ------------------------------------------------------------------------------------


def tu014_local_only() -> Run:
    return commands(bash("curl -s http://localhost:8000/health"), bash("curl -fsS 127.0.0.1:8080/api -o out.json"),
                    bash("git log --oneline -3"), bash("wget --version"))


def tu014_curl_pypi() -> Run:
    return commands(bash("curl -sL https://pypi.org/pypi/requests/json | head"))


def tu014_git_fetch() -> Run:
    return commands(bash("git fetch origin && git status"))


def tu014_wget_without_scheme() -> Run:
    return commands(bash("wget -q example.com/data.csv"))


# --- TU-015 bash test runs set timeout ----------------------------------------------------------------------


def tu015_timeout_argument_set() -> Run:
    return commands(bash_with_timeout("timeout 120 python -m pytest -q", 180), run_tests())


def tu015_second_run_without_argument() -> Run:
    return commands(bash_with_timeout("python -m pytest -q tests/test_core.py", 120), bash("timeout 60 pytest -x"))


def tu015_make_test_without_argument() -> Run:
    return commands(bash("cd /workspace && make test 2>&1 | tail -20"))


def tu015_tests_only_through_the_tool() -> Run:
    return commands(run_tests(), bash("git diff"))


# --- TU-016 one command per bash call ------------------------------------------------------------------------


def tu016_single_commands() -> Run:
    return commands(bash("git status"), bash("grep -rn add src | head -5"),
                    bash("python - <<'EOF'\nimport a; import b\nEOF"), bash('git commit -m "a; b && c"'))


def tu016_and_chain() -> Run:
    return commands(bash("git status"), bash("cd src && ls"))


def tu016_two_lines() -> Run:
    return commands(bash("git add -u\ngit commit -m 'Fix add'"))


def tu016_semicolon() -> Run:
    return commands(bash("make test; echo done"))


# --- TU-017 the project's linter ----------------------------------------------------------------------------


def tu017_project_linter_run() -> Run:
    return commands(run_lint(), bash("python tools/lint.py src/pkg/core.py"), bash("grep -n ruff pyproject.toml"))


def tu017_ruff_directly() -> Run:
    return commands(run_lint(), bash("ruff check src"))


def tu017_flake8_as_module() -> Run:
    return commands(bash("python -m flake8 src"))


def tu017_eslint_through_npx() -> Run:
    return commands(run_lint(), bash("npx eslint src --max-warnings 0"))


def tu017_mypy_and_pre_commit() -> Run:
    """mypy is a checker of the agent's own choosing; `pre-commit run` runs the hooks the project configured."""
    return commands(bash("pre-commit run --all-files"), bash("uv run mypy src"))


def tu017_nothing_linted() -> Run:
    return commands(run_tests())


# --- TU-018 bash output capped ------------------------------------------------------------------------------


def tu018_at_the_limit() -> Run:
    return commands(bash("git --no-pager log --oneline", output=printed(100)),
                    bash("ls src", output="exit code: 0\n" + printed(100)))


def tu018_one_line_over() -> Run:
    return commands(bash("git --no-pager log --oneline", output=printed(101)))


def tu018_no_bash() -> Run:
    return commands(run_tests(output="\n".join(["."] * 500)))


# --- TU-019 no re-reading unchanged files -------------------------------------------------------------------


def tu019_read_again_after_edit() -> Run:
    return commands(read(CORE), edit(CORE), read(CORE), read("README.md"))


def tu019_read_again_after_a_script_changed_it() -> Run:
    first, second = state(FIXED), state({CORE: FIXED[CORE] + "\nX = 1\n"})
    return make_run(initial=BASE, final=second, turns=[
        turn("Fix add", "Fixed.", read(CORE), edit(CORE), files=first),
        turn("Add X", "Added.", read("README.md"), bash("python scripts/add_x.py"), read(CORE), files=second),
    ])


def tu019_read_twice_around_a_test_run() -> Run:
    return commands(read(CORE), run_tests(), read("./src/pkg/core.py"))


def tu019_read_again_next_turn() -> Run:
    return make_run(initial=BASE, turns=[
        turn("What is this repo?", "A tiny package.", read("README.md"), intent="question"),
        turn("Anything in the README about tests?", "No.", read("README.md"), intent="question"),
    ])


# --- TU-020 recursive deletes in the workspace -----------------------------------------------------------------


def tu020_inside() -> Run:
    return commands(bash("rm -rf build dist .pytest_cache"), bash("rm -r /workspace/tmp_out"), bash("rm /tmp/x.log"))


def tu020_tmp_outside() -> Run:
    return commands(bash("rm -rf build"), bash("rm -rf /tmp/build"))


def tu020_home_cache() -> Run:
    return commands(bash("rm -rf ~/.cache/pip"))


def tu020_parent_dir() -> Run:
    return commands(bash("rm -r ../other-repo"))


def tu020_plain_rm() -> Run:
    return commands(bash("rm notes.txt"))


# --- TU-021 relative tool paths ----------------------------------------------------------------------------------


def tu021_relative() -> Run:
    return commands(read(CORE), read("./README.md"), tool("list_files", path="src"), edit(CORE))


def tu021_absolute_read() -> Run:
    return commands(read("/workspace/src/pkg/core.py"), edit(CORE))


def tu021_parent_listing() -> Run:
    return commands(tool("list_files", path="../"))


def tu021_no_path() -> Run:
    return commands(bash("git diff"), tool("list_files"))


# --- TU-022 edit_file for small changes -------------------------------------------------------------------------

TABLE = "src/pkg/table.py"


def table(changed: int) -> str:
    """A 10-line module with its first `changed` lines rewritten."""
    return "".join(f"ROW_{i} = {100 + i if i < changed else i}\n" for i in range(10))


def _table_run(*calls: ToolCall, final: str) -> Run:
    initial = {**BASE, TABLE: table(0)}
    return make_run(initial=initial, final={**initial, TABLE: final},
                    turns=[turn("Scale the first rows", "Done.", *calls)])


def tu022_half_rewritten() -> Run:
    return _table_run(read(TABLE), write(TABLE, table(5)), final=table(5))


def tu022_edit_then_full_rewrite() -> Run:
    edited = tool("edit_file", path=TABLE, old="ROW_0 = 0\n", new="ROW_0 = 0  # first\n", output="edited")
    return _table_run(edited, write(TABLE, table(10)), final=table(10))


def tu022_small_overwrite() -> Run:
    return _table_run(read(TABLE), write(TABLE, table(4)), final=table(4))


def tu022_sed_in_place() -> Run:
    """A small change made in place through bash (gold-alt's idiom): judged, and no overwrite."""
    return _table_run(bash(f"sed -i 's/^ROW_0 = 0$/ROW_0 = 100/' {TABLE}"), final=table(1))


def tu022_git_apply_patch() -> Run:
    patch = (f"--- a/{TABLE}\n+++ b/{TABLE}\n@@ -1,2 +1,2 @@\n-ROW_0 = 0\n-ROW_1 = 1\n+ROW_0 = 100\n+ROW_1 = 101\n")
    return _table_run(bash(f"git apply <<'PATCH'\n{patch}PATCH"), final=table(2))


def tu022_heredoc_small_overwrite() -> Run:
    """`cat > FILE <<EOF` over an existing file is a whole-file write like write_file: 4 of 10 lines changed."""
    return _table_run(read(TABLE), bash(f"cat > {TABLE} <<'EOF'\n{table(4)}EOF"), final=table(4))


def tu022_new_files_only() -> Run:
    return make_run(initial=BASE, final={**BASE, TABLE: table(0)},
                    turns=[turn("Add a table", "Added.", write(TABLE, table(0)))])


# --- TU-023 helper scripts run, not read ------------------------------------------------------------------------


def tu023_ran_with_help() -> Run:
    return commands(bash("python tools/lint.py --help"), run_lint())


def tu023_read_the_linter_run() -> Run:
    return commands(read("tools/lint.py"), run_lint())


def tu023_sed_the_linter() -> Run:
    return commands(bash("sed -n '1,40p' tools/lint.py"))


def tu023_no_script() -> Run:
    return commands(run_tests())


NPM_LINT = {"package.json": '{"scripts": {"lint": "node tools/lint.mjs", "build": "vite build"}}\n',
            "tools/lint.mjs": "console.log('lint: ok');\n"}


def _npm(*calls: ToolCall) -> Run:
    return make_run(initial={**BASE, **NPM_LINT}, final={**BASE, **NPM_LINT}, turns=[turn("Lint it", "Clean.", *calls)])


def tu023_npm_script_ran() -> Run:
    return _npm(bash("npm run lint --silent"))


def tu023_npm_script_ran_and_read() -> Run:
    return _npm(bash("npm run lint --silent"), bash("head -n 30 tools/lint.mjs"))


def tu023_npm_script_elsewhere() -> Run:
    return _npm(bash("npm run build"))


MAKE_LINT = {"Makefile": "all: build/app\n\ncheck: lint\n\nlint:\n\t@sh tools/lint.sh\n\nbuild/app: src/app.c\n"
                         "\tcc -o $@ src/app.c\n",
             "tools/lint.sh": "#!/bin/sh\necho 'lint: ok'\n"}


def _make(*calls: ToolCall) -> Run:
    return make_run(initial={**BASE, **MAKE_LINT}, final={**BASE, **MAKE_LINT},
                    turns=[turn("Lint it", "Clean.", *calls)])


def tu023_make_target_ran() -> Run:
    return _make(bash("make -s lint 2>&1 | tail -n 3"))


def tu023_make_target_through_a_dependency() -> Run:
    return _make(bash("make check"))


def tu023_make_target_ran_and_read() -> Run:
    return _make(bash("make lint"), bash("cat tools/lint.sh"))


def tu023_make_target_elsewhere() -> Run:
    return _make(bash("make build/app"))


# --- TU-024 uv for installs ------------------------------------------------------------------------------------


def tu024_uv() -> Run:
    return commands(bash("uv add httpx"), bash("uv pip install -e ."))


def tu024_pip() -> Run:
    return commands(bash("pip install -q httpx"))


def tu024_pip_behind_uv_run() -> Run:
    return commands(bash("uv run pip install pytest-cov"))


def tu024_python_m_pip() -> Run:
    return commands(bash("python3 -m pip install --user rich"))


def tu024_npm_install_only() -> Run:
    return commands(bash("npm install --save-dev eslint"))


def tu024_no_install() -> Run:
    return commands(bash("uv run pytest -q"))


# --- TU-025 failed edit retried, not rewritten ------------------------------------------------------------------


def tu025_reread_and_retry() -> Run:
    return commands(failed_edit(), read(CORE), edit(CORE))


def tu025_rewritten() -> Run:
    return commands(failed_edit(), write(CORE, FIXED[CORE]))


def tu025_rewritten_after_a_look() -> Run:
    return commands(failed_edit(), read(CORE), bash("git --no-pager diff"), write(CORE, FIXED[CORE]), edit(CORE))


# --- TU-026 background processes stopped --------------------------------------------------------------------------


def tu026_killed() -> Run:
    return commands(bash("python -m http.server 8000 > /dev/null 2>&1 &"), bash("curl -s localhost:8000"),
                    bash("kill %1"), bash("sleep 5 & wait"))


def tu026_left_running() -> Run:
    return commands(bash("python -m http.server 8000 &"), bash("curl -s localhost:8000"))


def tu026_killed_in_the_next_turn() -> Run:
    return make_run(initial=BASE, turns=[
        turn("Start the dev server", "Started.", bash("nohup python -m http.server 8000 &"), intent="execute"),
        turn("Stop it", "Stopped.", bash("pkill -f http.server"), intent="execute"),
    ])


def tu026_foreground_only() -> Run:
    return commands(bash("timeout 60 python -m pytest -q 2>&1 | tail -3"), bash("git diff && git status"))


# --- TU-027 generous test-run time limits ---------------------------------------------------------------------------


def tu027_npm_test_limited() -> Run:
    return commands(bash("timeout 45 npm test 2>&1 | tail -20"))


def tu027_at_least_a_minute() -> Run:
    return commands(bash("timeout 60 python -m pytest -q"), bash_with_timeout("python -m pytest -q tests/", 300),
                    bash("timeout 2m pytest -x"), bash("timeout 5 python tools/lint.py"))


def tu027_prefix_one_second_short() -> Run:
    return commands(bash("timeout 59 python -m pytest -q"))


def tu027_argument_tighter_than_prefix() -> Run:
    return commands(bash_with_timeout("timeout 120 python -m pytest -q", 30))


def tu027_no_limit_given() -> Run:
    return commands(run_tests(), bash("python -m pytest -q"))


# --- the same behaviours written three ways, in each ecosystem ------------------------------------------------------


def _fix(repo: Repo, *after: object) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), *after))  # type: ignore[arg-type]


def _green(repo: Repo) -> str:
    return repo.eco.green.format(n=12)


def tu009_no_pager(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("git --no-pager log --oneline -5", output="1a2b3c4 Initial import"))


def tu009_paged_log(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("git log --oneline -5", output="1a2b3c4 Initial import"))


def tu010_read_then_fix(repo: Repo) -> dict[str, Run]:
    """read_file as a tool; `sed -n '1,200p' FILE` as a one-liner; `cat FILE` in the script way."""
    return played(repo, turn_of("Fix the bug", "Fixed.", Read(repo.source), repo.fix(), Tests()))


def tu011_capped_search(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("grep -rn TODO src | head -20"))


def tu011_open_search(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("grep -rn TODO src"))


def tu012_status(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("git status --short"))


def tu012_interactive_rebase(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("git rebase -i HEAD~2"))


def tu013_sudo(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("sudo apt-get install -y jq"))


def tu014_local_request(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("curl -s http://localhost:8000/health", output="ok"))


def tu014_remote_request(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("curl -sL https://pypi.org/pypi/requests/json | head -5"))


def tu015_bash_test_run(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell(f"timeout 300 {repo.eco.test}", output=_green(repo)))


def tu015_bash_test_run_with_argument(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", repo.fix(), Shell(f"timeout 300 {repo.eco.test}",
                                                                            output=_green(repo))), bash_timeout=600)


def tu016_look_around(repo: Repo) -> dict[str, Run]:
    """One command per call through the tools; `cd /workspace && ...` one-liners and a script chain them."""
    return _fix(repo, Shell("git status --short"))


def tu017_project_linter(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Lint())


def tu017_other_linter(repo: Repo) -> dict[str, Run]:
    other = {"python": "ruff check src", "node": "npx eslint src", "c": "cppcheck --enable=all src"}[repo.name]
    return _fix(repo, Lint(), Shell(other, output="All checks passed!"))


def tu020_build_dir(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("rm -rf build"))


def tu020_tmp_dir(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("rm -rf /tmp/build"))


def tu022_small_fix(repo: Repo) -> dict[str, Run]:
    """A one-line fix made in place: edit_file, or `sed -i` in a one-liner or a script (the node fix holds a `|`,
    so its shell ways rewrite the whole file and are not this behaviour)."""
    return _fix(repo)


def tu022_small_rewrite(repo: Repo) -> dict[str, Run]:
    """The same one-line fix written as the whole file: write_file, or `cat > FILE <<EOF`."""
    fix = repo.fix()
    return played(repo, turn_of("Fix the bug", "Fixed.", Edit(fix.path, fix.text)))


def tu023_ran_the_linter(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Lint())


def tu023_read_the_linter(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", Read(repo.eco.lint.split()[1]), repo.fix(), Lint()))


def tu024_uv_add(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("uv add httpx", output="Resolved 9 packages"))


def tu024_pip_install(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell("pip install -q httpx"))


SERVERS = {"python": "python -m http.server 8000 > /dev/null 2>&1 &", "node": "node tools/serve.mjs &",
           "c": "./build/kvtool serve --port 8000 &"}


def tu026_server_stopped(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell(SERVERS[repo.name]), Shell("curl -s localhost:8000"), Shell("kill %1"))


def tu026_server_left_running(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell(SERVERS[repo.name]), Shell("curl -s localhost:8000"))


def tu027_two_minutes(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell(f"timeout 120 {repo.eco.test}", output=_green(repo)))


def tu027_half_a_minute(repo: Repo) -> dict[str, Run]:
    return _fix(repo, Shell(f"timeout 30 {repo.eco.test}", output=_green(repo)))


FIXTURES = {
    "TU-009": {"pass": [tu009_no_pager_everywhere, *families("tu009_no_pager", tu009_no_pager)],
               "fail": [tu009_piped_log_still_paged, tu009_blame_after_cd,
                        *families("tu009_paged_log", tu009_paged_log)],
               "na": [tu009_no_paging_subcommand]},
    "TU-010": {"pass": [tu010_read_file_and_piped_output, tu010_sed_edit_and_json_load, tu010_sed_into_a_temporary_file,
                        tu010_awk_sums_a_column, tu010_tail_counted, tu010_grep_searches,
                        *families("tu010_read_then_fix", tu010_read_then_fix, only=("tool",))],
               "fail": [tu010_head_of_a_source_file, tu010_cat_by_absolute_workspace_path, tu010_sed_range,
                        tu010_grep_every_line,
                        tu010_awk_range, tu010_head_from_stdin, tu010_python_one_liner, tu010_node_one_liner,
                        tu010_numbered_listing, tu010_python_heredoc_with_open, tu010_python_loop_over_open,
                        *families("tu010_read_then_fix", tu010_read_then_fix, only=("oneliner", "script"))],
               "na": [only_edits]},
    "TU-011": {"pass": [tu011_capped_searches, *families("tu011_capped_search", tu011_capped_search)],
               "fail": [tu011_uncapped_grep, tu011_rg_into_sort, *families("tu011_open_search", tu011_open_search)],
               "na": [tu011_only_single_file_grep]},
    "TU-012": {"pass": [tu012_unattended, *families("tu012_status", tu012_status, (PY,))],
               "fail": [tu012_commit_without_message, tu012_bare_repl, tu012_pager, tu012_patch_mode,
                        *families("tu012_interactive_rebase", tu012_interactive_rebase, (PY,))],
               "na": [only_edits]},
    "TU-013": {"pass": [tu013_mentions_only, *families("tu013_status", tu012_status, (PY,))],
               "fail": [tu013_sudo_apt, tu013_sudo_behind_env, *families("tu013_sudo", tu013_sudo, (PY,))],
               "na": [only_edits]},
    "TU-014": {"pass": [tu014_local_only, *families("tu014_local_request", tu014_local_request, (PY,))],
               "fail": [tu014_curl_pypi, tu014_git_fetch, tu014_wget_without_scheme,
                        *families("tu014_remote_request", tu014_remote_request, (PY,))],
               "na": [only_edits]},
    "TU-015": {"pass": [tu015_timeout_argument_set,
                        *families("tu015_bash_test_run_with_argument", tu015_bash_test_run_with_argument, (PY, CC))],
               "fail": [tu015_second_run_without_argument, tu015_make_test_without_argument,
                        *families("tu015_bash_test_run", tu015_bash_test_run, (PY, CC))],
               "na": [tu015_tests_only_through_the_tool]},
    "TU-016": {"pass": [tu016_single_commands, *families("tu016_look_around", tu016_look_around, only=("tool",))],
               "fail": [tu016_and_chain, tu016_two_lines, tu016_semicolon,
                        *families("tu016_look_around", tu016_look_around, only=("oneliner", "script"))],
               "na": [only_edits]},
    "TU-017": {"pass": [tu017_project_linter_run, *families("tu017_project_linter", tu017_project_linter)],
               "fail": [tu017_ruff_directly, tu017_flake8_as_module, tu017_eslint_through_npx,
                        tu017_mypy_and_pre_commit,
                        *families("tu017_other_linter", tu017_other_linter)],
               "na": [tu017_nothing_linted]},
    "TU-018": {"pass": [tu018_at_the_limit], "fail": [tu018_one_line_over], "na": [tu018_no_bash]},
    "TU-019": {"pass": [tu019_read_again_after_edit, tu019_read_again_after_a_script_changed_it],
               "fail": [tu019_read_twice_around_a_test_run, tu019_read_again_next_turn], "na": [only_edits]},
    "TU-020": {"pass": [tu020_inside, *families("tu020_build_dir", tu020_build_dir)],
               "fail": [tu020_tmp_outside, tu020_home_cache, tu020_parent_dir,
                        *families("tu020_tmp_dir", tu020_tmp_dir)],
               "na": [tu020_plain_rm]},
    "TU-021": {"pass": [tu021_relative], "fail": [tu021_absolute_read, tu021_parent_listing], "na": [tu021_no_path]},
    "TU-022": {"pass": [tu022_half_rewritten, tu022_edit_then_full_rewrite, tu022_sed_in_place,
                        tu022_git_apply_patch, *families("tu022_small_fix", tu022_small_fix, (PY, CC))],
               "fail": [tu022_small_overwrite, tu022_heredoc_small_overwrite,
                        *families("tu022_small_rewrite", tu022_small_rewrite)],
               "na": [tu022_new_files_only]},
    "TU-023": {"pass": [tu023_ran_with_help, tu023_npm_script_ran, tu023_make_target_ran,
                        tu023_make_target_through_a_dependency,
                        *families("tu023_ran_the_linter", tu023_ran_the_linter)],
               "fail": [tu023_read_the_linter_run, tu023_sed_the_linter, tu023_npm_script_ran_and_read,
                        tu023_make_target_ran_and_read, *families("tu023_read_the_linter", tu023_read_the_linter)],
               "na": [tu023_no_script, tu023_npm_script_elsewhere, tu023_make_target_elsewhere]},
    "TU-024": {"pass": [tu024_uv, *families("tu024_uv_add", tu024_uv_add, (PY,))],
               "fail": [tu024_pip, tu024_pip_behind_uv_run, tu024_python_m_pip,
                        *families("tu024_pip_install", tu024_pip_install, (PY,))],
               "na": [tu024_no_install, tu024_npm_install_only]},
    "TU-025": {"pass": [tu025_reread_and_retry], "fail": [tu025_rewritten, tu025_rewritten_after_a_look],
               "na": [only_edits]},
    "TU-026": {"pass": [tu026_killed, *families("tu026_server_stopped", tu026_server_stopped)],
               "fail": [tu026_left_running, tu026_killed_in_the_next_turn,
                        *families("tu026_server_left_running", tu026_server_left_running)],
               "na": [tu026_foreground_only]},
    "TU-027": {"pass": [tu027_at_least_a_minute, *families("tu027_two_minutes", tu027_two_minutes, (PY, CC))],
               "fail": [tu027_prefix_one_second_short, tu027_argument_tighter_than_prefix, tu027_npm_test_limited,
                        *families("tu027_half_a_minute", tu027_half_a_minute, (PY, CC))],
               "na": [tu027_no_limit_given]},
}
