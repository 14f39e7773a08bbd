"""The plain-text classification report shown on the model dashboard."""

from __future__ import annotations

from .confusion import Matrix
from .metrics import accuracy, macro_f1, per_class, weighted_f1

HEADER = ("label", "precision", "recall", "f1", "support")


def format_report(matrix: Matrix) -> str:
    """Per-class scores as an aligned table, followed by accuracy, macro F1 and weighted F1."""
    scores = per_class(matrix)
    width = max(len("weighted f1"), *(len(label) for label in scores))
    lines = [f"{HEADER[0]:<{width}}  " + "  ".join(f"{h:>9}" for h in HEADER[1:])]
    for label, s in scores.items():
        numbers = "  ".join(f"{value:>9.3f}" for value in (s.precision, s.recall, s.f1))
        lines.append(f"{label:<{width}}  {numbers}  {s.support:>9d}")
    lines.append("")
    lines.append(f"{'accuracy':<{width}}  {accuracy(matrix):>9.3f}")
    lines.append(f"{'macro f1':<{width}}  {macro_f1(matrix):>9.3f}")
    lines.append(f"{'weighted f1':<{width}}  {weighted_f1(matrix):>9.3f}")
    return "\n".join(lines) + "\n"
