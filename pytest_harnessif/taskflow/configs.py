"""The experimental conditions as datasets (taskflow spec 8-9): each configuration turns an instance's issue and
questions into one ordered list of typed turns, or leaves the task out with a reason.

- `single`: the original prompt as one message;            `split`: the three issue turns;
- `concat`: the three issue turns joined into one message;   `qa-only`: the questions alone;
- `qa-first` / `qa-last`: the questions before / after the issue turns; `qa-random`: each question in a seeded random
  slot (before turn 1, between turns, after turn 3), questions in their given order;
- `tfas`: per task, how many questions and where, chosen by the TFAS optimiser (`optimise`).

Tasks without a split (atomic, or one that broke the contract) exist only in `single`; tasks without a kept
question are left out of the QA placements and QA-only (the paper's placement ablation runs the tasks that carry
questions in every arm) but keep their three issue turns in `tfas`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

from ..digest import seed as mix_seed
from ..schema import Intent
from ..swe import CONFIG_NAMES, JOIN, FlowTurn, Instance
from .augment import Question

CONFIGS = CONFIG_NAMES
SLOTS = 4  # before issue turn 1, 2, 3, and after the last (spec 8)
Labeler = Callable[[list[str]], list[Intent]]


@dataclass(frozen=True)
class Prepared:
    """What an instance's configurations are made of: the issue turns (None: no usable split, and why) and the
    questions that passed their proofs, each turn labelled."""

    instance: Instance
    prompt_intent: Intent
    split: tuple[FlowTurn, ...] | None
    concat: FlowTurn | None
    questions: tuple[FlowTurn, ...] = ()
    no_split: str | None = None
    dropped: dict[str, str] = field(default_factory=dict)  # question id -> why it was not kept


def asked(question: Question, intent: Intent) -> FlowTurn:
    return FlowTurn(kind="question", text=question.text, intent=intent, question=question.id,
                    reference=question.reference, evidence=question.evidence)  # fmt: skip


def arrange(issue: Sequence[FlowTurn], questions: Sequence[FlowTurn], slots: Sequence[int]) -> list[FlowTurn]:
    """Issue turns with question k placed in slot `slots[k]` (slot s: before issue turn s; len(issue): after)."""
    out: list[FlowTurn] = []
    for s in range(len(issue) + 1):
        out += [q for q, at in zip(questions, slots, strict=True) if at == s]
        if s < len(issue):
            out.append(issue[s])
    return out


def options(p: Prepared) -> list[list[FlowTurn]]:
    """Every admissible flow of a split task (spec 8): any subset of its questions (in given order) in any
    non-decreasing slot assignment; sum_n C(a,n) C(n+3,n) of them (63 for a = 3), the no-question flow first."""
    assert p.split is not None
    found = []
    for n in range(len(p.questions) + 1):
        for chosen in combinations(p.questions, n):
            for slots in combinations_with_replacement(range(SLOTS), n):
                found.append(arrange(p.split, chosen, slots))
    return found


def build(config: str, p: Prepared, seed: int, chosen: dict[str, list[FlowTurn]] | None = None) -> list[FlowTurn] | str:
    """The turns of `p` under `config`, or why the task is left out; `tfas` reads the optimiser's choice."""
    if config == "single":
        return [FlowTurn(kind="issue", text=p.instance.prompt, intent=p.prompt_intent)]
    if p.split is None or p.concat is None:
        return f"no split: {p.no_split}"
    if config == "split":
        return list(p.split)
    if config == "concat":
        return [p.concat]
    if config == "tfas":
        assert chosen is not None
        return chosen[p.instance.task_id]
    if not p.questions:
        return "no kept question"
    if config == "qa-only":
        return list(p.questions)
    rng = random.Random(mix_seed(seed, p.instance.instance_id))
    slots = {
        "qa-first": [0] * len(p.questions),
        "qa-last": [SLOTS - 1] * len(p.questions),
        "qa-random": sorted(rng.randrange(SLOTS) for _ in p.questions),
    }[config]
    return arrange(p.split, p.questions, slots)


def join(turns: Sequence[FlowTurn], intent: Intent) -> FlowTurn:
    """Issue turns merged into one message (the Concat control)."""
    return FlowTurn(kind="issue", text=JOIN.join(t.text for t in turns), intent=intent)
