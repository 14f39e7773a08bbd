"""A model client that re-plays the model side of a recorded trajectory (no model calls)."""

from __future__ import annotations

import json

from ..trajectory import ToolSchema, Trajectory, Usage
from .base import Completion, Message, RequestedCall


class ReplayClient:
    """Answers each request with the recorded assistant step at the same position of the conversation.

    The tools run again in the new sandbox; when the recording has no more steps for a turn, the recorded
    reply ends the turn.
    """

    def __init__(self, recorded: Trajectory) -> None:
        self.recorded = recorded
        self.model_id = recorded.model_id or recorded.agent

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        users = [i for i, m in enumerate(messages) if m.role == "user"]
        turn = len(users) - 1
        step = sum(1 for m in messages[users[-1] :] if m.role == "assistant") if users else 0
        if not 0 <= turn < len(self.recorded.turns):
            raise ValueError(f"replay: the recording of {self.recorded.key.id} has no turn {turn}")
        record = self.recorded.turns[turn]
        if step < len(record.steps) and record.steps[step].tool_calls:
            s = record.steps[step]
            calls = tuple(RequestedCall(c.id, c.name, json.dumps(c.args)) for c in s.tool_calls)
            return Completion(s.text, calls, Usage(calls=1), "tool_use", self.model_id)
        return Completion(record.reply, (), Usage(calls=1), "end_turn", self.model_id)

    def close(self) -> None:
        """Nothing to release: no connection."""
