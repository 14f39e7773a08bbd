"""`python -m evalkit PREDICTIONS.csv`: print the classification report of a predictions file."""

from __future__ import annotations

import sys

from .confusion import confusion_matrix
from .io import load_predictions
from .report import format_report


def main(argv: list[str] | None = None) -> int:
    """Write the report for the CSV named on the command line to stdout."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m evalkit PREDICTIONS.csv\n")
        return 2
    y_true, y_pred = load_predictions(args[0])
    sys.stdout.write(format_report(confusion_matrix(y_true, y_pred)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
