"""`harnessif` command line: offline tools over recorded runs, one subcommand module each."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# modules of pytest_harnessif.commands, in help order
COMMANDS = (
    "init", "report", "compare", "priors", "rules", "panel", "check_task",
    "judge", "e0", "taskflow", "audit", "sandbox", "image", "prune", "read_command",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="harnessif", description="Harness-IF tools over recorded runs.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"pytest_harnessif.commands.{name}").add_parser(sub)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:  # the reader went away (`harnessif rules | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
