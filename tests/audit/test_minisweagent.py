"""mini-swe-agent trajectories imported: the task, THOUGHT steps, bash commands with outputs and exit codes."""

from __future__ import annotations

from pathlib import Path

from pytest_harnessif.audit import minisweagent
from pytest_harnessif.audit.sessions import detect

from ._outcome import verdicts

LOGS = Path(__file__).parent / "logs" / "mini-swe-agent"


def test_a_typical_session() -> None:
    path = LOGS / "fix_slugify.traj.json"
    imported = minisweagent.read(path, path.read_text())
    traj = imported.trajectory
    assert [t.user for t in traj.turns] == ["slugify('a  b') returns 'a--b'; it should collapse whitespace. Fix it."]
    calls = [c for s in traj.turns[0].steps for c in s.tool_calls]
    assert [c.exit_code for c in calls] == [0, 1, 0, 0]
    assert calls[0].output == "./textkit/slug.py:2:def slugify(text):"
    assert calls[-1].command.startswith("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")
    assert calls[-1].output == traj.extra["audit"]["final_diff"]
    assert traj.model_id == "anthropic/claude-sonnet-4"
    assert imported.lacks == {"workspace", "git", "replies"}
    assert traj.extra["audit"]["final_diff"].startswith("diff --git")


def test_detected() -> None:
    import json

    assert minisweagent.sniff(json.loads((LOGS / "fix_slugify.traj.json").read_text()))
    assert not minisweagent.sniff({"type": "user", "text": "hi"})
    assert detect is not None


def test_known_verdicts() -> None:
    expected = {"TU-008": "pass", "TU-003": "fail", "TU-016": "fail", "QT-012": "pass", "WF-006": "unlogged"}
    assert verdicts(LOGS / "fix_slugify.traj.json", list(expected)) == expected


def test_the_tool_call_format() -> None:
    path = LOGS / "retry_budget_toolcall.traj.json"
    imported = minisweagent.read(path, path.read_text())
    calls = [c for t in imported.trajectory.turns for s in t.steps for c in s.tool_calls]
    assert [c.id for c in calls] == [f"toolu_{i:02d}" for i in range(1, 8)]
    assert [c.exit_code for c in calls] == [0, 0, 1, -1, 0, 0, 0]
    assert [c.timed_out for c in calls] == [False, False, False, True, False, False, False]
    assert calls[2].output.startswith("=== RUN") and "[5120 characters elided]" in calls[2].output
    assert calls[2].output.rstrip().endswith("FAIL")
    assert calls[-1].output.startswith("diff --git") and not calls[-1].is_error
    assert calls[0].args["command"].startswith("cd /repo && grep -rn")
    assert imported.lacks == {"workspace", "git", "replies"}
    assert imported.trajectory.model_id == "openai/gpt-5-mini"


def test_the_v2_text_format_keeps_only_commands_that_ran() -> None:
    path = LOGS / "duplicate_label_text.traj.json"
    traj = minisweagent.read(path, path.read_text()).trajectory
    steps = traj.turns[0].steps
    refused = [s for s in steps if "found 2" in s.text or "Two things at once" in s.text]
    assert refused and not refused[0].tool_calls
    calls = [c for s in steps for c in s.tool_calls]
    assert [c.command for c in calls].count("make -C docs html") == 0
    timed = [c for c in calls if c.timed_out]
    assert [c.command for c in timed] == ["make -C docs html SPHINXOPTS='-W'"]
    assert timed[0].output == "Running Sphinx v7.2.6" and timed[0].exit_code is None


def test_known_verdicts_of_the_tool_call_format() -> None:
    from ._outcome import imported, outcome

    s = imported(LOGS / "retry_budget_toolcall.traj.json")
    verdicts = {"TU-003": "fail", "TU-004": "pass", "TU-007": "fail", "TU-011": "fail", "TU-014": "pass",
                "WF-006": "unlogged"}
    assert {r: outcome(r, s) for r in verdicts} == verdicts
