"""agents/scripted: the scripted client answers from its position in the message history."""

from __future__ import annotations

import json

import pytest

from pytest_harnessif.agents.base import Message, RequestedCall
from pytest_harnessif.agents.scripted import ScriptedClient
from pytest_harnessif.script import Script

SCRIPT = Script.model_validate(
    {
        "turns": [
            {
                "steps": [
                    {"tool": "read_file", "args": {"path": "a.py"}},
                    {"calls": [{"tool": "bash", "args": {"command": "ls"}}, {"tool": "bash", "args": {}}]},
                    {"tool": "bash", "args": {"command": "pytest"}, "default": None},
                ],
                "reply": "gold reply 0",
                "default_reply": "default reply 0",
            },
            {"steps": [], "reply": "reply 1"},
        ]
    }
)


def _assistant(n: int = 1) -> Message:
    return Message("assistant", "", tuple(RequestedCall(f"id{k}", "bash", "{}") for k in range(n)))


def test_position_comes_from_the_history() -> None:
    client = ScriptedClient(SCRIPT, "gold", "scripted:gold@x")
    user0 = Message("user", "do it")
    first = client.complete("sys", [user0], [])
    assert first.stop_reason == "tool_use"
    assert first.model_id == "scripted:gold@x"
    assert [(c.name, json.loads(c.arguments)) for c in first.calls] == [("read_file", {"path": "a.py"})]
    history = [user0, _assistant(), Message("tool", "x", call_id="id0")]
    second = client.complete("sys", history, [])
    assert [c.name for c in second.calls] == ["bash", "bash"]
    assert len({c.id for c in second.calls}) == 2
    history += [_assistant(2), Message("tool", "x", call_id="id0"), Message("tool", "y", call_id="id1")]
    third = client.complete("sys", history, [])
    assert json.loads(third.calls[0].arguments) == {"command": "pytest"}
    history += [_assistant(), Message("tool", "x", call_id="id0")]
    reply = client.complete("sys", history, [])
    assert reply.calls == ()
    assert reply.text == "gold reply 0"
    assert reply.stop_reason == "end_turn"
    history += [Message("assistant", "gold reply 0"), Message("user", "next")]
    assert client.complete("sys", history, []).text == "reply 1"
    assert client.complete("other system prompt", history, []).text == "reply 1"


def test_default_reading_is_played() -> None:
    client = ScriptedClient(SCRIPT, "default", "scripted:default@x")
    user0 = Message("user", "do it")
    history = [user0, _assistant(), Message("tool", "x"), _assistant(2), Message("tool", "x"), Message("tool", "y")]
    reply = client.complete("sys", history, [])
    assert reply.calls == ()
    assert reply.text == "default reply 0"


def test_more_user_turns_than_scripted_is_an_error() -> None:
    client = ScriptedClient(SCRIPT, "gold", "m")
    history = [Message("user", "a"), Message("assistant", "r"), Message("user", "b"), Message("assistant", "r")]
    with pytest.raises(ValueError, match="2 turns"):
        client.complete("sys", [*history, Message("user", "c")], [])
    with pytest.raises(ValueError, match="no user message"):
        client.complete("sys", [], [])


def test_usage_counts_one_call_per_completion() -> None:
    client = ScriptedClient(SCRIPT, "gold", "m")
    assert client.complete("sys", [Message("user", "a")], []).usage.calls == 1
