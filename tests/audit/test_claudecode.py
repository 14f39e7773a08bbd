"""Claude Code session JSONL: what it imports, what it skips, what it refuses, and known verdicts of library rules."""

from __future__ import annotations

import contextlib
import json

from pytest_harnessif.audit import claudecode
from pytest_harnessif.audit.sessions import IMPORTERS, detect, read

from ._outcome import LOGS, imported, outcome

HERE = LOGS / "claude-code"
FIX = HERE / "fix-bug.jsonl"


def test_a_session_keeps_the_person_calls_results_and_reply() -> None:
    log = read(FIX)
    traj = log.trajectory
    assert log.format == "claude-code" and traj.model_id == "claude-sonnet-4-5"
    assert [t.user for t in traj.turns] == ["paginate() in shop/pages.py drops the last item, please fix it"]
    calls = [c for s in traj.turns[0].steps for c in s.tool_calls]
    assert [(c.name, c.args.get("path"), c.command, c.exit_code, c.is_error) for c in calls] == [
        ("grep", "shop", None, None, False),
        ("read_file", "shop/pages.py", None, None, False),
        ("edit_file", "shop/pages.py", None, None, False),
        ("bash", None, "cd /home/dev/shop && python -m pytest -q tests | tail -3", 1, True),
        ("edit_file", "tests/test_pages.py", None, None, False),
        ("edit_file", "tests/test_pages.py", None, None, False),
        ("bash", None, "python -m pytest -q tests", 0, False),
    ]
    assert calls[-1].output == "5 passed in 0.02s"
    assert traj.turns[0].reply == "Fixed: the range stopped one item short. All 5 tests pass."
    assert log.lacks == {"workspace", "git"}
    audit = traj.extra["audit"]
    assert audit["sidechain_lines"] == 1 and audit["summaries"] == ["Fix off-by-one in paginate"]


def test_detection_picks_claude_code_only() -> None:
    for path in HERE.glob("*.jsonl"):
        assert detect(path, path.read_text()) is claudecode
        others = [i for i in IMPORTERS.values() if i is not claudecode]
        first = json.loads(path.read_text().splitlines()[0])
        assert not [i.FORMAT for i in others if i.sniff(first)], path
    for path in LOGS.glob("*/*.json*"):
        if path.parent.name != "claude-code":
            text = path.read_text()
            with contextlib.suppress(ValueError):
                assert not claudecode.sniff(json.loads(text)), path
            with contextlib.suppress(ValueError, IndexError):
                assert not claudecode.sniff(json.loads(text.splitlines()[0])), path
    assert not claudecode.sniff({"type": "user", "text": "hi"})


def test_known_verdicts() -> None:
    s = imported(FIX)
    known = {
        "TU-010": "pass",  # the file was read with Read, never cat
        "TU-003": "pass",  # no file written through bash
        "TU-016": "fail",  # `cd ... && python -m pytest ... | tail` chains commands
        "OC-001": "fail",  # no STATUS line at the end of the final reply
        "OC-004": "pass",  # the reply opens without a filler preamble
        "TU-013": "pass",  # no sudo
        "WF-012": "unlogged",  # commits: the git history is not in the log
        "CS-001": "unlogged",  # the code lives in the workspace, not in the log
    }
    assert {rule: outcome(rule, s) for rule in known} == known


def test_interruption_notices_hooks_and_thinking_are_not_turns() -> None:
    traj = read(HERE / "two-turns.jsonl").trajectory
    assert [t.user for t in traj.turns] == [
        "Add a test for slugify() in notes/text.py",
        "no sleep please, just run the test",
    ]
    first = [c for s in traj.turns[0].steps for c in s.tool_calls]
    assert [(c.name, c.args.get("path"), c.exit_code, c.is_error) for c in first] == [
        ("write_file", "tests/test_text.py", None, False),
        ("bash", None, None, True),  # interrupted: failed, its code unknown
    ]
    assert traj.turns[0].reply == "" and traj.turns[1].reply == "Added tests/test_text.py; it passes."
    assert traj.model_id == "claude-opus-4-1"
