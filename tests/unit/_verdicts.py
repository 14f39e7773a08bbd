"""Verdict rows for the metrics, records, terminal and cli tests."""

from __future__ import annotations

from typing import Any


def row(
    model: str, rule: str, status: str, prior: str = "against_prior", task: str = "mini", **fields: Any
) -> dict[str, Any]:
    """A complete verdict row; `fields` override or add any column."""
    return {
        "model": model,
        "task": task,
        "scenario": "demo",
        "round": 1,
        "rule": rule,
        "family": "code_style",
        "modality": "forbid",
        "prior": prior,
        "lineage": "curated",
        "surface": "SP",
        "severity": "must",
        "method": "ast",
        "status": status,
        **fields,
    }


def sample_rows() -> list[dict[str, Any]]:
    """model-a: 4 pass (2 against), 2 fail (1 against), 1 n/a, 1 error (against) -> Acc 4/6, AP-Acc 2/3.
    model-b: only n/a and error -> no accuracy at all."""
    return [
        row("model-a", "CS-001", "pass", "against_prior"),
        row("model-a", "CS-002", "pass", "against_prior"),
        row("model-a", "CS-003", "pass", "align_prior"),
        row("model-a", "CS-004", "pass", "neutral"),
        row("model-a", "CS-005", "fail", "against_prior"),
        row("model-a", "CS-006", "fail", "align_prior"),
        row("model-a", "CS-007", "n/a", "against_prior"),
        row("model-a", "CS-008", "error", "against_prior"),
        row("model-b", "CS-001", "n/a", "against_prior"),
        row("model-b", "CS-002", "error", "align_prior"),
    ]
