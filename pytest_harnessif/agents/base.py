"""The Agent protocol and the provider-neutral message types model clients speak."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ..stack import Stack
from ..trajectory import Step, ToolSchema, Usage
from .tools import ToolBox


@dataclass(frozen=True)
class RequestedCall:
    """A tool call as the model asked for it (arguments as the raw JSON text it sent)."""

    id: str
    name: str
    arguments: str


@dataclass(frozen=True)
class Message:
    """One message of the conversation in a provider-neutral form."""

    role: Literal["user", "assistant", "tool"]
    text: str = ""
    calls: tuple[RequestedCall, ...] = ()
    call_id: str = ""
    is_error: bool = False


@dataclass(frozen=True)
class Completion:
    """One model response: text, requested tool calls, usage, why it stopped, the model id it reports.

    `exchange` is what is needed to replay the call: the request payload as sent (no credentials) and the
    provider's response as received, plus retry attempts; `latency` is the wall time of the call in seconds
    (retries included) and `cost` its price in USD from the price table (None when unknown).
    """

    text: str
    calls: tuple[RequestedCall, ...] = ()
    usage: Usage = field(default_factory=Usage)
    stop_reason: str = "end_turn"
    model_id: str | None = None
    exchange: dict[str, Any] | None = None
    latency: float = 0.0
    cost: float | None = None


class ModelClient(Protocol):
    """Anything that turns (system prompt, messages, tools) into one completion."""

    model_id: str

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion: ...

    def close(self) -> None:
        """Release connections (called when the conversation ends)."""


@dataclass
class TurnResult:
    """What the agent did for one user turn."""

    steps: list[Step]
    reply: str
    stop_reason: Literal["reply", "step_limit", "time_limit", "run_limit", "error"] = "reply"
    run_ended: Literal["run_steps", "run_tokens", "run_seconds", "run_cost"] | None = None


class Conversation(Protocol):
    """A live session of an agent on one task: one `send` per user turn."""

    def send(self, text: str) -> TurnResult: ...

    def close(self) -> None:
        """Release what the conversation holds (called once, after the last turn or a failure)."""


class Agent(Protocol):
    """Drives all turns of one task in a sandbox (through the tool box)."""

    name: str
    model_id: str | None

    def open(self, stack: Stack, toolbox: ToolBox) -> Conversation: ...
