"""Verdict records on disk: `verdicts.jsonl` (canonical, one row per verdict) and `summary.json`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..metrics.accuracy import summarize
from ..schema import Verdict

VERDICTS = "verdicts.jsonl"
SUMMARY = "summary.json"


class RecordError(ValueError):
    """A verdict file that cannot be read; the message names the file and line."""


def write_run(run_dir: Path, rows: Iterable[Mapping[str, Any]], meta: Mapping[str, Any]) -> Path:
    """Write verdict rows (sorted for stable output) and the summary into `run_dir`."""
    run_dir.mkdir(parents=True, exist_ok=True)
    ordered = sorted(rows, key=lambda r: (r["model"], r["task"], r["round"], r["rule"]))
    tmp = run_dir / f".{VERDICTS}.tmp"
    tmp.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in ordered), encoding="utf-8")
    tmp.replace(run_dir / VERDICTS)
    summary = {**meta, "models": [s.as_dict() for s in summarize(ordered)]}
    (run_dir / SUMMARY).write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return run_dir


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
            fields = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(row)'}: {e['msg']}" for e in exc.errors())
            raise RecordError(f"{path}:{n}: {fields}") from None
    return rows
