"""agents/loop: the tool-loop agent over a model client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pytest_harnessif.agents.base import Completion, Message, RequestedCall
from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.tools import BUILTIN_SCHEMAS, ToolBox
from pytest_harnessif.placement import Stack
from pytest_harnessif.sandbox import LocalSandbox
from pytest_harnessif.trajectory import ToolSchema, Usage

TOOLS = [ToolSchema(name=n, description=d, parameters=p) for n, (d, p) in BUILTIN_SCHEMAS.items()]
STACK = Stack(system_prompt="SYSTEM", tools=TOOLS, skills={}, project_file=("AGENTS.md", ""), turns=["t0", "t1"])


class LoopingClient:
    """Always asks for one more bash call."""

    model_id = "looping-1"

    def __init__(self) -> None:
        self.seen: list[list[Message]] = []

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        self.seen.append(messages)
        n = len(self.seen)
        return Completion(f"step {n}", (RequestedCall(f"c{n}", "bash", '{"command": "echo hi"}'),), Usage(calls=1))


class OneCallClient:
    """Per user turn: one bash call, then a reply."""

    model_id = "one-call"

    def __init__(self) -> None:
        self.systems: list[str] = []
        self.tool_names: list[list[str]] = []

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        self.systems.append(system)
        self.tool_names.append([t.name for t in tools])
        if messages[-1].role == "user":
            return Completion(
                "",
                (RequestedCall("c", "bash", '{"command": "echo $((6*7))"}'),),
                Usage(input_tokens=5, output_tokens=2, calls=1),
            )
        return Completion(f"saw: {messages[-1].text.strip()}", (), Usage(input_tokens=3, output_tokens=1, calls=1))


@pytest.fixture
def toolbox() -> Iterator[ToolBox]:
    box = LocalSandbox()
    yield ToolBox(box, TOOLS, {}, {})
    box.close()


def test_step_limit(toolbox: ToolBox) -> None:
    client = LoopingClient()
    agent = ToolLoopAgent(client, name="loop", max_steps=3)
    assert agent.model_id == "looping-1"
    result = agent.open(STACK, toolbox).send("go")
    assert result.stop_reason == "step_limit"
    assert len(result.steps) == 3
    assert result.reply == ""
    assert len(client.seen) == 3
    assert all(len(s.tool_calls) == 1 for s in result.steps)


def test_tool_results_are_fed_back_and_history_is_kept(toolbox: ToolBox) -> None:
    client = OneCallClient()
    conversation = ToolLoopAgent(client, name="one").open(STACK, toolbox)
    first = conversation.send("turn zero")
    assert first.stop_reason == "reply"
    assert first.reply == "saw: exit code: 0\n42"
    assert [len(s.tool_calls) for s in first.steps] == [1, 0]
    assert first.steps[0].tool_calls[0].output == "exit code: 0\n42\n"
    assert first.steps[0].usage == Usage(input_tokens=5, output_tokens=2, calls=1)
    second = conversation.send("turn one")
    assert second.reply.startswith("saw: ")
    assert set(client.systems) == {"SYSTEM"}
    assert client.tool_names[0] == list(BUILTIN_SCHEMAS)
    roles = [m.role for m in conversation.messages]
    assert roles == ["user", "assistant", "tool", "assistant", "user", "assistant", "tool", "assistant"]
    assert [m.text for m in conversation.messages if m.role == "user"] == ["turn zero", "turn one"]
