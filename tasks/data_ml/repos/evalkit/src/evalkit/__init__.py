"""evalkit: confusion matrices and classification metrics in pure Python."""

from .binning import Bin, equal_width_bins, score_histogram
from .confusion import Matrix, confusion_matrix, labels_of
from .io import load_predictions, load_scores
from .metrics import ClassScores, accuracy, macro_f1, per_class, weighted_f1
from .report import format_report

__version__ = "1.5.0"

__all__ = [
    "Bin",
    "ClassScores",
    "Matrix",
    "accuracy",
    "confusion_matrix",
    "equal_width_bins",
    "format_report",
    "labels_of",
    "load_predictions",
    "load_scores",
    "macro_f1",
    "per_class",
    "score_histogram",
    "weighted_f1",
]
