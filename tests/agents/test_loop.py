"""agents/loop: the tool-loop agent over a model client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pytest_harnessif.agents.base import Completion, Message, RequestedCall
from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.settings import Limits
from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.sandbox import LocalSandbox
from pytest_harnessif.stack import BUILTIN_SCHEMAS, Stack
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
    agent = ToolLoopAgent(client, name="loop", limits=Limits(turn_steps=3))
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


class PricedClient(LoopingClient):
    """Like LoopingClient, but every call costs 10 tokens and $0.01."""

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        base = super().complete(system, messages, tools)
        return Completion(base.text, base.calls, Usage(input_tokens=6, output_tokens=4, calls=1), cost=0.01)


@pytest.mark.parametrize(
    ("limits", "reason", "calls"),
    [
        (Limits(run_steps=4), "run_steps", 4),
        (Limits(run_tokens=25), "run_tokens", 3),
        (Limits(run_cost=0.02), "run_cost", 2),
    ],
)
def test_run_budgets_end_the_run_with_their_reason(toolbox: ToolBox, limits: Limits, reason: str, calls: int) -> None:
    client = PricedClient()
    conversation = ToolLoopAgent(
        client,
        name="priced",
        limits=Limits(turn_steps=3, **limits.model_dump(exclude={"turn_steps"}, exclude_none=True)),
    ).open(STACK, toolbox)
    first = conversation.send("one")
    results = [first] if first.run_ended else [first, conversation.send("two")]
    assert results[-1].stop_reason == "run_limit" and results[-1].run_ended == reason
    assert len(client.seen) == calls


def test_turn_step_limit_lets_the_next_turn_arrive(toolbox: ToolBox) -> None:
    conversation = ToolLoopAgent(LoopingClient(), name="loop", limits=Limits(turn_steps=2)).open(STACK, toolbox)
    assert conversation.send("one").stop_reason == "step_limit"
    second = conversation.send("two")
    assert second.stop_reason == "step_limit" and second.run_ended is None
    assert [m.text for m in conversation.messages if m.role == "user"] == ["one", "two"]


class SleepyClient(LoopingClient):
    """Every step sleeps 0.15 s in the sandbox."""

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        self.seen.append(messages)
        return Completion("", (RequestedCall(f"s{len(self.seen)}", "bash", '{"command": "sleep 0.15"}'),))


def test_turn_time_limit(toolbox: ToolBox) -> None:
    client = SleepyClient()
    conversation = ToolLoopAgent(client, name="slow", limits=Limits(turn_seconds=0.4)).open(STACK, toolbox)
    result = conversation.send("go")
    assert result.stop_reason == "time_limit" and result.run_ended is None
    assert 2 <= len(client.seen) <= 4
