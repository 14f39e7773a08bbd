"""churnlab: churn modelling for the subscription service (pandas features, numpy logistic regression)."""

from .data import load_customers, load_events
from .features import FEATURE_SETS, build_features
from .labels import build_labels
from .metrics import accuracy, log_loss, roc_auc
from .model import LogisticRegression
from .pipeline import make_dataset
from .split import random_split

__all__ = [
    "FEATURE_SETS",
    "LogisticRegression",
    "accuracy",
    "build_features",
    "build_labels",
    "load_customers",
    "load_events",
    "log_loss",
    "make_dataset",
    "random_split",
    "roc_auc",
]
