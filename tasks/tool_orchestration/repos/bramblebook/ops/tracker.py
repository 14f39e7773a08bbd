"""tracker: the team's ticket tracker (tickets BRB-<n>).

    python ops/tracker.py search WORDS... [--status open|closed|all] [--label LABEL]
    python ops/tracker.py show TICKET
    python ops/tracker.py create --title TEXT --body TEXT [--component NAME] [--label LABEL ...]
    python ops/tracker.py comment TICKET BODY
    python ops/tracker.py close TICKET --resolution fixed|duplicate|wontfix|invalid [--note TEXT]

`search` ranks tickets by how many of the words their title, body and labels contain, so it
also finds tickets that describe the same problem in other words: search before you create.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
from collections.abc import Sequence

from _service import SEED, ToolError, now, serve, table

PREFIX = "BRB-"
RESOLUTIONS = ("fixed", "duplicate", "wontfix", "invalid")
SCHEMA = """
CREATE TABLE tickets (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    labels TEXT NOT NULL,
    component TEXT,
    reporter TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    resolution TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ticket_id INTEGER NOT NULL REFERENCES tickets (id),
    author TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
"""
AGENT = "bookings-dev"


def seed(conn: sqlite3.Connection) -> None:
    """Tickets and their comments from seed/tickets.json."""
    conn.executescript(SCHEMA)
    for t in json.loads((SEED / "tickets.json").read_text(encoding="utf-8")):
        conn.execute(
            "INSERT INTO tickets VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (t["id"], t["title"], t["body"], ",".join(t["labels"]), t.get("component"), t["reporter"],
             t["status"], t.get("resolution"), t["created_at"]),
        )
        for c in t.get("comments", []):
            conn.execute(
                "INSERT INTO comments (ticket_id, author, body, created_at) VALUES (?, ?, ?, ?)",
                (t["id"], c["author"], c["body"], c["created_at"]),
            )


def _ticket(conn: sqlite3.Connection, key: str) -> sqlite3.Row:
    match = re.fullmatch(rf"(?:{PREFIX})?(\d+)", key.strip(), re.IGNORECASE)
    row = match and conn.execute("SELECT * FROM tickets WHERE id = ?", (int(match[1]),)).fetchone()
    if not row:
        raise ToolError(f"no ticket {key!r} (tickets are named {PREFIX}<number>)")
    return row


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9_]+", text.lower()) if len(w) > 2}


def search(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    wanted = _words(" ".join(ns.words))
    if not wanted:
        raise ToolError("give at least one word of three letters or more")
    hits = []
    for t in conn.execute("SELECT * FROM tickets ORDER BY id"):
        if ns.status != "all" and t["status"] != ns.status:
            continue
        if ns.label and ns.label not in t["labels"].split(","):
            continue
        found = wanted & _words(" ".join((t["title"], t["body"], t["labels"])))
        if found:
            hits.append((len(found), t))
    hits.sort(key=lambda h: (-h[0], -h[1]["id"]))
    rows = [[f"{PREFIX}{t['id']}", t["status"], f"{n}/{len(wanted)}", t["labels"], t["title"]]
            for n, t in hits]
    print(table(rows, ["ticket", "status", "words", "labels", "title"]) if rows else "no matching tickets")


def show(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    t = _ticket(conn, ns.ticket)
    state = t["status"] + (f" ({t['resolution']})" if t["resolution"] else "")
    component = f"component: {t['component']}; " if t["component"] else ""
    print(f"{PREFIX}{t['id']}: {t['title']}\n{state}; {component}labels: {t['labels']}; "
          f"reported by {t['reporter']} at {t['created_at']}\n\n{t['body']}")
    for c in conn.execute("SELECT * FROM comments WHERE ticket_id = ? ORDER BY id", (t["id"],)):
        print(f"\n--- {c['author']} at {c['created_at']}\n{c['body']}")


def create(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    if not ns.title.strip() or not ns.body.strip():
        raise ToolError("a ticket needs a title and a body")
    labels = ",".join(sorted(set(ns.label)))
    with conn:
        cursor = conn.execute(
            "INSERT INTO tickets (title, body, labels, component, reporter, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (ns.title.strip(), ns.body.strip(), labels, ns.component, AGENT, now()),
        )
    print(f"created {PREFIX}{cursor.lastrowid}: {ns.title.strip()}")


def comment(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    t = _ticket(conn, ns.ticket)
    if not ns.body.strip():
        raise ToolError("the comment is empty")
    with conn:
        conn.execute(
            "INSERT INTO comments (ticket_id, author, body, created_at) VALUES (?, ?, ?, ?)",
            (t["id"], AGENT, ns.body.strip(), now()),
        )
    print(f"commented on {PREFIX}{t['id']}")


def close(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    t = _ticket(conn, ns.ticket)
    if t["status"] == "closed":
        raise ToolError(f"{PREFIX}{t['id']} is already closed ({t['resolution']})")
    with conn:
        conn.execute(
            "UPDATE tickets SET status = 'closed', resolution = ? WHERE id = ?", (ns.resolution, t["id"])
        )
        if ns.note:
            conn.execute(
                "INSERT INTO comments (ticket_id, author, body, created_at) VALUES (?, ?, ?, ?)",
                (t["id"], AGENT, ns.note.strip(), now()),
            )
    print(f"closed {PREFIX}{t['id']} as {ns.resolution}")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tracker", description="The bookings team's tickets.")
    sub = p.add_subparsers(dest="op", metavar="COMMAND")
    se = sub.add_parser("search", help="tickets ranked by how many of the words they contain")
    se.add_argument("words", nargs="+")
    se.add_argument("--status", default="open", choices=("open", "closed", "all"))
    se.add_argument("--label", help="only tickets with this label")
    sh = sub.add_parser("show", help="a ticket with its comments")
    sh.add_argument("ticket", help="BRB-<n> or <n>")
    cr = sub.add_parser("create", help="file a new ticket")
    cr.add_argument("--title", required=True)
    cr.add_argument("--body", required=True)
    cr.add_argument("--component", help="the part of the system: bookings, waitlist, fees, schedule, app")
    cr.add_argument("--label", action="append", default=[], help="repeat for several labels")
    co = sub.add_parser("comment", help="add a comment to a ticket")
    co.add_argument("ticket")
    co.add_argument("body")
    cl = sub.add_parser("close", help="close a ticket with a resolution")
    cl.add_argument("ticket")
    cl.add_argument("--resolution", required=True, choices=RESOLUTIONS)
    cl.add_argument("--note", help="a closing comment")
    return p


HANDLERS = {"search": search, "show": show, "create": create, "comment": comment, "close": close}


def main(argv: Sequence[str] | None = None) -> int:
    return serve("tracker", parser(), HANDLERS, seed, argv)


if __name__ == "__main__":
    sys.exit(main())
