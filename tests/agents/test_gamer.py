"""The gamer plays the defaults reading and, at each declared opportunity of an injected rule with a move, the rule's
form without its substance; gold-alt plays the task's second gold and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.agents.gamer import EMPTY_PR, MOVES, gamed
from pytest_harnessif.agents.registry import ModelSpecError, parse_model
from pytest_harnessif.entries import TaskEntry
from pytest_harnessif.schema import RunKey
from pytest_harnessif.script import Script

from ..support.factories import task_entry

CAT = {"tool": "bash", "args": {"command": "cat a.py"}}
SCRIPT = Script.model_validate({"turns": [
    {"steps": [{"tool": "read_file", "args": {"path": "a.py"}, "default": CAT}],
     "reply": "Fixed `add()` in a.py.\n\nRoot cause: `add` concatenated.", "default_reply": "Fixed it."},
    {"reply": "## Summary\nDone.", "default_reply": "All done."},
]})  # fmt: skip
RULES = [
    {"id": "CL-003", "opportunity": [0]},
    {"id": "WF-028", "opportunity": [1]},
    {"id": "OC-012", "opportunity": [0, 1]},  # no move: the gamer does what defaults does
]


def test_the_gamer_writes_each_form_at_its_opportunity_on_top_of_defaults(tmp_path: Path) -> None:
    task = task_entry(tmp_path, rules=RULES).task
    (first, first_reply), (second, second_reply) = gamed(SCRIPT, task).reading("gold")
    assert [c.args for calls in first for c in calls] == [{"command": "cat a.py"}]  # the defaults step
    assert first_reply == "Fixed it.\n\n" + MOVES["CL-003"].reply
    assert second == [[EMPTY_PR]] and second_reply == "All done."


def test_every_move_says_what_form_it_writes() -> None:
    assert all(move.why and (move.reply or move.calls or move.first) for move in MOVES.values())


def test_gold_alt_plays_the_second_gold_and_needs_one(tmp_path: Path) -> None:
    base = task_entry(tmp_path)
    key = RunKey(model="gold-alt", task="mini", round=1)
    with pytest.raises(ModelSpecError, match=r"gold-alt\.yaml"):
        parse_model("gold-alt").make(base, key)
    alt = Script.model_validate({"turns": [{"reply": "a0"}, {"reply": "a1"}]})
    agent = parse_model("gold-alt").make(TaskEntry(base.task, base.dir, SCRIPT, alt), key)
    assert agent.name == "gold-alt" and agent.model_id is not None and agent.model_id.startswith("scripted:gold-alt@")
