"""A model client that plays a task's gold script (its gold or `defaults` reading, or gold-alt) through the real tool
loop."""

from __future__ import annotations

import json
from typing import Literal

from ..script import Script
from ..trajectory import ToolSchema, Usage
from .base import Completion, Message, RequestedCall

FILE_TOOLS = frozenset({"read_file", "write_file", "edit_file", "list_files"})


class ScriptError(ValueError):
    """A scripted step that could not run (an edit of a missing file, a tool the task does not offer): the script
    is wrong, so the run fails loudly instead of showing up later as a rule failure."""


class ScriptedClient:
    """Answers each request from the script; the position comes from the message history alone. A file-tool step
    that errs, or a call of a tool that does not exist, raises `ScriptError` naming the turn and step (a `bash`
    step may fail on purpose: reproducing a bug, a red test run)."""

    def __init__(
        self, script: Script, reading: Literal["gold", "default"], model_id: str, source: str = "gold.yaml"
    ) -> None:
        self.turns = script.reading(reading)
        self.reading = reading
        self.model_id = model_id
        self.source = source

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        users = [i for i, m in enumerate(messages) if m.role == "user"]
        if not users:
            raise ValueError("scripted client: the conversation has no user message")
        turn = len(users) - 1
        step = sum(1 for m in messages[users[-1] :] if m.role == "assistant")
        if turn >= len(self.turns):
            raise ValueError(f"scripted client: the script has {len(self.turns)} turns; the user sent more")
        self._check_last_step(messages, turn, step)
        steps, reply = self.turns[turn]
        if step < len(steps):
            calls = tuple(
                RequestedCall(f"call_{turn}_{step}_{k}", c.tool, json.dumps(c.args)) for k, c in enumerate(steps[step])
            )
            return Completion("", calls, Usage(calls=1), "tool_use", self.model_id)
        return Completion(reply, (), Usage(calls=1), "end_turn", self.model_id)

    def _check_last_step(self, messages: list[Message], turn: int, step: int) -> None:
        asked = next((m for m in reversed(messages) if m.role == "assistant"), None)
        if asked is None or not asked.calls or step == 0:
            return
        names = {c.id: c.name for c in asked.calls}
        for m in messages[messages.index(asked) + 1 :]:
            tool = names.get(m.call_id, "?")
            if m.role == "tool" and m.is_error and (tool in FILE_TOOLS or m.text.startswith("error: unknown tool")):
                where = f"{self.source} ({self.reading} reading): turn {turn + 1}, step {step}"
                raise ScriptError(f"{where}: {tool} could not run: {m.text.strip()[:300]}")

    def close(self) -> None:
        """Nothing to release: no connection."""
