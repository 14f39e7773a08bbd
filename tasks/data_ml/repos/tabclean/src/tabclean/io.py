"""Reading and writing CSV exports as lists of row dictionaries."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from pathlib import Path

Row = dict[str, str]


def read_rows(path: Path | str) -> list[Row]:
    """Read a CSV file with a header line into row dicts; every value stays a string."""
    with Path(path).open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, restval="")
        return [dict(row) for row in reader]


def write_rows(
    path: Path | str, rows: Sequence[Row], fieldnames: Iterable[str] | None = None
) -> None:
    """Write row dicts to a CSV file; the header is `fieldnames` or the first row's keys."""
    names = list(fieldnames) if fieldnames is not None else list(rows[0]) if rows else []
    with Path(path).open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=names)
        writer.writeheader()
        writer.writerows(rows)
