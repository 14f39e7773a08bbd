"""`harnessif` command line: offline tools over recorded runs, one subcommand module each."""

from __future__ import annotations

import argparse
import importlib

# modules of pytest_harnessif.commands, in help order
COMMANDS = ("report", "compare", "priors", "judge", "taskflow", "sandbox", "image")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="harnessif", description="Harness-IF tools over recorded runs.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"pytest_harnessif.commands.{name}").add_parser(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
