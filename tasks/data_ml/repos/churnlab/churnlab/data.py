"""Loading the CRM exports with explicit column types."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

CUSTOMER_DTYPES = {"customer_id": "string", "plan": "string", "monthly_fee": "float64", "region": "string"}
EVENT_DTYPES = {"customer_id": "string", "event_type": "string", "minutes": "int64"}


def load_customers(path: str | Path) -> pd.DataFrame:
    """One row per customer: id, signup date, plan, monthly fee, region and churn date (NaT if active)."""
    return pd.read_csv(path, dtype=CUSTOMER_DTYPES, parse_dates=["signup_date", "churn_date"])


def load_events(path: str | Path) -> pd.DataFrame:
    """One row per event: customer id, event date, event type (session, support_ticket, payment_failed)
    and minutes (sessions only, 0 otherwise)."""
    return pd.read_csv(path, dtype=EVENT_DTYPES, parse_dates=["event_date"])
