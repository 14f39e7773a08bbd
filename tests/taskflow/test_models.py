"""models: `provider/model[@base_url]` specs, keys from the environment, SDK errors surfaced as ModelCallError."""

from __future__ import annotations

import socket

import pytest

from pytest_harnessif.taskflow.baseline import BaselineModel
from pytest_harnessif.taskflow.models import (
    AnthropicMessagesModel,
    ModelCallError,
    ModelSpecError,
    OpenAIChatModel,
    make_model,
    parse_spec,
)


@pytest.mark.parametrize(("spec", "provider", "model", "base_url"), [
    ("openai/gpt-5.2", "openai", "gpt-5.2", None),
    ("openai/gpt-5.2@http://host/v1", "openai", "gpt-5.2", "http://host/v1"),
    ("openai/google/gemma-4-31b@http://localhost:8000/v1", "openai", "google/gemma-4-31b", "http://localhost:8000/v1"),
    ("anthropic/claude-x", "anthropic", "claude-x", None),
    ("anthropic/claude-3-5-sonnet@20240620", "anthropic", "claude-3-5-sonnet@20240620", None),
    ("claude-sonnet-4-6", "anthropic", "claude-sonnet-4-6", None),
    ("gpt-5.5", "openai", "gpt-5.5", None),
    ("o3-mini", "openai", "o3-mini", None),
    ("baseline", "baseline", "rules-v1", None),
])
def test_parse_spec(spec: str, provider: str, model: str, base_url: str | None) -> None:
    parsed = parse_spec(spec)
    assert (parsed.provider, parsed.model, parsed.base_url) == (provider, model, base_url)
    if "/" in spec or spec == "baseline":
        assert parsed.id == spec


def test_credentials_in_the_url_never_reach_the_model_id() -> None:
    assert parse_spec("openai/m@http://user:secret@host:8000/v1").id == "openai/m@http://host:8000/v1"


@pytest.mark.parametrize("spec", ["gemma-4-31b", "mistral/large", "openai/", "anthropic/@http://x"])
def test_unknown_specs_are_errors(spec: str) -> None:
    with pytest.raises(ModelSpecError, match="provider/model"):
        parse_spec(spec)


def test_keys_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ModelSpecError, match="OPENAI_API_KEY is not set"):
        make_model("openai/gpt-5.2")
    with pytest.raises(ModelSpecError, match="ANTHROPIC_API_KEY is not set"):
        make_model("claude-x")
    assert isinstance(make_model("openai/m@http://127.0.0.1:9/v1"), OpenAIChatModel)  # self-hosted: no key needed
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    openai_model = make_model("openai/gpt-5.2")
    assert openai_model.model_id == "openai/gpt-5.2" and "sk-test" not in openai_model.model_id
    assert isinstance(make_model("anthropic/claude-x"), AnthropicMessagesModel)
    assert isinstance(make_model("baseline"), BaselineModel)


def test_an_unreachable_server_is_a_model_call_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    model = OpenAIChatModel("m", base_url=f"http://127.0.0.1:{port}/v1", max_retries=0, timeout=5)
    with pytest.raises(ModelCallError, match=f"openai/m@http://127.0.0.1:{port}/v1"):
        model.complete("system", "user")
    anthropic_model = AnthropicMessagesModel("c", base_url=f"http://127.0.0.1:{port}", max_retries=0, timeout=5)
    with pytest.raises(ModelCallError):
        anthropic_model.complete("system", "user")
