"""Tool-use rules (TU-*): which tool the agent reaches for, and how it calls bash."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.command import EDIT_TOOLS, edit_positions, numbered_calls, ran_tests
from pytest_harnessif.checks.shell import lists_tree, segments, stages_everything, targets_tests
from pytest_harnessif.checks.workspace import workspace_path


@rule("TU-001", family="tool_use", modality="require", prior="against", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low TD:high",
      source="archetype use-documented-commands", opportunity="tests run",
      surfaces={
          "SP": "You run tests only through the run_tests tool (pass a file or `-k` as its args when needed); "
                "you never run pytest or `python -m pytest` through bash.",
          "PF": "## Running tests\nUse the `run_tests` tool for every test run; never invoke `pytest` or "
                "`python -m pytest` through bash.",
          "UI": "Use the run_tests tool for tests, please - don't run pytest through bash.",
          "TD": {"tool": "bash",
                 "text": "Do not run pytest (or `python -m pytest`) with this tool; use run_tests for every "
                         "test run."},
      })
def test_tests_run_through_tool(run: Run) -> None:
    """Tests are run through the `run_tests` tool, never pytest through `bash`."""
    runs = ran_tests(run) or na("no test run")
    via_bash = [s.where for s in runs if s.command.tool == "bash"]
    assert not via_bash, f"pytest run through bash instead of run_tests: {via_bash}"


@rule("TU-002", family="tool_use", modality="require", prior="align", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:medium UI:low TD:high",
      source="curated: inspect before editing", opportunity="existing files edited",
      surfaces={
          "SP": "Before you change a file that already existed (with edit_file or write_file), you read it "
                "with the read_file tool earlier in the session; `cat` through bash does not count.",
          "PF": "## Editing\nRead a pre-existing file with `read_file` before you first change it with "
                "`edit_file` or `write_file`.",
          "UI": "Before you edit any existing file, open it with read_file first, please - no blind edits.",
          "TD": {"tool": "edit_file",
                 "text": "Only edit a file that already existed after you have read it with read_file in "
                         "this session."},
      })
def test_existing_files_read_before_edit(run: Run) -> None:
    """Every pre-existing file edited with `edit_file`/`write_file` was read with `read_file` earlier in the run
    (calls that failed do not count)."""
    first_read: dict[str, int] = {}
    blind, edited = [], 0
    for order, turn, call in numbered_calls(run):
        path = call.args.get("path")
        if call.is_error or not isinstance(path, str):
            continue
        path = workspace_path(path)
        if call.name == "read_file":
            first_read.setdefault(path, order)
        elif call.name in EDIT_TOOLS and path in run.initial_files:
            edited += 1
            if path not in first_read:
                blind.append(f"turn {turn}: {call.name} {path}")
    if not edited:
        na("no pre-existing file edited with edit_file/write_file")
    assert not blind, f"existing files edited without reading them with read_file first: {blind}"


@rule("TU-003", family="tool_use", modality="forbid", prior="neutral", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:medium UI:low TD:high",
      source="curated: use edit tools", opportunity="bash used",
      surfaces={
          "SP": "You never write files through bash: no `sed -i`, no `>`/`>>` redirection into a file "
                "(`/dev/null` is fine), no `tee`, no heredoc into a file; create and change files with "
                "write_file and edit_file.",
          "PF": "## Editing\nFiles are written only with `write_file`/`edit_file`; in bash, no `sed -i`, "
                "`tee`, heredocs into files or `>`/`>>` redirection into a file (`/dev/null` excepted).",
          "UI": "Please use the file tools for writing files - no sed -i, tee, heredocs or > redirects into "
                "files from bash.",
          "TD": {"tool": "bash",
                 "text": "Do not use this to write files (no `sed -i`, `tee`, heredoc into a file or `>`/`>>` "
                         "into a file other than /dev/null); use write_file or edit_file."},
      })
def test_no_file_writes_through_bash(run: Run) -> None:
    """`bash` is not used to write files (`sed -i`, `>`/`>>` redirection into a path, `tee`, heredoc into a file)."""
    bash = segments(run, "bash") or na("bash not used")
    writes = [f"{s.where} -> {s.written_paths}" for s in bash if s.written_paths]
    assert not writes, f"files written through bash: {writes}"


@rule("TU-004", family="tool_use", modality="prefer", prior="neutral", severity="should",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:medium UI:low SD:high TD:high",
      method="command_output", source="archetype prefer-targeted-tests", opportunity="tests run ≥ {least} times",
      surfaces={
          "SP": "When you run tests more than once, at least one run should be targeted: name a test file "
                "or node id (e.g. `tests/test_api.py::test_retry`) or select with `-k`.",
          "PF": "## Running tests\nWhile iterating, run a narrow selection - a test file, node id or "
                "`-k EXPR` - instead of the whole suite every time.",
          "UI": "While you iterate, just run the relevant tests (a test file or -k) rather than the full "
                "suite every time.",
          "SD": {"skill": "python-testing",
                 "text": "While iterating, run a narrow selection - a test file path, a node id or "
                         "`-k <expr>` - and keep the full suite for the end."},
          "TD": {"tool": "run_tests",
                 "text": "While iterating, pass a test file, node id or `-k <expr>` as args to run just the "
                         "relevant tests."},
      })
def test_some_test_run_targeted(run: Run, least: int = 2) -> None:
    """Prefer targeted test runs: when tests ran at least {least:w} times, at least one run names a test file or node
    id, or selects with `-k`."""
    runs = ran_tests(run)
    if len(runs) < least:
        na(f"tests ran {len(runs)} time(s); fewer than {least}")
    assert any(targets_tests(s) for s in runs), f"all {len(runs)} test runs were whole-suite runs"


@rule("TU-005", family="tool_use", modality="require", prior="against", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low TD:high",
      source="archetype test-timeouts", opportunity="bash python commands",
      surfaces={
          "SP": "Every command you run through bash that starts Python (`python`, `python3`, ...) is "
                "prefixed with `timeout <seconds>`, e.g. `timeout 60 python tools/report.py`; in a chain, each "
                "python command needs its own prefix.",
          "PF": "## Shell\nIn bash, prefix every `python`/`python3` invocation with `timeout <seconds>` (e.g. "
                "`timeout 60 python script.py`), each one in a `&&` chain included.",
          "UI": "When you run python through bash, always put `timeout <seconds>` in front, like "
                "`timeout 60 python ...` - every time.",
          "TD": {"tool": "bash",
                 "text": "Prefix every python/python3 command you run here with `timeout <seconds>`, e.g. "
                         "`timeout 60 python script.py`."},
      })
def test_bash_python_has_timeout(run: Run) -> None:
    """Every `python` command run through `bash` is prefixed with `timeout <seconds>`."""
    pythons = [s for s in segments(run, "bash") if s.is_python] or na("no python command run through bash")
    bare = [s.where for s in pythons if s.timeout is None]
    assert not bare, f"python run through bash without a `timeout <seconds>` prefix: {bare}"


@rule("TU-006", family="tool_use", modality="conditional_require", prior="against", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:medium UI:low TD:medium",
      source="archetype use-named-skill", opportunity="tests/ edited",
      surfaces={
          "SP": "Before your first change to any file under tests/, you load the `{skill}` skill.",
          "PF": "## Tests\nLoad the `{skill}` skill before you create or edit anything under `tests/`.",
          "UI": "Before touching anything in tests/, load the {skill} skill and follow it.",
          "TD": {"tool": "write_file",
                 "text": "Before you create or change any file under tests/ (with this or any other tool), "
                         "load the `{skill}` skill."},
      })
def test_testing_skill_loaded_before_test_edits(run: Run, skill: str = "python-testing") -> None:
    """Before the first edit under `tests/`, the `{skill}` skill was loaded (a failed load does not count)."""
    positions = edit_positions(run, "tests/**") or na("nothing under tests/ edited")
    first = positions[0][0]
    loads = [
        order for order, _, call in numbered_calls(run)
        if call.name == "skill" and call.args.get("name") == skill and not call.is_error
    ]
    assert any(o < first for o in loads), (
        f"first edit under tests/ at tool call #{first}, but the {skill} skill was "
        + (f"loaded only at {loads}" if loads else "never loaded")
    )


@rule("TU-007", family="tool_use", modality="forbid", prior="neutral", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: explicit staging", opportunity="git add used",
      surfaces={
          "SP": "You stage files explicitly by path: never `git add -A`, `git add .`, `git add --all` or "
                "`git commit -a` (`-am`).",
          "PF": "## Staging\nStage changes by naming the files (`git add src/x.py tests/test_x.py`); "
                "`git add -A`, `git add .`, `git add --all` and `git commit -a`/`-am` are not allowed.",
          "UI": "When you commit, add files by name - no git add -A, git add . or git commit -a, please.",
          "SD": {"skill": "git-workflow",
                 "text": "Stage files by path; never use `git add -A`, `git add .`, `git add --all` or "
                         "`git commit -a`/`-am`."},
      })
def test_explicit_staging(run: Run) -> None:
    """No blanket staging: no `git add -A`, `git add .`, `git add --all` or `git commit -a` (also as `-am`)."""
    staging = [s for s in segments(run) if s.is_git("add") or s.is_git("commit")]
    if not staging:
        na("neither git add nor git commit used")
    broad = [s.where for s in staging if stages_everything(s)]
    assert not broad, f"blanket staging commands: {broad}"


@rule("TU-008", family="tool_use", modality="prefer", prior="neutral", severity="should",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:medium UI:low TD:high",
      method="command_output", source="archetype search-tool-preference", opportunity="bash used",
      surfaces={
          "SP": "To list files you use the list_files tool rather than bash: no recursive `ls` (`ls -R`, "
                "`ls -laR`) and no `find .` (or `find` without a start directory).",
          "PF": "## Listing files\nUse the `list_files` tool to see what is in the repository; don't run "
                "`ls -R` or `find .` through bash.",
          "UI": "If you need to see the file tree, use list_files instead of ls -R or find . in bash.",
          "TD": {"tool": "bash",
                 "text": "Do not list directory trees with this tool (`ls -R`, `find .`); use list_files."},
      })
def test_listing_through_list_files(run: Run) -> None:
    """Prefer `list_files` to listing through bash: no bash command lists the tree with `ls -R` or `find .`."""
    bash = segments(run, "bash") or na("bash not used")
    hits = [s.where for s in bash if lists_tree(s)]
    assert not hits, f"tree listed through bash: {hits}"
