"""The end-to-end cleaning and feature step the nightly batch job runs."""

from __future__ import annotations

from collections.abc import Sequence

from .cleaning import column_values, drop_duplicates, fill_missing, normalize_headers
from .features import minmax_scale, zscore
from .io import Row

ID_COLUMN = "customer_id"
FILLED_COLUMNS = ("age", "country", "annual_spend")
SCALED_COLUMNS = {"annual_spend": "spend_scaled", "plan_tier": "tier_scaled"}


def prepare(rows: Sequence[Row]) -> list[Row]:
    """Clean exported rows and append the model features.

    Headers are normalised, duplicate customers dropped (first row wins), gaps in
    FILLED_COLUMNS filled, then `age_z` and the SCALED_COLUMNS features are added.
    """
    cleaned = drop_duplicates(normalize_headers(rows), ID_COLUMN)
    for column in FILLED_COLUMNS:
        cleaned = fill_missing(cleaned, column)
    _add_feature(cleaned, "age_z", zscore(column_values(cleaned, "age")))
    for source, target in SCALED_COLUMNS.items():
        _add_feature(cleaned, target, minmax_scale(column_values(cleaned, source)))
    return cleaned


def _add_feature(rows: list[Row], name: str, values: Sequence[float]) -> None:
    """Store `values` (one per row) as the text column `name`, rounded to 4 places."""
    if len(values) != len(rows):
        raise ValueError(f"{name}: {len(values)} values for {len(rows)} rows")
    for row, value in zip(rows, values, strict=True):
        row[name] = f"{value:.4f}"
