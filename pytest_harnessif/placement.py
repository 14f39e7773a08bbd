"""Admissibility and the seeded placement of each injected rule on one surface."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .digest import seed as seed_of
from .entries import RuleEntry, TaskEntry
from .schema import Surface, Task
from .stack import BUILTIN_SCHEMAS, SKILL_TOOL


class PlacementError(ValueError):
    """A rule that cannot be placed in a task; the message names the task file and field."""


def admissible(rule: RuleEntry, task: Task) -> list[Surface]:
    """The surfaces `rule` may be placed on in `task`: its worded surfaces whose tool/skill the task offers."""
    skills = {s.name for s in task.skills}
    tools = set(BUILTIN_SCHEMAS) | {t.name for t in task.tools} | ({SKILL_TOOL} if skills else set())
    out = []
    for surface, wording in rule.meta.surfaces.items():
        if surface is Surface.TD and wording.tool not in tools:
            continue
        if surface is Surface.SD and wording.skill not in skills:
            continue
        out.append(surface)
    return sorted(out)


def place(entry: TaskEntry, rules: Mapping[str, RuleEntry], seed: int) -> dict[str, Surface]:
    """Each injected rule's surface, drawn uniformly among admissible ones; depends only on (seed, task, rule)."""
    placement: dict[str, Surface] = {}
    for i, ref in enumerate(entry.task.rules):
        options = admissible(rules[ref.id], entry.task)
        if not options:
            raise PlacementError(
                f"{entry.dir / 'task.yaml'}: rules.{i}: rule {ref.id} has no admissible surface in this task "
                f"(worded for {sorted(rules[ref.id].meta.surfaces)}; tools/skills it names are not offered)"
            )
        placement[ref.id] = random.Random(seed_of(seed, entry.task.id, ref.id)).choice(options)
    return placement
