"""Who counts as a churner for a snapshot."""

from __future__ import annotations

import pandas as pd

HORIZON_DAYS = 90


def active_at(customers: pd.DataFrame, cutoff: pd.Timestamp) -> pd.DataFrame:
    """Customers who had signed up before `cutoff` and had not churned by then."""
    signed_up = customers["signup_date"] < cutoff
    still_there = customers["churn_date"].isna() | (customers["churn_date"] >= cutoff)
    return customers.loc[signed_up & still_there]


def build_labels(customers: pd.DataFrame, cutoff: pd.Timestamp,
                 horizon_days: int = HORIZON_DAYS) -> pd.Series:
    """1 for customers active at `cutoff` who churn within `horizon_days` after it, else 0; indexed by id."""
    active = active_at(customers, cutoff)
    end = cutoff + pd.Timedelta(days=horizon_days)
    churned = active["churn_date"].notna() & (active["churn_date"] < end)
    return pd.Series(churned.astype("int64").to_numpy(), index=active["customer_id"], name="churned")
