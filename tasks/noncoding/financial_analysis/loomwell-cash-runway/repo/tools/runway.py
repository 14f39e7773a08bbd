"""Cash runway for Loomwell from finance/plan-2027.csv and finance/hiring-plan.csv.

    python tools/runway.py                          the plan as it stands
    python tools/runway.py --delay ROLE=YYYY-MM     move a hire's start (repeatable; ROLE as in the hiring plan)

Prints the month-by-month projection from the opening balance and the month the cash runs out.
"""

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "finance"
OPENING = ("2026-11-30", 1_184_000)


def rows(name):
    with (ROOT / name).open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main(argv):
    hires = {h["role"]: [h["start_month"], int(h["monthly_cost_eur"])] for h in rows("hiring-plan.csv")}
    args = iter(argv)
    for a in args:
        if a != "--delay":
            sys.exit(__doc__)
        role, _, month = next(args, "").partition("=")
        if role not in hires:
            sys.exit(f"unknown role {role!r}; roles: {', '.join(hires)}")
        hires[role][0] = month
    for role, (start, cost) in hires.items():
        print(f"hire: {role} from {start}, EUR {cost:,} a month")
    cash = OPENING[1]
    print(f"opening cash {OPENING[0]}: EUR {cash:,}")
    print(f"{'month':<9}{'revenue':>10}{'costs':>10}{'net burn':>10}{'closing cash':>14}")
    out = None
    for r in rows("plan-2027.csv"):
        m = r["month"]
        extra = sum(c for s, c in hires.values() if s <= m)
        costs = int(r["payroll_eur"]) + int(r["other_costs_eur"]) + extra
        rev = int(r["subscription_revenue_eur"])
        cash -= costs - rev
        print(f"{m:<9}{rev:>10,}{costs:>10,}{costs - rev:>10,}{cash:>14,}")
        if cash < 0 and out is None:
            out = m
            break
    print(f"cash runs out in {out}" if out else "cash lasts beyond the plan")


if __name__ == "__main__":
    main(sys.argv[1:])
