"""OpenAIChatClient: a multi-turn task through the tool loop, the chat-completions payload, the recorded call."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pytest_harnessif.agents.base import Message, RequestedCall
from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.providers.openai import OpenAIChatClient
from pytest_harnessif.agents.settings import ModelSettings
from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.stack import BUILTIN_SCHEMAS, Stack
from pytest_harnessif.trajectory import ToolSchema

from ..support.loopback import LoopbackServer, openai_reply
from .conftest import FAST, TOOLS, Recording

SYSTEM = "You maintain a tiny repo.\n\nAlways answer in English."
TD_RULE = "Never pass --force to git."
TD_TOOLS = [
    t.model_copy(update={"description": f"{t.description}\n\n{TD_RULE}"}) if t.name == "bash" else t for t in TOOLS
]
STACK = Stack(system_prompt=SYSTEM, tools=TD_TOOLS, skills={}, project_file=("AGENTS.md", ""), turns=[])
COMMAND = '{"command": "echo $((6*7))"}'


def one_call_then_reply(body: dict[str, Any]) -> dict[str, Any]:
    """Per user turn: one bash call, then a reply quoting the tool result."""
    last = body["messages"][-1]
    if last["role"] == "user":
        return openai_reply("Let me check.", [("bash", COMMAND)])
    return openai_reply(f"saw: {last['content'].strip()}")


def client_for(server: LoopbackServer, settings: ModelSettings = FAST, **kw: Any) -> OpenAIChatClient:
    return OpenAIChatClient("spec-model", base_url=server.base_url, api_key="sk-test", settings=settings, **kw)


def test_multi_turn_task_with_tool_calls(openai_server: LoopbackServer, toolbox: ToolBox) -> None:
    openai_server.respond = one_call_then_reply
    recording = Recording(client_for(openai_server))
    conversation = ToolLoopAgent(recording, name="openai/spec-model").open(STACK, toolbox)

    first = conversation.send("turn zero")
    second = conversation.send("turn one")

    assert first.reply == second.reply == "saw: exit code: 0\n42"
    assert [len(s.tool_calls) for s in first.steps] == [1, 0]
    assert first.steps[0].tool_calls[0].args == {"command": "echo $((6*7))"}
    bodies = openai_server.bodies()
    assert len(bodies) == 4
    assert bodies[0]["messages"] == [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "turn zero"}]
    call_id = bodies[1]["messages"][2]["tool_calls"][0]["id"]
    assert bodies[1]["messages"][2:] == [
        {
            "role": "assistant",
            "content": "Let me check.",
            "tool_calls": [{"id": call_id, "type": "function", "function": {"name": "bash", "arguments": COMMAND}}],
        },
        {"role": "tool", "tool_call_id": call_id, "content": "exit code: 0\n42\n"},
    ]
    assert [m["role"] for m in bodies[3]["messages"]] == [
        "system", "user", "assistant", "tool", "assistant", "user", "assistant", "tool",
    ]  # fmt: skip
    assert bodies[3]["messages"][4] == {"role": "assistant", "content": "saw: exit code: 0\n42"}
    assert bodies[3]["messages"][5] == {"role": "user", "content": "turn one"}
    for body in bodies:
        assert body["model"] == "spec-model"
        assert body["max_tokens"] == FAST.max_tokens
        assert "temperature" not in body and "reasoning_effort" not in body
        assert [t["function"]["name"] for t in body["tools"]] == list(BUILTIN_SCHEMAS)
        bash = body["tools"][0]
        assert bash["type"] == "function"
        assert bash["function"]["description"].endswith(TD_RULE)
        assert bash["function"]["parameters"] == BUILTIN_SCHEMAS["bash"][1]
    assert [c.exchange["request"] for c in recording.completions if c.exchange] == bodies
    assert [c.stop_reason for c in recording.completions] == ["tool_use", "end_turn"] * 2


def test_malformed_arguments_go_back_as_a_tool_error(openai_server: LoopbackServer, toolbox: ToolBox) -> None:
    openai_server.push(openai_reply("", [("bash", '{"command": "ls"')]), openai_reply("sorry"))
    conversation = ToolLoopAgent(client_for(openai_server), name="o").open(STACK, toolbox)

    result = conversation.send("go")

    assert result.reply == "sorry"
    assert result.steps[0].tool_calls[0].is_error
    sent = openai_server.bodies()[1]["messages"]
    assert sent[2]["content"] is None
    assert sent[2]["tool_calls"][0]["function"]["arguments"] == '{"command": "ls"'
    assert sent[3]["role"] == "tool" and sent[3]["content"].startswith("error:")


def test_response_is_recorded(openai_server: LoopbackServer) -> None:
    openai_server.push(openai_reply("done", model="gpt-loopback-2025-06-01", usage=(1200, 300)))
    client = client_for(openai_server)
    assert client.model_id == "spec-model"

    completion = client.complete("", [Message("user", "hi")], [])

    assert client.model_id == completion.model_id == "gpt-loopback-2025-06-01"
    assert (completion.usage.input_tokens, completion.usage.output_tokens, completion.usage.calls) == (1200, 300, 1)
    assert completion.exchange is not None
    assert completion.exchange["response"]["choices"][0]["message"]["content"] == "done"
    assert completion.exchange["endpoint"] == f"{openai_server.base_url}/chat/completions"
    assert [a["status"] for a in completion.exchange["attempts"]] == [200]
    assert openai_server.bodies()[0] == {"model": "spec-model", "messages": [{"role": "user", "content": "hi"}],
                                         "max_tokens": FAST.max_tokens}  # fmt: skip


@pytest.mark.parametrize(("finish", "stop"), [("length", "max_tokens"), ("content_filter", "content_filter")])
def test_finish_reason_is_normalised(openai_server: LoopbackServer, finish: str, stop: str) -> None:
    openai_server.push(openai_reply("cut", finish_reason=finish))
    completion = client_for(openai_server).complete("", [Message("user", "hi")], [])
    assert completion.stop_reason == stop
    assert completion.exchange is not None
    assert completion.exchange["response"]["choices"][0]["finish_reason"] == finish


def test_settings_reach_the_payload(openai_server: LoopbackServer) -> None:
    openai_server.push(openai_reply("ok"))
    settings = FAST.model_copy(update={"temperature": 0.2, "reasoning_effort": "high", "max_tokens": 77})
    client_for(openai_server, settings).complete("sys", [Message("user", "hi")], [])
    body = openai_server.bodies()[0]
    assert (body["temperature"], body["reasoning_effort"], body["max_tokens"]) == (0.2, "high", 77)


def test_official_endpoint_uses_max_completion_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    client = OpenAIChatClient("gpt-5.5", base_url=None, api_key="sk-test", settings=FAST)
    body = client.payload("sys", [Message("user", "hi")], [])
    assert body["max_completion_tokens"] == FAST.max_tokens and "max_tokens" not in body
    assert client.endpoint == "https://api.openai.com/v1"


def test_history_with_an_empty_assistant_turn(openai_server: LoopbackServer) -> None:
    openai_server.push(openai_reply("ok"))
    call = RequestedCall("c1", "list_files", "{}")
    history = [
        Message("user", "a"), Message("assistant", "", (call,)), Message("tool", "x", call_id="c1", is_error=True),
        Message("assistant", ""), Message("user", "b"),
    ]  # fmt: skip
    client_for(openai_server).complete("", history, [ToolSchema(name="list_files", description="d", parameters={})])
    sent = openai_server.bodies()[0]["messages"]
    assert sent[3] == {"role": "assistant", "content": ""}
    assert json.loads(sent[1]["tool_calls"][0]["function"]["arguments"]) == {}
