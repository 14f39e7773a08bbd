"""Offline E0 reference agents with a known precedence. `precedence/<order>` (e.g. `precedence/SP>PF>UI>TD>SD`)
follows, of a conflict pair's two statements, the one on the surface that comes first in `order`;
`precedence/later` follows the one it read later: the system prompt, then the project file in it, the tool
descriptions, the user's turn, and last a skill it loads. They read only what the agent is shown, so they also
check that each statement reaches its surface; what they then do is the task's `sides.yaml`."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..conflict import BY_ID, TEXTS, Side
from ..entries import TaskEntry
from ..files import load_yaml
from ..schema import PLACEABLE_SURFACES, Surface, field_errors
from ..script import Call
from ..stack import SKILL_TOOL
from ..trajectory import ToolSchema, Usage
from .base import Agent, Completion, Message, RequestedCall
from .loop import ToolLoopAgent

PRECEDENCE, LATER = "precedence", "later"
READ_LATER_FIRST = (Surface.SD, Surface.UI, Surface.TD, Surface.PF, Surface.SP)
SIDES = "sides.yaml"
PROJECT = "\n\nProject instructions ("
MARKER = re.compile(r"<<(\w+)>>")


class PrecedenceError(ValueError):
    """A precedence spec or a `sides.yaml` that cannot be played; the message names the spec or file and field."""


class Sides(BaseModel):
    """A task's script with `<<slot>>` markers, fixed slot values, and per pair the values of side a and side b."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: list[Call] = Field(min_length=1)
    reply: str
    slots: dict[str, str] = {}
    pairs: dict[str, dict[str, tuple[str, str]]]

    @classmethod
    def load(cls, path: Path) -> Sides:
        try:
            sides = cls.model_validate(load_yaml(path.read_text(encoding="utf-8")))
        except OSError as exc:
            raise PrecedenceError(f"{path}: the precedence agents need this file ({exc.strerror})") from None
        except (yaml.YAMLError, ValidationError) as exc:
            detail = field_errors(exc) if isinstance(exc, ValidationError) else str(exc)
            raise PrecedenceError(f"{path}: {detail}") from None
        missing = sorted(set(BY_ID) - set(sides.pairs))
        unknown = sorted(set(sides.pairs) - set(BY_ID))
        if missing or unknown:
            which = f"no values for {', '.join(missing)}" if missing else f"unknown {', '.join(unknown)}"
            raise PrecedenceError(f"{path}: pairs: {which} (the pairs are {', '.join(BY_ID)})")
        for side in ("a", "b"):
            sides.perform({p: side for p in BY_ID}, where=path)  # every marker resolves on either side
        return sides

    def perform(self, choices: Mapping[str, Side], where: Path | None = None) -> tuple[list[Call], str]:
        """The calls and the reply with every marker filled: each pair's slots from its chosen side (a when the
        pair is not in `choices`)."""
        values = dict(self.slots)
        for pair, slots in self.pairs.items():
            values.update({k: v[choices.get(pair, "a") == "b"] for k, v in slots.items()})

        def fill(text: str, depth: int = 0) -> str:
            def one(m: re.Match[str]) -> str:
                if m.group(1) not in values:
                    raise PrecedenceError(f"{where or SIDES}: slot <<{m.group(1)}>> has no value")
                if depth > 8:
                    raise PrecedenceError(f"{where or SIDES}: slot <<{m.group(1)}>> refers to itself")
                start = text.rfind("\n", 0, m.start()) + 1
                indent = text[start : m.start()]
                value = fill(values[m.group(1)], depth + 1)
                if not indent.isspace():
                    return value
                first, *rest = value.split("\n")
                return "\n".join([first, *(indent + line if line else line for line in rest)])

            return MARKER.sub(one, text)

        def walk(value: Any) -> Any:
            if isinstance(value, str):
                return fill(value)
            if isinstance(value, dict):
                return {k: walk(v) for k, v in value.items()}
            return [walk(v) for v in value] if isinstance(value, list) else value

        return [Call(tool=c.tool, args=walk(c.args)) for c in self.steps], fill(self.reply)


def visible(system: str, messages: list[Message], tools: list[ToolSchema]) -> dict[Surface, str]:
    """What the agent has been shown so far, by surface (a skill's body once it was loaded)."""
    instructions, _, project = system.partition(PROJECT)
    return {
        Surface.SP: instructions,
        Surface.PF: project,
        Surface.TD: "\n".join(t.description for t in tools),
        Surface.SD: "\n".join(m.text for m in messages if m.role == "tool"),
        Surface.UI: "\n".join(m.text for m in messages if m.role == "user"),
    }


def choose(order: tuple[Surface, ...], texts: Mapping[Surface, str]) -> dict[str, Side]:
    """For each pair whose statements were shown, the side placed on the surface that comes first in `order`."""
    rank = {s: k for k, s in enumerate(order)}
    choices: dict[str, Side] = {}
    for pair in TEXTS:
        best: dict[Side, int] = {}
        for side in ("a", "b"):
            found = [rank[s] for s, text in texts.items() if pair.text(side) in text]
            if found:
                best[side] = min(found)
        if best:
            choices[pair.id] = min(best, key=best.__getitem__)
    return choices


class PrecedenceClient:
    """Loads every offered skill first, then plays the task's sides script with each shown pair on the side its
    order prefers, one call per request like a model."""

    def __init__(self, order: tuple[Surface, ...], sides: Sides, model_id: str) -> None:
        self.order, self.sides, self.model_id = order, sides, model_id

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        users = [i for i, m in enumerate(messages) if m.role == "user"]
        step = sum(1 for m in messages[users[-1] :] if m.role == "assistant")
        skill = next((t for t in tools if t.name == SKILL_TOOL), None)
        loads = skill.parameters["properties"]["name"]["enum"] if skill is not None and len(users) == 1 else []
        if step < len(loads):
            call = RequestedCall(f"call_skill_{step}", SKILL_TOOL, json.dumps({"name": loads[step]}))
            return Completion("", (call,), Usage(calls=1), "tool_use", self.model_id)
        calls, reply = self.sides.perform(choose(self.order, visible(system, messages, tools)))
        k = step - len(loads)
        if len(users) == 1 and k < len(calls):
            call = RequestedCall(f"call_{k}", calls[k].tool, json.dumps(calls[k].args, ensure_ascii=False))
            return Completion("", (call,), Usage(calls=1), "tool_use", self.model_id)
        return Completion(reply, (), Usage(calls=1), "end_turn", self.model_id)

    def close(self) -> None:
        """Nothing to release: no connection."""


def parse_order(spec: str) -> tuple[Surface, ...]:
    """The order of `precedence/<order>`: `later`, or the five surfaces SP, TD, SD, PF, UI strongest first,
    separated by `>` or `,`."""
    text = spec.removeprefix(f"{PRECEDENCE}/").strip()
    if text == LATER:
        return READ_LATER_FIRST
    names = [n.strip().upper() for n in re.split(r"[>,]", text)]
    if sorted(names) != sorted(PLACEABLE_SURFACES):
        raise PrecedenceError(
            f"--harness-model={spec!r}: name each of SP, TD, SD, PF, UI once, strongest first "
            f"(e.g. {PRECEDENCE}/SP>PF>UI>TD>SD), or use {PRECEDENCE}/{LATER}"
        )
    return tuple(Surface(n) for n in names)


def name_of(order: tuple[Surface, ...]) -> str:
    """The canonical model name of an order (`precedence/SP>PF>UI>TD>SD`, `precedence/later`)."""
    return f"{PRECEDENCE}/{LATER if order == READ_LATER_FIRST else '>'.join(order)}"


def precedence_agent(order: tuple[Surface, ...], entry: TaskEntry) -> Agent:
    """The agent of `order` on `entry`, playing its `sides.yaml` (PrecedenceError when the task has none)."""
    name = name_of(order)
    return ToolLoopAgent(PrecedenceClient(order, Sides.load(entry.dir / SIDES), f"scripted:{name}"), name=name)
