"""tracker: parcelpost's issue tracker (tickets PARCEL-<n>).

    python ops/tracker.py search WORDS... [--all]
    python ops/tracker.py show TICKET
    python ops/tracker.py create --title TEXT --body TEXT [--component NAME] [--kind bug|feature|task]
    python ops/tracker.py comment TICKET TEXT
    python ops/tracker.py close TICKET [--note TEXT]

`search` lists open tickets (all with --all) with any of the words in their title or body,
best matches first.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys

from _console import SEEDS, Console, Refused, columns, utc_now

PREFIX = "PARCEL"
COMPONENTS = ("rates", "tracking", "lockers", "api", "ops")
ME = "parcelpost-agent"


def seed(conn: sqlite3.Connection) -> None:
    """Tickets and notes from seed/tickets.json."""
    conn.executescript(
        "CREATE TABLE tickets (num INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL,"
        " kind TEXT NOT NULL, component TEXT, state TEXT NOT NULL, opened_by TEXT NOT NULL,"
        " opened_at TEXT NOT NULL);"
        "CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, num INTEGER NOT NULL,"
        " author TEXT NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL);"
    )
    for t in json.loads((SEEDS / "tickets.json").read_text(encoding="utf-8")):
        conn.execute(
            "INSERT INTO tickets VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (t["num"], t["title"], t["body"], t["kind"], t.get("component"), t["state"], t["by"], t["at"]),
        )
        for n in t.get("notes", []):
            conn.execute(
                "INSERT INTO notes (num, author, text, at) VALUES (?, ?, ?, ?)",
                (t["num"], n["by"], n["text"], n["at"]),
            )


def find(conn: sqlite3.Connection, key: str) -> sqlite3.Row:
    """The ticket `key` names (PARCEL-12, parcel-12 or 12)."""
    m = re.fullmatch(rf"(?:{PREFIX}-)?(\d+)", key.strip().upper())
    row = conn.execute("SELECT * FROM tickets WHERE num = ?", (int(m[1]),)).fetchone() if m else None
    if row is None:
        raise Refused(f"no such ticket: {key} (ticket ids look like {PREFIX}-12)")
    return row


def note(conn: sqlite3.Connection, num: int, text: str) -> None:
    conn.execute("INSERT INTO notes (num, author, text, at) VALUES (?, ?, ?, ?)", (num, ME, text, utc_now()))


console = Console("tracker", "parcelpost's tickets.", seed)


def search(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    words = {w for w in re.findall(r"\w+", " ".join(ns.words).lower()) if len(w) > 2}
    if not words:
        raise Refused("search for at least one word of three letters or more")
    found = []
    for t in conn.execute("SELECT * FROM tickets ORDER BY num DESC"):
        if not ns.all and t["state"] != "open":
            continue
        text = set(re.findall(r"\w+", f"{t['title']} {t['body']}".lower()))
        if hits := len(words & text):
            found.append((hits, t))
    found.sort(key=lambda f: -f[0])
    rows = [(f"{PREFIX}-{t['num']}", t["state"], t["kind"], t["component"] or "-", t["title"])
            for _, t in found]
    print(columns(("ticket", "state", "kind", "component", "title"), rows) if rows else "nothing found")


searched = console.command("search", "tickets containing any of the words")(search)
searched.add_argument("words", nargs="+")
searched.add_argument("--all", action="store_true", help="closed tickets too")


def show(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    t = find(conn, ns.ticket)
    print(f"{PREFIX}-{t['num']}: {t['title']}")
    print(f"{t['state']} {t['kind']}, component {t['component'] or '-'},"
          f" opened by {t['opened_by']} {t['opened_at']}")
    print(f"\n{t['body']}")
    for n in conn.execute("SELECT * FROM notes WHERE num = ? ORDER BY id", (t["num"],)):
        print(f"\n[{n['at']}] {n['author']}:\n{n['text']}")


console.command("show", "a ticket and its notes")(show).add_argument("ticket")


def create(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    title, body = ns.title.strip(), ns.body.strip()
    if not title or not body:
        raise Refused("a ticket needs a --title and a --body")
    if ns.component and ns.component not in COMPONENTS:
        raise Refused(f"unknown component {ns.component!r}; one of {', '.join(COMPONENTS)}")
    with conn:
        num = conn.execute(
            "INSERT INTO tickets (title, body, kind, component, state, opened_by, opened_at)"
            " VALUES (?, ?, ?, ?, 'open', ?, ?)",
            (title, body, ns.kind, ns.component, ME, utc_now()),
        ).lastrowid
    print(f"created {PREFIX}-{num}: {title}")


created = console.command("create", "open a ticket")(create)
created.add_argument("--title", required=True)
created.add_argument("--body", required=True)
created.add_argument("--component", help=f"one of {', '.join(COMPONENTS)}")
created.add_argument("--kind", default="bug", choices=("bug", "feature", "task"))


def comment(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    t = find(conn, ns.ticket)
    if not ns.text.strip():
        raise Refused("nothing to say")
    with conn:
        note(conn, t["num"], ns.text.strip())
    print(f"noted on {PREFIX}-{t['num']}")


commented = console.command("comment", "add a note to a ticket")(comment)
commented.add_argument("ticket")
commented.add_argument("text")


def close(conn: sqlite3.Connection, ns: argparse.Namespace) -> None:
    t = find(conn, ns.ticket)
    if t["state"] == "closed":
        raise Refused(f"{PREFIX}-{t['num']} is closed already")
    with conn:
        conn.execute("UPDATE tickets SET state = 'closed' WHERE num = ?", (t["num"],))
        if ns.note:
            note(conn, t["num"], ns.note.strip())
    print(f"closed {PREFIX}-{t['num']}")


closed = console.command("close", "close a ticket")(close)
closed.add_argument("ticket")
closed.add_argument("--note", help="a closing note")

if __name__ == "__main__":
    sys.exit(console.run())
