"""The E0 pilot's outputs: the text tables (`harnessif e0`, the terminal), and a run's records — the outcome rows
(`e0_outcomes.jsonl`), `summary.json`, the rank table, the strengths figure and the report page with its E0
section."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from ..files import atomic_write
from ..metrics.e0 import SURFACES, Analysis, read_outcomes
from .format import num
from .html import img, page, table
from .records import HTML, SUMMARY
from .terminal import text_table

OUTCOMES_FILE, RANKS_FILE, FIGURE_FILE = "e0_outcomes.jsonl", "e0_ranks.csv", "e0_strengths.png"
ORDER = ("model", "round", "pair", "first", "second", "direction")


def counts_line(a: Analysis) -> str:
    c = a.counts()
    return (
        f"{c['runs']} runs, {c['decisive']} decisive (AB {c['AB']}, BA {c['BA']}); both {c['both']}, neither "
        f"{c['neither']}, error {c['error']}; {a.decisive['model'].nunique()} models, "
        f"{a.decisive['pair'].nunique()} pairs"
    )


def _strength_rows(a: Analysis) -> list[list[str]]:
    low_high = a.boot.interval
    return [[s, f"{a.beta[s]:+.2f}", f"[{low_high[s][0]:+.2f}, {low_high[s][1]:+.2f}]"] for s in a.boot.order]


def _held(a: Analysis) -> str:
    shares = ", ".join(f"{k} {v:.1%}" for k, v in a.boot.adjacent.items())
    line = f"ordering {' > '.join(a.boot.order)} held in {a.boot.full:.1%} of replicates; adjacent: {shares}"
    if a.boot.tiers:
        line += "\ntiers: " + "; ".join(f"{k} {v:.1%}" for k, v in a.boot.tiers.items())
    return line


def _rank_rows(a: Analysis) -> list[list[str]]:
    return [[str(i), *(num(v, 2) for v in r)] for i, r in a.ranks.iterrows()]


def _fit_rows(a: Analysis) -> list[list[str]]:
    return [[k, " > ".join(v), "yes" if v == a.boot.order else "no"] for k, v in a.fits.items()]


def text(a: Analysis, full: bool = True) -> str:
    """The E0 tables as text: counts, ranks, BT strengths with intervals, how often the ordering holds, and (with
    `full`) the robustness variants."""
    parts = [
        counts_line(a),
        "\nsurface ranks by win proportion (1 = wins most; ties share mid-ranks)",
        text_table(("model", *SURFACES), _rank_rows(a)),
        f"\nBradley-Terry log-strengths (sum to zero), 95% crossed-bootstrap interval ({a.boot.replicates} "
        f"replicates, seed {a.boot.seed})",
        text_table(("surface", "beta", "interval"), _strength_rows(a)),
        _held(a),
    ]
    if full:
        parts += ["\nrobustness: the ordering under each variant",
                  text_table(("variant", "ordering", "same"), _fit_rows(a))]  # fmt: skip
    return "\n".join(parts)


def section(a: Analysis | None, figure: bytes | None) -> str:
    """The report's E0 section."""
    title = '<section id="population-e0"><h2>Which surface wins when two disagree (E0 conflict pilot)</h2>'
    if a is None:
        return title + "<p>No run was decisive: nothing to rank.</p></section>"
    picture = img({"e0_strengths": figure} if figure else {}, "e0_strengths", "Bradley-Terry strength per surface")
    held = html.escape(_held(a)).replace("\n", "<br>")
    return (
        title
        + f"<p>{html.escape(counts_line(a))}. A run is decisive when it followed exactly one of the pair's two "
        "rules; the surface that carried that rule wins. Both and neither are reported, never counted.</p>"
        + "<h3>Bradley-Terry strengths</h3>" + picture + table(("surface", "beta", "95% interval"), _strength_rows(a))
        + f"<p>{held}</p>"
        + "<h3>Surface ranks per model</h3>" + table(("model", *SURFACES), _rank_rows(a))
        + "<h3>Robustness</h3>" + table(("variant", "ordering", "same as pooled"), _fit_rows(a))
        + "<h3>Outcomes by pair and matchup</h3>" + _pivot(a.outcomes)
        + "</section>"
    )


def _pivot(outcomes: pd.DataFrame) -> str:
    cells = outcomes.assign(matchup=outcomes["surface_a"] + " vs " + outcomes["surface_b"])
    grid = cells.groupby(["pair", "matchup"])["outcome"].value_counts().unstack(fill_value=0)
    columns = [c for c in ("a", "b", "both", "neither", "error") if c in grid.columns]
    rows = ([p, m, *(str(int(r[c])) for c in columns)] for (p, m), r in grid.iterrows())
    return table(("pair", "A on vs B on", *(f"{c} won" if len(c) == 1 else c for c in columns)), rows)


def write_run(run_dir: Path, rows: Sequence[Mapping[str, Any]], meta: Mapping[str, Any], a: Analysis | None) -> Path:
    """Write the outcome rows (sorted), summary.json, and when a run was decisive the rank table, the strengths
    figure; always the report page."""
    run_dir.mkdir(parents=True, exist_ok=True)
    ordered = sorted(rows, key=lambda r: tuple(str(r.get(k, "")) for k in ORDER))
    atomic_write(run_dir / OUTCOMES_FILE, "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n"
                                                  for r in ordered))  # fmt: skip
    summary = dict(meta)
    figure = None
    if a is not None:
        summary["e0_result"] = {**a.counts(), "beta": a.beta, "order": list(a.boot.order), "held": a.boot.full}
        figure = write_tables(run_dir, a)
    atomic_write(run_dir / SUMMARY, json.dumps(summary, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    atomic_write(run_dir / HTML, page(summary, section(a, figure)))
    return run_dir


def write_tables(out: Path, a: Analysis) -> bytes:
    """The rank table (CSV) and the strengths figure (PNG) into `out`; the figure's bytes."""
    from .figures import e0_strengths

    atomic_write(out / RANKS_FILE, a.ranks.to_csv().encode())
    figure = e0_strengths(a.beta, a.boot.interval)
    atomic_write(out / FIGURE_FILE, figure)
    return figure


def outcomes_path(path: Path) -> Path:
    """A run directory's outcome file, or the file given."""
    return path / OUTCOMES_FILE if path.is_dir() else path


def read(path: Path) -> pd.DataFrame:
    """The outcome table of a run directory or file (OutcomeError naming the file when it cannot be read)."""
    return read_outcomes(outcomes_path(path))
