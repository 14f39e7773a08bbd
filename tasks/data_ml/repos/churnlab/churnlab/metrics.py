"""Evaluation metrics for binary churn predictions, in numpy."""

from __future__ import annotations

import numpy as np

EPSILON = 1e-12


def roc_auc(y_true: np.ndarray, scores: np.ndarray) -> float:
    """Area under the ROC curve: the probability that a random churner scores above a random non-churner
    (ties count half), computed from average ranks."""
    y = np.asarray(y_true, dtype=bool)
    s = np.asarray(scores, dtype=float)
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    if n_pos == 0 or n_neg == 0:
        raise ValueError(f"AUC needs both classes; got {n_pos} positives and {n_neg} negatives")
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s))
    ranks[order] = np.arange(1, len(s) + 1)
    for value in np.unique(s):
        tied = s == value
        ranks[tied] = ranks[tied].mean()
    return float((ranks[y].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def log_loss(y_true: np.ndarray, probabilities: np.ndarray) -> float:
    """Mean negative log-likelihood of the labels under the predicted probabilities."""
    y = np.asarray(y_true, dtype=float)
    p = np.clip(np.asarray(probabilities, dtype=float), EPSILON, 1 - EPSILON)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(y_true: np.ndarray, probabilities: np.ndarray, threshold: float = 0.5) -> float:
    """Share of rows whose thresholded prediction equals the label."""
    predicted = np.asarray(probabilities, dtype=float) >= threshold
    return float(np.mean(predicted == np.asarray(y_true, dtype=bool)))
