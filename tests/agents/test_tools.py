"""agents/tools: the tool box every agent acts through."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.sandbox import LocalSandbox
from pytest_harnessif.stack import BUILTIN_SCHEMAS, SKILL_TOOL
from pytest_harnessif.trajectory import ToolSchema


def _schemas(*extra: str) -> list[ToolSchema]:
    out = [ToolSchema(name=n, description=d, parameters=p) for n, (d, p) in BUILTIN_SCHEMAS.items()]
    return out + [ToolSchema(name=n, description=n, parameters={}) for n in extra]


@pytest.fixture
def box() -> Iterator[LocalSandbox]:
    sandbox = LocalSandbox()
    yield sandbox
    sandbox.close()


@pytest.fixture
def toolbox(box: LocalSandbox) -> ToolBox:
    return ToolBox(
        box,
        _schemas(SKILL_TOOL, "run_tests"),
        {"python-testing": "Use plain asserts."},
        {"run_tests": "echo base"},
    )


def test_bash_output_format_and_command(toolbox: ToolBox) -> None:
    call = toolbox.call("c1", "bash", json.dumps({"command": "echo hi; exit 3"}))
    assert call.id == "c1"
    assert call.name == "bash"
    assert call.output == "exit code: 3\nhi\n"
    assert call.is_error
    assert call.command == "echo hi; exit 3"
    assert call.exit_code == 3
    assert call.args == {"command": "echo hi; exit 3"}
    ok = toolbox.call("c2", "bash", {"command": "echo ok"})
    assert ok.output == "exit code: 0\nok\n"
    assert not ok.is_error


def test_bash_timeout_is_reported(toolbox: ToolBox) -> None:
    call = toolbox.call("c1", "bash", {"command": "sleep 5", "timeout": 0.3})
    assert call.timed_out
    assert call.output.startswith("exit code: 124 (killed: timeout limit)")
    assert call.killed_reason == "timeout"
    bad = toolbox.call("c2", "bash", {"command": "true", "timeout": -1})
    assert bad.is_error and "timeout" in bad.output
    assert bad.command is None


def test_bash_needs_a_command(toolbox: ToolBox) -> None:
    for args in ({}, {"command": ""}, {"command": 3}):
        call = toolbox.call("c", "bash", args)
        assert call.is_error
        assert "command" in call.output
        assert call.command is None


def test_file_tools(toolbox: ToolBox, box: LocalSandbox) -> None:
    write = toolbox.call("w", "write_file", {"path": "src/a.py", "content": "x = 1\ny = 1\n"})
    assert not write.is_error
    assert write.output == "wrote 12 bytes to src/a.py"
    assert write.command is None
    assert box.read("src/a.py") == b"x = 1\ny = 1\n"
    read = toolbox.call("r", "read_file", {"path": "src/a.py"})
    assert read.output == "x = 1\ny = 1\n"
    edit = toolbox.call("e", "edit_file", {"path": "src/a.py", "old": "x = 1", "new": "x = 2"})
    assert not edit.is_error
    assert box.read("src/a.py") == b"x = 2\ny = 1\n"
    listing = toolbox.call("l", "list_files", {})
    assert listing.output == "src/a.py"
    empty = toolbox.call("w2", "write_file", {"path": "empty.txt", "content": ""})
    assert not empty.is_error and box.read("empty.txt") == b""


def test_edit_file_old_not_unique_or_absent(toolbox: ToolBox, box: LocalSandbox) -> None:
    box.write("a.txt", b"same\nsame\n")
    twice = toolbox.call("e", "edit_file", {"path": "a.txt", "old": "same", "new": "other"})
    assert twice.is_error
    assert "occurs 2 times" in twice.output
    assert box.read("a.txt") == b"same\nsame\n"
    absent = toolbox.call("e", "edit_file", {"path": "a.txt", "old": "nothing", "new": "x"})
    assert absent.is_error and "occurs 0 times" in absent.output


def test_file_tool_errors_come_back_as_tool_errors(toolbox: ToolBox) -> None:
    missing = toolbox.call("r", "read_file", {"path": "missing.txt"})
    assert missing.is_error and "missing.txt" in missing.output
    escape = toolbox.call("w", "write_file", {"path": "../x.txt", "content": "x"})
    assert escape.is_error and "outside the workspace" in escape.output


def test_unknown_tool_is_an_error(toolbox: ToolBox) -> None:
    call = toolbox.call("c", "deploy", "{}")
    assert call.is_error
    assert call.output == "error: unknown tool 'deploy'"


def test_builtin_tool_not_offered_is_unknown(box: LocalSandbox) -> None:
    limited = ToolBox(box, _schemas()[:1], {}, {})  # bash only
    assert not limited.call("c", "bash", {"command": "true"}).is_error
    call = limited.call("c", "read_file", {"path": "x"})
    assert call.is_error and "unknown tool" in call.output
    assert "unknown tool" in limited.call("c", SKILL_TOOL, {"name": "x"}).output


@pytest.mark.parametrize("raw", ["{not json", '{"command": "echo hi"', ""])
def test_malformed_arguments_come_back_as_tool_errors(toolbox: ToolBox, raw: str) -> None:
    call = toolbox.call("c", "bash", raw)
    assert call.is_error
    assert call.output.startswith("error: ")
    assert call.args == {}
    assert call.command is None


@pytest.mark.parametrize("raw", ["null", "[1, 2]", '"a string"'])
def test_non_object_json_arguments_come_back_as_tool_errors(toolbox: ToolBox, raw: str) -> None:
    call = toolbox.call("c", "bash", raw)
    assert call.is_error
    assert "JSON object" in call.output
    assert call.args == {}


def test_skill_loader(toolbox: ToolBox) -> None:
    ok = toolbox.call("s", SKILL_TOOL, {"name": "python-testing"})
    assert not ok.is_error
    assert ok.output == "Use plain asserts."
    missing = toolbox.call("s", SKILL_TOOL, {"name": "deploying"})
    assert missing.is_error
    assert "deploying" in missing.output and "python-testing" in missing.output


def test_task_tool_appends_args_and_records_command(toolbox: ToolBox) -> None:
    call = toolbox.call("t", "run_tests", {"args": "-k fast"})
    assert call.command == "echo base -k fast"
    assert call.output == "exit code: 0\nbase -k fast\n"
    assert call.exit_code == 0
    bare = toolbox.call("t", "run_tests", {})
    assert bare.command == "echo base"
    bad = toolbox.call("t", "run_tests", {"args": ["-k"]})
    assert bad.is_error and bad.command is None


def test_truncated_output_is_marked(box: LocalSandbox) -> None:
    box.output_cap = 100
    tb = ToolBox(box, _schemas(), {}, {})
    call = tb.call("c", "bash", {"command": "head -c 1000 /dev/zero | tr '\\0' a"})
    assert call.output.endswith("\n[output truncated]")


def test_write_file_onto_a_directory_is_a_tool_error(toolbox: ToolBox, box: LocalSandbox) -> None:
    box.exec("mkdir src")
    call = toolbox.call("w", "write_file", {"path": "src", "content": "x"})
    assert call.is_error
