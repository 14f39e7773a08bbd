"""TFAS (taskflow spec 4): S_k = 1 - JSD_2(P_k, Q_k) per component, TFAS = 100 * (S_L * S_T * S_R)^(1/3).

JSD_2 is the Jensen-Shannon *divergence* in bits, ½KL(P‖M) + ½KL(Q‖M), not scipy's `jensenshannon` (the distance,
its square root). 0·log 0 = 0; no smoothing. The score is always reported with its three components.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel

from ..schema import Intent
from .distributions import LengthMode, SessionCounts, TaskFlow, long_slice, task_flow
from .intents import TFAS_LABELS

COMPONENTS = ("L", "T", "R")
_CHUNK = 100


def _probabilities(values: Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    array = np.asarray(values, dtype=float)
    if array.ndim != 1 or (array < 0).any() or array.sum() <= 0:
        raise ValueError(f"{name}: expected a non-negative vector with positive mass")
    return array / array.sum()


def _kl_rows(a: np.ndarray, m: np.ndarray) -> np.ndarray:
    ratio = np.divide(a, m, out=np.ones_like(a), where=a > 0)
    return np.sum(a * np.log2(ratio), axis=-1)


def jsd2(p: Sequence[float] | np.ndarray, q: Sequence[float] | np.ndarray) -> float:
    """Jensen-Shannon divergence in bits (in [0, 1]) between two distributions on one support (normalised here)."""
    pp, qq = _probabilities(p, "p"), _probabilities(q, "q")
    if pp.shape != qq.shape:
        raise ValueError(f"p and q have different supports ({pp.size} vs {qq.size} cells)")
    m = (pp + qq) / 2
    return float(0.5 * _kl_rows(pp, m) + 0.5 * _kl_rows(qq, m))


def similarity(p: Sequence[float] | np.ndarray, q: Sequence[float] | np.ndarray) -> float:
    """S = 1 - JSD_2(p, q), in [0, 1]."""
    return 1.0 - jsd2(p, q)


def tfas_from_components(s_l: float, s_t: float, s_r: float) -> float:
    """TFAS on the 0-100 scale from the three similarities (each in [0, 1])."""
    return 100.0 * float(np.cbrt(s_l * s_t * s_r))


class Score(BaseModel):
    """TFAS and its three components (similarities in [0, 1], TFAS in [0, 100])."""

    tfas: float
    s_l: float
    s_t: float
    s_r: float


def score(target: TaskFlow, benchmark: TaskFlow) -> Score:
    """Score a benchmark Task Flow against a target."""
    s_l, s_t, s_r = (similarity(getattr(target, k), getattr(benchmark, k)) for k in COMPONENTS)
    return Score(tfas=tfas_from_components(s_l, s_t, s_r), s_l=s_l, s_t=s_t, s_r=s_r)


class Interval(BaseModel):
    """A percentile confidence interval."""

    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low


class Bootstrap(BaseModel):
    """Session-bootstrap intervals of TFAS and each component (target sessions resampled, benchmark fixed)."""

    replicates: int
    seed: int
    level: float
    tfas: Interval
    s_l: Interval
    s_t: Interval
    s_r: Interval


def _jsd_rows(p_rows: np.ndarray, q: np.ndarray) -> np.ndarray:
    p_rows = p_rows / p_rows.sum(axis=1, keepdims=True)
    q = q / q.sum()
    m = (p_rows + q) / 2
    return 0.5 * _kl_rows(p_rows, m) + 0.5 * _kl_rows(np.broadcast_to(q, p_rows.shape), m)


def similarity_rows(rows: np.ndarray, q: Sequence[float] | np.ndarray) -> np.ndarray:
    """S = 1 - JSD_2 of each row of `rows` (count or probability vectors, normalised here) against `q`; a row with
    no mass scores nan."""
    rows = np.asarray(rows, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return 1.0 - _jsd_rows(rows, np.asarray(q, dtype=float))


def bootstrap(target: Sequence[Sequence[Intent]], benchmark: TaskFlow, *, replicates: int = 1000, seed: int = 0,
              level: float = 0.95, length_mode: LengthMode = "raw") -> Bootstrap:
    """Resample whole target sessions with replacement `replicates` times (seeded) and recompute each S_k and TFAS
    against the fixed benchmark; percentile intervals at `level`."""
    counts = SessionCounts.of(target, length_mode)
    n = len(target)
    if n == 0:
        raise ValueError("bootstrap: the target has no sessions")
    rng = np.random.default_rng(seed)
    parts: dict[str, list[np.ndarray]] = {k: [] for k in COMPONENTS}
    for start in range(0, replicates, _CHUNK):  # bounded memory: a chunk of replicates x sessions weights
        weights = rng.multinomial(n, np.full(n, 1.0 / n), size=min(_CHUNK, replicates - start)).astype(float)
        for k in COMPONENTS:
            parts[k].append(1.0 - _jsd_rows(weights @ getattr(counts, k), np.asarray(getattr(benchmark, k))))
    sims = {k: np.concatenate(v) for k, v in parts.items()}
    values = {"s_l": sims["L"], "s_t": sims["T"], "s_r": sims["R"],
              "tfas": 100.0 * np.cbrt(sims["L"] * sims["T"] * sims["R"])}
    tail = 100.0 * (1.0 - level) / 2.0
    intervals = {name: Interval(low=float(np.percentile(v, tail)), high=float(np.percentile(v, 100.0 - tail)))
                 for name, v in values.items()}
    return Bootstrap(replicates=replicates, seed=seed, level=level, **intervals)


class Gap(BaseModel):
    """An intent the target uses and the benchmark lacks, with its target share of retained messages."""

    intent: Intent
    target_share: float


def gap_table(target: TaskFlow, benchmark: TaskFlow) -> list[Gap]:
    """The TFAS intents with target mass and no benchmark mass, most frequent in the target first."""
    gaps = [Gap(intent=label, target_share=p) for label, p, q in zip(TFAS_LABELS, target.T, benchmark.T, strict=True)
            if p > 0 and q == 0]
    return sorted(gaps, key=lambda g: -g.target_share)


class Comparison(BaseModel):
    """A benchmark scored against a target: both Task Flows, the score, its bootstrap and the gap table."""

    target: TaskFlow
    benchmark: TaskFlow
    score: Score
    bootstrap: Bootstrap | None
    gaps: list[Gap]
    min_messages: int
    length_mode: LengthMode


def compare(target: Sequence[Sequence[Intent]], benchmark: Sequence[Sequence[Intent]], *, min_messages: int = 3,
            length_mode: LengthMode = "raw", replicates: int = 1000, seed: int = 0) -> Comparison:
    """Score a benchmark's sessions against the target's long slice (sessions with >= `min_messages` messages; the
    benchmark is taken whole); `replicates=0` skips the bootstrap."""
    sliced = long_slice(target, min_messages, length_mode)
    if not sliced:
        raise ValueError(f"the target has no session with at least {min_messages} messages")
    target_flow, bench_flow = task_flow(sliced, length_mode), task_flow(benchmark, length_mode)
    for name, flow in (("target", target_flow), ("benchmark", bench_flow)):
        if not flow.messages:
            raise ValueError(f"the {name} has no message with a TFAS label (all greeting/meta-question/other)")
    return Comparison(
        target=target_flow,
        benchmark=bench_flow,
        score=score(target_flow, bench_flow),
        bootstrap=bootstrap(sliced, bench_flow, replicates=replicates, seed=seed, length_mode=length_mode)
        if replicates else None,
        gaps=gap_table(target_flow, bench_flow),
        min_messages=min_messages,
        length_mode=length_mode,
    )
