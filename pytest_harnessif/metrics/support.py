"""Common support (spec 5.6): the (item, round, rule) keys on which every model has a clean pass/fail."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ._arrays import key_codes
from .frame import against, eligible
from .populations import require_single

KEY = ["task", "round", "rule"]


@dataclass(frozen=True)
class Support:
    """The common-support rows and how much of the cohort they keep."""

    rows: pd.DataFrame
    keys: int
    kept: int
    against_keys: int
    items: int
    models: int

    @property
    def share(self) -> float:
        return self.kept / self.keys if self.keys else float("nan")


def common_support(df: pd.DataFrame) -> Support:
    """Rows of one population on the keys where every model of the cohort has a pass/fail verdict (spec 5.6),
    so Acc, AP-Acc and delta share one denominator across models."""
    require_single(df)
    key, n_keys = key_codes(df, KEY)
    e = eligible(df)
    models = df["model"].nunique()
    clean = pd.DataFrame({"key": key[e], "model": df["model"].to_numpy()[e]}).drop_duplicates()
    complete = np.bincount(clean["key"].to_numpy(), minlength=n_keys) == models
    rows = df[complete[key]].reset_index(drop=True)
    kept_keys = rows.drop_duplicates(KEY)
    return Support(
        rows=rows,
        keys=n_keys,
        kept=len(kept_keys),
        against_keys=int(against(kept_keys).sum()),
        items=rows["task"].nunique(),
        models=models,
    )
