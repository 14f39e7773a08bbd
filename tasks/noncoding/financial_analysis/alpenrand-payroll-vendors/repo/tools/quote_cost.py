"""Three-year cost of each payroll quote, from quotes/summary.csv (procurement's extract of the quotes).

    python tools/quote_cost.py <employees>             the same headcount every year, e.g. 45
    python tools/quote_cost.py <year1,year2,year3>     a headcount per contract year, e.g. 45,58,70
"""

import csv
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "quotes" / "summary.csv"


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    heads = [int(x) for x in argv[0].split(",")]
    heads = heads * 3 if len(heads) == 1 else heads
    if len(heads) != 3:
        sys.exit("give one headcount or three")
    print(f"headcount by contract year: {', '.join(map(str, heads))} (CHF, excluding VAT)")
    results = []
    with DATA.open(encoding="utf-8") as fh:
        for q in csv.DictReader(fh):
            setup, fee = int(q["setup_chf"]), int(q["per_employee_month_chf"])
            floor, year_end = int(q["min_employees_billed"]), int(q["year_end_per_employee_chf"])
            years = [12 * fee * max(h, floor) + year_end * h for h in heads]
            total = setup + sum(years)
            results.append((total, q["vendor"]))
            print(f"{q['vendor']:<9} set-up {setup:>6,}  years {' / '.join(f'{y:,}' for y in years)}  total {total:,}")
    results.sort()
    best = results[0]
    for total, vendor in results[1:]:
        print(f"{vendor} costs {total - best[0]:,} more than {best[1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
