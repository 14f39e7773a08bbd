"""Loading the predictions CSV that the scoring job exports."""

from __future__ import annotations

import csv
from pathlib import Path

REQUIRED_COLUMNS = ("id", "label", "predicted")


def load_predictions(path: Path | str) -> tuple[list[str], list[str]]:
    """Read `(y_true, y_pred)` from a CSV with at least the columns id, label and predicted.

    Labels are stripped of surrounding whitespace. Raises ValueError when a required
    column is missing from the header.
    """
    with Path(path).open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{path}: missing column(s): {', '.join(missing)}")
        y_true, y_pred = [], []
        for row in reader:
            y_true.append(row["label"].strip())
            y_pred.append(row["predicted"].strip())
    return y_true, y_pred


def load_scores(path: Path | str) -> list[float]:
    """Read the `score` column of a predictions CSV: the model's confidence in its prediction.

    The scores come in file order, so they line up with the lists of `load_predictions`.
    Raises ValueError when the file has no `score` column.
    """
    with Path(path).open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if "score" not in (reader.fieldnames or []):
            raise ValueError(f"{path}: missing column: score")
        return [float(row["score"]) for row in reader]
