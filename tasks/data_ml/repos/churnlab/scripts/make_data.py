"""Generate `data/customers.csv` and `data/events.csv`: six months of a subscription service, seeded.

Each customer has a hidden engagement level. Engaged customers use the service more and churn less;
customers on the basic plan, with failed payments or with open support tickets churn more, and usage
fades during the weeks before a customer cancels. The student plan only exists from 2024-05-15.

    python scripts/make_data.py      # rewrites both files
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

SEED = 20240630
START = pd.Timestamp("2024-01-01")
END = pd.Timestamp("2024-06-30")
N_CUSTOMERS = 700
DATA = Path(__file__).resolve().parent.parent / "data"

PLANS = {"basic": 7.99, "standard": 12.99, "premium": 17.99}
PLAN_MIX = [0.45, 0.38, 0.17]
STUDENT_LAUNCH = pd.Timestamp("2024-05-15")
STUDENT_FEE = 4.99
REGIONS = ["north", "south", "east", "west"]
# Monthly churn hazard on the logit scale. The standard plan had a price rise in January, so it churns
# more than basic. New customers churn most in their first three months, and again in their second
# year, when the first-year discount has ended.
BASE_HAZARD = -3.4
PLAN_HAZARD = {"basic": 0.0, "standard": 0.75, "premium": -0.6, "student": 0.3}
TENURE_HAZARD = ((91, 1.3), (365, 0.0), (730, 0.9))
LOYAL_HAZARD = -0.3
FADE_DAYS = 75
SESSION_RATE = 0.06


def customers(rng: np.random.Generator) -> pd.DataFrame:
    """Customers with a signup date spread over two years before and during the window."""
    signup = START - pd.to_timedelta(rng.integers(0, 730, N_CUSTOMERS), unit="D")
    late = rng.random(N_CUSTOMERS) < 0.22
    signup = signup.where(~late, START + pd.to_timedelta(rng.integers(0, 170, N_CUSTOMERS), unit="D"))
    plan = rng.choice(list(PLANS), N_CUSTOMERS, p=PLAN_MIX)
    student = (signup >= STUDENT_LAUNCH) & (rng.random(N_CUSTOMERS) < 0.5)
    plan = np.where(student, "student", plan)
    frame = pd.DataFrame({
        "customer_id": [f"C{i:04d}" for i in range(1, N_CUSTOMERS + 1)],
        "signup_date": signup.normalize(),
        "plan": plan,
        "monthly_fee": [STUDENT_FEE if p == "student" else PLANS[p] for p in plan],
        "region": rng.choice(REGIONS, N_CUSTOMERS),
        "engagement": rng.normal(0, 1, N_CUSTOMERS),
        "billing_trouble": rng.random(N_CUSTOMERS) < 0.12,
    })
    return frame.sort_values("signup_date", ignore_index=True).assign(
        customer_id=[f"C{i:04d}" for i in range(1, N_CUSTOMERS + 1)])


def churn_dates(rng: np.random.Generator, frame: pd.DataFrame) -> pd.Series:
    """Month by month from max(signup, START), churn with a hazard driven by the customer's traits."""
    dates = []
    for signup, plan, engagement, trouble in zip(frame["signup_date"], frame["plan"], frame["engagement"],
                                                 frame["billing_trouble"]):
        day = max(signup, START)
        churned = pd.NaT
        while day <= END:
            tenure_days = (day - signup).days
            tenure = next((extra for limit, extra in TENURE_HAZARD if tenure_days < limit), LOYAL_HAZARD)
            logit = BASE_HAZARD + PLAN_HAZARD[plan] + tenure - 0.6 * engagement + 1.0 * trouble
            if rng.random() < 1 / (1 + np.exp(-logit)):
                churned = day + pd.Timedelta(days=int(rng.integers(0, 30)))
                break
            day += pd.Timedelta(days=30)
        dates.append(churned if pd.notna(churned) and churned <= END else pd.NaT)
    return pd.Series(dates, index=frame.index)


def events(rng: np.random.Generator, frame: pd.DataFrame) -> pd.DataFrame:
    """Sessions (with minutes), support tickets and failed payments while each customer is active."""
    rows = []
    for cid, signup, churn, engagement, trouble in zip(frame["customer_id"], frame["signup_date"],
                                                       frame["churn_date"], frame["engagement"],
                                                       frame["billing_trouble"]):
        first, last = max(signup, START), churn if pd.notna(churn) else END
        for day in pd.date_range(first, last, freq="D"):
            fade = 1.0
            if pd.notna(churn):
                fade = min(1.0, max(0.05, (churn - day).days / FADE_DAYS))
            if rng.random() < SESSION_RATE * np.exp(0.5 * engagement) * fade:
                minutes = int(rng.gamma(2.0, 18 * np.exp(0.25 * engagement)))
                rows.append((cid, day, "session", max(minutes, 1)))
            if rng.random() < (0.004 + 0.006 * (fade < 1)):
                rows.append((cid, day, "support_ticket", 0))
            if trouble and rng.random() < 0.012:
                rows.append((cid, day, "payment_failed", 0))
    return pd.DataFrame(rows, columns=["customer_id", "event_date", "event_type", "minutes"])


def main() -> None:
    """Write both CSV files."""
    rng = np.random.default_rng(SEED)
    frame = customers(rng)
    frame["churn_date"] = churn_dates(rng, frame)
    log = events(rng, frame)
    DATA.mkdir(exist_ok=True)
    out = frame[["customer_id", "signup_date", "plan", "monthly_fee", "region", "churn_date"]]
    out.to_csv(DATA / "customers.csv", index=False, date_format="%Y-%m-%d")
    log.sort_values(["event_date", "customer_id"]).to_csv(DATA / "events.csv", index=False,
                                                         date_format="%Y-%m-%d")
    print(f"wrote {len(out)} customers ({out['churn_date'].notna().sum()} churned) and {len(log)} events")


if __name__ == "__main__":
    main()
