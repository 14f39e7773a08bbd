"""AnthropicClient: a multi-turn task through the tool loop, the messages payload, the recorded call."""

from __future__ import annotations

from typing import Any

from pytest_harnessif.agents.base import Message, RequestedCall
from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.providers.anthropic import AnthropicClient
from pytest_harnessif.agents.settings import ModelSettings
from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.stack import BUILTIN_SCHEMAS, Stack

from ..support.loopback import LoopbackServer, anthropic_reply
from .conftest import FAST, TOOLS, Recording

SYSTEM = "You maintain a tiny repo.\n\nAlways answer in English."
TD_RULE = "Never pass --force to git."
TD_TOOLS = [
    t.model_copy(update={"description": f"{t.description}\n\n{TD_RULE}"}) if t.name == "bash" else t for t in TOOLS
]
STACK = Stack(system_prompt=SYSTEM, tools=TD_TOOLS, skills={}, project_file=("AGENTS.md", ""), turns=[])


def text(value: str) -> dict[str, str]:
    return {"type": "text", "text": value}


def results(body: dict[str, Any]) -> list[dict[str, Any]]:
    last = body["messages"][-1]
    return [b for b in last["content"] if b["type"] == "tool_result"] if last["role"] == "user" else []


def one_call_then_reply(body: dict[str, Any]) -> dict[str, Any]:
    """Per user turn: one bash call, then a reply quoting the tool result."""
    done = results(body)
    if not done:
        return anthropic_reply("Let me check.", [("bash", {"command": "echo $((6*7))"})])
    return anthropic_reply(f"saw: {done[0]['content'].strip()}")


def client_for(server: LoopbackServer, settings: ModelSettings = FAST, **kw: Any) -> AnthropicClient:
    return AnthropicClient("spec-model", base_url=server.base_url, api_key="sk-test", settings=settings, **kw)


def test_multi_turn_task_with_tool_calls(anthropic_server: LoopbackServer, toolbox: ToolBox) -> None:
    anthropic_server.respond = one_call_then_reply
    recording = Recording(client_for(anthropic_server))
    conversation = ToolLoopAgent(recording, name="anthropic/spec-model").open(STACK, toolbox)

    first = conversation.send("turn zero")
    second = conversation.send("turn one")

    assert first.reply == second.reply == "saw: exit code: 0\n42"
    bodies = anthropic_server.bodies()
    assert len(bodies) == 4
    assert all(r.path == "/v1/messages" for r in anthropic_server.requests)
    assert bodies[0]["system"] == SYSTEM
    assert bodies[0]["messages"] == [{"role": "user", "content": [text("turn zero")]}]
    call_id = bodies[1]["messages"][1]["content"][1]["id"]
    assert bodies[1]["messages"][1:] == [
        {
            "role": "assistant",
            "content": [
                text("Let me check."),
                {"type": "tool_use", "id": call_id, "name": "bash", "input": {"command": "echo $((6*7))"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": call_id, "content": "exit code: 0\n42\n", "is_error": False}
            ],
        },
    ]
    assert [m["role"] for m in bodies[3]["messages"]] == ["user", "assistant", "user", "assistant", "user", "assistant",
                                                          "user"]  # fmt: skip
    assert bodies[3]["messages"][3:5] == [
        {"role": "assistant", "content": [text("saw: exit code: 0\n42")]},
        {"role": "user", "content": [text("turn one")]},
    ]
    for body in bodies:
        assert body["model"] == "spec-model"
        assert body["max_tokens"] == FAST.max_tokens
        assert not {"temperature", "thinking", "output_config"} & set(body)
        assert [t["name"] for t in body["tools"]] == list(BUILTIN_SCHEMAS)
        assert body["tools"][0]["description"].endswith(TD_RULE)
        assert body["tools"][0]["input_schema"] == BUILTIN_SCHEMAS["bash"][1]
    assert [c.exchange["request"] for c in recording.completions if c.exchange] == bodies
    assert [c.stop_reason for c in recording.completions] == ["tool_use", "end_turn"] * 2


def test_parallel_tool_results_share_one_user_turn(anthropic_server: LoopbackServer, toolbox: ToolBox) -> None:
    anthropic_server.push(
        anthropic_reply("", [("bash", {"command": "echo ok"}), ("read_file", {"path": "missing.txt"})]),
        anthropic_reply("one failed"),
    )
    result = ToolLoopAgent(client_for(anthropic_server), name="a").open(STACK, toolbox).send("go")

    assert result.reply == "one failed"
    assistant, user = anthropic_server.bodies()[1]["messages"][1:]
    assert [b["type"] for b in assistant["content"]] == ["tool_use", "tool_use"]
    assert user["role"] == "user"
    assert [(b["type"], b["is_error"]) for b in user["content"]] == [("tool_result", False), ("tool_result", True)]
    assert [b["tool_use_id"] for b in user["content"]] == [b["id"] for b in assistant["content"]]


def test_user_turn_after_tool_results_joins_their_turn(anthropic_server: LoopbackServer) -> None:
    """After a step limit the next user text follows tool results: one user turn, results first."""
    anthropic_server.push(anthropic_reply("ok"))
    call = RequestedCall("toolu_1", "bash", '{"command": "ls"}')
    history = [
        Message("user", "a"), Message("assistant", "", (call,)), Message("tool", "out", call_id="toolu_1"),
        Message("user", "b"),
    ]  # fmt: skip
    client_for(anthropic_server).complete("", history, [])
    body = anthropic_server.bodies()[0]
    assert "system" not in body and "tools" not in body
    assert body["messages"][2] == {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "out", "is_error": False}, text("b")],
    }


def test_unparseable_recorded_arguments_are_sent_as_an_empty_object(anthropic_server: LoopbackServer) -> None:
    anthropic_server.push(anthropic_reply("ok"))
    calls = (RequestedCall("t1", "bash", '{"command": "ls"'), RequestedCall("t2", "bash", "[1]"))
    history = [
        Message("user", "a"), Message("assistant", "", calls),
        Message("tool", "error: bad", call_id="t1", is_error=True),
        Message("tool", "error: bad", call_id="t2", is_error=True),
    ]  # fmt: skip
    completion = client_for(anthropic_server).complete("", history, [])
    assert [b["input"] for b in anthropic_server.bodies()[0]["messages"][1]["content"]] == [{}, {}]
    assert completion.exchange is not None
    assert completion.exchange["repaired_inputs"] == {"t1": '{"command": "ls"', "t2": "[1]"}


def test_reasoning_effort_and_thinking_blocks(anthropic_server: LoopbackServer, toolbox: ToolBox) -> None:
    anthropic_server.push(
        anthropic_reply("", [("bash", {"command": "true"})], thinking="plan: run true"), anthropic_reply("done")
    )
    settings = FAST.model_copy(update={"reasoning_effort": "low", "temperature": 1.0})
    ToolLoopAgent(client_for(anthropic_server, settings), name="a").open(STACK, toolbox).send("go")

    first, second = anthropic_server.bodies()
    assert first["thinking"] == {"type": "adaptive"}
    assert first["output_config"] == {"effort": "low"}
    assert first["temperature"] == 1.0
    thinking, tool_use = second["messages"][1]["content"]
    assert thinking["type"] == "thinking" and thinking["thinking"] == "plan: run true" and thinking["signature"]
    assert tool_use["type"] == "tool_use"


def test_response_is_recorded(anthropic_server: LoopbackServer) -> None:
    reply = anthropic_reply("done", model="claude-loopback-20250601", usage=(1000, 40), stop_reason="max_tokens")
    reply["usage"] |= {"cache_read_input_tokens": 200, "cache_creation_input_tokens": 30}
    anthropic_server.push(reply)
    client = client_for(anthropic_server)
    assert client.model_id == "spec-model"

    completion = client.complete("sys", [Message("user", "hi")], [])

    assert client.model_id == completion.model_id == "claude-loopback-20250601"
    assert (completion.usage.input_tokens, completion.usage.output_tokens) == (1230, 40)
    assert completion.stop_reason == "max_tokens"
    assert completion.exchange is not None
    assert completion.exchange["response"] == reply
    assert completion.exchange["endpoint"] == f"{anthropic_server.base_url}/v1/messages"
    assert "repaired_inputs" not in completion.exchange
