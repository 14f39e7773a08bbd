"""Train the churn model on one snapshot and print validation metrics.

    python scripts/train.py                              # core features, cutoff 2024-04-01
    python scripts/train.py --features engagement --save models/model.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from churnlab import FEATURE_SETS, LogisticRegression, load_customers, load_events  # noqa: E402
from churnlab.pipeline import evaluate, make_dataset  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "data"


def main(argv: list[str] | None = None) -> int:
    """Build the dataset, fit, print the metrics and optionally save the fitted model."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cutoff", default="2024-04-01",
                        help="snapshot date (features use events before it)")
    parser.add_argument("--horizon", type=int, default=90, help="days after the cutoff that count as churn")
    parser.add_argument("--features", choices=sorted(FEATURE_SETS), default="core")
    parser.add_argument("--save", type=Path, help="write the fitted model as JSON")
    args = parser.parse_args(argv)

    customers, events = load_customers(DATA / "customers.csv"), load_events(DATA / "events.csv")
    dataset = make_dataset(customers, events, pd.Timestamp(args.cutoff), args.horizon, args.features)
    model = LogisticRegression()
    metrics = evaluate(dataset, model)
    print(f"features: {args.features} ({dataset.shape[1] - 1} columns), cutoff {args.cutoff}, "
          f"horizon {args.horizon} days, customers {len(dataset)}")
    for name, value in metrics.items():
        print(f"{name:>17}: {value:.4f}" if isinstance(value, float) else f"{name:>17}: {value}")
    if args.save:
        args.save.parent.mkdir(parents=True, exist_ok=True)
        state = {**model.to_dict(), "features": list(FEATURE_SETS[args.features]), "cutoff": args.cutoff}
        args.save.write_text(json.dumps(state, indent=2), encoding="utf-8")
        print(f"saved model to {args.save}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
