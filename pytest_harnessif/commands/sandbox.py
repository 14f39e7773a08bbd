"""`harnessif sandbox prune [--run ID]`: remove the docker sandboxes a crashed or killed run left behind."""

from __future__ import annotations

import argparse
import sys

from ..sandbox.base import SandboxError
from ..sandbox.engine import engine, prune


def prune_cmd(args: argparse.Namespace) -> int:
    try:
        removed = prune(engine(), args.run)
    except SandboxError as exc:
        print(f"harnessif sandbox prune: {exc}", file=sys.stderr)
        return 2
    scope = f" of run {args.run}" if args.run else ""
    print(f"removed {removed} container{'' if removed == 1 else 's'}{scope}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("sandbox", help="manage docker sandboxes")
    actions = parser.add_subparsers(dest="action", required=True)
    prune_parser = actions.add_parser(
        "prune", help="remove leftover harnessif containers (label harnessif=1), of every run or of one"
    )
    prune_parser.add_argument("--run", metavar="ID", help="only the containers of this run id (label harnessif.run)")
    prune_parser.set_defaults(func=prune_cmd)
