"""flags: parcelpost's feature flags, a rollout percentage per environment.

    python ops/flags.py list
    python ops/flags.py show FLAG
    python ops/flags.py set FLAG ENV PERCENT --reason TEXT
    python ops/flags.py rollback FLAG ENV --reason TEXT

Environments are staging and production. A change reaches customers within a minute (the
service polls the flag store); `rollback` restores the percentage before the last change.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys

from _console import SEEDS, Console, Refused, columns, utc_now

ENVIRONMENTS = ("staging", "production")


def seed(conn: sqlite3.Connection) -> None:
    """Flags and their history from seed/flags.json."""
    conn.executescript(
        "CREATE TABLE flags (name TEXT PRIMARY KEY, about TEXT NOT NULL, team TEXT NOT NULL);"
        "CREATE TABLE levels (name TEXT NOT NULL, env TEXT NOT NULL, percent INTEGER NOT NULL"
        " CHECK (percent BETWEEN 0 AND 100), PRIMARY KEY (name, env));"
        "CREATE TABLE history (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, env TEXT NOT NULL,"
        " before INTEGER NOT NULL, after INTEGER NOT NULL, at TEXT NOT NULL, who TEXT NOT NULL,"
        " reason TEXT NOT NULL);"
    )
    data = json.loads((SEEDS / "flags.json").read_text(encoding="utf-8"))
    for f in data["flags"]:
        conn.execute("INSERT INTO flags VALUES (?, ?, ?)", (f["name"], f["about"], f["team"]))
        conn.executemany(
            "INSERT INTO levels VALUES (?, ?, ?)", [(f["name"], e, f["percent"][e]) for e in ENVIRONMENTS]
        )
    conn.executemany(
        "INSERT INTO history (name, env, before, after, at, who, reason)"
        " VALUES (:name, :env, :before, :after, :at, :who, :reason)",
        data["history"],
    )


def level(conn: sqlite3.Connection, name: str, env: str) -> int:
    if env not in ENVIRONMENTS:
        raise Refused(f"no environment {env!r}: staging or production")
    row = conn.execute("SELECT percent FROM levels WHERE name = ? AND env = ?", (name, env)).fetchone()
    if row is None:
        raise Refused(f"no flag {name!r} (flags list shows them all)")
    return row["percent"]


def change(conn: sqlite3.Connection, name: str, env: str, after: int, reason: str) -> None:
    before = level(conn, name, env)
    if not reason.strip():
        raise Refused("say why: --reason TEXT")
    with conn:
        conn.execute("UPDATE levels SET percent = ? WHERE name = ? AND env = ?", (after, name, env))
        conn.execute(
            "INSERT INTO history (name, env, before, after, at, who, reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (name, env, before, after, utc_now(), os.environ.get("USER") or "agent", reason.strip()),
        )
    print(f"{name} in {env}: {before}% -> {after}%")


console = Console("flags", "parcelpost's feature flags.", seed)


def list_flags(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    rows = [
        (f["name"], *(f"{level(conn, f['name'], e)}%" for e in ENVIRONMENTS), f["team"])
        for f in conn.execute("SELECT * FROM flags ORDER BY name")
    ]
    print(columns(("flag", *ENVIRONMENTS, "team"), rows))


console.command("list", "every flag and its rollout")(list_flags)


def show(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    flag = conn.execute("SELECT * FROM flags WHERE name = ?", (ns.flag,)).fetchone()
    if flag is None:
        raise Refused(f"no flag {ns.flag!r} (flags list shows them all)")
    print(f"{flag['name']} ({flag['team']}): {flag['about']}")
    print(", ".join(f"{e} {level(conn, ns.flag, e)}%" for e in ENVIRONMENTS))
    rows = conn.execute(
        "SELECT at, env, before, after, who, reason FROM history WHERE name = ? ORDER BY id DESC LIMIT 8",
        (ns.flag,),
    ).fetchall()
    if rows:
        print("\nrecent changes:")
        print(columns(("at", "env", "from", "to", "who", "reason"),
                      [(r["at"], r["env"], f"{r['before']}%", f"{r['after']}%", r["who"], r["reason"])
                       for r in rows]))


console.command("show", "a flag, its rollout and recent changes")(show).add_argument("flag")


def set_flag(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    text = ns.percent.rstrip("%")
    if not text.isdigit() or int(text) > 100:
        raise Refused(f"not a percentage: {ns.percent}")
    change(conn, ns.flag, ns.env, int(text), ns.reason)


setter = console.command("set", "set a flag's rollout in one environment")(set_flag)
setter.add_argument("flag")
setter.add_argument("env")
setter.add_argument("percent")
setter.add_argument("--reason", required=True)


def rollback(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    last = conn.execute(
        "SELECT before FROM history WHERE name = ? AND env = ? ORDER BY id DESC LIMIT 1", (ns.flag, ns.env)
    ).fetchone()
    if last is None:
        level(conn, ns.flag, ns.env)
        raise Refused(f"{ns.flag} has never changed in {ns.env}")
    change(conn, ns.flag, ns.env, last["before"], ns.reason)


undo = console.command("rollback", "undo a flag's last change in one environment")(rollback)
undo.add_argument("flag")
undo.add_argument("env")
undo.add_argument("--reason", required=True)

if __name__ == "__main__":
    sys.exit(console.run())
