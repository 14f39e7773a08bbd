"""checks/command: recognising test/lint/commit commands, shell file writes and edit order."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.command import commits, edits, lint_runs, suite_runs, writes_file_via_shell
from pytest_harnessif.evidence import Run
from pytest_harnessif.testing import bash, make_run, tool, turn


@pytest.mark.parametrize(
    "cmd",
    [
        "sed -i 's/a/b/' src/a.py",
        "sed -n -i 's/a/b/' f",
        "echo hi > out.txt",
        "echo hi >> log.txt",
        "printf x >out.txt",
        "cat <<EOF > notes.md\nhello\nEOF",
        "cat <<'EOF' >notes.md\nhello\nEOF",
        "echo x | tee file.txt",
        "python gen.py > src/generated.py",
    ],
)
def test_writes_file_via_shell_positives(cmd: str) -> None:
    assert writes_file_via_shell(cmd)


@pytest.mark.parametrize(
    "cmd",
    [
        "cat src/a.py",
        "pytest -q 2>&1 | tail -5",
        "ls > /dev/null",
        "ls >/dev/null 2>&1",
        "grep -n 'x' src/a.py",
        "sed -n '1,20p' src/a.py",
        "git commit -m 'guarantee committee'",
        "python - <<'EOF'\nprint(1)\nEOF",
    ],
)
def test_writes_file_via_shell_negatives(cmd: str) -> None:
    assert not writes_file_via_shell(cmd)


def test_writes_file_via_shell_ampersand_redirect() -> None:
    assert writes_file_via_shell("pytest -q &> out.log")


@pytest.mark.parametrize("cmd", ["sed --in-place 's/a/b/' f.py", "sed -e 's/a/b/' -i f.py"])
def test_writes_file_via_shell_other_sed_spellings(cmd: str) -> None:
    assert writes_file_via_shell(cmd)


def _run() -> Run:
    return make_run(
        turns=[
            turn(
                "t0",
                "r0",
                tool("write_file", path="src/a.py", content="x"),
                bash("pytest -q"),
                tool("edit_file", is_error=True, path="src/a.py", old="y", new="z"),
                tool("edit_file", path="docs/a.md", old="y", new="z"),
            ),
            turn(
                "t1",
                "r1",
                bash("ruff check src"),
                tool("run_tests", command="python -m pytest -q", exit_code=0),
                bash("git add -A && git commit -m 'Add a'"),
                tool("edit_file", path="src/a.py", old="x", new="w"),
                bash("python tools/lint.py"),
                bash("git log --oneline | head"),
            ),
        ]
    )


def test_suite_lint_and_commit_runs() -> None:
    run = _run()
    assert [c.cmd for c in suite_runs(run)] == ["pytest -q", "python -m pytest -q"]
    assert [c.cmd for c in lint_runs(run)] == ["ruff check src", "python tools/lint.py"]
    assert [c.cmd for c in commits(run)] == ["git add -A && git commit -m 'Add a'"]


def test_edits_in_order_skipping_failures() -> None:
    run = _run()
    all_edits = edits(run)
    assert [(e.turn, e.order, e.tool, e.path) for e in all_edits] == [
        (0, 0, "write_file", "src/a.py"),
        (0, 3, "edit_file", "docs/a.md"),
        (1, 7, "edit_file", "src/a.py"),
    ]
    assert [e.order for e in edits(run, "src/**")] == [0, 7]
    tests_after = [c for c in suite_runs(run) if c.order > all_edits[-1].order]
    assert tests_after == []
