"""Expense claims against Northmere's travel and expense policy (policy/expense-policy.md).

    python tools/claims.py exceptions <YYYY-Qn>   claims of the quarter that break the policy, with the amount over
    python tools/claims.py show <claim>           one claim with every field
"""

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOTEL_LIMIT, HOTEL_LIMIT_CAPITALS, CAPITALS = 180, 240, {"London", "Paris"}
MEAL_PER_HEAD, RECEIPT_FROM, FLIGHT_APPROVAL_FROM = 95, 25, 400


def claims(quarter):
    year, q = quarter.split("-Q")
    path = ROOT / "data" / f"claims-{year}-q{q}.csv"
    if not path.exists():
        sys.exit(f"no claims file for {quarter}")
    with path.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def breaches(c):
    amount, out = int(c["amount_eur"]), []
    if c["category"] == "hotel":
        limit = (HOTEL_LIMIT_CAPITALS if c["city"] in CAPITALS else HOTEL_LIMIT) * int(c["nights"])
        if amount > limit:
            out.append((f"hotel above EUR {limit // int(c['nights'])} a night", amount - limit))
    if c["category"] == "client_meal" and amount > MEAL_PER_HEAD * int(c["people"]):
        out.append((f"client meal above EUR {MEAL_PER_HEAD} a head "
                    f"({c['people']} people, EUR {amount / int(c['people']):.0f} a head)",
                    amount - MEAL_PER_HEAD * int(c["people"])))
    if c["category"] == "rail_first":
        out.append((f"first-class rail (standard fare EUR {c['standard_fare_eur']})",
                    amount - int(c["standard_fare_eur"])))
    if c["category"] == "flight" and amount > FLIGHT_APPROVAL_FROM and c["preapproved"] != "yes":
        out.append((f"flight above EUR {FLIGHT_APPROVAL_FROM} booked without pre-approval", 0))
    if c["receipt"] != "yes" and amount > RECEIPT_FROM:
        out.append((f"no receipt for an amount above EUR {RECEIPT_FROM}", amount))
    return out


def main(argv):
    if len(argv) == 2 and argv[0] == "exceptions":
        rows = claims(argv[1])
        total_over = 0
        found = 0
        for c in rows:
            for why, over in breaches(c):
                found += 1
                total_over += over
                note = c["approver_note"] or "(no reason given)"
                print(f"{c['claim']}  {c['date']}  {c['team']:<9} {c['category']:<12} EUR {int(c['amount_eur']):>5,}  "
                      f"over policy EUR {over:>4,}  {why}; approver {c['approver']}: {note}")
        print(f"{found} exceptions in {len(rows)} claims; amount above policy EUR {total_over:,} "
              f"(a flight without pre-approval counts 0, a missing receipt counts the whole claim)")
    elif len(argv) == 2 and argv[0] == "show":
        for quarter in ("2026-Q3",):
            for c in claims(quarter):
                if c["claim"] == argv[1]:
                    print("\n".join(f"{k}: {v}" for k, v in c.items()))
                    return
        sys.exit(f"no claim {argv[1]}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
