"""Copperline's board KPIs by quarter, from data/kpis.csv.

    python tools/kpi.py <metric> <YYYY-Qn>   the value, the quarter before and the same quarter a year before
    python tools/kpi.py metrics              the metrics on record
"""

import csv
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "kpis.csv"


def fmt(metric, v):
    if metric.endswith("_pct"):
        return f"{v:g}%"
    if metric.endswith("_usd"):
        return f"USD {v:,.0f}"
    return f"{v:,.0f}"


def shift(quarter, back):
    year, q = int(quarter[:4]), int(quarter[-1])
    n = year * 4 + q - 1 - back
    return f"{n // 4}-Q{n % 4 + 1}"


def main(argv):
    with DATA.open(encoding="utf-8") as fh:
        rows = {(r["quarter"], r["metric"]): float(r["value"]) for r in csv.DictReader(fh)}
    if argv == ["metrics"]:
        print("\n".join(sorted({m for _, m in rows})))
        return
    if len(argv) != 2:
        sys.exit(__doc__)
    metric, quarter = argv
    if (quarter, metric) not in rows:
        sys.exit(f"no {metric} for {quarter}; see `python tools/kpi.py metrics`")
    v = rows[(quarter, metric)]
    print(f"{metric} {quarter}: {fmt(metric, v)}")
    for label, back in (("previous quarter", 1), ("a year before", 4)):
        other = shift(quarter, back)
        if (other, metric) in rows:
            o = rows[(other, metric)]
            if metric.endswith("_pct"):
                change = f"{v - o:+.1f} points"
            else:
                change = f"{v - o:+,.0f} ({100 * (v - o) / o:+.1f}%)"
            print(f"  {label} ({other}): {fmt(metric, o)}, change {change}")


if __name__ == "__main__":
    main(sys.argv[1:])
