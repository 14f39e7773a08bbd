"""Label sets and confusion matrices: `matrix[true_label][predicted_label]` is a count."""

from __future__ import annotations

from collections.abc import Sequence

Matrix = dict[str, dict[str, int]]


def labels_of(y_true: Sequence[str]) -> list[str]:
    """The sorted distinct labels of a label sequence."""
    return sorted(set(y_true))


def confusion_matrix(
    y_true: Sequence[str], y_pred: Sequence[str], labels: Sequence[str] | None = None
) -> Matrix:
    """Count (true, predicted) pairs into a square matrix over `labels`.

    Without `labels`, the matrix covers the labels of the ground truth.
    """
    if len(y_true) != len(y_pred):
        raise ValueError(f"y_true has {len(y_true)} labels but y_pred has {len(y_pred)}")
    names = list(labels) if labels is not None else labels_of(y_true)
    matrix: Matrix = {true: {pred: 0 for pred in names} for true in names}
    for true, pred in zip(y_true, y_pred, strict=True):
        if true in matrix and pred in matrix[true]:
            matrix[true][pred] += 1
    return matrix
