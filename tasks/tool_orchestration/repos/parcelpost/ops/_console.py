"""Shared plumbing of the parcelpost ops consoles (tracker, flags, metrics, dbq).

Each console keeps its state in `.services/<name>.sqlite3` at the repository root (gitignored;
PARCELPOST_SERVICES names another directory), builds it from `ops/seed/` on first use, and logs
every call, whatever its outcome, in its `requests` table: op, JSON arguments, exit code, output.
Remove the file to start over from the seed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO / "ops" / "seed"
OUTPUT_CAP = 4000
LOG_TABLE = (
    "CREATE TABLE IF NOT EXISTS requests (seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL,"
    " args TEXT NOT NULL, status INTEGER NOT NULL, result TEXT)"
)


class Refused(Exception):
    """A call the console will not carry out; its message is the output, exit code 1."""


Command = Callable[[sqlite3.Connection, argparse.Namespace], None]


class Console:
    """One ops console: a name, a seed function and its subcommands."""

    def __init__(self, name: str, about: str, seed: Callable[[sqlite3.Connection], None]) -> None:
        self.name = name
        self.seed = seed
        self.parser = argparse.ArgumentParser(prog=name, description=about)
        self.sub = self.parser.add_subparsers(dest="op", metavar="COMMAND")
        self.commands: dict[str, Command] = {}

    def command(self, name: str, help_text: str) -> Callable[[Command], argparse.ArgumentParser]:
        """Register a subcommand; returns its parser so the caller can add arguments."""
        sub = self.sub.add_parser(name, help=help_text)

        def register(func: Command) -> argparse.ArgumentParser:
            self.commands[name] = func
            return sub

        return register

    def connect(self) -> sqlite3.Connection:
        """The console's state, seeded on first use."""
        folder = Path(os.environ.get("PARCELPOST_SERVICES") or REPO / ".services")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.name}.sqlite3"
        new = not path.exists()
        conn = sqlite3.connect(path)
        conn.row_factory = sqlite3.Row
        if new:
            try:
                with conn:
                    self.seed(conn)
            except Exception:
                conn.close()
                path.unlink(missing_ok=True)
                raise
        conn.execute(LOG_TABLE)
        return conn

    def run(self, argv: list[str] | None = None) -> int:
        """Carry out one call and log it."""
        args = sys.argv[1:] if argv is None else list(argv)
        conn = self.connect()
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
            try:
                ns = self.parser.parse_args(args)
                if not ns.op:
                    self.parser.print_help()
                    code = 2
                else:
                    self.commands[ns.op](conn, ns)
                    code = 0
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
            except (Refused, sqlite3.Error) as problem:
                conn.rollback()
                print(f"{self.name}: {problem}")
                code = 1
        output = buffer.getvalue()
        with conn:
            conn.execute(
                "INSERT INTO requests (op, args, status, result) VALUES (?, ?, ?, ?)",
                (args[0] if args else "", json.dumps(args[1:]), code, output[:OUTPUT_CAP]),
            )
        conn.close()
        print(output, end="", file=sys.stdout if code == 0 else sys.stderr)
        return code


def utc_now() -> str:
    """Now, UTC, ISO 8601 to the minute."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%MZ")


def columns(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    """A plain-text table: columns padded to their widest cell."""
    grid = [list(header)] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in grid) for i in range(len(grid[0]))]
    return "\n".join(" | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in grid)
