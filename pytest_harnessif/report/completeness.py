"""Whether a run's records are a result or only part of one: what the summary, the HTML and `harnessif compare`
read before treating a run as comparable."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

POPULATIONS = {
    "main": "main panel",
    "zero_injection": "zero-injection prior probe (its own population, never pooled with the main panel)",
    "e0": "E0 conflict pilot (its own population, never pooled with the main panel)",
    "taskflow": "SWE-TaskFlow sessions (their own population, never pooled with the main panel)",
    "audit": "audit of imported logs (its own population, never pooled with the main panel)",
    "noncoding": "non-coding panel, scored by NC-Macro (its own population, never pooled with the main panel)",
}


@dataclass(frozen=True)
class Session:
    """How the session ended and what selected its items."""

    interrupted: bool = False
    last_failed: bool = False
    keyword: str = ""
    markexpr: str = ""
    stopped: bool = False  # -x / --maxfail ended it early
    not_run: Mapping[str, Sequence[str]] | None = None  # tasks the host could not run -> what it lacks


def completeness(expected: int, written: int, errors: int, session: Session) -> dict[str, Any]:
    """`complete`, `incomplete_reasons`, `verdicts_expected` and `verdicts_written` for summary.json. A run is
    complete only when every planned verdict (or E0 outcome) was written and none of them is an error."""
    reasons = []
    if session.interrupted:
        reasons.append("interrupted (Ctrl-C)")
    if session.stopped:
        reasons.append("stopped early (-x / --maxfail)")
    if session.last_failed:
        reasons.append("--lf: only the last failures were run")
    if session.keyword:
        reasons.append(f"-k {session.keyword!r} selected part of the panel")
    if session.markexpr:
        reasons.append(f"-m {session.markexpr!r} selected part of the panel")
    if session.not_run:
        lacks = sorted({need for needs in session.not_run.values() for need in needs})
        reasons.append(f"{len(session.not_run)} task(s) not run: the host lacks {', '.join(lacks)}")
    if written < expected and not reasons:
        reasons.append("only part of the rule library was collected")
    if errors:
        reasons.append(f"{errors} verdict{'s' * (errors != 1)} are errors, not results")
    return {
        "complete": not reasons,
        "incomplete_reasons": reasons,
        "verdicts_expected": expected,
        "verdicts_written": written,
    }


def partial_line(meta: Mapping[str, Any]) -> str | None:
    """One line saying a run is not a result (None for a complete run or records made before this was kept)."""
    if meta.get("complete", True):
        return None
    counts = f"{meta.get('verdicts_written', '?')} of {meta.get('verdicts_expected', '?')} verdicts"
    return f"PARTIAL RUN, not a result: {'; '.join(meta.get('incomplete_reasons', []))} ({counts})"


def population_line(population: str, zero_injection: str | None = None) -> str:
    """The population a run's rows belong to, in words."""
    name = POPULATIONS.get(population, population)
    return f"population: {name}" + (f", withholding {zero_injection}" if zero_injection else "")
