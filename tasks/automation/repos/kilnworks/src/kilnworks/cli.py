"""The `kilnworks` command: print a schedule's segments and total time, or check schedule files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kilnworks import __version__
from kilnworks.schedule import ScheduleError, format_minutes, load


def plan(path: Path) -> str:
    """The table `kilnworks plan` prints for one schedule file."""
    schedule = load(path)
    lines = [f"{schedule.name} (start {schedule.start} C)", "  rate  target  hold"]
    lines += [f"  {s.rate:>4}  {s.target:>6}  {s.hold:>4}" for s in schedule.segments]
    lines.append(f"peak {schedule.peak()} C, total {format_minutes(schedule.minutes())}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="kilnworks")
    parser.add_argument("--version", action="version", version=f"kilnworks {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    plan_cmd = sub.add_parser("plan", help="print a schedule's segments and total time")
    plan_cmd.add_argument("file", type=Path)
    check_cmd = sub.add_parser("check", help="check schedule files, one line per problem")
    check_cmd.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args(argv)

    if args.command == "plan":
        try:
            print(plan(args.file))
        except (OSError, ScheduleError) as err:
            print(f"kilnworks: {err}", file=sys.stderr)
            return 1
        return 0
    status = 0
    for path in args.files:
        try:
            load(path)
        except (OSError, ScheduleError) as err:
            print(err)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
