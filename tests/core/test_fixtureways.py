"""One behaviour written three ways (`pytest_harnessif.fixtureways`): steps keep their order, a failure ends a turn.
(`fixtureways.Tests` is not imported by name: pytest would try to collect a class called Tests.)"""

from __future__ import annotations

from pytest_harnessif import fixtureways
from pytest_harnessif.fixtureways import PYTHON, C, Edit, Lint, Read, turn_of, ways

FILES = {"src/core.py": "x = 1\n"}
EDITED = Edit("src/core.py", "x = 2\n", "x = 1", "x = 2")


def _calls(way: str, *actions: fixtureways.Action, ecosystem: fixtureways.Ecosystem = PYTHON
           ) -> list[tuple[str, str, int | None, str]]:
    run = ways([turn_of("Do it", "Done.", *actions)], FILES, ecosystem)[way]
    return [(c.name, c.command or c.args.get("path", ""), c.exit_code, c.output) for c in run.tool_calls]


def test_the_script_keeps_a_read_after_an_edit_after_it() -> None:
    calls = _calls("script", Read("src/core.py"), EDITED, Read("src/core.py"), fixtureways.Tests())
    assert [(command.split("\n")[-1], output) for _, command, _, output in calls] == [
        ("cat src/core.py", "x = 1\n"), ("sed -i 's|x = 1|x = 2|' src/core.py", ""),
        ("cat src/core.py", "x = 2\n"), ("python -m pytest -q", "12 passed in 0.42s")]


def test_a_read_through_the_tool_is_read_file_in_every_way() -> None:
    for way in ("tool", "oneliner", "script"):
        calls = _calls(way, EDITED, Read("src/core.py", tool=True))
        assert calls[-1][:2] == ("read_file", "src/core.py") and calls[-1][3] == "x = 2\n", way


def test_a_failing_step_ends_the_turn_in_the_script() -> None:
    calls = _calls("script", fixtureways.Tests(ok=False), Read("src/core.py"), EDITED)
    assert len(calls) == 1 and calls[0][2] == 1


def test_a_red_test_run_exits_with_the_ecosystems_status() -> None:
    for way in ("tool", "script"):
        assert _calls(way, fixtureways.Tests(ok=False), ecosystem=C)[-1][2] == 2, way
    assert _calls("oneliner", fixtureways.Tests(ok=False), ecosystem=C)[-1][2] == 0  # piped into tail


def test_a_dirty_lint_names_a_file_and_exits_1() -> None:
    assert _calls("tool", Lint(ok=False))[-1][2:] == (1, "src/core.py:1: problem")


def test_a_command_writes_the_files_it_declares_in_every_way() -> None:
    generate = fixtureways.Shell("python tools/gen.py", writes={"src/gen.py": "V = 2\n"})
    for way, run in ways([turn_of("Regenerate", "Done.", generate)], FILES).items():
        assert run.files["src/gen.py"] == b"V = 2\n" and "src/gen.py" not in run.initial_files, way
