"""evalkit: confusion matrices and classification metrics in pure Python."""

from .confusion import Matrix, confusion_matrix, labels_of
from .io import load_predictions
from .metrics import ClassScores, accuracy, macro_f1, per_class, weighted_f1
from .report import format_report

__version__ = "1.4.0"

__all__ = [
    "ClassScores",
    "Matrix",
    "accuracy",
    "confusion_matrix",
    "format_report",
    "labels_of",
    "load_predictions",
    "macro_f1",
    "per_class",
    "weighted_f1",
]
