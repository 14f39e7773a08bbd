"""The tool-loop agent: ask the model, run the tools it calls, feed results back, until it replies."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

from ..stack import Stack
from ..trajectory import Step
from .base import Completion, Message, ModelClient, TurnResult
from .settings import Limits
from .tools import ToolBox

RunLimit = Literal["run_steps", "run_tokens", "run_seconds", "run_cost"]


@dataclass
class Budget:
    """What one run has spent so far, against its limits."""

    limits: Limits
    started: float = field(default_factory=time.monotonic)
    steps: int = 0
    tokens: int = 0
    cost: float = 0.0

    def charge(self, completion: Completion) -> None:
        self.steps += 1
        self.tokens += completion.usage.input_tokens + completion.usage.output_tokens
        self.cost += completion.cost or 0.0

    def exhausted(self) -> RunLimit | None:
        """The first run budget that is used up, if any."""
        lim = self.limits
        if lim.run_steps is not None and self.steps >= lim.run_steps:
            return "run_steps"
        if lim.run_tokens is not None and self.tokens >= lim.run_tokens:
            return "run_tokens"
        if lim.run_seconds is not None and time.monotonic() - self.started >= lim.run_seconds:
            return "run_seconds"
        if lim.run_cost is not None and self.cost >= lim.run_cost:
            return "run_cost"
        return None


@dataclass
class ToolLoopConversation:
    """One session: the message history is kept across user turns; the budget spans the whole run."""

    client: ModelClient
    stack: Stack
    toolbox: ToolBox
    budget: Budget
    messages: list[Message] = field(default_factory=list)

    def send(self, text: str) -> TurnResult:
        self.messages.append(Message("user", text))
        steps: list[Step] = []
        limits = self.budget.limits
        started = time.monotonic()
        for _ in range(limits.turn_steps):
            if (ended := self.budget.exhausted()) is not None:
                return TurnResult(steps, "", "run_limit", ended)
            if limits.turn_seconds is not None and time.monotonic() - started >= limits.turn_seconds:
                return TurnResult(steps, "", "time_limit")
            completion = self.client.complete(self.stack.system_prompt, list(self.messages), self.stack.tools)
            self.budget.charge(completion)
            self.messages.append(Message("assistant", completion.text, completion.calls))
            calls = [self.toolbox.call(c.id, c.name, c.arguments) for c in completion.calls]
            steps.append(
                Step(
                    text=completion.text,
                    tool_calls=calls,
                    usage=completion.usage,
                    model_stop=completion.stop_reason,
                    latency=completion.latency,
                    cost=completion.cost,
                    exchange=completion.exchange,
                )
            )
            if not calls:
                return TurnResult(steps, completion.text)
            self.messages.extend(Message("tool", c.output, call_id=c.id, is_error=c.is_error) for c in calls)
        return TurnResult(steps, "", "step_limit")

    def close(self) -> None:
        """Release the client's connections."""
        self.client.close()


class ToolLoopAgent:
    """The built-in agent over any `ModelClient`."""

    def __init__(self, client: ModelClient, name: str, limits: Limits | None = None) -> None:
        self.client = client
        self.name = name
        self.limits = limits or Limits()

    @property
    def model_id(self) -> str:
        return self.client.model_id

    def open(self, stack: Stack, toolbox: ToolBox) -> ToolLoopConversation:
        return ToolLoopConversation(self.client, stack, toolbox, Budget(self.limits))
