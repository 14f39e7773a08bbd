"""checks/command: test, lint and commit runs, shell writes, and edits ordered against commands."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.command import (
    commits,
    edit_positions,
    edits,
    lint_runs,
    numbered_calls,
    ran_tests,
    shell_edits,
    suite_runs,
    writes_file_via_shell,
)
from pytest_harnessif.evidence import Run
from pytest_harnessif.testing import bash, make_run, tool, turn


def ran(*cmds: str) -> Run:
    return make_run(turns=[turn("t", "r", *(bash(c) for c in cmds))])


@pytest.mark.parametrize(
    "cmd",
    [
        "pytest -q",
        "python -m pytest -q tests/test_a.py",
        "timeout 120 python -m pytest -q 2>&1 | tail -5",
        "cd repo && python3 -m pytest",
        "ruff check . && pytest",
    ],
)
def test_suite_runs_positives(cmd: str) -> None:
    assert [c.cmd for c in suite_runs(ran(cmd))] == [cmd]


@pytest.mark.parametrize(
    "cmd",
    [
        "pip install pytest",
        "pip install -q pytest pytest-cov",
        "grep -rn pytest .",
        "cat > tests/test_x.py <<'EOF'\nimport pytest\nEOF",
        "echo 'run pytest later'",
        "python -c 'import pytest; print(pytest.__version__)'",
    ],
)
def test_suite_runs_near_misses(cmd: str) -> None:
    assert suite_runs(ran(cmd)) == []


def test_run_tests_tool_is_a_test_run() -> None:
    run = make_run(turns=[turn("t", "r", tool("run_tests", command="python -m pytest -q -k add", exit_code=0),
                               tool("read_file", path="pytest.ini"))])
    assert [(s.command.tool, s.argv) for s in ran_tests(run)] == [
        ("run_tests", ["python", "-m", "pytest", "-q", "-k", "add"])
    ]


def test_one_command_counted_once() -> None:
    run = ran("pytest a.py && pytest b.py")
    assert len(ran_tests(run)) == 2
    assert len(suite_runs(run)) == 1


def test_lint_runs() -> None:
    run = ran("python tools/lint.py", "cat tools/lint.py", "ruff check src", "ruff format .", "vim tools/lint.py")
    assert [c.cmd for c in lint_runs(run)] == ["python tools/lint.py", "ruff check src"]


def test_commits() -> None:
    run = ran("git add a && git commit -m 'x'", "git log --grep commit", "echo git commit", "git -C . commit -q")
    assert [c.cmd for c in commits(run)] == ["git add a && git commit -m 'x'", "git -C . commit -q"]


@pytest.mark.parametrize(
    "cmd",
    [
        "git status; echo done >> log.txt",
        "timeout 60 pytest -q &> out.log",
        "FOO=1 tee -a out.txt < in.txt",
        "cd src && sed -i.bak 's/a/b/' a.py",
        "python gen.py 1>gen_out.py",
        "cat <<'EOF' | tee notes.md\nbody > here\nEOF",
    ],
)
def test_writes_file_via_shell(cmd: str) -> None:
    assert writes_file_via_shell(cmd)


@pytest.mark.parametrize(
    "cmd",
    [
        "pytest -q 2>&1 | tee /dev/stderr",
        "make check > /dev/null",
        "echo 'a > b'",
        'grep -n "x >= 1" src/a.py',
        "python - <<'EOF'\nopen('x', 'w').write('1')\nprint(1 > 0)\nEOF",
        "cat <<EOF | python\nx = 1 >> 2\nEOF",
        "sed -n 's/a/b/p' f.py",
        "git commit -m 'a > b'",
    ],
)
def test_writes_file_via_shell_near_misses(cmd: str) -> None:
    assert not writes_file_via_shell(cmd)


def _edit_run() -> Run:
    return make_run(turns=[
        turn("t0", "r0",
             tool("write_file", path="./src/a.py", content="x"),
             bash("pytest -q"),
             tool("edit_file", is_error=True, path="src/a.py", old="y", new="z"),
             bash("echo x > /tmp/scratch.py && echo y >> src/b.py")),
        turn("t1", "r1", tool("edit_file", path="docs/a.md", old="y", new="z"), bash("sed -i s/a/b/ src/a.py")),
    ])


def test_numbered_calls() -> None:
    assert [(order, t, c.name) for order, t, c in numbered_calls(_edit_run())] == [
        (0, 0, "write_file"), (1, 0, "bash"), (2, 0, "edit_file"), (3, 0, "bash"), (4, 1, "edit_file"), (5, 1, "bash")
    ]


def test_edits_and_shell_edits() -> None:
    run = _edit_run()
    assert [(e.turn, e.order, e.tool, e.path) for e in edits(run)] == [
        (0, 0, "write_file", "src/a.py"), (1, 4, "edit_file", "docs/a.md")
    ]
    assert [(e.turn, e.position, e.path) for e in shell_edits(run, "src/**")] == [
        (0, (3, 1), "src/b.py"), (1, (5, 0), "src/a.py")
    ]
    assert edit_positions(run, "src/**") == [(0, 0), (3, 1), (5, 0)]


def test_edit_positions_infers_script_edits_from_snapshots() -> None:
    base = {"src/a.py": "x = 1\n"}
    after = {"src/a.py": "x = 2\n"}
    run = make_run(initial=base, final=after, turns=[
        turn("t0", "r0", bash("pytest -q"), bash("python fix.py && ruff check ."), bash("ruff check ."), files=after),
    ])
    assert edit_positions(run, "src/**") == [(1, 0)]
    assert edit_positions(run, "src/**", infer=False) == []
    assert edit_positions(run, "docs/**") == []
