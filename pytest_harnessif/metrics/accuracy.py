"""Acc, AP-Acc and delta per model (spec 5.1, 5.4) from verdict rows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class ModelSummary:
    """Counts and accuracies of one model. Accuracies are None when nothing is eligible."""

    model: str
    n: int
    passed: int
    failed: int
    na: int
    error: int
    acc: float | None
    ap_eligible: int
    ap_acc: float | None

    @property
    def delta(self) -> float | None:
        """Acc - AP-Acc (spec 5.4); positive when the model does better where it would comply anyway."""
        return None if self.acc is None or self.ap_acc is None else self.acc - self.ap_acc

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "delta": self.delta}


def _acc(rows: list[Mapping[str, Any]]) -> tuple[int, float | None]:
    eligible = [r for r in rows if r["status"] in ("pass", "fail")]
    if not eligible:
        return 0, None
    return len(eligible), sum(r["status"] == "pass" for r in eligible) / len(eligible)


def summarize(rows: Iterable[Mapping[str, Any]]) -> list[ModelSummary]:
    """One summary per model, sorted by model name. Only pass/fail enter Acc; n/a and error never do."""
    by_model: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_model.setdefault(row["model"], []).append(row)
    out = []
    for model in sorted(by_model):
        group = by_model[model]
        count = {s: sum(r["status"] == s for r in group) for s in ("pass", "fail", "n/a", "error")}
        _, acc = _acc(group)
        ap_n, ap_acc = _acc([r for r in group if r["prior"] == "against_prior"])
        out.append(
            ModelSummary(
                model, len(group), count["pass"], count["fail"], count["n/a"], count["error"], acc, ap_n, ap_acc
            )
        )
    return out
