"""Per-class precision, recall and F1 plus the usual averages, matching scikit-learn.

Undefined ratios (a zero denominator) count as 0.0, like scikit-learn's `zero_division=0`.
"""

from typing import Dict, List, NamedTuple, Optional

from .confusion import Matrix


class ClassScores(NamedTuple):
    """Scores of one class; `support` is the number of true instances."""

    precision: float
    recall: float
    f1: float
    support: int


def _ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else 0.0


def scores_for(matrix: Matrix, label: str) -> ClassScores:
    """Precision, recall, F1 and support of `label` from a confusion matrix."""
    true_positive = matrix[label][label]
    predicted = sum(row[label] for row in matrix.values())
    support = sum(matrix[label].values())
    precision = _ratio(true_positive, predicted)
    recall = _ratio(true_positive, support)
    f1 = _ratio(2 * precision * recall, precision + recall)
    return ClassScores(precision, recall, f1, support)


def per_class(matrix: Matrix, labels: Optional[List[str]] = None) -> Dict[str, ClassScores]:
    """Scores of every label of the matrix (or of `labels`, in that order)."""
    names = labels if labels is not None else sorted(matrix)
    return {label: scores_for(matrix, label) for label in names}


def accuracy(matrix: Matrix) -> float:
    """Share of all instances on the diagonal."""
    total = sum(sum(row.values()) for row in matrix.values())
    return _ratio(sum(matrix[label][label] for label in matrix), total)


def macro_f1(matrix: Matrix) -> float:
    """Unweighted mean of the per-class F1 scores."""
    scores: List[float] = [s.f1 for s in per_class(matrix).values()]
    return _ratio(sum(scores), len(scores))


def weighted_f1(matrix: Matrix) -> float:
    """Mean of the per-class F1 scores weighted by support."""
    scores: Dict[str, ClassScores] = per_class(matrix)
    total = sum(s.support for s in scores.values())
    return _ratio(sum(s.f1 * s.support for s in scores.values()), total)
