"""Agreement between two raters over the same items (spec 5.9: judge swap, human audit, judge calibration):
raw agreement, Cohen's kappa, the confusion matrix over given classes, and the same statistics per group.

Notation: n items, each given one class by rater A and one by rater B; C is the confusion matrix
(rows A, columns B). p_o = trace(C) / n is the raw agreement; p_e = sum_k (row_k / n)(col_k / n) is the
agreement expected by chance from the two raters' marginals; kappa = (p_o - p_e) / (1 - p_e).

Degenerate case: p_e = 1 exactly when both raters put every item in one and the same class. Then p_o = 1
too and kappa is 0/0: there is no variation for agreement beyond chance to be measured on. We return NaN
("undefined"), as scikit-learn does by default, rather than 1 or 0; callers print it as `-`. No items also
gives NaN for agreement and kappa.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ._arrays import key_codes


def _codes(values: pd.Series | Sequence[str], classes: Sequence[str], who: str) -> np.ndarray:
    """Index of each value in `classes`; a value outside them is a ValueError naming it."""
    series = pd.Series(list(values) if not isinstance(values, pd.Series) else values, dtype=object)
    codes = pd.Index(list(classes)).get_indexer(series).astype(np.int64)
    if (codes < 0).any():
        bad = sorted({str(v) for v in series[codes < 0]})
        raise ValueError(f"{who}: {', '.join(map(repr, bad))} not among the classes {list(classes)}")
    return codes


def confusion_counts(a: Sequence[str] | pd.Series, b: Sequence[str] | pd.Series, classes: Sequence[str]) -> np.ndarray:
    """k x k counts: C[i, j] = items rater A put in classes[i] and rater B in classes[j]."""
    ca, cb = _codes(a, classes, "rater A"), _codes(b, classes, "rater B")
    if len(ca) != len(cb):
        raise ValueError(f"the raters rated {len(ca)} and {len(cb)} items")
    k = len(classes)
    return np.bincount(ca * k + cb, minlength=k * k).reshape(k, k)


def kappa_from_counts(counts: np.ndarray) -> float:
    """Cohen's kappa of a k x k confusion matrix; NaN when empty or when p_e = 1 (see the module doc)."""
    n = counts.sum()
    if n == 0:
        return float("nan")
    chance = int((counts.sum(axis=1).astype(np.int64) * counts.sum(axis=0).astype(np.int64)).sum())
    if chance == n * n:  # p_e = 1 (checked on integers): both raters used one and the same class throughout
        return float("nan")
    p_o, p_e = np.trace(counts) / n, chance / (n * n)
    return float((p_o - p_e) / (1 - p_e))


def agreement_from_counts(counts: np.ndarray) -> float:
    """p_o: the share of items on the diagonal; NaN when empty."""
    n = counts.sum()
    return float(np.trace(counts) / n) if n else float("nan")


def cohen_kappa(a: Sequence[str] | pd.Series, b: Sequence[str] | pd.Series, classes: Sequence[str]) -> float:
    """Cohen's (unweighted) kappa of two raters over `classes`."""
    return kappa_from_counts(confusion_counts(a, b, classes))


def raw_agreement(a: Sequence[str] | pd.Series, b: Sequence[str] | pd.Series, classes: Sequence[str]) -> float:
    """Share of items both raters put in the same class."""
    return agreement_from_counts(confusion_counts(a, b, classes))


def confusion(
    a: Sequence[str] | pd.Series,
    b: Sequence[str] | pd.Series,
    classes: Sequence[str],
    names: tuple[str, str] = ("A", "B"),
) -> pd.DataFrame:
    """The confusion matrix as a DataFrame: index = rater A's class (named names[0]), columns = rater B's."""
    return pd.DataFrame(
        confusion_counts(a, b, classes),
        index=pd.Index(list(classes), name=names[0]),
        columns=pd.Index(list(classes), name=names[1]),
    )


@dataclass(frozen=True)
class Agreement:
    """n items, raw agreement p_o and Cohen's kappa (NaN when undefined)."""

    n: int
    agreement: float
    kappa: float


def agree(a: Sequence[str] | pd.Series, b: Sequence[str] | pd.Series, classes: Sequence[str]) -> Agreement:
    counts = confusion_counts(a, b, classes)
    return Agreement(int(counts.sum()), agreement_from_counts(counts), kappa_from_counts(counts))


def by_group(df: pd.DataFrame, by: list[str], a: str, b: str, classes: Sequence[str]) -> pd.DataFrame:
    """n, agreement and kappa per group of `by` columns (sorted), from rater columns `a` and `b`: one
    k x k confusion matrix per group, built with one bincount over all rows."""
    columns = ["n", "agreement", "kappa"]
    if df.empty:
        return pd.DataFrame(columns=columns, index=pd.MultiIndex.from_tuples([], names=by) if len(by) > 1 else
                            pd.Index([], name=by[0]))
    k = len(classes)
    group, n_groups = key_codes(df, by)
    cells = group * k * k + _codes(df[a], classes, a) * k + _codes(df[b], classes, b)
    counts = np.bincount(cells, minlength=n_groups * k * k).reshape(n_groups, k, k)
    first = pd.Series(np.arange(len(df))).groupby(group).first().to_numpy()
    labels = df[by].iloc[first]
    index = pd.MultiIndex.from_frame(labels) if len(by) > 1 else pd.Index(labels[by[0]], name=by[0])
    table = pd.DataFrame(
        {
            "n": counts.sum(axis=(1, 2)),
            "agreement": [agreement_from_counts(c) for c in counts],
            "kappa": [kappa_from_counts(c) for c in counts],
        },
        index=index,
    )
    return table.sort_index()
