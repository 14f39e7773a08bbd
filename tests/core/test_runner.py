"""runner: run_trajectory records turns, snapshots and git state; failures become a failed run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_harnessif.agents.registry import parse_model
from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.entries import TaskEntry
from pytest_harnessif.library import load_task
from pytest_harnessif.runner import git_state, run_trajectory
from pytest_harnessif.sandbox import LocalSandbox, Sandbox
from pytest_harnessif.sandbox.base import tar_members
from pytest_harnessif.sandbox.local import from_directory
from pytest_harnessif.schema import RunKey, Surface
from pytest_harnessif.stack import Stack, render
from pytest_harnessif.trajectory import Recording

from ..support.factories import rule_entry, task_dict, write_task

KEY = RunKey(model="gold", task="mini", round=1)

GOLD: dict[str, Any] = {
    "turns": [
        {
            "steps": [
                {"tool": "read_file", "args": {"path": "src/app.py"}},
                {
                    "tool": "bash",
                    "args": {
                        "command": "git checkout -q -b feature && echo one > f.txt && git add f.txt && "
                        "git commit -q -m 'Add f' -m 'Body line' --no-gpg-sign"
                    },
                },
                {"tool": "write_file", "args": {"path": "notes.txt", "content": "scratch\n"}},
            ],
            "reply": "done 0",
        },
        {
            "steps": [
                {"tool": "bash", "args": {"command": "echo two >> f.txt && git commit -qam 'Extend f' --no-gpg-sign"}}
            ],
            "reply": "done 1",
        },
    ]
}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[TaskEntry, Stack, Recording]:
    root = tmp_path_factory.mktemp("tasks")
    task_dir = write_task(
        root, task_dict(rules=["OC-001"]), repo={"src/app.py": "def greet():\n    return 'hi'\n"}, gold=GOLD
    )
    entry = load_task(task_dir)
    rules = {"OC-001": rule_entry("OC-001", {"PF": "End replies with DONE."})}
    stack = render(entry, rules, {"OC-001": Surface.PF})
    agent = parse_model("gold").make(entry, RunKey(model="gold", task=entry.task.id, round=1))
    return entry, stack, run_trajectory(KEY, entry, stack, agent, "fp-1")


def test_run_is_ok_and_recorded(played: tuple[TaskEntry, Stack, Recording]) -> None:
    _, stack, rec = played
    traj = rec.trajectory
    assert traj.status == "ok", traj.error
    assert traj.error is None
    assert traj.key == KEY
    assert traj.fingerprint == "fp-1"
    assert traj.agent == "gold"
    assert traj.model_id is not None and traj.model_id.startswith("scripted:gold@")
    assert traj.system_prompt == stack.system_prompt
    assert traj.tools == stack.tools
    assert traj.placement == {"OC-001": "PF"}
    assert traj.sandbox == "local"
    assert traj.usage.calls == 6  # 4 + 2 completions
    assert traj.duration > 0


def test_turns_are_recorded(played: tuple[TaskEntry, Stack, Recording]) -> None:
    _, stack, rec = played
    turns = rec.trajectory.turns
    assert [t.index for t in turns] == [0, 1]
    assert [t.intent for t in turns] == ["new-feature", "execute"]
    assert [t.user for t in turns] == stack.turns
    assert [t.reply for t in turns] == ["done 0", "done 1"]
    assert [t.stop_reason for t in turns] == ["reply", "reply"]
    calls = [c for s in turns[0].steps for c in s.tool_calls]
    assert [c.name for c in calls] == ["read_file", "bash", "write_file"]
    assert calls[0].output == "def greet():\n    return 'hi'\n"
    assert calls[1].command is not None and calls[1].command.startswith("git checkout")
    assert calls[1].exit_code == 0, calls[1].output


def test_snapshots_per_turn_and_final(played: tuple[TaskEntry, Stack, Recording]) -> None:
    _, stack, rec = played
    traj = rec.trajectory
    assert set(rec.snapshots) == {"initial.tar", "turn-0.tar", "turn-1.tar", "final.tar"}
    assert [t.snapshot for t in traj.turns] == ["turn-0.tar", "turn-1.tar"]
    initial = tar_members(rec.snapshots["initial.tar"])
    assert "f.txt" not in initial
    assert initial["AGENTS.md"].decode() == stack.project_file[1]
    assert "End replies with DONE." in initial["AGENTS.md"].decode()
    after0 = tar_members(rec.snapshots["turn-0.tar"])
    assert after0["f.txt"] == b"one\n"
    assert after0["notes.txt"] == b"scratch\n"
    final = tar_members(rec.snapshots["final.tar"])
    assert final["f.txt"] == b"one\ntwo\n"
    assert any(name.startswith(".git/") for name in final)


def test_git_state(played: tuple[TaskEntry, Stack, Recording]) -> None:
    git = played[2].trajectory.git
    assert git.branch == "feature"
    assert git.branches == ["feature", "main"]
    assert [c.subject for c in git.commits] == ["Extend f", "Add f", "Initial import"]
    assert git.commits[1].body == "Body line"
    assert git.commits[0].author == "Harness Agent"
    assert git.heads["feature"] == git.commits[0].sha
    assert git.heads["main"] == git.commits[2].sha
    assert git.commits[0].branch_heads == ["feature"]
    assert git.commits[1].branch_heads == []
    assert git.commits[2].branch_heads == ["main"]
    assert git.dirty == ["?? notes.txt"]


def test_git_state_of_a_plain_repo(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a\n")
    with from_directory(tmp_path) as box:
        box.write("a.txt", b"changed\n")
        state = git_state(box)
    assert state.branch == "main"
    assert [c.subject for c in state.commits] == ["Initial import"]
    assert state.dirty == [" M a.txt"]


class BrokenAgent:
    name = "broken"
    model_id: str | None = None

    def open(self, stack: Stack, toolbox: ToolBox) -> Any:
        raise RuntimeError("no API key for this provider")


def test_agent_whose_open_raises_gives_a_failed_run(tmp_path: Path) -> None:
    entry = load_task(write_task(tmp_path, task_dict()))
    boxes: list[LocalSandbox] = []

    def make(repo: Path, overlay: dict[str, bytes]) -> Sandbox:
        box = from_directory(repo, overlay=overlay)
        boxes.append(box)
        return box

    rec = run_trajectory(KEY, entry, render(entry, {}, {}), BrokenAgent(), "fp", make_sandbox=make)
    assert rec.trajectory.status == "failed"
    assert rec.trajectory.error is not None
    assert "RuntimeError: no API key for this provider" in rec.trajectory.error
    assert rec.trajectory.turns == []
    assert rec.trajectory.agent == "broken"
    assert len(boxes) == 1
    assert not boxes[0].workspace.exists()  # the sandbox was closed


def test_sandbox_that_cannot_start_gives_a_failed_run(tmp_path: Path) -> None:
    entry = load_task(write_task(tmp_path, task_dict(), gold={"turns": [{"reply": "a"}, {"reply": "b"}]}))

    def make(repo: Path, overlay: dict[str, bytes]) -> Sandbox:
        raise OSError("disk full")

    agent = parse_model("gold").make(entry, RunKey(model="gold", task=entry.task.id, round=1))
    rec = run_trajectory(KEY, entry, render(entry, {}, {}), agent, "fp", make_sandbox=make)
    assert rec.trajectory.status == "failed"
    assert "OSError: disk full" in (rec.trajectory.error or "")


def test_an_interrupted_session_stops_a_run_before_its_next_turn(played: tuple[TaskEntry, Stack, Recording]) -> None:
    """`stop()` turning true (the controller was interrupted) ends the run before the next user turn: raised as a
    KeyboardInterrupt, so the store never records it."""
    from pytest_harnessif.runner import RunInterrupted

    entry, stack, _ = played
    agent = parse_model("gold").make(entry, RunKey(model="gold", task=entry.task.id, round=1))
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 1  # interrupted during the first turn

    with pytest.raises(RunInterrupted, match="interrupted before user turn 1"):
        run_trajectory(KEY, entry, stack, agent, "fp-1", stop=stop)
    assert issubclass(RunInterrupted, KeyboardInterrupt)
