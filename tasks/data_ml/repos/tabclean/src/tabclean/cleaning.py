"""Row-level cleaning: header names, number parsing, missing values and duplicates."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .io import Row
from .stats import median

MISSING_MARKERS = frozenset({"", "na", "n/a", "null", "none", "-"})


def normalize_header(name: str) -> str:
    """Lower-case a column name and collapse runs of other characters into one underscore."""
    return re.sub(r"[^0-9a-z]+", "_", name.strip().lower()).strip("_")


def normalize_headers(rows: Sequence[Row]) -> list[Row]:
    """Copies of `rows` whose keys went through `normalize_header`."""
    return [{normalize_header(key): value for key, value in row.items()} for row in rows]


def is_missing(value: str | None) -> bool:
    """Whether a raw cell counts as missing: absent, blank, or a marker such as `NA`."""
    return value is None or value.strip().lower() in MISSING_MARKERS


def parse_number(value: str | None) -> float | None:
    """Parse a numeric cell, allowing `1,234.5` thousands separators; None when missing."""
    if value is None or is_missing(value):
        return None
    return float(value.strip().replace(",", ""))


def column_values(rows: Sequence[Row], column: str) -> list[float]:
    """The parsed numbers of `column`, skipping missing cells."""
    numbers = (parse_number(row.get(column)) for row in rows)
    return [number for number in numbers if number is not None]


def missing_counts(rows: Sequence[Row]) -> dict[str, int]:
    """Number of missing cells per column, in the column order of the first row."""
    columns = list(rows[0]) if rows else []
    return {column: sum(is_missing(row.get(column)) for row in rows) for column in columns}


def fill_missing(rows: Sequence[Row], column: str) -> list[Row]:
    """Copies of `rows` with the missing cells of `column` filled in.

    If every present value parses as a number, the fill value is their median;
    otherwise it is the most common present value (the first one seen wins a tie).
    """
    present = [row[column].strip() for row in rows if not is_missing(row.get(column))]
    if not present:
        return [dict(row) for row in rows]
    fill = _numeric_fill(present)
    if fill is None:
        fill = Counter(present).most_common(1)[0][0]
    return [{**row, column: fill} if is_missing(row.get(column)) else dict(row) for row in rows]


def _numeric_fill(values: Sequence[str]) -> str | None:
    """The median of `values` as text, or None when some value is not a number."""
    try:
        numbers = [float(value.replace(",", "")) for value in values]
    except ValueError:
        return None
    return f"{median(numbers):g}"


def drop_duplicates(rows: Sequence[Row], key: str) -> list[Row]:
    """Keep the first row for each distinct value of `key` (compared after stripping)."""
    seen: set[str] = set()
    kept = []
    for row in rows:
        value = (row.get(key) or "").strip()
        if value in seen:
            continue
        seen.add(value)
        kept.append(dict(row))
    return kept
