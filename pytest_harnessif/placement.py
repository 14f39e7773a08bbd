"""Admissibility and the seeded placement of each injected rule on one surface."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .digest import seed as seed_of
from .entries import RuleEntry, TaskEntry
from .rulemeta import Fit
from .schema import Surface, Task
from .stack import BUILTIN_SCHEMAS, SKILL_TOOL


class PlacementError(ValueError):
    """A rule that cannot be placed in a task; the message names the task file and field."""


def admissible(rule: RuleEntry, task: Task, threshold: Fit = Fit.medium) -> list[Surface]:
    """The surfaces `rule` may be placed on in `task`: those whose fit reaches `threshold` and whose tool or
    skill (TD, SD) the task offers."""
    skills = {s.name for s in task.skills}
    tools = set(BUILTIN_SCHEMAS) | {t.name for t in task.tools} | ({SKILL_TOOL} if skills else set())
    out = []
    for surface in rule.meta.admissible(threshold):
        wording = rule.meta.surfaces[surface]
        if surface is Surface.TD and wording.tool not in tools:
            continue
        if surface is Surface.SD and wording.skill not in skills:
            continue
        out.append(surface)
    return sorted(out)


def place(
    entry: TaskEntry, rules: Mapping[str, RuleEntry], seed: int, threshold: Fit = Fit.medium
) -> dict[str, Surface]:
    """Each injected rule's surface, drawn uniformly among admissible ones; depends only on (seed, task, rule)."""
    placement: dict[str, Surface] = {}
    for i, ref in enumerate(entry.task.rules):
        options = admissible(rules[ref.id], entry.task, threshold)
        if not options:
            fit = " ".join(f"{s}:{f}" for s, f in sorted(rules[ref.id].meta.fit.items()))
            raise PlacementError(
                f"{entry.dir / 'task.yaml'}: rules.{i}: rule {ref.id} has no admissible surface in this task at fit "
                f"{threshold} or above (its fit: {fit}; TD/SD surfaces need the tool or skill they name offered)"
            )
        placement[ref.id] = random.Random(seed_of(seed, entry.task.id, ref.id)).choice(options)
    return placement
