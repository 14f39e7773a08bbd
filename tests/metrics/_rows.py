"""Verdict-row builders for the metrics and report tests."""

from __future__ import annotations

from typing import Any


def v(model: str, task: str, rule: str, status: str, round: int = 1, **fields: Any) -> dict[str, Any]:
    """One verdict row with quiet defaults (against-prior, must, regex, SP, output_control, require)."""
    row: dict[str, Any] = {
        "model": model,
        "task": task,
        "scenario": "demo",
        "round": round,
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
    row.update(fields)
    return row


def grid(statuses: dict[tuple[str, str, str], str], **fields: Any) -> list[dict[str, Any]]:
    """Rows from {(model, task, rule): status}, all in round 1."""
    return [v(m, t, r, s, **fields) for (m, t, r), s in statuses.items()]
