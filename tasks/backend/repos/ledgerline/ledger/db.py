"""SQLite access: connections, explicit transactions and the numbered schema migrations."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
MIGRATION_GLOB = "[0-9][0-9][0-9][0-9]_*.sql"
BUSY_TIMEOUT_SECONDS = 5.0


def connect(path: str | Path, timeout: float = BUSY_TIMEOUT_SECONDS) -> sqlite3.Connection:
    """Open a database in autocommit mode: every write goes through `transaction`."""
    conn = sqlite3.connect(
        str(path), timeout=timeout, isolation_level=None, check_same_thread=False
    )
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Run the block between BEGIN and COMMIT; roll back if it raises."""
    conn.execute("BEGIN")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def utc_now() -> str:
    """The current UTC time as an ISO 8601 string with seconds."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    """Versions recorded in schema_migrations, oldest first (empty for a new database)."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        "version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    rows = conn.execute("SELECT version FROM schema_migrations ORDER BY version")
    return [row["version"] for row in rows]


def migrate(conn: sqlite3.Connection, directory: Path = MIGRATIONS_DIR) -> list[str]:
    """Apply the migration files of `directory` not yet recorded, in file-name order.

    A migration's version is its file name without `.sql` (`0002_entry_reference`). Returns the
    versions applied by this call.
    """
    done = set(applied_migrations(conn))
    applied = []
    for path in sorted(directory.glob(MIGRATION_GLOB)):
        version = path.stem
        if version in done:
            continue
        log.info("applying migration %s", version)
        conn.executescript(path.read_text(encoding="utf-8"))
        conn.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
            (version, utc_now()),
        )
        applied.append(version)
    return applied


def open_database(path: str | Path) -> sqlite3.Connection:
    """Connect to `path` and bring its schema up to date."""
    conn = connect(path)
    migrate(conn)
    return conn
