"""Splitting a dataset into training and validation rows."""

from __future__ import annotations

import numpy as np
import pandas as pd

VALID_FRACTION = 0.25
SEED = 7


def random_split(frame: pd.DataFrame, valid_fraction: float = VALID_FRACTION,
                 seed: int = SEED) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Shuffle the rows with a seeded generator and return (train, valid)."""
    order = np.random.default_rng(seed).permutation(len(frame))
    n_valid = int(round(len(frame) * valid_fraction))
    return frame.iloc[order[n_valid:]], frame.iloc[order[:n_valid]]
