"""Verdict rows (dicts as in verdicts.jsonl) for the tests: one builder, and a small two-model sample built with it."""

from __future__ import annotations

from typing import Any


def verdict(
    model: str = "m", task: str = "t", rule: str = "XX-001", status: str = "pass", **columns: Any
) -> dict[str, Any]:
    """One complete verdict row with quiet defaults (round 1, main population, against-prior, must, regex, SP,
    output_control, require); `columns` override or add any column."""
    row: dict[str, Any] = {
        "model": model,
        "task": task,
        "scenario": "demo",
        "round": 1,
        "rule": rule,
        "family": "output_control",
        "modality": "require",
        "prior": "against_prior",
        "lineage": "curated",
        "surface": "SP",
        "severity": "must",
        "method": "regex",
        "status": status,
        "population": "main",
        "artifact": None,
    }
    row.update(columns)
    return row


def sample_rows() -> list[dict[str, Any]]:
    """model-a: 4 pass (2 against), 2 fail (1 against), 1 n/a, 1 error (against) -> Acc 4/6, AP-Acc 2/3.
    model-b: only n/a and error -> no accuracy at all. Code-style ast rules of task `mini`."""
    code_style = {"family": "code_style", "modality": "forbid", "method": "ast"}
    cells = [
        ("model-a", "CS-001", "pass", "against_prior"),
        ("model-a", "CS-002", "pass", "against_prior"),
        ("model-a", "CS-003", "pass", "align_prior"),
        ("model-a", "CS-004", "pass", "neutral"),
        ("model-a", "CS-005", "fail", "against_prior"),
        ("model-a", "CS-006", "fail", "align_prior"),
        ("model-a", "CS-007", "n/a", "against_prior"),
        ("model-a", "CS-008", "error", "against_prior"),
        ("model-b", "CS-001", "n/a", "against_prior"),
        ("model-b", "CS-002", "error", "align_prior"),
    ]
    return [verdict(model, "mini", rule, status, prior=prior, **code_style) for model, rule, status, prior in cells]
