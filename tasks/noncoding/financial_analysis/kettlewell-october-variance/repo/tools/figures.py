"""Budget against actuals for Kettlewell Print Works, read from data/budget_vs_actuals_2026.csv.

    python tools/figures.py <line> <month>     one budget line for one month, with the year to date
    python tools/figures.py summary <month>    every line for the month, with revenue, costs and profit
    python tools/figures.py lines              the budget lines
"""

import csv
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "budget_vs_actuals_2026.csv"
REVENUE = {"print_sales", "design_fees"}


def load():
    with DATA.open(encoding="utf-8") as fh:
        return [dict(r, budget=int(r["budget_gbp"]), actual=int(r["actual_gbp"])) for r in csv.DictReader(fh)]


def money(x, sign=False):
    return f"GBP {x:+,}" if sign else f"GBP {x:,}"


def variance(line, budget, actual):
    diff = actual - budget
    good = diff >= 0 if line in REVENUE else diff <= 0
    pct = 100 * diff / budget if budget else 0.0
    return diff, pct, "favourable" if good else "adverse"


def one(rows, line, month):
    mine = [r for r in rows if r["line"] == line]
    if not mine:
        sys.exit(f"unknown line {line!r}; run `python tools/figures.py lines`")
    cur = [r for r in mine if r["month"] == month]
    if not cur:
        sys.exit(f"no figures for {month}")
    r = cur[0]
    diff, pct, verdict = variance(line, r["budget"], r["actual"])
    kind = "revenue" if line in REVENUE else "cost"
    print(f"{line} ({kind}), {month}")
    print(f"  budget    {money(r['budget'])}")
    print(f"  actual    {money(r['actual'])}")
    print(f"  variance  {money(diff, True)} ({pct:+.1f}%), {verdict}")
    ytd = [x for x in mine if x["month"][:4] == month[:4] and x["month"] <= month]
    b, a = sum(x["budget"] for x in ytd), sum(x["actual"] for x in ytd)
    diff, pct, verdict = variance(line, b, a)
    print(f"  year to date {ytd[0]['month']} to {month}: budget {money(b)}, actual {money(a)}, "
          f"variance {money(diff, True)} ({pct:+.1f}%), {verdict}")


def summary(rows, month):
    cur = [r for r in rows if r["month"] == month]
    if not cur:
        sys.exit(f"no figures for {month}")
    print(f"{'line':<16}{'budget':>12}{'actual':>12}{'variance':>12}{'%':>8}")
    for r in cur:
        diff, pct, verdict = variance(r["line"], r["budget"], r["actual"])
        print(f"{r['line']:<16}{r['budget']:>12,}{r['actual']:>12,}{diff:>+12,}{pct:>+7.1f}%  {verdict}")
    rb = sum(r["budget"] for r in cur if r["line"] in REVENUE)
    ra = sum(r["actual"] for r in cur if r["line"] in REVENUE)
    cb = sum(r["budget"] for r in cur if r["line"] not in REVENUE)
    ca = sum(r["actual"] for r in cur if r["line"] not in REVENUE)
    print(f"{'revenue':<16}{rb:>12,}{ra:>12,}{ra - rb:>+12,}")
    print(f"{'costs':<16}{cb:>12,}{ca:>12,}{ca - cb:>+12,}")
    print(f"{'profit':<16}{rb - cb:>12,}{ra - ca:>12,}{(ra - ca) - (rb - cb):>+12,}")
    print("(all amounts GBP)")


def main(argv):
    rows = load()
    if argv[:1] == ["lines"]:
        print("\n".join(sorted({r["line"] for r in rows})))
    elif len(argv) == 2 and argv[0] == "summary":
        summary(rows, argv[1])
    elif len(argv) == 2:
        one(rows, argv[0], argv[1])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
