import pandas as pd

from churnlab import build_labels
from churnlab.labels import active_at

CUTOFF = pd.Timestamp("2024-04-01")


def test_only_customers_active_at_the_cutoff_are_labelled(customers):
    assert list(active_at(customers, CUTOFF)["customer_id"]) == ["C1", "C2", "C4"]


def test_churn_inside_the_horizon_is_positive(customers):
    labels = build_labels(customers, CUTOFF, horizon_days=90)
    assert labels.to_dict() == {"C1": 0, "C2": 1, "C4": 0}


def test_churn_after_the_horizon_is_negative(customers):
    assert build_labels(customers, CUTOFF, horizon_days=30).to_dict() == {"C1": 0, "C2": 0, "C4": 0}
