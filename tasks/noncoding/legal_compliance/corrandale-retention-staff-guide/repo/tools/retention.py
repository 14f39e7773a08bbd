"""Look up record types in Corrandale's retention schedule (data/retention-schedule.csv).

Usage: python tools/retention.py [WORDS...]   (no words: the whole schedule)
"""

import csv
import sys
from pathlib import Path

SCHEDULE = Path(__file__).resolve().parent.parent / "data" / "retention-schedule.csv"


def main(argv: list[str]) -> int:
    words = [w.lower() for w in argv]
    with SCHEDULE.open(newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if all(w in r["record_type"].lower() for w in words)]
    if not rows:
        print(f"no record type matches: {' '.join(argv)}")
        return 1
    for r in rows:
        print(f"{r['record_type']} | owner: {r['owner_team']} | keep: {r['retention']} from {r['trigger']}"
              f" | then: {r['action_at_end']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
