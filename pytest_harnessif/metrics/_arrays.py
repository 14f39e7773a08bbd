"""Vectorised group arithmetic shared by the metrics: integer codes and bincount grids."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd


def codes(values: pd.Series) -> tuple[np.ndarray, list]:
    """Sorted factorisation: integer code per row and the distinct values (missing values become "unknown")."""
    filled = values.fillna("unknown") if values.isna().any() else values
    index, uniques = pd.factorize(filled, sort=True)
    return index.astype(np.int64), list(uniques)


def key_codes(df: pd.DataFrame, columns: list[str]) -> tuple[np.ndarray, int]:
    """One integer code per distinct combination of `columns` (in sorted order), and how many exist."""
    combined = np.zeros(len(df), dtype=np.int64)
    for col in columns:
        index, uniques = codes(df[col])
        combined = combined * len(uniques) + index
        _, combined = np.unique(combined, return_inverse=True)  # stay compact: no overflow on many columns
    return combined.astype(np.int64), int(combined.max()) + 1 if len(combined) else 0


def grid(rows: np.ndarray, cols: np.ndarray, shape: tuple[int, int], weights: np.ndarray | None = None) -> np.ndarray:
    """Sum of `weights` (or counts) per (row code, column code) cell, as a dense matrix."""
    flat = np.bincount(rows * shape[1] + cols, weights=weights, minlength=shape[0] * shape[1])
    return flat.reshape(shape).astype(np.float64)


def ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """num / den, NaN where den is 0."""
    num, den = np.asarray(num, dtype=np.float64), np.asarray(den, dtype=np.float64)
    out = np.full(np.broadcast(num, den).shape, np.nan)
    np.divide(num, den, out=out, where=den != 0)
    return out


def resample_counts(draws: np.ndarray, size: int) -> np.ndarray:
    """How often each of `size` units appears in each row of `draws` (resamples × draws) — a B × size matrix."""
    b = draws.shape[0]
    flat = (np.arange(b)[:, None] * size + draws).ravel()
    return np.bincount(flat, minlength=b * size).reshape(b, size).astype(np.float64)


def resampled_sums(weights: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per resample and row of `values`: sum over units of weight x value, i.e. weights (B x units) times
    values (rows x units) transposed. einsum: for these thin shapes BLAS threading costs more than the work."""
    return np.einsum("bu,ru->br", weights, values)


def percentile_interval(samples: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    """Percentile interval over axis 0 of bootstrap samples, ignoring NaN resamples."""
    tail = 100 * (1 - level) / 2
    if samples.shape[1] == 0:
        return np.empty(0), np.empty(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN column gives NaN bounds
        lo, hi = np.nanpercentile(samples, [tail, 100 - tail], axis=0)
    return lo, hi
