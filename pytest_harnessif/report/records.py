"""Verdict records on disk: `verdicts.jsonl` (canonical, one row per verdict) and `summary.json`, plus the
derived outputs regenerated from them: CSV and Parquet records, per-population tables (CSV), figures (PNG)
and the self-contained `report.html`."""

from __future__ import annotations

import dataclasses
import json
import pickle
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
from pydantic import ValidationError

from ..digest import digest_bytes
from ..files import atomic_write
from ..metrics.accuracy import severity_columns, summarize
from ..metrics.panel import Panels, Rows, as_panels, panels
from ..schema import Verdict, field_errors
from ..store import FIGURE_CACHE, FIGURES_DONE
from ..verdictcache import package_digest
from . import html
from .analysis import Analysis, analyse
from .transcripts import keys_in, write_transcripts

VERDICTS = "verdicts.jsonl"
JUDGE_REQUESTS = "judge_requests.jsonl"
SUMMARY = "summary.json"
CSV, PARQUET, HTML = "verdicts.csv", "verdicts.parquet", "report.html"
TABLES, FIGURES = "tables", "figures"
RAW_ROWS = ("frame", "support")  # analysis fields holding verdict rows (with their timings): figures never draw them
ORDER = ["model", "task", "round", "rule"]


class RecordError(ValueError):
    """A verdict file that cannot be read; the message names the file and line."""


def in_order(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Verdict rows in record order (population, model, task, round, rule): files and analyses are stable."""
    return sorted(rows, key=lambda r: (r.get("population", "main"), *(r[k] for k in ORDER)))


def write_run(
    run_dir: Path,
    rows: Iterable[Mapping[str, Any]],
    meta: Mapping[str, Any],
    judge_requests: Iterable[Mapping[str, Any]] = (),
    frames: Panels | None = None,
) -> Path:
    """Write verdict rows (in record order), the judge's requests (what it was shown, by hash, so a second judge
    can re-grade them), the summary and every derived output into `run_dir`. `frames`: the panels of these rows
    in record order, when the caller has them already."""
    run_dir.mkdir(parents=True, exist_ok=True)
    ordered = in_order(rows)
    frames = panels(ordered) if frames is None else frames
    atomic_write(run_dir / VERDICTS, "".join(json.dumps(r, sort_keys=True) + "\n" for r in ordered))
    requests = sorted(judge_requests, key=lambda r: r["hash"])
    if requests:
        atomic_write(run_dir / JUDGE_REQUESTS, "".join(json.dumps(r, sort_keys=True) + "\n" for r in requests))
    summary = {**meta, "models": [s.as_dict() for s in summarize(frames)]}
    atomic_write(run_dir / SUMMARY, json.dumps(summary, indent=2, sort_keys=True) + "\n")
    write_derived(run_dir, frames, meta)
    return run_dir


def scored_records(rows: Rows | Panels) -> pd.DataFrame:
    """The verdict rows with their scoring columns: `scored` (status after the cascade rules), `deduped`, and
    the severity weight with earned/possible points (spec 5.5, 9.5); sorted by population, model, task, round,
    rule."""
    frames = [df.join(severity_columns(df)) for df in as_panels(rows).values()]
    if not frames:
        return pd.DataFrame()
    return pd.concat(frames, ignore_index=True).sort_values(["population", *ORDER], kind="stable", ignore_index=True)


def write_tabular(out_dir: Path, records: pd.DataFrame) -> list[Path]:
    """`verdicts.csv` and `verdicts.parquet` next to the canonical JSONL."""
    out_dir.mkdir(parents=True, exist_ok=True)
    csv, parquet = out_dir / CSV, out_dir / PARQUET
    if "judge" in records.columns:  # nested votes: one JSON text cell, so CSV and Parquet keep flat columns
        records = records.assign(judge=[json.dumps(j, sort_keys=True) if j else None for j in records["judge"]])
    atomic_write(csv, records.to_csv(index=False).encode())
    atomic_write(parquet, records.to_parquet(index=False))
    return [csv, parquet]


def write_derived(out_dir: Path, rows: Rows | Panels, meta: Mapping[str, Any]) -> list[Path]:
    """Regenerate every derived output in `out_dir` from verdict rows (or their panels): CSV/Parquet records,
    `tables/<population>/<table>.csv`, `figures/<population>/<figure>.png`, `report.html` and the transcript
    page of every trajectory whose record is still in the store (`meta["store"]`) or was written before."""
    frames = as_panels(rows)
    written = write_tabular(out_dir, scored_records(frames))
    analyses = analyse(frames)
    cache = Path(meta["store"]) / FIGURE_CACHE if meta.get("store") else None
    pictures = {name: _figures(a, cache) for name, a in analyses.items()}
    for name, a in analyses.items():
        for kind, items in ((TABLES, a.tables()), (FIGURES, pictures[name])):
            folder = out_dir / kind / name
            folder.mkdir(parents=True, exist_ok=True)
            for stem, item in items.items():
                path = folder / (f"{stem}.csv" if kind == TABLES else f"{stem}.png")
                atomic_write(path, item.to_csv().encode() if kind == TABLES else item)
                written.append(path)
    links = write_transcripts(out_dir, keys_in(frames.values()), meta)
    written.extend(out_dir / p for p in links.values())
    page = out_dir / HTML
    atomic_write(page, html.render(analyses, pictures, meta, links).encode())
    return [*written, page]


def _figures(analysis: Analysis, cache: Path | None) -> dict[str, bytes]:
    """The figures of one analysis, drawn again only when no analysis with the same content (and code) was drawn
    before: a re-score of an unchanged panel does not load matplotlib. `cache`: `<store>/<config>/.figures/`."""
    if cache is None:
        return _draw(analysis)
    drawn_from = [getattr(analysis, f.name) for f in dataclasses.fields(analysis) if f.name not in RAW_ROWS]
    folder = cache / digest_bytes(pickle.dumps(drawn_from, protocol=5), package_digest().encode())
    if (folder / FIGURES_DONE).is_file():
        (folder / FIGURES_DONE).touch()  # last used now: `harnessif store prune --older-than` ages figure sets by it
        return {p.stem: p.read_bytes() for p in sorted(folder.glob("*.png"))}
    drawn = _draw(analysis)
    for name, png in drawn.items():
        atomic_write(folder / f"{name}.png", png)
    atomic_write(folder / FIGURES_DONE, "")
    return drawn


def _draw(analysis: Analysis) -> dict[str, bytes]:
    from . import figures  # matplotlib: only when something is drawn

    return figures.render(analysis)


def read_judge_requests(path: Path) -> list[dict[str, Any]]:
    """The recorded judge requests of a run (its directory or its verdict file) as written; none when no judge
    decided a verdict of it."""
    path = (path if path.is_dir() else path.parent) / JUDGE_REQUESTS
    if not path.is_file():
        return []
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except ValueError as exc:
            raise RecordError(f"{path}:{n}: not JSON ({exc})") from None
    return rows


def read_verdicts(path: Path) -> list[dict[str, Any]]:
    """Read and validate `verdicts.jsonl` (a run directory or the file itself)."""
    if path.is_dir():
        path = path / VERDICTS
    if not path.is_file():
        raise RecordError(f"{path}: no verdict file")
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(Verdict.model_validate_json(line).model_dump(mode="json"))
        except ValidationError as exc:
            raise RecordError(f"{path}:{n}: {field_errors(exc, '(row)')}") from None
    return rows
