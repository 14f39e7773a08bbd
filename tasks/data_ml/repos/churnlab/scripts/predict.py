"""Score the customers active on a date with a model saved by train.py.

    python scripts/predict.py models/model.json --as-of 2024-06-30 --out out/scores.csv
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from churnlab import LogisticRegression, build_features, load_customers, load_events  # noqa: E402
from churnlab.labels import active_at  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "data"


def main(argv: list[str] | None = None) -> int:
    """Load the model, build features as of `--as-of`, print the riskiest customers, optionally save all."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", type=Path, help="model JSON written by train.py --save")
    parser.add_argument("--as-of", default="2024-06-30", help="score the customers active on this date")
    parser.add_argument("--top", type=int, default=10, help="how many of the riskiest customers to print")
    parser.add_argument("--out", type=Path, help="write every score to this CSV")
    args = parser.parse_args(argv)

    state = json.loads(args.model.read_text(encoding="utf-8"))
    feature_set = "engagement" if "active_days" in state["features"] else "core"
    as_of = pd.Timestamp(args.as_of)
    active = active_at(load_customers(DATA / "customers.csv"), as_of)
    features = build_features(active, load_events(DATA / "events.csv"), as_of, feature_set)
    model = LogisticRegression.from_dict(state)
    scores = pd.Series(model.predict_proba(features.to_numpy()), index=features.index, name="churn_risk")
    scores = scores.sort_values(ascending=False)
    print(f"scored {len(scores)} of {len(active)} active customers as of {args.as_of}")
    print(scores.head(args.top).round(3).to_string())
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        scores.to_csv(args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
