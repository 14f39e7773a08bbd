"""checks/command: test, lint and commit runs, shell writes, and edits ordered against commands."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.command import (
    commits,
    edit_positions,
    edits,
    lint_passed_before,
    numbered_calls,
    ran_tests,
    runs_task_command,
    shell_edits,
    suite_runs,
    task_runs,
    writes_file_via_shell,
    written_texts,
)
from pytest_harnessif.checks.shell import segments
from pytest_harnessif.evidence import Run
from pytest_harnessif.schema import Task
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
        "python - <<'EOF'\nopen('x', 'w').write('1')\nEOF",
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
        "python - <<'EOF'\nprint(open('x').read())\nprint(1 > 0)\nEOF",
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


def test_shell_edits_outside_the_workspace_are_none() -> None:
    run = ran("echo y >> $HOME/.profile; cd $D && echo z > a/../../b", "echo w > /workspace/src/../c.txt")
    assert [e.path for e in shell_edits(run)] == ["c.txt"]


def test_edit_positions_infers_script_edits_from_snapshots() -> None:
    base = {"src/a.py": "x = 1\n"}
    after = {"src/a.py": "x = 2\n"}
    run = make_run(initial=base, final=after, turns=[
        turn("t0", "r0", bash("pytest -q"), bash("python fix.py && ruff check ."), bash("ruff check ."), files=after),
    ])
    assert edit_positions(run, "src/**") == [(1, 0)]
    assert edit_positions(run, "src/**", infer=False) == []
    assert edit_positions(run, "docs/**") == []


def test_inferred_edits_leave_out_commands_that_only_look() -> None:
    base = {"src/a.py": "x = 1\n"}
    after = {"src/a.py": "x = 2\n"}
    script = "python3 tools/bump.py --in-place"
    run = make_run(initial=base, final=after, turns=[
        turn("t0", "r0", bash("cat src/a.py | head -5; sed -n 1,3p src/a.py"), bash(script),
             bash("git status --short && git add src/a.py && git commit -qm fix && git log --oneline -1"),
             bash("find . -name '*.py' -delete"), bash("sed -i 's/2/3/' notes.txt; ls > listing.txt"), files=after),
    ])
    assert edit_positions(run, "src/**") == [(1, 0), (3, 0), (4, 0)]  # a write elsewhere still may be one


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


def test_lint_passed_before_each_commit() -> None:
    run = make_run(turns=[turn("t", "r",
        bash("ruff check .", exit_code=1),  # a failing lint does not count
        bash("git commit -m a"),
        bash("ruff check ."),
        bash("git commit -m b"),
        bash("git commit -m c"),  # the lint before b does not count again
        bash("ruff check . && git commit -m d"),
        bash("ruff check . ; git commit -m e", exit_code=1),  # not chained with &&: the lint may have failed
    )])
    segs = segments(run)
    lints = [s for s in segs if s.is_lint_run]
    passed, since = [], (-1, -1)
    for commit in (s for s in segs if s.git is not None and s.git[0] == "commit"):
        passed.append(lint_passed_before(commit, lints, since))
        since = commit.position
    assert passed == [False, True, False, True, False]


def test_edit_positions_keep_only_the_files_asked_for() -> None:
    run = make_run(turns=[turn("t", "r", tool("write_file", path="src/a.js", content="x"),
                               tool("edit_file", path="README.md", old="a", new="b"), bash("echo x > src/b.c"))])
    assert edit_positions(run, keep=lambda p: not p.endswith(".md")) == [(0, 0), (2, 0)]
    assert [e.path for e in edits(run, keep=lambda p: p.endswith(".md"))] == ["README.md"]


def _task_run(test: str, lint: str, *cmds: str) -> Run:
    task = Task(id="t", scenario="s", title="t", languages=["javascript"], role="r", rules=[],
                turns=[{"intent": "new-feature", "text": "x"}], commands={"test": test, "lint": lint},
                tools=[{"name": "run_lint", "description": "lint", "command": lint}])
    calls = [tool("run_lint", command=lint, exit_code=0), *(bash(c) for c in cmds)]
    return make_run(turns=[turn("x", "r", *calls)], task=task)


def test_the_task_commands_in_any_spelling() -> None:
    run = _task_run("node --test", "node tools/lint.mjs", "node ./tools/lint.mjs src", "npx eslint src",
                    "timeout 60 node --test test/a.test.js", "cat tools/lint.mjs")
    assert [(s.command.tool, s.text) for s in task_runs(run, "lint")] == [
        ("run_lint", "node tools/lint.mjs"), ("bash", "node ./tools/lint.mjs src")]
    assert [s.text for s in task_runs(run, "test")] == ["timeout 60 node --test test/a.test.js"]
    py = _task_run("python -m pytest -q", "python tools/lint.py", "pytest -x", "python3 tools/lint.py", "ruff check")
    assert [s.text for s in task_runs(py, "test")] == ["pytest -x"]
    assert [runs_task_command(py, s, "lint") for s in segments(py, "bash")] == [False, True, False]


def test_written_texts_keep_what_each_edit_wrote() -> None:
    before = {"tests/test_a.py": "def test_a():\n    assert 1\n"}
    skip = "@pytest.mark.skip\ndef test_a():\n    assert 1\n"
    run = make_run(initial=before, final=before, turns=[turn("t", "r",
        tool("write_file", path="tests/test_a.py", content=skip),
        bash("sed -i '/def test_a/i @unittest.skip(\"x\")' tests/test_a.py"),
        bash("sed -i '/pytest.mark.skip/d' tests/test_a.py"),
        bash("cat > tests/test_b.py <<'EOF'\nimport pytest\npytest.skip('later')\nEOF"),
        tool("edit_file", path="src/a.py", old="x", new="y"),
        bash("echo '# note' >> tests/test_a.py"))])
    assert [(w.order, w.path, w.lines) for w in written_texts(run, lambda p: p.startswith("tests/"))] == [
        (0, "tests/test_a.py", ("@pytest.mark.skip",)),
        (1, "tests/test_a.py", ('@unittest.skip("x")',)),
        (3, "tests/test_b.py", ("import pytest", "pytest.skip('later')")),
        (5, "tests/test_a.py", ("# note",)),
    ]
