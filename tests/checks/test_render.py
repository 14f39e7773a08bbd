"""checks/render: tool calls, commands, turns and per-turn diffs as the judge reads them."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.code import added_comments, changed_sources
from pytest_harnessif.checks.render import (
    added_text,
    call_line,
    command_block,
    commands_text,
    commit_messages,
    exchange,
    files_read,
    output_tail,
    read_calls,
    render_comments,
    short,
    siblings,
    turn_diff,
)
from pytest_harnessif.testing import bash, commit, make_run, tool, turn
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
    assert output_tail("region  total\nnorth     120   ") == "    region  total\n    north     120"


def test_command_block_and_commands_text() -> None:
    run = make_run(turns=[
        turn("a", "r", bash("pytest -q", exit_code=1, output="1 failed\n")),
        turn("b", "r", bash("sleep 9", timed_out=True), bash("ruff check .")),
    ])
    first, _, lint = run.commands
    assert command_block(first) == "- bash: `pytest -q` -> exit 1\n    1 failed"
    assert command_block(lint) == "- bash: `ruff check .` -> exit 0"
    assert command_block(lint, width=9) == "- bash: `ruff c...` -> exit 0"
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


def test_added_text_keeps_only_added_lines() -> None:
    diff = "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,3 @@\n a\n+b\n-c\n+\n"
    assert added_text(diff) == ["b", ""]
    assert added_text("--- a/x\n+++ b/x\n@@ -1 +0,0 @@\n-gone\n") == []


def test_commit_messages() -> None:
    text = commit_messages([commit("Add a", "Why a.\n\n"), commit("Fix b")])
    assert text == "--- commit 1: Add a\n\nWhy a.\n\n--- commit 2: Fix b\n\n"
    assert commit_messages([]) == ""


def test_siblings_show_an_unchanged_file_of_the_same_language_in_each_new_folder() -> None:
    base = {
        "src/pkg/__init__.py": "",
        "src/pkg/a_edited.py": "x = 1\n",
        "src/pkg/core.py": "line 1\nline 2\nline 3\n",
        "src/pkg/util.js": "export const u = 1;\n",
        "src/other/b.py": "b = 1\n",
    }
    final = {**base, "src/pkg/a_edited.py": "x = 2\n", "src/pkg/new.py": "n = 1\n", "src/pkg/new.js": "n;\n"}
    run = make_run(initial=base, final=final)
    assert siblings(run, changed_sources(run), lines=2) == (
        "### src/pkg/util.js (unchanged; first 1 lines)\nexport const u = 1;\n\n"
        "### src/pkg/core.py (unchanged; first 2 lines)\nline 1\nline 2"
    )
    alone = make_run(initial=base, final={**base, "src/fresh/new.py": "n = 1\n", "README.md": "# r\n"})
    assert siblings(alone, changed_sources(alone)).startswith("(no new file")


def test_render_comments_with_their_code() -> None:
    text = "# Explain y\n\ny = 2  # inline note\nz = 3\n"
    js = "function f() {\n  // Sort by date.\n  // (stable)\n  return 1;\n}\n"
    run = make_run(final={"src/a.py": text, "src/b.js": js})
    assert render_comments(added_comments(run, changed_sources(run))) == (
        "src/a.py:1: # Explain y\n    next code line: y = 2 # inline note\n"
        "src/a.py:3: # inline note\n    on the code line: y = 2\n"
        "src/b.js:2: // Sort by date.\n    next code line: return 1;\n"
        "src/b.js:3: // (stable)\n    next code line: return 1;"
    )


def test_read_calls() -> None:
    run = make_run(turns=[turn("t", "r",
        tool("read_file", path="a.py"),
        tool("read_file", path="b.py", is_error=True),
        bash("cat a.py | head -5"),
        bash("sed -i s/a/b/ a.py"),
        bash("git diff"),
        bash("git commit -m x"),
        tool("list_files", path="src"),
        bash("pytest -q"),
        tool("edit_file", path="a.py", old="a", new="b"),
    )])
    assert read_calls(run) == {0: "read_file a.py", 2: "bash: cat a.py | head -5", 4: "bash: git diff",
                               6: "list_files src"}
