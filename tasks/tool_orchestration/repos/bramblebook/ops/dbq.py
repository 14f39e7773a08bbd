"""dbq: an SQL console on bramblebook's production database (a read-write connection).

    python ops/dbq.py tables
    python ops/dbq.py schema TABLE
    python ops/dbq.py query "SQL" [--limit N]
    python ops/dbq.py "SQL"                 (short for query)

One statement per call. Results print as a table, at most --limit rows (default 50).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence

from _service import ROOT, SEED, ToolError, serve, table

COMMANDS = ("tables", "schema", "query")


def seed(conn: sqlite3.Connection) -> None:
    """bramblebook's schema and the rows of seed/bookings_data.sql."""
    conn.executescript((ROOT / "bramblebook" / "schema.sql").read_text(encoding="utf-8"))
    rows = (SEED / "bookings_data.sql").read_text(encoding="utf-8")
    conn.executescript(f"BEGIN;\n{rows}COMMIT;\n")


def tables(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    names = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'"
        " AND name NOT IN ('requests', 'sqlite_sequence') ORDER BY name"
    ).fetchall()
    rows = [[n["name"], conn.execute(f'SELECT count(*) FROM "{n["name"]}"').fetchone()[0]] for n in names]
    print(table(rows, ["table", "rows"]))


def schema(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    row = conn.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (ns.table,)
    ).fetchone()
    if row is None:
        raise ToolError(f"no table {ns.table!r} (see `dbq tables`)")
    print(row["sql"])


def query(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    if ns.limit < 1:
        raise ToolError("--limit must be at least 1")
    cursor = conn.execute(ns.sql)
    if cursor.description is None:
        conn.commit()
        print(f"ok, {cursor.rowcount} row(s) changed")
        return
    header = [d[0] for d in cursor.description]
    rows = cursor.fetchmany(ns.limit + 1)
    print(table([list(r) for r in rows[: ns.limit]], header))
    more = " (more not shown: raise --limit)" if len(rows) > ns.limit else ""
    print(f"\n{min(len(rows), ns.limit)} row(s){more}")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dbq", description="SQL on bramblebook's production database.")
    sub = p.add_subparsers(dest="op", metavar="COMMAND")
    sub.add_parser("tables", help="the tables and their row counts")
    sc = sub.add_parser("schema", help="the CREATE statement of a table")
    sc.add_argument("table")
    q = sub.add_parser("query", help="run one SQL statement")
    q.add_argument("sql")
    q.add_argument("--limit", type=int, default=50, help="rows to print at most (default 50)")
    return p


HANDLERS = {"tables": tables, "schema": schema, "query": query}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] not in COMMANDS and not args[0].startswith("-"):
        args.insert(0, "query")
    return serve("dbq", parser(), HANDLERS, seed, args)


if __name__ == "__main__":
    sys.exit(main())
