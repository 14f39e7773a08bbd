"""SWE-agent trajectories imported: history task, actions as tool calls, `edit` as line-range edits."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_harnessif.audit import minisweagent, sweagent

from ._outcome import verdicts

LOGS = Path(__file__).parent / "logs" / "swe-agent"


def test_a_typical_session() -> None:
    path = LOGS / "fix_median.traj"
    imported = sweagent.read(path, path.read_text())
    traj = imported.trajectory
    assert [t.user for t in traj.turns] == ["median([1, 2, 3, 4]) returns 3 instead of 2.5. Fix it."]
    assert traj.system_prompt == "SETTING: You are an autonomous programmer."
    calls = [c for s in traj.turns[0].steps for c in s.tool_calls]
    assert [c.name for c in calls] == ["find_file", "read_file", "edit_file", "bash", "submit"]
    assert calls[1].args == {"path": "mathkit/stats.py"}
    assert calls[2].args["path"] == "mathkit/stats.py" and calls[2].args["lines"] == "3:3"
    assert imported.lacks == {"workspace", "git", "exit_codes", "replies"}
    assert not traj.turns[0].reply


def test_detected() -> None:
    doc = json.loads((LOGS / "fix_median.traj").read_text())
    assert sweagent.sniff(doc) and not minisweagent.sniff(doc)
    assert not sweagent.sniff({"type": "user", "text": "hi"})


def test_known_verdicts() -> None:
    expected = {"TU-008": "pass", "TU-003": "pass", "TU-016": "fail", "TU-012": "pass", "WF-006": "unlogged"}
    assert verdicts(LOGS / "fix_median.traj", list(expected)) == expected


def test_the_editor_tool_and_the_repository_root() -> None:
    path = LOGS / "quoted_newline_editor.traj"
    imported = sweagent.read(path, path.read_text())
    traj = imported.trajectory
    assert traj.turns[0].user.startswith("<uploaded_files>") and "demonstration" not in traj.turns[0].user
    calls = [c for s in traj.turns[0].steps for c in s.tool_calls]
    assert [c.name for c in calls] == ["list_files", "read_file", "write_file", "bash", "edit_file", "edit_file",
                                       "bash", "bash", "submit"]  # fmt: skip
    assert calls[0].args == {"path": "."} and calls[1].args == {"path": "tabular/rows.py"}
    assert calls[2].args["path"] == "reproduce.py" and "read_rows" in calls[2].args["content"]
    assert calls[4].args["old"].startswith("    for line in text.splitlines()")
    assert calls[4].args["new"] == "    yield from csv.reader(io.StringIO(text, newline=''))"
    assert calls[5].args == {"path": "tabular/rows.py", "old": "", "new": "import csv\nimport io\n"}
    assert all(c.exit_code is None for c in calls) and "exit_codes" in imported.lacks
    assert traj.model_id == "claude-sonnet-4-20250514"


def test_known_verdicts_of_an_editor_session() -> None:
    from ._outcome import imported, outcome

    s = imported(LOGS / "quoted_newline_editor.traj")
    verdicts = {"TU-003": "pass", "TU-010": "pass", "TU-016": "fail", "QT-012": "unlogged", "TU-002": "unlogged"}
    assert {r: outcome(r, s) for r in verdicts} == verdicts
