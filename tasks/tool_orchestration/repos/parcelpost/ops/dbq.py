"""dbq: SQL on parcelpost's production database (parcels, events, lookups, lockers).

    python ops/dbq.py "SQL"
    python ops/dbq.py query "SQL"
    python ops/dbq.py tables

One statement per call; the connection can write, so mind what you send. Prints at most
100 rows.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys

from _console import REPO, SEEDS, Console, Refused, columns

SHOWN = 100


def seed(conn: sqlite3.Connection) -> None:
    """db/schema.sql and the rows of seed/production.sql."""
    conn.executescript((REPO / "db" / "schema.sql").read_text(encoding="utf-8"))
    rows = (SEEDS / "production.sql").read_text(encoding="utf-8")
    conn.executescript(f"BEGIN;\n{rows}\nCOMMIT;")


console = Console("dbq", "SQL on the production database.", seed)


def tables(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('requests', 'sqlite_sequence')"
        " ORDER BY name")]
    print(columns(("table", "rows"), [(n, conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0])
                                      for n in names]))


def query(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    sql = ns.sql.strip().rstrip(";")
    if not sql:
        raise Refused("no SQL given")
    cur = conn.execute(sql)
    if cur.description is None:
        conn.commit()
        print(f"done, {cur.rowcount} row(s) affected")
        return
    rows = cur.fetchmany(SHOWN + 1)
    print(columns([d[0] for d in cur.description], [tuple(r) for r in rows[:SHOWN]]))
    print(f"\n{min(len(rows), SHOWN)} row(s)" + (", more not shown" if len(rows) > SHOWN else ""))


console.command("tables", "the tables and their sizes")(tables)
console.command("query", "run one statement")(query).add_argument("sql")

if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] not in ("tables", "query") and not args[0].startswith("-"):
        args = ["query", *args]
    sys.exit(console.run(args))
