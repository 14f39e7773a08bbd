"""flags: the feature-flag console. Each flag has a rollout percentage per environment
(staging, production); every change is kept with who made it and why.

    python ops/flags.py list [--env ENV]
    python ops/flags.py show FLAG
    python ops/flags.py set FLAG ENV PERCENT --reason TEXT
    python ops/flags.py rollback FLAG ENV --reason TEXT
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sqlite3
import sys
from collections.abc import Sequence

from _service import SEED, ToolError, now, serve, table

ENVS = ("staging", "production")
SCHEMA = """
CREATE TABLE flags (name TEXT PRIMARY KEY, description TEXT NOT NULL, owner TEXT NOT NULL);
CREATE TABLE rollout (
    flag TEXT NOT NULL REFERENCES flags (name),
    env TEXT NOT NULL,
    percent INTEGER NOT NULL CHECK (percent BETWEEN 0 AND 100),
    PRIMARY KEY (flag, env)
);
CREATE TABLE changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    flag TEXT NOT NULL,
    env TEXT NOT NULL,
    old_percent INTEGER NOT NULL,
    new_percent INTEGER NOT NULL,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    reason TEXT NOT NULL
);
"""


def seed(conn: sqlite3.Connection) -> None:
    """Flags, their current rollout and their change history from seed/flags.json."""
    conn.executescript(SCHEMA)
    data = json.loads((SEED / "flags.json").read_text(encoding="utf-8"))
    for flag in data["flags"]:
        conn.execute("INSERT INTO flags VALUES (?, ?, ?)", (flag["name"], flag["description"], flag["owner"]))
        for env in ENVS:
            conn.execute("INSERT INTO rollout VALUES (?, ?, ?)", (flag["name"], env, flag["rollout"][env]))
    for change in data["changes"]:
        conn.execute(
            "INSERT INTO changes (flag, env, old_percent, new_percent, at, actor, reason)"
            " VALUES (:flag, :env, :old, :new, :at, :actor, :reason)",
            change,
        )


def _percent(conn: sqlite3.Connection, flag: str, env: str) -> int:
    if env not in ENVS:
        raise ToolError(f"unknown environment {env!r} (one of: {', '.join(ENVS)})")
    row = conn.execute("SELECT percent FROM rollout WHERE flag = ? AND env = ?", (flag, env)).fetchone()
    if row is None:
        raise ToolError(f"unknown flag {flag!r} (see `flags list`)")
    return row["percent"]


def _actor() -> str:
    """Who is making a change: FLAGS_ACTOR, else the login name, else "unknown"."""
    try:
        return os.environ.get("FLAGS_ACTOR") or getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def _change(conn: sqlite3.Connection, flag: str, env: str, new: int, reason: str) -> int:
    old = _percent(conn, flag, env)
    if not reason.strip():
        raise ToolError("--reason must say why the rollout changes")
    with conn:
        conn.execute("UPDATE rollout SET percent = ? WHERE flag = ? AND env = ?", (new, flag, env))
        conn.execute(
            "INSERT INTO changes (flag, env, old_percent, new_percent, at, actor, reason)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (flag, env, old, new, now(), _actor(), reason.strip()),
        )
    print(f"{flag} in {env}: {old}% -> {new}%")
    return old


def list_flags(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    envs = [ns.env] if ns.env else list(ENVS)
    if ns.env and ns.env not in ENVS:
        raise ToolError(f"unknown environment {ns.env!r} (one of: {', '.join(ENVS)})")
    rows = []
    for flag in conn.execute("SELECT name, owner FROM flags ORDER BY name"):
        percents = [f"{_percent(conn, flag['name'], env)}%" for env in envs]
        rows.append([flag["name"], *percents, flag["owner"]])
    print(table(rows, ["flag", *envs, "owner"]))


def show(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    flag = conn.execute("SELECT * FROM flags WHERE name = ?", (ns.flag,)).fetchone()
    if flag is None:
        raise ToolError(f"unknown flag {ns.flag!r} (see `flags list`)")
    print(f"{flag['name']}: {flag['description']} (owner: {flag['owner']})")
    print(", ".join(f"{env} {_percent(conn, ns.flag, env)}%" for env in ENVS))
    changes = conn.execute(
        "SELECT id, at, env, old_percent, new_percent, actor, reason FROM changes WHERE flag = ?"
        " ORDER BY at DESC, id DESC LIMIT 10",
        (ns.flag,),
    ).fetchall()
    rows = [[c["id"], c["at"], c["env"], f"{c['old_percent']}% -> {c['new_percent']}%", c["actor"],
             c["reason"]] for c in changes]
    print("\nrecent changes:\n" + table(rows, ["#", "at", "env", "change", "by", "reason"]))


def set_percent(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    if not 0 <= ns.percent <= 100:
        raise ToolError(f"percent must be between 0 and 100, not {ns.percent}")
    _change(conn, ns.flag, ns.env, ns.percent, ns.reason)


def rollback(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    last = conn.execute(
        "SELECT id, old_percent FROM changes WHERE flag = ? AND env = ? ORDER BY at DESC, id DESC LIMIT 1",
        (ns.flag, ns.env),
    ).fetchone()
    _percent(conn, ns.flag, ns.env)
    if last is None:
        raise ToolError(f"{ns.flag} has no change in {ns.env} to roll back")
    _change(conn, ns.flag, ns.env, last["old_percent"], f"rollback of change #{last['id']}: {ns.reason}")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="flags", description="Feature-flag rollouts per environment.")
    sub = p.add_subparsers(dest="op", metavar="COMMAND")
    ls = sub.add_parser("list", help="every flag with its rollout per environment")
    ls.add_argument("--env", help="only this environment")
    sh = sub.add_parser("show", help="one flag: description, rollout and its last 10 changes")
    sh.add_argument("flag")
    st = sub.add_parser("set", help="set the rollout percentage of a flag in one environment")
    st.add_argument("flag")
    st.add_argument("env", help=" or ".join(ENVS))
    st.add_argument("percent", type=int, help="0 (off) to 100 (everyone)")
    st.add_argument("--reason", required=True, help="why (kept in the change history)")
    rb = sub.add_parser("rollback", help="undo the last change of a flag in one environment")
    rb.add_argument("flag")
    rb.add_argument("env", help=" or ".join(ENVS))
    rb.add_argument("--reason", required=True, help="why (kept in the change history)")
    return p


HANDLERS = {"list": list_flags, "show": show, "set": set_percent, "rollback": rollback}


def main(argv: Sequence[str] | None = None) -> int:
    return serve("flags", parser(), HANDLERS, seed, argv)


if __name__ == "__main__":
    sys.exit(main())
