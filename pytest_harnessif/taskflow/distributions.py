"""Task Flow distributions (taskflow spec 3): session lengths P_L, task types P_T and transitions P_R.

Per session: drop `greeting`, `meta-question` and `other` (the neighbours of a dropped message become adjacent),
then count the 13 retained labels and the edges START→a1, a1→a2, …, am→END. Counts are summed over sessions and
each of L, T and R is normalised separately. Session length is the raw number of user messages by default
(`length_mode="filtered"` counts retained messages; a session filtered to nothing then has no length and leaves
L as well). A raw-mode session filtered to nothing counts in L only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

import numpy as np
from pydantic import BaseModel

from ..schema import Intent
from .intents import TFAS_LABELS, is_kept

LengthMode = Literal["raw", "filtered"]
LENGTH_BINS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6-10", "11+")
START, END = "START", "END"
EDGE_SOURCES: tuple[str, ...] = (START, *(label.value for label in TFAS_LABELS))
EDGE_TARGETS: tuple[str, ...] = (*(label.value for label in TFAS_LABELS), END)
EDGES: tuple[tuple[str, str], ...] = tuple((a, b) for a in EDGE_SOURCES for b in EDGE_TARGETS)
"""The 14 x 14 = 196 transition cells, row-major by source."""

_T_INDEX = {label: i for i, label in enumerate(TFAS_LABELS)}
_SOURCE_INDEX = {name: i for i, name in enumerate(EDGE_SOURCES)}
_TARGET_INDEX = {name: i for i, name in enumerate(EDGE_TARGETS)}


def length_bin(n: int) -> int:
    """Index into LENGTH_BINS of a session with `n` >= 1 messages."""
    if n < 1:
        raise ValueError(f"a session length is at least 1, got {n}")
    return n - 1 if n <= 5 else (5 if n <= 10 else 6)


def retained(labels: Sequence[Intent]) -> list[Intent]:
    """The labels TFAS keeps, in order (dropped ones spliced out)."""
    return [label for label in labels if is_kept(label)]


def session_length(labels: Sequence[Intent], length_mode: LengthMode = "raw") -> int:
    """A session's length: raw message count, or the count after filtering."""
    return len(labels) if length_mode == "raw" else len(retained(labels))


def edges(labels: Sequence[Intent]) -> list[tuple[str, str]]:
    """The m+1 edges of a session's filtered sequence, START and END included (none if it filters to nothing)."""
    kept = [label.value for label in retained(labels)]
    if not kept:
        return []
    path = [START, *kept, END]
    return list(pairwise(path))


def long_slice(sequences: Sequence[Sequence[Intent]], min_messages: int = 3,
               length_mode: LengthMode = "raw") -> list[Sequence[Intent]]:
    """The sessions with at least `min_messages` messages (the paper's long-session target uses 3)."""
    return [s for s in sequences if session_length(s, length_mode) >= min_messages]


class TaskFlow(BaseModel):
    """A corpus-level Task Flow: the three normalised vectors (on LENGTH_BINS, TFAS_LABELS, EDGES) and the counts
    behind them."""

    L: list[float]
    T: list[float]
    R: list[float]
    sessions: int
    messages: int
    edges: int

    def vectors(self) -> dict[str, dict[str, float]]:
        """The three vectors keyed by bin, label and `source->target` edge, ready to publish."""
        return {
            "L": dict(zip(LENGTH_BINS, self.L, strict=True)),
            "T": dict(zip((label.value for label in TFAS_LABELS), self.T, strict=True)),
            "R": {f"{a}->{b}": p for (a, b), p in zip(EDGES, self.R, strict=True)},
        }


def _normalise(counts: np.ndarray) -> np.ndarray:
    total = counts.sum(axis=-1, keepdims=True)
    return np.divide(counts, total, out=np.zeros_like(counts, dtype=float), where=total > 0)


@dataclass(frozen=True)
class SessionCounts:
    """Per-session count rows (sessions x bins, labels, edges), so resampled Task Flows are one matrix product."""

    L: np.ndarray
    T: np.ndarray
    R: np.ndarray

    @classmethod
    def of(cls, sequences: Sequence[Sequence[Intent]], length_mode: LengthMode = "raw") -> SessionCounts:
        n = len(sequences)
        lengths, tasks, trans = np.zeros((n, len(LENGTH_BINS))), np.zeros((n, len(TFAS_LABELS))), np.zeros(
            (n, len(EDGES)))
        for row, labels in enumerate(sequences):
            length = session_length(labels, length_mode)
            if length:
                lengths[row, length_bin(length)] = 1
            for label in retained(labels):
                tasks[row, _T_INDEX[label]] += 1
            for a, b in edges(labels):
                trans[row, _SOURCE_INDEX[a] * len(EDGE_TARGETS) + _TARGET_INDEX[b]] += 1
        return cls(lengths, tasks, trans)

    def flow(self, weights: np.ndarray | None = None) -> TaskFlow:
        """The Task Flow of these sessions, each counted `weights[i]` times (default once)."""
        w = np.ones(len(self.L)) if weights is None else weights
        lengths, tasks, trans = w @ self.L, w @ self.T, w @ self.R
        return TaskFlow(L=_normalise(lengths).tolist(), T=_normalise(tasks).tolist(), R=_normalise(trans).tolist(),
                        sessions=int(lengths.sum()), messages=int(tasks.sum()), edges=int(trans.sum()))


def task_flow(sequences: Sequence[Sequence[Intent]], length_mode: LengthMode = "raw") -> TaskFlow:
    """The Task Flow (P_L, P_T, P_R) of labelled sessions."""
    return SessionCounts.of(sequences, length_mode).flow()
