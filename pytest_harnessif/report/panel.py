"""The task panel described from its files: per task (turns, intents, injected and scorable rules, where the rules
land, check methods), per scenario and overall, and the TFAS of its turn flows against a target with what
limits each component (`harnessif panel`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np
from pydantic import BaseModel

from ..entries import RuleEntry, TaskEntry
from ..rulemeta import Family, Verifiability
from ..schema import DETERMINISTIC_METHODS, PLACEABLE_SURFACES, Intent, Prior, Surface
from ..taskflow.distributions import EDGES, LENGTH_BINS, length_bin
from ..taskflow.intents import TFAS_LABELS
from ..taskflow.tfas import Comparison, similarity
from .terminal import text_table

CODES = {
    Intent.tests: "TE", Intent.bug_fix: "BF", Intent.new_feature: "NF", Intent.generate_docs: "GD",
    Intent.refactor: "RF", Intent.transformation: "TR", Intent.debug: "DB", Intent.planning: "PL",
    Intent.explain: "EP", Intent.question: "QU", Intent.meta_question: "MQ", Intent.code_review: "CR",
    Intent.execute: "EX", Intent.data_analysis: "DA", Intent.greeting: "GR", Intent.other: "OT",
}


# the bundled coding panel's bounds per task (issue "The coding panel"): user turns, injected rules, and
# injected rules with a declared opportunity
BOUNDS: dict[str, tuple[int, int]] = {"turns": (6, 10), "rules": (25, 35), "scorable": (10, 27)}
NONCODING_BOUNDS: dict[str, tuple[int, int]] = {"turns": (1, 4), "writing rules": (8, 20)}


class TaskStats(BaseModel):
    """One task as the panel report sees it; `scorable` is None when the task declares no opportunities."""

    task: str
    scenario: str
    languages: list[str]
    repo: str
    turns: int
    intents: list[Intent]
    injected: int
    scorable: int | None
    against_scorable: int | None
    surfaces: dict[str, int]
    deterministic: int
    judged: int


def task_stats(
    tasks: Mapping[str, TaskEntry], rules: Mapping[str, RuleEntry], placed: Mapping[tuple[str, str], Surface]
) -> list[TaskStats]:
    """Per task, in (scenario, id) order; `placed` is the panel's placement ((task, rule) -> surface)."""
    out = []
    for task_id, entry in sorted(tasks.items(), key=lambda kv: (kv[1].task.scenario, kv[0])):
        task = entry.task
        declared = all(ref.opportunity is not None for ref in task.rules)
        scorable = [ref.id for ref in task.rules if ref.opportunity]
        methods = [rules[ref.id].meta.method for ref in task.rules]
        landed = Counter(str(placed[task_id, ref.id]) for ref in task.rules if (task_id, ref.id) in placed)
        out.append(TaskStats(
            task=task_id,
            scenario=task.scenario,
            languages=task.languages,
            repo=task.repo or f"{task_id}/repo",
            turns=len(task.turns),
            intents=[t.intent for t in task.turns],
            injected=len(task.rules),
            scorable=len(scorable) if declared else None,
            against_scorable=sum(rules[r].meta.prior is Prior.against for r in scorable) if declared else None,
            surfaces={str(s): landed[str(s)] for s in PLACEABLE_SURFACES},
            deterministic=sum(m in DETERMINISTIC_METHODS for m in methods),
            judged=sum(m not in DETERMINISTIC_METHODS for m in methods),
        ))
    return out


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.0f}%" if total else "-"


def _scorable(group: Sequence[TaskStats]) -> str:
    return "?" if any(s.scorable is None for s in group) else str(sum(s.scorable or 0 for s in group))


def task_table(stats: Sequence[TaskStats]) -> str:
    """One row per task: scenario, languages, turns, intents (two-letter codes), rules injected and scorable
    (against-prior among them), where the rules land, deterministic / judge-based shares."""
    rows = [
        (
            s.task, s.scenario, ",".join(s.languages), str(s.turns), " ".join(CODES[i] for i in s.intents),
            str(s.injected), "?" if s.scorable is None else f"{s.scorable} ({s.against_scorable})",
            *(str(s.surfaces[str(x)]) for x in PLACEABLE_SURFACES),
            _pct(s.deterministic, s.injected), _pct(s.judged, s.injected),
        )
        for s in stats
    ]
    header = ("task", "scenario", "lang", "turns", "intents", "rules", "scorable (against)",
              *(str(x) for x in PLACEABLE_SURFACES), "det", "judge")
    return text_table(header, rows, left=(0, 1, 2, 4))


def scenario_table(stats: Sequence[TaskStats]) -> str:
    """Per scenario and overall: tasks, turns, rules injected and scorable, surface and method shares."""
    groups: dict[str, list[TaskStats]] = {}
    for s in stats:
        groups.setdefault(s.scenario, []).append(s)
    rows = []
    for name, group in [*sorted(groups.items()), ("all", list(stats))]:
        injected = sum(s.injected for s in group)
        landed = {str(x): sum(s.surfaces[str(x)] for s in group) for x in PLACEABLE_SURFACES}
        placed = sum(landed.values())
        rows.append((
            name, str(len(group)), str(sum(s.turns for s in group)), str(injected), _scorable(group),
            *(_pct(landed[str(x)], placed) for x in PLACEABLE_SURFACES),
            _pct(sum(s.deterministic for s in group), injected), _pct(sum(s.judged for s in group), injected),
        ))
    header = ("scenario", "tasks", "turns", "rules", "scorable", *(str(x) for x in PLACEABLE_SURFACES), "det", "judge")
    return text_table(header, rows)


def intent_line(stats: Sequence[TaskStats]) -> str:
    counts = Counter(i for s in stats for i in s.intents)
    legend = ", ".join(f"{CODES[i]} {i.value} {counts[i]}" for i in Intent if counts[i])
    return f"intents ({sum(counts.values())} turns): {legend}"


def rules_line(tasks: Mapping[str, TaskEntry], rules: Mapping[str, RuleEntry], kind: str = "coding",
               shown: int = 12) -> str:
    """How many distinct library rules the panel's `kind` tasks inject (and give an opportunity), out of the rules
    such a task may take (not subjective, not professional writing in a coding task), and which it never injects."""
    mine = [e.task for e in tasks.values() if e.task.kind == kind]
    injected = {r.id for t in mine for r in t.rules}
    scorable = {r.id for t in mine for r in t.rules if r.opportunity}
    writing = kind == "coding"
    takes = {i for i, e in rules.items() if e.meta.verifiability is not Verifiability.subjective
             and (e.meta.family is Family.professional_writing) != writing}
    never = sorted(takes - injected)
    listed = ", ".join(never[:shown]) + (f", ... ({len(never) - shown} more)" if len(never) > shown else "")
    return (f"rules: {len(injected)} distinct injected ({len(scorable)} with an opportunity) of the {len(takes)} a "
            f"{kind.replace('_', '-')} task may take" + (f"; never injected: {listed}" if never else ""))


def limits(comparison: Comparison, length_bound: tuple[int, int] | None = None, top: int = 3) -> list[str]:
    """What holds each TFAS component down: for S_L the length bins (and, given the panel's turn bound, the best
    S_L any panel within it could reach), for S_T the intents furthest from the target's shares, for S_R the
    target's heaviest transitions the panel under-represents and the panel's heaviest ones the target lacks."""
    target, bench = comparison.target, comparison.benchmark
    lines = []
    used = [f"{b} {100 * q:.0f}% (target {100 * p:.0f}%)" for b, p, q in zip(LENGTH_BINS, target.L, bench.L,
                                                                             strict=True) if q]
    line = f"S_L {100 * comparison.score.s_l:.1f}: panel lengths " + ", ".join(used)
    if length_bound:
        bins = sorted({length_bin(n) for n in range(length_bound[0], length_bound[1] + 1)})
        best = max(similarity(target.L, q) for q in _mixtures(len(LENGTH_BINS), bins))
        line += (f"; with {length_bound[0]}-{length_bound[1]} turns per task no panel scores above "
                 f"{100 * best:.1f}")
    lines.append(line)
    gaps = sorted(zip(TFAS_LABELS, target.T, bench.T, strict=True), key=lambda x: -abs(x[1] - x[2]))[:top]
    lines.append(f"S_T {100 * comparison.score.s_t:.1f}: furthest intents " + ", ".join(
        f"{label.value} {100 * q:.0f}% (target {100 * p:.0f}%)" for label, p, q in gaps))
    cells = list(zip(EDGES, target.R, bench.R, strict=True))
    under = sorted((c for c in cells if c[1] > c[2]), key=lambda c: c[2] - c[1])[:top]
    extra = sorted((c for c in cells if c[1] == 0 and c[2] > 0), key=lambda c: -c[2])[:top]
    lines.append(f"S_R {100 * comparison.score.s_r:.1f}: under-represented " + ", ".join(
        f"{a}->{b} {100 * q:.0f}% (target {100 * p:.0f}%)" for (a, b), p, q in under)
        + ("; absent from the target " + ", ".join(f"{a}->{b} {100 * q:.0f}%" for (a, b), _, q in extra)
           if extra else ""))
    return lines


def _mixtures(size: int, bins: Sequence[int], steps: int = 20) -> list[np.ndarray]:
    """Length distributions on `bins` only, on a grid of `steps` (the bound lets a panel mix those bins)."""
    out = []

    def fill(prefix: list[int], left: int) -> None:
        if len(prefix) == len(bins) - 1:
            vec = np.zeros(size)
            for b, n in zip(bins, [*prefix, left], strict=True):
                vec[b] = n / steps
            out.append(vec)
            return
        for n in range(left + 1):
            fill([*prefix, n], left - n)

    fill([], steps)
    return out


def out_of_bounds(stats: Sequence[TaskStats], bounds: Mapping[str, tuple[int, int]] = BOUNDS) -> list[str]:
    """`task: field value (bound lo-hi)` for every task outside a bound (an undeclared opportunity counts)."""
    out = []
    for s in stats:
        values = {"turns": s.turns, "rules": s.injected, "scorable": s.scorable}
        for field, (lo, hi) in bounds.items():
            value = values[field]
            if value is None or not lo <= value <= hi:
                shown = "undeclared" if value is None else str(value)
                out.append(f"{s.task}: {field} {shown} (bound {lo}-{hi})")
    return out
