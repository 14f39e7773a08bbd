import pandas as pd

from churnlab import FEATURE_SETS, build_features
from churnlab.labels import active_at

CUTOFF = pd.Timestamp("2024-04-01")


def test_event_totals_only_count_events_before_the_cutoff(customers, events):
    features = build_features(customers, events, CUTOFF)
    assert features.loc["C1", ["sessions", "minutes", "tickets"]].tolist() == [2.0, 75.0, 1.0]
    assert features.loc["C2", ["sessions", "payment_failures"]].tolist() == [1.0, 1.0]


def test_profile_features(customers, events):
    features = build_features(customers, events, CUTOFF)
    assert features.loc["C2", "tenure_days"] == 305
    assert features.loc["C2", "plan_code"] == 2
    assert features.loc["C2", "monthly_fee"] == 17.99


def test_columns_follow_the_feature_set(customers, events):
    active = active_at(customers, CUTOFF)
    for name, columns in FEATURE_SETS.items():
        assert list(build_features(active, events, CUTOFF, name).columns) == list(columns)
