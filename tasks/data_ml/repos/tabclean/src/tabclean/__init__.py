"""tabclean: cleaning and feature helpers for tabular CSV exports."""

from .cleaning import (
    column_values,
    drop_duplicates,
    fill_missing,
    is_missing,
    missing_counts,
    normalize_header,
    normalize_headers,
    parse_number,
)
from .contacts import normalize_email, normalize_name, normalize_phone
from .features import bucketize, minmax_scale, zscore
from .io import Row, read_rows, write_rows
from .stats import describe, mean, median, stdev

__version__ = "0.4.0"

__all__ = [
    "Row",
    "bucketize",
    "column_values",
    "describe",
    "drop_duplicates",
    "fill_missing",
    "is_missing",
    "mean",
    "median",
    "minmax_scale",
    "missing_counts",
    "normalize_email",
    "normalize_header",
    "normalize_headers",
    "normalize_name",
    "normalize_phone",
    "parse_number",
    "read_rows",
    "stdev",
    "write_rows",
    "zscore",
]
