"""The offline reference agent of SWE-TaskFlow runs (`--harness-model=gold` under `--harness-taskflow`): it solves
the issue across the flow's issue turns and answers each repository question with its reference, through the real
tool loop.

The gold patch is cut into hunks and spread in order over the issue turns (one issue turn, as in Single and Concat,
takes them all); each turn applies its share with `git apply` through the bash tool, so checkpoints see the fix
arrive piece by piece. A question turn is answered in text, from the hidden reference, with no tool call."""

from __future__ import annotations

import json

from ..swe import Flow, Instance, hunks, spread
from ..trajectory import ToolSchema, Usage
from .base import Completion, Message, RequestedCall
from .scripted import ScriptError

DELIMITER = "HARNESSIF_GOLD_PATCH"


class FlowGoldClient:
    """Answers each request from the flow; the position comes from the message history alone."""

    def __init__(self, instance: Instance, flow: Flow, model_id: str) -> None:
        self.flow = flow
        parts = spread(hunks(instance.patch), len(flow.issue_turns)) if flow.issue_turns else []
        self.patches = dict(zip(flow.issue_turns, ("".join(p) for p in parts), strict=True))
        self.model_id = model_id

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        users = [i for i, m in enumerate(messages) if m.role == "user"]
        turn = len(users) - 1
        if not 0 <= turn < len(self.flow.turns):
            raise ValueError(f"flow gold: the flow has {len(self.flow.turns)} turns; the user sent {len(users)}")
        since = messages[users[-1] :]
        step = sum(1 for m in since if m.role == "assistant")
        kind = self.flow.turns[turn]
        if kind.kind == "question":
            return Completion(kind.reference or "", (), Usage(calls=1), "end_turn", self.model_id)
        patch = self.patches[turn]
        if step == 0 and patch:
            command = f"git apply --whitespace=nowarn - <<'{DELIMITER}'\n{patch}{DELIMITER}"
            call = RequestedCall(f"call_{turn}_0", "bash", json.dumps({"command": command}))
            return Completion("", (call,), Usage(calls=1), "tool_use", self.model_id)
        failed = [m for m in since if m.role == "tool" and m.is_error]
        if failed:
            raise ScriptError(f"flow gold, turn {turn + 1}: the gold patch did not apply: {failed[0].text[:300]}")
        done = "Applied my part of the fix." if patch else "Nothing left to change for this request."
        return Completion(done, (), Usage(calls=1), "end_turn", self.model_id)

    def close(self) -> None:
        """Nothing to release: no connection."""
