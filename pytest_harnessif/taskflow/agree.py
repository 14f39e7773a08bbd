"""The classifier agreement check (taskflow spec 2): several models label the same >= 100 sessions; report the
pairwise exact agreement over messages and its mean (the paper: 79.2 / 73.7 / 75.5, mean 76.1)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from pydantic import BaseModel

from ..schema import Intent
from .classify import Classifier
from .corpora import Session

MIN_SESSIONS = 100


class AgreementError(ValueError):
    """Too few sessions or models for the agreement check."""


class PairAgreement(BaseModel):
    """Exact agreement (percent of messages) between two models."""

    a: str
    b: str
    agreement: float


class Agreement(BaseModel):
    """Pairwise agreement over the same messages, their mean, and how many fallbacks each model needed."""

    sessions: int
    messages: int
    pairs: list[PairAgreement]
    mean: float
    fallbacks: dict[str, int]


def agreement(labels: Mapping[str, Sequence[Intent]], sessions: int,
              fallbacks: Mapping[str, int] | None = None) -> Agreement:
    """Pairwise exact agreement of models' labels for the same messages (in the same order)."""
    if len(labels) < 2:
        raise AgreementError(f"the agreement check needs at least two models, got {len(labels)}")
    lengths = {len(v) for v in labels.values()}
    if len(lengths) != 1 or 0 in lengths:
        raise AgreementError("every model must label the same, non-empty list of messages")
    pairs = [PairAgreement(a=a, b=b, agreement=100.0 * sum(x == y for x, y in zip(labels[a], labels[b], strict=True))
                           / len(labels[a]))
             for a, b in combinations(labels, 2)]
    return Agreement(sessions=sessions, messages=len(next(iter(labels.values()))), pairs=pairs,
                     mean=sum(p.agreement for p in pairs) / len(pairs), fallbacks=dict(fallbacks or {}))


def sample_sessions(sessions: Sequence[Session], n: int, seed: int = 0) -> list[Session]:
    """A seeded random sample of `n` sessions (all of them, in order, if there are no more than `n`)."""
    if len(sessions) <= n:
        return list(sessions)
    return random.Random(seed).sample(list(sessions), n)


def run_agreement(sessions: Sequence[Session], classifiers: Mapping[str, Classifier], *, concurrency: int = 1,
                  min_sessions: int = MIN_SESSIONS) -> Agreement:
    """Label every message of `sessions` with each classifier and compare; refuses fewer than `min_sessions`."""
    if len(sessions) < min_sessions:
        raise AgreementError(f"the agreement check needs at least {min_sessions} sessions, got {len(sessions)}")
    texts = [m.text for s in sessions for m in s.messages]
    if not all(texts):
        raise AgreementError("the agreement check needs message text (this corpus has labels only)")
    results = {name: c.classify_many(texts, concurrency) for name, c in classifiers.items()}
    return agreement({name: [r.label for r in rs] for name, rs in results.items()}, len(sessions),
                     {name: sum(r.fallback for r in rs) for name, rs in results.items()})
