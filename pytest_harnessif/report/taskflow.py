"""SWE-TaskFlow run records and report: the rows (`taskflow_rows.jsonl`), `summary.json`, the tables as CSV, the
test-pass curve and cost figures, and the report page's SWE-TaskFlow section; the same text the terminal prints
and `harnessif taskflow report RUN...` prints over several runs."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from ..files import atomic_write, jsonl_objects
from .format import num
from .html import img, page, table
from .records import HTML, SUMMARY
from .terminal import text_table

ROWS_FILE = "taskflow_rows.jsonl"
TABLES = ("resolve", "checkpoints", "answers", "costs", "ratio")
ORDER = ("model", "config", "task", "round", "measurement")
Analysis = dict[str, pd.DataFrame]


def _cell(mean: Any, low: Any, high: Any, digits: int = 1) -> str:
    """`mean [low-high]`, or `-` when there is no value."""
    if pd.isna(mean):
        return "-"
    return f"{num(float(mean), digits)} [{num(float(low), digits)}-{num(float(high), digits)}]"


def _resolve_rows(a: Analysis) -> list[list[str]]:
    return [[r.model, r.config, str(int(r.tasks)) if pd.notna(r.tasks) else "0",
             _cell(r.resolve_mean, r.resolve_min, r.resolve_max), num(r.test_pass_mean, 1),
             str(int(r.resolve_runs)) if pd.notna(r.resolve_runs) else "0", str(int(r.errors))]
            for r in a["resolve"].itertuples()]  # fmt: skip


def _curve_rows(a: Analysis) -> list[list[str]]:
    rows = []
    for (model, config), group in a["checkpoints"].groupby(["model", "config"]):
        by = {int(r.checkpoint): r for r in group.itertuples()}
        cells = [_cell(by[k].rate_mean, by[k].rate_min, by[k].rate_max) if k in by else "-" for k in range(4)]
        resolved = "/".join(num(by[k].resolve_mean, 0) if k in by else "-" for k in range(4))
        rows.append([model, config, *cells, resolved])
    return rows


def _answer_rows(a: Analysis) -> list[list[str]]:
    return [[r.model, r.config, _cell(r.accuracy_mean, r.accuracy_min, r.accuracy_max), str(int(r.questions)),
             str(int(r.unjudged)), str(int(r.errors)), str(int(r.changed)) if pd.notna(r.changed) else "0"]
            for r in a["answers"].itertuples()]  # fmt: skip


def _cost_rows(a: Analysis) -> list[list[str]]:
    return [[r.model, r.config, _cell(r.cost_mean, r.cost_min, r.cost_max, 4),
             _cell(r.tokens_mean, r.tokens_min, r.tokens_max, 0), num(r.turns, 1)]
            for r in a["costs"].itertuples()]  # fmt: skip


def _ratio_rows(a: Analysis) -> list[list[str]]:
    return [[r.model, f"{r.ratio:.2f}x", r.of] for r in a["ratio"].itertuples()]


HEADERS = {
    "resolve": ("model", "config", "tasks", "resolve % [min-max]", "test-pass %", "runs", "errors"),
    "checkpoints": ("model", "config", "clean", "after 1", "after 2", "after 3", "resolved % at each"),
    "answers": ("model", "config", "accuracy % [min-max]", "questions", "unjudged", "errors", "changed repo"),
    "costs": ("model", "config", "USD per task [min-max]", "tokens per task [min-max]", "turns"),
    "ratio": ("model", "split / single", "of"),
}
TITLES = {
    "resolve": "resolve rate: mean over runs [min-max]",
    "checkpoints": "test-pass rate % at each checkpoint, mean [min-max] over runs",
    "answers": "answer accuracy (judged answers correct)",
    "costs": "cost and tokens per task",
    "ratio": "Split / Single cost per task",
}
ROWS = {"resolve": _resolve_rows, "checkpoints": _curve_rows, "answers": _answer_rows, "costs": _cost_rows,
        "ratio": _ratio_rows}  # fmt: skip


def text(a: Analysis) -> str:
    """Every non-empty table as text."""
    parts = []
    for name in TABLES:
        rows = ROWS[name](a)
        if rows:
            parts += [TITLES[name], text_table(HEADERS[name], rows)]
    return "\n".join(parts) if parts else "no SWE-TaskFlow measurement was scored"


def figures(a: Analysis) -> dict[str, bytes]:
    from .figures import taskflow_costs, taskflow_curves

    out = {}
    if not a["checkpoints"].empty:
        out["taskflow_curves"] = taskflow_curves(a["checkpoints"])
    if not a["costs"].empty:
        out["taskflow_costs"] = taskflow_costs(a["costs"])
    return out


def section(a: Analysis, pictures: Mapping[str, bytes]) -> str:
    """The report's SWE-TaskFlow section."""
    parts = ['<section id="population-taskflow"><h2>SWE-TaskFlow sessions (taskflow)</h2>',
             "<p>Each configuration delivers the same issues differently (one prompt, three turns, questions before, "
             "between or after). Checkpoints re-run the original tests after each issue turn; the final resolve runs "
             "them on the cumulative state with no reset. Figures are the mean over runs with min-max, as the paper "
             "plots them. Errors are counted, never scored.</p>"]  # fmt: skip
    for name in TABLES:
        rows = ROWS[name](a)
        if not rows:
            continue
        parts.append(f"<h3>{html.escape(TITLES[name])}</h3>")
        if name == "checkpoints" and "taskflow_curves" in pictures:
            parts.append(img(pictures, "taskflow_curves", "test-pass rate over checkpoints"))
        if name == "costs" and "taskflow_costs" in pictures:
            parts.append(img(pictures, "taskflow_costs", "cost per task by configuration"))
        parts.append(table(HEADERS[name], rows))
    return "".join(parts) + "</section>"


def write_run(run_dir: Path, rows: Sequence[Mapping[str, Any]], meta: Mapping[str, Any], a: Analysis) -> Path:
    """Write the rows (sorted), the tables of their analysis `a` as CSV, the figures, summary.json and the page."""
    run_dir.mkdir(parents=True, exist_ok=True)
    ordered = sorted(rows, key=lambda r: tuple(str(r.get(k, "")) for k in ORDER))
    atomic_write(run_dir / ROWS_FILE, "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n"
                                              for r in ordered))  # fmt: skip
    pictures = write_tables(run_dir, a)
    summary = {**meta, "taskflow_result": {name: json.loads(a[name].to_json(orient="records")) for name in TABLES}}
    atomic_write(run_dir / SUMMARY, json.dumps(summary, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    atomic_write(run_dir / HTML, page(summary, section(a, pictures)))
    return run_dir


def write_tables(out: Path, a: Analysis) -> dict[str, bytes]:
    """Each table as `taskflow_<name>.csv` and each figure as PNG into `out`; the figures' bytes."""
    out.mkdir(parents=True, exist_ok=True)
    for name in TABLES:
        atomic_write(out / f"taskflow_{name}.csv", a[name].to_csv(index=False).encode())
    pictures = figures(a)
    for name, data in pictures.items():
        atomic_write(out / f"{name}.png", data)
    return pictures


class RowsError(ValueError):
    """A run whose SWE-TaskFlow rows cannot be read; the message names the file and line."""


def read_rows(path: Path, tag: bool = False) -> list[dict[str, Any]]:
    """The rows of a run directory (or a rows file); with `tag`, each row names its run (`<run id>/r<round>`), so
    the rows of several runs can be analysed together."""
    file = path / ROWS_FILE if path.is_dir() else path
    if not file.is_file():
        raise RowsError(f"{path}: no {ROWS_FILE} (not an SWE-TaskFlow run: run pytest with --harness-taskflow)")
    rows = []
    for n, row in jsonl_objects(file.read_text(encoding="utf-8"), file, RowsError):
        missing = [k for k in ("model", "config", "kind", "status", "round", "task") if k not in row]
        if missing:
            raise RowsError(f"{file}:{n}: missing field {missing[0]!r}")
        rows.append({**row, "run": f"{file.parent.name}/r{row['round']}"} if tag else row)
    return rows
