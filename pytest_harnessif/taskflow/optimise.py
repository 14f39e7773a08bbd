"""The TFAS-optimised selection (taskflow spec 8): one flow per task, chosen among its admissible options (how many
questions and where) to maximise TFAS of the whole benchmark against a target, by randomised local search.

The spec leaves the details open; this follows its recommendation: a shared seeded generator; each restart starts
from a uniformly random option per task; a sweep visits the tasks in a fresh random order and moves each to its best
option given all others (ties keep the current one); a restart stops after a sweep without a move or after
`sweeps`; the best assignment over restarts wins. Count vectors are updated incrementally, so a move scores all of
a task's options in one vectorised step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..schema import Intent
from ..swe import FlowTurn
from .distributions import SessionCounts, TaskFlow
from .tfas import similarity_rows

RESTARTS, SWEEPS, SEED = 64, 20, 0


@dataclass(frozen=True)
class Selection:
    """The chosen option index per task and the TFAS it reaches, with its components."""

    choice: list[int]
    tfas: float
    s_l: float
    s_t: float
    s_r: float


def _scores(cl: np.ndarray, ct: np.ndarray, cr: np.ndarray, target: TaskFlow) -> np.ndarray:
    sims = [similarity_rows(np.atleast_2d(c), getattr(target, k)) for c, k in ((cl, "L"), (ct, "T"), (cr, "R"))]
    tfas = 100.0 * np.cbrt(sims[0] * sims[1] * sims[2])
    return np.nan_to_num(tfas, nan=-1.0)


def optimise(options: Sequence[Sequence[Sequence[FlowTurn]]], target: TaskFlow, *, seed: int = SEED,
             restarts: int = RESTARTS, sweeps: int = SWEEPS) -> Selection:  # fmt: skip
    """Pick one option per task (`options[task][k]` is a flow) maximising TFAS against `target`."""
    counts = [SessionCounts.of([[Intent(t.intent) for t in flow] for flow in task]) for task in options]
    rng = np.random.default_rng(seed)
    best: tuple[float, list[int]] | None = None
    for _ in range(restarts):
        choice = [int(rng.integers(len(task))) for task in options]
        cl, ct, cr = (sum(getattr(c, k)[i] for c, i in zip(counts, choice, strict=True)) for k in ("L", "T", "R"))
        for _ in range(sweeps):
            moved = False
            for task in rng.permutation(len(options)):
                c, now = counts[task], choice[task]
                cl, ct, cr = cl - c.L[now], ct - c.T[now], cr - c.R[now]
                scores = _scores(cl + c.L, ct + c.T, cr + c.R, target)
                pick = int(np.argmax(scores))
                if scores[pick] > scores[now] + 1e-12:
                    choice[task], now, moved = pick, pick, True
                cl, ct, cr = cl + c.L[now], ct + c.T[now], cr + c.R[now]
            if not moved:
                break
        score = float(_scores(cl, ct, cr, target)[0])
        if best is None or score > best[0]:
            best = (score, list(choice))
    assert best is not None, "optimise: at least one restart"
    chosen = [options[t][k] for t, k in enumerate(best[1])]
    labels = [[Intent(t.intent) for t in flow] for flow in chosen]
    flow = SessionCounts.of(labels).flow()
    s_l, s_t, s_r = (float(similarity_rows(np.atleast_2d(getattr(flow, k)), getattr(target, k))[0]) for k in "LTR")
    return Selection(choice=best[1], tfas=best[0], s_l=s_l, s_t=s_t, s_r=s_r)


def shape(flows: Sequence[Sequence[FlowTurn]]) -> dict[str, dict[str, int]]:
    """The selection as the paper reports it: sessions by number of questions, by pattern (questions only before,
    only after, or interleaved with the issue turns), and questions by position."""
    by_count: dict[str, int] = {}
    pattern = {"before": 0, "after": 0, "interleaved": 0}
    position = {"before the first issue turn": 0, "between issue turns": 0, "after the last issue turn": 0}
    for flow in flows:
        kinds = [t.kind for t in flow]
        asked = [i for i, k in enumerate(kinds) if k == "question"]
        by_count[str(len(asked))] = by_count.get(str(len(asked)), 0) + 1
        if not asked:
            continue
        issue = [i for i, k in enumerate(kinds) if k == "issue"]
        where = ["before the first issue turn" if i < issue[0] else "after the last issue turn" if i > issue[-1]
                 else "between issue turns" for i in asked]  # fmt: skip
        for w in where:
            position[w] += 1
        only = set(where)
        pattern["before" if only == {"before the first issue turn"} else "after"
                if only == {"after the last issue turn"} else "interleaved"] += 1  # fmt: skip
    return {"sessions_by_questions": dict(sorted(by_count.items())), "pattern": pattern, "positions": position}
