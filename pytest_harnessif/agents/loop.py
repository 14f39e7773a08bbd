"""The tool-loop agent: ask the model, run the tools it calls, feed results back, until it replies."""

from __future__ import annotations

from dataclasses import dataclass

from ..placement import Stack
from ..trajectory import Step
from .base import Message, ModelClient, TurnResult
from .tools import ToolBox

DEFAULT_MAX_STEPS = 50


@dataclass
class ToolLoopConversation:
    """One session: the message history is kept across user turns."""

    client: ModelClient
    stack: Stack
    toolbox: ToolBox
    max_steps: int
    messages: list[Message]

    def send(self, text: str) -> TurnResult:
        self.messages.append(Message("user", text))
        steps: list[Step] = []
        for _ in range(self.max_steps):
            completion = self.client.complete(self.stack.system_prompt, list(self.messages), self.stack.tools)
            self.messages.append(Message("assistant", completion.text, completion.calls))
            calls = [self.toolbox.call(c.id, c.name, c.arguments) for c in completion.calls]
            steps.append(Step(text=completion.text, tool_calls=calls, usage=completion.usage))
            if not calls:
                return TurnResult(steps, completion.text)
            self.messages.extend(Message("tool", c.output, call_id=c.id, is_error=c.is_error) for c in calls)
        return TurnResult(steps, "", "step_limit")


class ToolLoopAgent:
    """The built-in agent over any `ModelClient`."""

    def __init__(self, client: ModelClient, name: str, max_steps: int = DEFAULT_MAX_STEPS) -> None:
        self.client = client
        self.name = name
        self.max_steps = max_steps

    @property
    def model_id(self) -> str:
        return self.client.model_id

    def open(self, stack: Stack, toolbox: ToolBox) -> ToolLoopConversation:
        return ToolLoopConversation(self.client, stack, toolbox, self.max_steps, [])
