import pandas as pd
import pytest


@pytest.fixture
def customers():
    """Four customers: two long-standing, one who churns in March, one who signed up in March."""
    return pd.DataFrame({
        "customer_id": pd.array(["C1", "C2", "C3", "C4"], dtype="string"),
        "signup_date": pd.to_datetime(["2023-01-10", "2023-06-01", "2023-09-15", "2024-03-20"]),
        "plan": pd.array(["basic", "premium", "standard", "basic"], dtype="string"),
        "monthly_fee": [7.99, 17.99, 12.99, 7.99],
        "region": pd.array(["north", "south", "east", "west"], dtype="string"),
        "churn_date": pd.to_datetime([None, "2024-05-02", "2024-03-10", None]),
    })


@pytest.fixture
def events():
    """Sessions, a ticket and a failed payment, some of them after the 2024-04-01 cutoff."""
    return pd.DataFrame({
        "customer_id": pd.array(["C1", "C1", "C1", "C2", "C2", "C3", "C1"], dtype="string"),
        "event_date": pd.to_datetime(["2024-02-01", "2024-03-05", "2024-03-28", "2024-03-30", "2024-03-30",
                                      "2024-03-01", "2024-04-15"]),
        "event_type": pd.array(["session", "session", "support_ticket", "session", "payment_failed",
                                "session", "session"], dtype="string"),
        "minutes": [30, 45, 0, 20, 0, 10, 60],
    })
