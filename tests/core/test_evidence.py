"""evidence: the Run view a check receives, over synthetic runs from pytest_harnessif.testing."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.authoring import MissingArtifact, NotInLog
from pytest_harnessif.evidence import UNLOGGED, UNLOGGED_FAILURE, Run, match
from pytest_harnessif.sandbox import LocalSandbox, Sandbox
from pytest_harnessif.sandbox.base import tar_from_files
from pytest_harnessif.testing import bash, commit, make_run, tool, turn

INITIAL = {"src/a.py": "x = 1\n", "src/pkg/b.py": "y = 2\n", "README.md": "# r\n", "old.txt": "bye\n"}
FINAL = {
    "src/a.py": "x = 1\nz = 3\n",
    "src/pkg/b.py": "y = 2\n",
    "README.md": "# r\n",
    "src/new.py": "n = 0\n",
    "docs/guide.md": "g\n",
}


@pytest.mark.parametrize(
    ("path", "pattern", "expected"),
    [
        ("src/a.py", "src/**/*.py", True),
        ("src/pkg/b.py", "src/**/*.py", True),
        ("tests/a.py", "src/**/*.py", False),
        ("src/a.txt", "src/**/*.py", False),
        ("README.md", "**", True),
        ("a/b/c.md", "**/*.md", True),
        ("c.md", "**/*.md", True),
    ],
)
def test_match(path: str, pattern: str, expected: bool) -> None:
    assert match(path, pattern) is expected


def test_changed_created_modified_deleted() -> None:
    run = make_run(initial=INITIAL, final=FINAL)
    assert [f.path for f in run.changed("src/**/*.py")] == ["src/a.py", "src/new.py"]
    assert [f.path for f in run.changed()] == ["docs/guide.md", "src/a.py", "src/new.py"]
    assert run.created() == ["docs/guide.md", "src/new.py"]
    assert run.created("src/**/*.py") == ["src/new.py"]
    assert run.modified() == ["src/a.py"]
    assert run.modified("docs/**") == []
    assert run.deleted() == ["old.txt"]
    assert run.deleted("src/**") == []
    assert [f.path for f in run.glob("src/**/*.py")] == ["src/a.py", "src/new.py", "src/pkg/b.py"]


def test_no_change_means_nothing_changed() -> None:
    run = make_run(initial=INITIAL)
    assert run.changed() == [] and run.created() == [] and run.deleted() == [] and run.diff() == ""


def test_file_views() -> None:
    run = make_run(initial=INITIAL, final=FINAL)
    view = run.require_file("src/a.py")
    assert view.text == "x = 1\nz = 3\n"
    assert view.lines == ["x = 1", "z = 3"]
    assert run.file("old.txt") is None
    with pytest.raises(MissingArtifact) as info:
        run.require_file("CHANGELOG.md")
    assert info.value.artifact == "CHANGELOG.md"


def test_file_view_module() -> None:
    run = make_run(final={"a.py": "import os\nprint(1)\n", "bad.py": "def (:\n"})
    assert run.require_file("a.py").module.code == "import os\nprint(1)\n"
    with pytest.raises(AssertionError, match=r"bad\.py is not valid Python"):
        _ = run.require_file("bad.py").module


def test_diff() -> None:
    run = make_run(initial=INITIAL, final=FINAL)
    diff = run.diff("src/**/*.py")
    assert "--- a/src/a.py\n+++ b/src/a.py\n" in diff
    assert "+z = 3\n" in diff
    assert "--- /dev/null\n+++ b/src/new.py\n" in diff
    assert "README" not in diff and "guide" not in diff
    assert "--- a/old.txt\n+++ /dev/null\n" in run.diff()
    assert "-bye\n" in run.diff()


def test_added_lines() -> None:
    run = make_run(initial=INITIAL, final=FINAL)
    assert run.added_lines("src/**/*.py") == [("src/a.py", "z = 3"), ("src/new.py", "n = 0")]
    assert run.added_lines("README.md") == []


def test_added_lines_counts_a_duplicate_of_an_existing_line() -> None:
    run = make_run(initial={"a.py": "print(1)\n"}, final={"a.py": "print(1)\nx = 2\nprint(1)\n"})
    assert run.added_lines() == [("a.py", "x = 2"), ("a.py", "print(1)")]


def test_changed_in_turn_uses_turn_snapshots() -> None:
    run = make_run(
        initial={"a.txt": "0"},
        final={"a.txt": "1", "b.txt": "2"},
        turns=[
            turn("first", "ok", files={"a.txt": "1"}),
            turn("second", "ok", files={"a.txt": "1", "b.txt": "2"}),
        ],
    )
    assert run.changed_in_turn(0) == ["a.txt"]
    assert run.changed_in_turn(1) == ["b.txt"]
    assert run.changed_in_turn(1, "a.*") == []
    assert run.files_after_turn(0) == {"a.txt": b"1"}


def test_turns_replies_commands_and_global_order() -> None:
    run = make_run(
        turns=[
            turn(
                "t0", "r0", tool("read_file", output="x", path="a.py"), bash("pytest -q", exit_code=1), intent="tests"
            ),
            turn(
                "t1",
                "r1",
                bash("ruff check ."),
                tool("run_tests", command="python -m pytest", exit_code=0),
                intent="execute",
            ),
        ]
    )
    assert run.replies == ["r0", "r1"]
    assert run.final_reply == "r1"
    assert [t.intent for t in run.turns] == ["tests", "execute"]
    assert [t.user for t in run.turns] == ["t0", "t1"]
    assert [c.name for c in run.tool_calls] == ["read_file", "bash", "bash", "run_tests"]
    cmds = run.commands
    assert [(c.turn, c.order, c.tool, c.cmd) for c in cmds] == [
        (0, 1, "bash", "pytest -q"),
        (1, 2, "bash", "ruff check ."),
        (1, 3, "run_tests", "python -m pytest"),
    ]
    assert cmds[0].exit_code == 1
    assert [c.cmd for c in run.commands_matching(r"pytest")] == ["pytest -q", "python -m pytest"]
    assert [len(t.commands) for t in run.turns] == [1, 2]


def test_git_and_new_commits_oldest_first() -> None:
    run = make_run(commits=[commit("First"), commit("Second", body="why")], branch="feature", dirty=["?? x"])
    assert [c.subject for c in run.new_commits] == ["First", "Second"]
    assert run.new_commits[1].body == "why"
    assert run.git.branch == "feature"
    assert run.git.dirty == ["?? x"]
    assert make_run().new_commits == []


def test_placement_is_exposed() -> None:
    assert make_run(placement={"CS-001": "SP"}).placement == {"CS-001": "SP"}


def test_exec_runs_in_a_fresh_sandbox_from_the_final_snapshot() -> None:
    run = make_run(initial={"a.txt": "old\n"}, final={"a.txt": "new\n", "b.sh": "echo from-b\n"})
    res = run.exec("cat a.txt && bash b.sh && touch scratch && ls")
    assert res.exit_code == 0
    assert res.stdout.startswith("new\nfrom-b\n")
    assert run.exec("test -e scratch").exit_code == 1  # a fresh sandbox each command
    assert "scratch" not in run.files


def test_exec_is_cached_per_command() -> None:
    created: list[LocalSandbox] = []

    def factory() -> Sandbox:
        box = LocalSandbox()
        created.append(box)
        return box

    base = make_run(final={"a.txt": "a\n"})
    snaps = {"initial.tar": tar_from_files({}), "final.tar": tar_from_files({"a.txt": b"a\n"})}
    run = Run(base.trajectory, base.task, snaps.__getitem__, factory)
    first = run.exec("cat a.txt; date +%s%N")
    second = run.exec("cat a.txt; date +%s%N")
    assert first is second
    assert len(created) == 1
    assert not Path(created[0].workspace).exists()  # closed after use
    run.exec("cat a.txt; date +%s%N", timeout=5)
    assert len(created) == 2


def test_exec_without_sandbox_is_an_error() -> None:
    base = make_run()
    run = Run(base.trajectory, base.task, lambda name: tar_from_files({}), None)
    with pytest.raises(RuntimeError, match="no sandbox"):
        run.exec("true")


def test_git_directory_is_not_a_workspace_file() -> None:
    snaps = {
        "initial.tar": tar_from_files({".git/HEAD": b"ref", "a": b"1"}),
        "final.tar": tar_from_files({".git/HEAD": b"ref2", "a": b"1", ".gitignore": b"x"}),
    }
    base = make_run()
    run = Run(base.trajectory, base.task, snaps.__getitem__, None)
    assert run.created() == [".gitignore"]
    assert run.changed() == [run.require_file(".gitignore")]


def test_tool_caches_are_not_workspace_files() -> None:
    run = make_run(
        initial={"src/a.py": "x\n"},
        final={
            "src/a.py": "x\n",
            "src/__pycache__/a.cpython-311.pyc": "junk",
            ".pytest_cache/v/cache/lastfailed": "{}",
            ".ruff_cache/x": "y",
            "src/b.py": "y\n",
        },
    )
    assert run.created() == ["src/b.py"]
    assert run.file("src/__pycache__/a.cpython-311.pyc") is None


def test_what_the_workspace_gitignore_ignores_is_not_the_agents_work() -> None:
    ignore = "build/\n*.log\n!keep.log\n"
    run = make_run(
        initial={".gitignore": ignore, "src/rotate.c": "int x;\n", "tests/.gitignore": "tmp\n"},
        final={
            ".gitignore": ignore,
            "tests/.gitignore": "tmp\n",
            "src/rotate.c": "int x = 1;\n",
            "build/logrot": "\x7fELF",
            "build/rotate.o": "\x00",
            "debug.log": "noise",
            "keep.log": "kept on purpose",
            "tests/tmp/out.txt": "scratch",
            "tmp/notes.txt": "not ignored at the root",
        },
    )
    assert run.created() == ["keep.log", "tmp/notes.txt"]
    assert [f.path for f in run.changed()] == ["keep.log", "src/rotate.c", "tmp/notes.txt"]


def test_what_an_imported_log_lacks_ends_a_check_not_in_the_log() -> None:
    base = make_run(turns=[turn("Run the tests.", "Done.", bash("pytest -q", 0, "3 passed"))])
    run = Run(base.trajectory, base.task, lambda name: b"", None, frozenset({"workspace", "git", "replies"}))
    for ask in (lambda: run.files, lambda: run.changed(), lambda: run.diff(), lambda: run.git, lambda: run.new_commits,
                lambda: run.final_reply, lambda: run.turns[0].reply, lambda: run.exec("ls")):  # fmt: skip
        with pytest.raises(NotInLog, match="n/a: not in the log: "):
            ask()
    assert run.commands[0].exit_code == 0 and run.turns[0].request == "Run the tests."
    assert not run.has_workspace and base.has_workspace
    with pytest.raises(NotInLog, match="exit code"):
        _ = UNLOGGED == 0
    with pytest.raises(NotInLog):
        _ = UNLOGGED_FAILURE == 2
    assert UNLOGGED_FAILURE != 0 and UNLOGGED_FAILURE not in (0, None) and UNLOGGED == UNLOGGED
    assert f"exit {UNLOGGED_FAILURE}" == "exit ? (failed)"
