"""The compact per-model summary table printed at the end of a run and by `harnessif report`."""

from __future__ import annotations

from ..metrics.accuracy import ModelSummary

HEADER = ("model", "N", "pass", "fail", "n/a", "errors", "Acc", "AP-Acc", "delta")


def _pct(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{100 * value:+.1f}" if signed else f"{100 * value:.1f}"


def summary_table(summaries: list[ModelSummary]) -> str:
    """A fixed-width table, one row per model; accuracies in percent, delta in points."""
    rows = [HEADER] + [
        (
            s.model,
            str(s.n),
            str(s.passed),
            str(s.failed),
            str(s.na),
            str(s.error),
            _pct(s.acc),
            _pct(s.ap_acc),
            _pct(s.delta, signed=True),
        )
        for s in summaries
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    lines = [
        "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    ]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)
