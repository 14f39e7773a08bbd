"""checks/render: tool calls, commands, turns and per-turn diffs as the judge reads them."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.render import (
    call_line,
    command_block,
    commands_text,
    exchange,
    files_read,
    lines_of,
    output_tail,
    short,
    turn_diff,
)
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall


def test_short_is_one_line_and_cut() -> None:
    assert short("a\n  b\tc") == "a b c"
    assert short("x" * 10, limit=8) == "xxxxx..."
    assert short("x" * 8, limit=8) == "x" * 8


@pytest.mark.parametrize(
    ("call", "line"),
    [
        (bash("pytest  -q", exit_code=1), "bash: pytest -q -> exit 1"),
        (tool("read_file", path="src/a.py"), "read_file src/a.py"),
        (tool("edit_file", path="src/a.py", old="x", new="import os\nfrom a import b\nx = 1\n"),
         "edit_file src/a.py (its new text imports: import os; from a import b)"),
        (tool("write_file", path="notes.md", content="import os\n"), "write_file notes.md"),
        (ToolCall(id="s", name="skill", args={"name": "python-testing"}), "skill python-testing"),
        (tool("search", args="retry", is_error=True), "search retry -> error"),
        (tool("run_tests", command="pytest", exit_code=0), "run_tests -> exit 0"),
    ],
)
def test_call_line(call: ToolCall, line: str) -> None:
    assert call_line(call) == line


def test_output_tail_drops_the_exit_line_and_blanks() -> None:
    output = "exit code: 1\nfirst\n\nsecond\nthird\n"
    assert output_tail(output) == "    first\n    second\n    third"
    assert output_tail(output, 2) == "    second\n    third"
    assert output_tail("") == ""


def test_command_block_and_commands_text() -> None:
    run = make_run(turns=[
        turn("a", "r", bash("pytest -q", exit_code=1, output="1 failed\n")),
        turn("b", "r", bash("sleep 9", timed_out=True), bash("ruff check .")),
    ])
    first, _, lint = run.commands
    assert command_block(first) == "- bash: `pytest -q` -> exit 1\n    1 failed"
    assert command_block(lint) == "- bash: `ruff check .` -> exit 0"
    assert commands_text(run.commands) == (
        "[turn 0] bash: pytest -q -> exit 1\n[turn 1] bash: sleep 9 -> timed out\n[turn 1] bash: ruff check . -> exit 0"
    )
    assert commands_text([]) == "(no command was run)"


def test_files_read_and_exchange() -> None:
    run = make_run(turns=[turn(
        " Why? \n", "Because.\n",
        tool("read_file", path="src/a.py"), tool("list_files", path="src"), tool("read_file"),
        tool("read_file", path="README.md"),
        intent="question",
    )])
    (view,) = run.turns
    assert files_read(view) == ["src/a.py", "README.md"]
    assert exchange(view) == "### turn 0 (question)\nUser:\nWhy?\n\nReply:\nBecause."


def test_lines_of_ends_every_line() -> None:
    assert lines_of(None) == []
    assert lines_of(b"") == []
    assert lines_of(b"a\nb") == ["a\n", "b\n"]
    assert lines_of(b"a\n") == ["a\n"]


def test_turn_diff_shows_only_that_turn() -> None:
    base = {"src/a.py": "x = 1", "README.md": "# r\n"}
    one = {**base, "README.md": "# r\nmore\n", "logo.png": "\0png"}
    two = {**one, "src/a.py": "x = 2\n"}
    del two["README.md"]
    run = make_run(initial=base, final=two, turns=[turn("a", "r", files=one), turn("b", "r", files=two)])
    assert turn_diff(run, 0) == (
        "--- a/README.md\n+++ b/README.md\n@@ -1 +1,2 @@\n # r\n+more\nBinary file logo.png changed\n"
    )
    assert turn_diff(run, 1, "src/**") == "--- a/src/a.py\n+++ b/src/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"
    assert "--- a/README.md\n+++ /dev/null\n" in turn_diff(run, 1)
