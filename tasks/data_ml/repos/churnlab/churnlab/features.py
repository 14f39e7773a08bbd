"""Feature engineering: one row per customer, computed for a snapshot date (`cutoff`)."""

from __future__ import annotations

import pandas as pd

PLAN_CODES = {"basic": 0, "standard": 1, "premium": 2}
EVENT_COLUMNS = {"session": "sessions", "support_ticket": "tickets", "payment_failed": "payment_failures"}

CORE_FEATURES = ("tenure_days", "monthly_fee", "plan_code", "sessions", "minutes", "tickets",
                 "payment_failures")
FEATURE_SETS = {
    "core": CORE_FEATURES,
    "engagement": (*CORE_FEATURES, "days_since_last_event", "active_days"),
}


def event_totals(events: pd.DataFrame, cutoff: pd.Timestamp) -> pd.DataFrame:
    """Per customer: number of sessions, session minutes, tickets and failed payments before `cutoff`."""
    before = events.loc[events["event_date"] < cutoff]
    counts = pd.crosstab(before["customer_id"], before["event_type"]).rename(columns=EVENT_COLUMNS)
    counts = counts.reindex(columns=list(EVENT_COLUMNS.values()), fill_value=0)
    minutes = before.groupby("customer_id")["minutes"].sum().rename("minutes")
    return counts.join(minutes)


def engagement(events: pd.DataFrame) -> pd.DataFrame:
    """Per customer: days since the last event and number of distinct days with an event."""
    last_day = events["event_date"].max()
    per_customer = events.groupby("customer_id")["event_date"]
    return pd.DataFrame({
        "days_since_last_event": (last_day - per_customer.max()).dt.days,
        "active_days": per_customer.nunique(),
    })


def build_features(customers: pd.DataFrame, events: pd.DataFrame, cutoff: pd.Timestamp,
                   feature_set: str = "core") -> pd.DataFrame:
    """The features of `feature_set` for every customer in `customers`, as of `cutoff`; indexed by id."""
    base = customers.set_index("customer_id")
    profile = pd.DataFrame({
        "tenure_days": (cutoff - base["signup_date"]).dt.days,
        "monthly_fee": base["monthly_fee"],
        "plan_code": base["plan"].map(PLAN_CODES),
    })
    frame = profile.join(event_totals(events, cutoff), how="inner")
    if feature_set == "engagement":
        frame = frame.join(engagement(events), how="inner")
    return frame.loc[:, list(FEATURE_SETS[feature_set])].astype("float64")
