"""Terminal tables: the compact per-model summary printed at the end of a run and by `harnessif report`, and
the full tables (`--harness-report=full`): accuracy columns, family x model and surface."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from ..metrics import accuracy, noncoding, taxonomy
from ..metrics.accuracy import ModelSummary
from ..metrics.judged import JUDGE_METHODS
from ..metrics.panel import Panels, Rows, as_panels
from ..metrics.populations import NONCODING
from .format import interval, pct

HEADER = ("model", "N", "pass", "fail", "n/a", "errors", "unjudged", "Acc", "AP-Acc", "delta")


def text_table(header: Sequence[str], rows: Iterable[Sequence[str]], left: Collection[int] = (0,)) -> str:
    """Fixed-width table: the `left` columns (by index; the first by default) left-aligned, the others
    right-aligned, a rule under the header."""
    cells = [tuple(header), *(tuple(r) for r in rows)]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = [
        "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        .rstrip()
        for r in cells
    ]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def _compact(summaries: list[ModelSummary]) -> str:
    return text_table(
        HEADER,
        (
            (
                s.model,
                str(s.n),
                str(s.passed),
                str(s.failed),
                str(s.na),
                str(s.error),
                str(s.unjudged),
                pct(s.acc),
                pct(s.ap_acc),
                pct(s.delta, signed=True),
            )
            for s in summaries
        ),
    )


def summary_table(summaries: list[ModelSummary]) -> str:
    """One row per model, accuracies in percent, delta in points; one titled block per population when the
    summaries span more than one (populations are never pooled)."""
    populations = list(dict.fromkeys(s.population for s in summaries))
    if len(populations) <= 1:
        return _compact(summaries)
    return "\n\n".join(
        f"population: {p}\n" + _compact([s for s in summaries if s.population == p]) for p in populations
    )


def _accuracy(df: pd.DataFrame) -> str:
    table = accuracy.accuracy_table(df).join(accuracy.severity_weighted(df))
    return text_table(
        ("model", "eligible", "Acc", "F-Acc", "DW-Acc", "AP-Acc", "delta", "SW-Acc"),
        (
            (
                str(m),
                f"{t['eligible']:.0f}",
                pct(t["acc"]),
                pct(t["f_acc"]),
                pct(t["dw_acc"]),
                pct(t["ap_acc"]),
                pct(t["delta"], signed=True),
                pct(t["sw_acc"]),
            )
            for m, t in table.iterrows()
        ),
    )


def _family(df: pd.DataFrame) -> str:
    grid = taxonomy.family_by_model(df)
    pooled = taxonomy.by_family(df)
    return text_table(
        ("family", *map(str, grid.columns), "pooled", "N"),
        (
            (str(f), *(pct(v) for v in grid.loc[f]), pct(pooled.loc[f, "acc"]), f"{pooled.loc[f, 'eligible']:.0f}")
            for f in grid.index
        ),
    )


def _surface(df: pd.DataFrame) -> str:
    table = taxonomy.by_surface(df)
    return text_table(
        ("surface", "Acc", "N"), ((str(s), pct(t["acc"]), f"{t['eligible']:.0f}") for s, t in table.iterrows())
    )


def _nc_macro(df: pd.DataFrame) -> str:
    table = noncoding.nc_macro(df)
    return text_table(
        ("model", "NC-Macro", "95% CI", "sigma_r", "sigma_c", "runs", "excluded", "cases"),
        (
            (
                str(m),
                pct(t["nc_macro"]),
                interval(t["lo"], t["hi"]),
                pct(t["sigma_r"]),
                pct(t["sigma_c"]),
                f"{t['valid_runs']:.0f}",
                f"{t['excluded_runs']:.0f}",
                f"{t['cases']:.0f}",
            )
            for m, t in table.iterrows()
        ),
    )


def _domains(df: pd.DataFrame) -> str:
    table = noncoding.domain_macro(df)
    return text_table(
        ("model", *map(str, table.columns)), ((str(m), *(pct(v) for v in t)) for m, t in table.iterrows())
    )


def noncoding_summary(df: pd.DataFrame) -> str:
    """The non-coding population's summary: NC-Macro with its interval, sigma_r, sigma_c, valid runs and cases per
    model, then the case means per domain (empty-shell runs, with no eligible verdict, are left out of both)."""
    return f"{_nc_macro(df)}\ncase means per domain\n{_domains(df)}"


def full_tables(rows: Rows | Panels) -> str:
    """Per population: the accuracy columns (Acc, F-Acc, DW-Acc, AP-Acc, delta, severity-weighted), Acc by
    family x model and Acc by surface; NC-Macro for the non-coding population."""
    blocks = []
    for name, df in as_panels(rows).items():
        if name == NONCODING:
            blocks.append(f"NC-Macro ({name})\n{_nc_macro(df)}")
            continue
        blocks.append(f"Accuracy ({name})\n{_accuracy(df)}")
        blocks.append(f"Acc by family x model ({name})\n{_family(df)}")
        blocks.append(f"Acc by surface ({name})\n{_surface(df)}")
    return "\n\n".join(blocks)


def judge_line(rows: Iterable[Mapping[str, Any]]) -> str:
    """How verdicts of judge-based rules were reached: by the pre-check, by the judge (calls vs cache hits),
    not at all (unjudged), or broken before the judge was asked (a failed run or a crashed check)."""
    judged = [r for r in rows if r.get("method") in JUDGE_METHODS]
    by_judge = [r["judge"] for r in judged if r.get("judge")]
    unjudged = sum(r["status"] == "unjudged" for r in judged)
    broken = sum(r["status"] == "error" and not r.get("judge") for r in judged)
    calls = sum(j.get("calls", 0) for j in by_judge)
    hits = sum(j.get("cached", 0) for j in by_judge)
    return (
        f"judge-based verdicts: {len(judged)} ({len(judged) - len(by_judge) - unjudged - broken} by pre-check, "
        f"{len(by_judge)} by the judge with {calls} call(s) and {hits} cache hit(s), {unjudged} unjudged"
        + (f", {broken} error(s) before the judge)" if broken else ")")
    )
