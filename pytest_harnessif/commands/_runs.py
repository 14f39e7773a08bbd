"""Reading several run directories into one cohort, refusing duplicate verdicts and inconsistent metadata."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..report.records import SUMMARY, RecordError, read_verdicts

KEY = ("population", "model", "task", "round", "rule")
RULE_FIELDS = ("family", "modality", "method", "prior", "lineage")
PLACEMENT_FIELDS = ("surface", "severity")


def summary(path: Path) -> dict[str, Any]:
    """A run's summary.json ({} when it has none)."""
    file = (path if path.is_dir() else path.parent) / SUMMARY
    if not file.is_file():
        return {}
    try:
        return dict(json.loads(file.read_text(encoding="utf-8")))
    except ValueError as exc:
        raise RecordError(f"{file}: not JSON ({exc})") from None


def run_id(path: Path) -> str:
    """A run's id from its summary.json, else the directory name."""
    return str(summary(path).get("run_id", (path if path.is_dir() else path.parent).name))


def _first_conflict(seen: dict[Any, tuple[Any, str]], key: Any, value: Any, run: str, what: str) -> None:
    if key in seen and seen[key][0] != value:
        raise RecordError(f"{what}: {seen[key][1]} has {seen[key][0]!r} but {run} has {value!r}")
    seen.setdefault(key, (value, run))


def load_runs(paths: Sequence[Path]) -> tuple[list[dict[str, Any]], list[str]]:
    """All verdict rows of `paths` and their run ids. A verdict key (population, model, task, round, rule) in
    two runs, a rule whose family/modality/method/prior/lineage differ, or an (item, rule) of one population
    placed on different surfaces or with different severities is a RecordError naming both runs: such runs are
    not one comparable cohort."""
    rows: list[dict[str, Any]] = []
    ids: list[str] = []
    keys: dict[Any, tuple[Any, str]] = {}
    rules: dict[Any, tuple[Any, str]] = {}
    placements: dict[Any, tuple[Any, str]] = {}
    for path in paths:
        run = f"{path} ({run_id(path)})"
        for row in read_verdicts(path):
            key = tuple(row[k] for k in KEY)
            if key in keys:
                raise RecordError(f"verdict {'/'.join(map(str, key))} appears in {keys[key][1]} and in {run}")
            keys[key] = (None, run)
            _first_conflict(rules, row["rule"], tuple(row[f] for f in RULE_FIELDS), run, f"rule {row['rule']}")
            _first_conflict(
                placements,
                (row["population"], row["task"], row["rule"]),
                tuple(row[f] for f in PLACEMENT_FIELDS),
                run,
                f"placement of {row['rule']} in {row['task']}",
            )
            rows.append(row)
        ids.append(run_id(path))
    return rows, ids
