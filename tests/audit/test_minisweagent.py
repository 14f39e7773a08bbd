"""mini-swe-agent trajectories imported: the task, THOUGHT steps, bash commands with outputs and exit codes."""

from __future__ import annotations

from pathlib import Path

from pytest_harnessif.audit import minisweagent
from pytest_harnessif.audit.sessions import detect

LOGS = Path(__file__).parent / "logs" / "mini-swe-agent"


def test_a_typical_session() -> None:
    path = LOGS / "fix_slugify.traj.json"
    imported = minisweagent.read(path, path.read_text())
    traj = imported.trajectory
    assert [t.user for t in traj.turns] == ["slugify('a  b') returns 'a--b'; it should collapse whitespace. Fix it."]
    calls = [c for s in traj.turns[0].steps for c in s.tool_calls]
    assert [c.exit_code for c in calls] == [0, 1, 0, None]
    assert calls[0].output == "./textkit/slug.py:2:def slugify(text):"
    assert calls[-1].command.startswith("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")
    assert traj.model_id == "anthropic/claude-sonnet-4"
    assert {"workspace", "git", "replies"} <= imported.lacks
    assert traj.extra["audit"]["final_diff"].startswith("diff --git")


def test_detected() -> None:
    import json

    assert minisweagent.sniff(json.loads((LOGS / "fix_slugify.traj.json").read_text()))
    assert not minisweagent.sniff({"type": "user", "text": "hi"})
    assert detect is not None


def test_malformed_names_file_and_place() -> None:
    import pytest

    from pytest_harnessif.audit.record import LogError

    name, place = "bad-json.traj.json", ":4:"
    path = LOGS / "broken" / name
    with pytest.raises(LogError) as caught:
        minisweagent.read(path, path.read_text())
    assert name in str(caught.value) and place in str(caught.value)


def test_known_verdicts() -> None:
    from pytest_harnessif.audit.rulesfile import AuditRules
    from pytest_harnessif.audit.sessions import detect, read, session

    from ._outcome import RULES, outcome

    path = LOGS / "fix_slugify.traj.json"
    assert detect(path, path.read_text()) is minisweagent
    verdicts = {"TU-008": "pass", "TU-003": "fail", "TU-016": "fail", "QT-012": "pass", "WF-006": "unlogged"}
    s = session("fixture", read(path), AuditRules(rules=sorted(verdicts), commands={}))
    assert {r: outcome(r, s) for r in verdicts} == verdicts
    assert RULES
