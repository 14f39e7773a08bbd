"""agents/registry: model specs to agents."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.registry import ModelSpecError, parse_model
from pytest_harnessif.entries import TaskEntry
from pytest_harnessif.schema import RunKey
from pytest_harnessif.script import Script

from ..support.factories import task_entry

KEY = RunKey(model="gold", task="t", round=1)


@pytest.mark.parametrize("spec", ["mistral-large", "google/gemini-3", "openai/"])
def test_unknown_model_lists_providers_and_builtins(spec: str) -> None:
    with pytest.raises(ModelSpecError) as info:
        parse_model(spec)
    message = str(info.value)
    assert spec in message
    assert "openai" in message and "anthropic" in message and "gold" in message and "defaults" in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("gpt-5.5", "openai/gpt-5.5"),
        ("o3-mini", "openai/o3-mini"),
        ("claude-opus-4-7", "anthropic/claude-opus-4-7"),
        ("openai/qwen3-coder@http://host:8000/v1", "openai/qwen3-coder@http://host:8000/v1"),
        ("openai/m@http://user:s3cret@host:8000/v1", "openai/m@http://host:8000/v1"),
    ],
)
def test_provider_specs_and_bare_names(spec: str, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    parsed = parse_model(spec)
    assert parsed.name == name
    assert "s3cret" not in parsed.fingerprint + repr(parsed.settings) + parsed.name


def test_settings_change_the_fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    from pytest_harnessif.agents.registry import AgentContext
    from pytest_harnessif.agents.settings import ModelSettings

    hot = AgentContext(settings=ModelSettings(temperature=1.0))
    assert parse_model("gpt-5.5").fingerprint != parse_model("gpt-5.5", hot).fingerprint


def test_a_missing_key_is_found_when_the_spec_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_harnessif.credentials import MissingCredentials

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(MissingCredentials, match="OPENAI_API_KEY is not set"):
        parse_model("gpt-5.5")
    assert parse_model("openai/local@http://127.0.0.1:9/v1").name == "openai/local@http://127.0.0.1:9/v1"


@pytest.mark.parametrize("spec", ["gold", " gold ", "defaults", "gold-alt", "gamer"])
def test_builtin_models(spec: str) -> None:
    parsed = parse_model(spec)
    assert parsed.name == spec.strip()
    assert parsed.description
    assert parsed.fingerprint
    assert parse_model("gold").fingerprint != parse_model("defaults").fingerprint


def test_scripted_agent_needs_a_gold_script(tmp_path: Path) -> None:
    entry = task_entry(tmp_path)
    with pytest.raises(ModelSpecError, match=r"gold\.yaml"):
        parse_model("gold").make(entry, KEY)


def test_scripted_agents_play_their_reading(tmp_path: Path) -> None:
    base = task_entry(tmp_path)
    script = Script.model_validate({"turns": [{"reply": "g0", "default_reply": "d0"}, {"reply": "g1"}]})
    entry = TaskEntry(base.task, base.dir, script, None)
    gold = parse_model("gold").make(entry, KEY)
    defaults = parse_model("defaults").make(entry, KEY)
    assert isinstance(gold, ToolLoopAgent)
    assert gold.name == "gold"
    assert defaults.name == "defaults"
    assert gold.model_id is not None and gold.model_id.startswith("scripted:gold@")
    assert defaults.model_id is not None and defaults.model_id.startswith("scripted:defaults@")
    other = Script.model_validate({"turns": [{"reply": "other"}, {"reply": "g1"}]})
    assert parse_model("gold").make(TaskEntry(base.task, base.dir, other, None), KEY).model_id != gold.model_id
