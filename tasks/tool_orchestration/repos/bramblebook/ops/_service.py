"""What every ops console shares: its state file under .services/, seeded on first use, and the
request log every call appends to (successful or not).

State lives in `.services/<tool>.sqlite3` at the repository root (gitignored), or under the
directory named by BRAMBLEBOOK_SERVICES. Delete the file to start again from the seed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = Path(__file__).with_name("seed")
MAX_RESULT = 4000
REQUESTS = """CREATE TABLE IF NOT EXISTS requests (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    op TEXT NOT NULL,
    args TEXT NOT NULL,
    status INTEGER NOT NULL,
    result TEXT
)"""

Handler = Callable[[sqlite3.Connection, argparse.Namespace], None]


class ToolError(Exception):
    """A request the console refuses; the message is printed and the exit code is 1."""


def state_path(tool: str) -> Path:
    """Where `tool` keeps its state."""
    return Path(os.environ.get("BRAMBLEBOOK_SERVICES", ROOT / ".services")) / f"{tool}.sqlite3"


def open_state(tool: str, seed: Callable[[sqlite3.Connection], None]) -> sqlite3.Connection:
    """The state database of `tool`, created from `seed` if it does not exist yet."""
    path = state_path(tool)
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.exists()
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    if fresh:
        try:
            with conn:
                seed(conn)
        except BaseException:
            conn.close()
            path.unlink()
            raise
    conn.execute(REQUESTS)
    return conn


def now() -> str:
    """The current time, UTC, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def table(rows: Sequence[Sequence[object]], header: Sequence[str]) -> str:
    """Rows as aligned text columns under `header`."""
    cells = [[str(c) for c in header]] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells)


def serve(
    tool: str,
    parser: argparse.ArgumentParser,
    handlers: dict[str, Handler],
    seed: Callable[[sqlite3.Connection], None],
    argv: Sequence[str] | None = None,
) -> int:
    """Run one request: parse `argv`, call the subcommand's handler, print and log what it printed."""
    args = list(sys.argv[1:] if argv is None else argv)
    conn = open_state(tool, seed)
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(out):
        try:
            ns = parser.parse_args(args)
            if ns.op is None:
                parser.print_help()
                status = 2
            else:
                handlers[ns.op](conn, ns)
                status = 0
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except (ToolError, sqlite3.Error) as exc:
            conn.rollback()
            print(f"{tool}: error: {exc}")
            status = 1
    text = out.getvalue()
    op = args[0] if args else ""
    with conn:
        conn.execute(
            "INSERT INTO requests (op, args, status, result) VALUES (?, ?, ?, ?)",
            (op, json.dumps(args[1:]), status, text[:MAX_RESULT]),
        )
    conn.close()
    (sys.stdout if status == 0 else sys.stderr).write(text)
    return status
