"""Report on the latest cookie crawl of fenwicklowe.co.uk (scan/crawl-*.csv, newest file).

Usage: python tools/cookie_scan.py [--before-consent] [--category NAME]
"""

import argparse
import csv
import sys
from pathlib import Path

SCANS = Path(__file__).resolve().parent.parent / "scan"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cookie_scan")
    parser.add_argument("--before-consent", action="store_true", help="only cookies set before any choice")
    parser.add_argument("--category", help="essential, analytics or marketing")
    args = parser.parse_args(argv)
    latest = sorted(SCANS.glob("crawl-*.csv"))[-1]
    with latest.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    if args.before_consent:
        rows = [r for r in rows if r["set_before_consent"] == "yes"]
    if args.category:
        rows = [r for r in rows if r["category"] == args.category]
    print(f"crawl: {latest.stem.removeprefix('crawl-')}  cookies: {len(rows)}")
    for r in rows:
        print(f"{r['cookie']:<24} {r['category']:<10} before consent: {r['set_before_consent']:<4} "
              f"expiry: {r['expiry']:<10} {r['provider']} (first seen on {r['first_seen_on']})")
    by_cat: dict[str, int] = {}
    for r in rows:
        by_cat[r["category"]] = by_cat.get(r["category"], 0) + 1
    print("by category: " + ", ".join(f"{k} {v}" for k, v in sorted(by_cat.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
