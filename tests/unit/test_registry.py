"""agents/registry: model specs to agents."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.registry import ModelSpecError, parse_model
from pytest_harnessif.agents.script import Script
from pytest_harnessif.library import TaskEntry

from ._factories import task_entry


def test_unknown_model_lists_known_models() -> None:
    with pytest.raises(ModelSpecError) as info:
        parse_model("gpt-nonexistent")
    message = str(info.value)
    assert "gpt-nonexistent" in message
    assert "gold" in message and "defaults" in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("spec", ["gold", " gold ", "defaults"])
def test_builtin_models(spec: str) -> None:
    parsed = parse_model(spec)
    assert parsed.name == spec.strip()
    assert parsed.description
    assert parsed.fingerprint
    assert parse_model("gold").fingerprint != parse_model("defaults").fingerprint


def test_scripted_agent_needs_a_gold_script(tmp_path: Path) -> None:
    entry = task_entry(tmp_path)
    with pytest.raises(ModelSpecError, match=r"gold\.yaml"):
        parse_model("gold").make(entry)


def test_scripted_agents_play_their_reading(tmp_path: Path) -> None:
    base = task_entry(tmp_path)
    script = Script.model_validate({"turns": [{"reply": "g0", "default_reply": "d0"}, {"reply": "g1"}]})
    entry = TaskEntry(base.task, base.dir, script)
    gold = parse_model("gold").make(entry)
    defaults = parse_model("defaults").make(entry)
    assert isinstance(gold, ToolLoopAgent)
    assert gold.name == "gold"
    assert defaults.name == "defaults"
    assert gold.model_id is not None and gold.model_id.startswith("scripted:gold@")
    assert defaults.model_id is not None and defaults.model_id.startswith("scripted:defaults@")
    other = Script.model_validate({"turns": [{"reply": "other"}, {"reply": "g1"}]})
    assert parse_model("gold").make(TaskEntry(base.task, base.dir, other)).model_id != gold.model_id
