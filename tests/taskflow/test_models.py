"""models: specs resolve through the plugin's registry to its real SDK clients; one user message, no tools; the
registry's spec and credential errors and the retry policy's `ModelCallError`."""

from __future__ import annotations

import socket

import pytest

from pytest_harnessif.agents.providers.anthropic import AnthropicClient
from pytest_harnessif.agents.providers.openai import OpenAIChatClient
from pytest_harnessif.agents.registry import ModelSpecError
from pytest_harnessif.agents.retry import ModelCallError
from pytest_harnessif.credentials import MissingCredentials
from pytest_harnessif.taskflow.baseline import BaselineModel
from pytest_harnessif.taskflow.models import SETTINGS, ClientTextModel, make_model

from ..support.loopback import LoopbackServer, bad_request, server_error
from .conftest import FAST, answering, model_on


def test_baseline_is_the_offline_model() -> None:
    assert isinstance(make_model("baseline"), BaselineModel)
    assert isinstance(make_model(" baseline "), BaselineModel)


@pytest.mark.parametrize(("spec", "model_id", "client"), [
    ("openai/gpt-5.2", "openai/gpt-5.2", OpenAIChatClient),
    ("gpt-5.2", "openai/gpt-5.2", OpenAIChatClient),
    ("o3-mini", "openai/o3-mini", OpenAIChatClient),
    ("openai/google/gemma-4-31b@http://localhost:8000/v1", "openai/google/gemma-4-31b@http://localhost:8000/v1",
     OpenAIChatClient),
    ("openai/m@http://user:secret@host:8000/v1", "openai/m@http://host:8000/v1", OpenAIChatClient),
    ("anthropic/claude-x", "anthropic/claude-x", AnthropicClient),
    ("claude-sonnet-4-6", "anthropic/claude-sonnet-4-6", AnthropicClient),
])
def test_provider_specs_become_plugin_clients(spec: str, model_id: str, client: type,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-openai")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-anthropic")
    model = make_model(spec)
    assert isinstance(model, ClientTextModel) and isinstance(model.client, client)
    assert model.model_id == model_id and "sk-test" not in model.model_id and "secret" not in model.model_id
    assert model.client.settings == SETTINGS and SETTINGS.temperature == 0


def test_a_base_url_from_the_environment_is_part_of_the_model_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert make_model("openai/m").model_id == "openai/m@http://127.0.0.1:9/v1"  # no key needed either


@pytest.mark.parametrize("spec", ["gemma-4-31b", "mistral/large", "openai/", "gold", "defaults", "replay/m@/tmp"])
def test_specs_the_plugin_cannot_call_are_spec_errors(spec: str) -> None:
    with pytest.raises(ModelSpecError, match=r"use 'baseline' or provider/model\[@base_url\] with provider "
                                             "anthropic or openai"):
        make_model(spec)


@pytest.mark.parametrize(("spec", "variable"), [("openai/gpt-5.2", "OPENAI_API_KEY"),
                                                ("claude-x", "ANTHROPIC_API_KEY")])
def test_a_public_endpoint_needs_its_key(spec: str, variable: str) -> None:
    with pytest.raises(MissingCredentials, match=f"{variable} is not set"):
        make_model(spec)


def test_one_user_message_no_tools_and_the_text_back(openai_server: LoopbackServer,
                                                     anthropic_server: LoopbackServer) -> None:
    for server in (openai_server, anthropic_server):
        answering(server, lambda body: "the answer")
        assert model_on(server, "m").complete("the system", "the message") == "the answer"
    (openai_body,) = openai_server.bodies()
    assert openai_body["messages"] == [{"role": "system", "content": "the system"},
                                       {"role": "user", "content": "the message"}]
    (anthropic_body,) = anthropic_server.bodies()
    assert anthropic_body["system"] == "the system"
    assert anthropic_body["messages"] == [{"role": "user", "content": [{"type": "text", "text": "the message"}]}]
    for body in (openai_body, anthropic_body):
        assert body["model"] == "m" and body["temperature"] == 0
        assert not {"tools", "response_format", "output_config"} & set(body)


def test_failed_calls_are_model_call_errors_without_credentials(openai_server: LoopbackServer) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    unreachable = make_model(f"openai/m@http://user:secret@127.0.0.1:{port}/v1", settings=FAST)
    assert unreachable.model_id == f"openai/m@http://127.0.0.1:{port}/v1"
    with pytest.raises(ModelCallError, match="gave up after 3 attempts") as info:
        unreachable.complete("system", "user")
    assert "secret" not in str(info.value) and len(info.value.exchange["attempts"]) == 3
    openai_server.push(server_error(), bad_request("no such model"))
    with pytest.raises(ModelCallError, match=r"HTTP 400 .*: no such model") as info:
        model_on(openai_server).complete("system", "user")
    assert [a["status"] for a in info.value.exchange["attempts"]] == [500, 400]  # retried, then permanent
