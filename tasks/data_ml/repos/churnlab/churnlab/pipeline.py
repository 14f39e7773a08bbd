"""From raw exports to a labelled dataset, and from a dataset to validation metrics."""

from __future__ import annotations

import pandas as pd

from .features import build_features
from .labels import HORIZON_DAYS, active_at, build_labels
from .metrics import accuracy, log_loss, roc_auc
from .model import LogisticRegression
from .split import random_split


def make_dataset(customers: pd.DataFrame, events: pd.DataFrame, cutoff: pd.Timestamp,
                 horizon_days: int = HORIZON_DAYS, feature_set: str = "core") -> pd.DataFrame:
    """Features of the customers active at `cutoff` plus their `churned` label, one row per customer."""
    active = active_at(customers, cutoff)
    features = build_features(active, events, cutoff, feature_set)
    return features.join(build_labels(customers, cutoff, horizon_days), how="inner")


def evaluate(dataset: pd.DataFrame, model: LogisticRegression | None = None) -> dict[str, float]:
    """Fit on a random 75 % of `dataset`, score the other 25 % and return the validation metrics."""
    train, valid = random_split(dataset)
    columns = [c for c in dataset.columns if c != "churned"]
    model = (model or LogisticRegression()).fit(train[columns].to_numpy(), train["churned"].to_numpy())
    scores = model.predict_proba(valid[columns].to_numpy())
    return {
        "train_rows": len(train),
        "valid_rows": len(valid),
        "valid_churn_rate": float(valid["churned"].mean()),
        "auc": roc_auc(valid["churned"].to_numpy(), scores),
        "log_loss": log_loss(valid["churned"].to_numpy(), scores),
        "accuracy": accuracy(valid["churned"].to_numpy(), scores),
    }
