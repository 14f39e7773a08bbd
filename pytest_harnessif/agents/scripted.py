"""A model client that plays a task's gold script (or its `defaults` reading) through the real tool loop."""

from __future__ import annotations

import json
from typing import Literal

from ..script import Script
from ..trajectory import ToolSchema, Usage
from .base import Completion, Message, RequestedCall


class ScriptedClient:
    """Answers each request from the script; the position comes from the message history alone."""

    def __init__(self, script: Script, reading: Literal["gold", "default"], model_id: str) -> None:
        self.turns = script.reading(reading)
        self.model_id = model_id

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        users = [i for i, m in enumerate(messages) if m.role == "user"]
        if not users:
            raise ValueError("scripted client: the conversation has no user message")
        turn = len(users) - 1
        step = sum(1 for m in messages[users[-1] :] if m.role == "assistant")
        if turn >= len(self.turns):
            raise ValueError(f"scripted client: the script has {len(self.turns)} turns; the user sent more")
        steps, reply = self.turns[turn]
        if step < len(steps):
            calls = tuple(
                RequestedCall(f"call_{turn}_{step}_{k}", c.tool, json.dumps(c.args)) for k, c in enumerate(steps[step])
            )
            return Completion("", calls, Usage(calls=1), "tool_use", self.model_id)
        return Completion(reply, (), Usage(calls=1), "end_turn", self.model_id)

    def close(self) -> None:
        """Nothing to release: no connection."""
