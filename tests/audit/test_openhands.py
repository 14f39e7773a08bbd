"""OpenHands event streams (a saved JSON list and JSON lines): what the importer keeps, detection, malformed streams
naming file and line (or event), and the verdicts library rules give the sessions."""

from __future__ import annotations

import json

from pytest_harnessif.audit import openhands
from pytest_harnessif.audit.sessions import IMPORTERS, detect, read
from pytest_harnessif.evidence import UnloggedExit

from ._outcome import LOGS, calls, imported, outcome

PAGER = LOGS / "openhands" / "pagination-fix.json"
CONFIG = LOGS / "openhands" / "config-question.jsonl"


def test_a_saved_trajectory_keeps_the_turn_commands_edits_and_the_finish_reply() -> None:
    log = read(PAGER)
    traj = log.trajectory
    assert log.format == "openhands" and traj.model_id == "claude-sonnet-4-20250514"
    assert traj.system_prompt.startswith("You are OpenHands agent") and [t.name for t in traj.tools] == [
        "execute_bash",
        "str_replace_editor",
        "finish",
    ]
    assert len(traj.turns) == 1 and traj.turns[0].user.startswith("In /workspace/pager, `paginate(")  # no recall
    made = calls(PAGER)
    assert [(c.name, c.command, c.exit_code) for c in made] == [
        ("bash", 'cd /workspace/pager && grep -rn "def paginate" . | head -5', 0),
        ("read_file", None, None),
        ("bash", "python -m pytest -q tests 2>&1 | tail -5", 1),
        ("edit_file", None, None),
        ("write_file", None, None),
        ("bash", "python -m pytest -q tests 2>&1 | tail -3", 0),
    ]
    assert made[1].args == {"path": "pager/pager/core.py"}
    assert made[2].is_error and "1 failed, 4 passed" in made[2].output
    assert made[3].args["old"].startswith("    pages = len(items) // per_page\n")
    assert made[4].args["path"] == "pager/tests/test_last_page.py" and "def test_exact_multiple" in made[4].args[
        "content"]  # fmt: skip
    steps = traj.turns[0].steps
    assert steps[0].text == "Let me find where `paginate` is defined."  # an action's thought opens its step
    assert traj.turns[0].reply.startswith("Fixed `paginate` in `pager/core.py`")  # from finish.final_thought
    assert log.lacks == {"workspace", "git"}


def test_an_event_stream_with_messages_errors_timeouts_and_an_llm_edit() -> None:
    log = read(CONFIG)
    traj = log.trajectory
    assert [t.user for t in traj.turns] == [
        "What does `load_config` in /workspace/cfgtool/cfgtool/loader.py do when the file is missing?",
        "Add a docstring to `load_config` saying exactly that.",
    ]
    assert traj.turns[0].steps[0].text.startswith("I should check the loader")  # a think action
    first = calls(CONFIG)
    assert [(c.name, c.command, c.exit_code, c.is_error, c.timed_out) for c in first] == [
        ("bash", 'ls tests; rg -n "FileNotFoundError" cfgtool', 0, False, False),  # an older `extras.exit_code`
        ("bash", "python -m pytest -q tests/test_loader.py -k missing", None, True, False),  # an error observation
        ("bash", "python -m cfgtool.watch --once", None, False, True),  # exit code -1: still running
        ("send_input", None, None, False, False),
    ]
    assert traj.turns[0].reply.startswith("It does not raise")  # the agent message that waits for the user
    edit = calls(CONFIG, 1)[0]
    assert edit.name == "edit_file" and edit.args == {
        "path": "cfgtool/loader.py",
        "old": "def load_config(path):\n",
        "new": 'def load_config(path):\n    """The settings in the TOML file `path`; the defaults when the file is '
        'missing."""\n',
    }
    assert traj.turns[1].reply == "Added the docstring to `load_config` in `cfgtool/loader.py`."  # finish.outputs
    assert log.lacks == {"workspace", "git", "exit_codes"} and traj.model_id is None and traj.key.model == "openhands"


def _objects(text: str) -> list[object]:
    found = []
    for part in (text, text.splitlines()[0] if text.strip() else ""):
        try:
            found.append(json.loads(part))
        except ValueError:
            continue
    return found


def test_detection_picks_openhands_and_openhands_claims_no_other_format() -> None:
    for path in (PAGER, CONFIG):
        text = path.read_text()
        assert detect(path, text) is openhands
        assert {f for obj in _objects(text) for f, m in IMPORTERS.items() if m.sniff(obj)} == {"openhands"}
    for path in sorted(LOGS.rglob("*.json*")):
        if "openhands" not in path.relative_to(LOGS).parts:
            assert not any(openhands.sniff(obj) for obj in _objects(path.read_text())), path


def test_verdicts_of_library_rules_on_openhands_sessions() -> None:
    s = imported(PAGER, commands={"test": "python -m pytest -q"})
    known = {
        "TU-010": "pass",  # the file was read with the read action, never printed through bash
        "TU-011": "pass",  # `grep -rn ... | head -5` caps its output
        "TU-016": "fail",  # `cd /workspace/pager && grep ...` chains two commands
        "OC-001": "fail",  # no STATUS line ends the final reply
        "OC-004": "pass",  # no filler preamble
        "CS-001": "unlogged",  # the code as written lives in the workspace, which the log does not keep
        "WF-012": "unlogged",  # commits: the git history is not in the log
    }
    assert {rule: outcome(rule, s) for rule in known} == known
    config = imported(CONFIG)
    assert {rule: outcome(rule, config) for rule in ("TU-011", "OC-017")} == {"TU-011": "fail", "OC-017": "pass"}
    code = config.run.commands[1].exit_code
    assert isinstance(code, UnloggedExit) and format(code) == "? (failed)"
