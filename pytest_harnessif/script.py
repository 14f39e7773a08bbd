"""The gold script format (`gold.yaml` beside `task.yaml`) and its two readings: gold and defaults."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Call(BaseModel):
    """One tool call as the script writes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tool: str
    args: dict[str, Any] = {}


class ScriptStep(BaseModel):
    """One assistant message of the script: one call (`tool`/`args`) or several (`calls`).

    `default` is what an agent following its defaults does instead (another call, or null to drop the step);
    `only` limits the step to one reading of the script.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    tool: str | None = None
    args: dict[str, Any] = {}
    calls: list[Call] = []
    default: Call | None = None
    only: Literal["gold", "default"] | None = None
    text: str = ""

    def resolved(self, reading: Literal["gold", "default"]) -> list[Call] | None:
        """The calls this step makes under `reading`, or None when the step is dropped."""
        if self.only is not None and self.only != reading:
            return None
        if reading == "default" and "default" in self.model_fields_set:
            return None if self.default is None else [self.default]
        calls = list(self.calls) or ([Call(tool=self.tool, args=self.args)] if self.tool else [])
        return calls or None


class ScriptTurn(BaseModel):
    """The steps and the reply of one user turn; `default_reply` is the defaults agent's reply."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: list[ScriptStep] = []
    reply: str = Field(min_length=1)
    default_reply: str | None = None


class Script(BaseModel):
    """A scripted trajectory: one entry per user turn of the task."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turns: list[ScriptTurn] = Field(min_length=1)

    def reading(self, reading: Literal["gold", "default"]) -> list[tuple[list[list[Call]], str]]:
        """Per turn: the assistant messages (each a list of calls) and the reply, for one reading."""
        out = []
        for t in self.turns:
            steps = [c for s in t.steps if (c := s.resolved(reading)) is not None]
            reply = t.default_reply if reading == "default" and t.default_reply is not None else t.reply
            out.append((steps, reply))
        return out
