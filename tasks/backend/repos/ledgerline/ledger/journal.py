"""The journal: accounts, posting balanced entries, balances and the trial balance."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from datetime import date

from .db import transaction, utc_now
from .models import ACCOUNT_KINDS, Account, Entry, EntryDraft, Line
from .money import format_amount

log = logging.getLogger(__name__)

MIN_LINES = 2


class LedgerError(Exception):
    """Base class of the errors the ledger reports to its callers."""


class UnknownAccount(LedgerError):
    """An account code that is not in the chart of accounts."""


class DuplicateAccount(LedgerError):
    """An account code that is already taken."""


class UnknownEntry(LedgerError):
    """An entry id that does not exist."""


class InvalidEntry(LedgerError):
    """An entry that cannot be posted: too few lines, zero amounts, or debits and credits differ."""


def check_balanced(draft: EntryDraft) -> None:
    """Raise InvalidEntry unless the draft has two non-zero lines or more and balances."""
    if len(draft.lines) < MIN_LINES:
        raise InvalidEntry(f"an entry needs at least {MIN_LINES} lines, got {len(draft.lines)}")
    zero = [line.account for line in draft.lines if line.amount == 0]
    if zero:
        raise InvalidEntry(f"lines on accounts {', '.join(zero)} have a zero amount")
    debits = sum(line.amount for line in draft.lines if line.amount > 0)
    credits = -sum(line.amount for line in draft.lines if line.amount < 0)
    if debits != credits:
        raise InvalidEntry(
            f"entry does not balance: debits {format_amount(debits)}"
            f" != credits {format_amount(credits)}"
        )


class Ledger:
    """The journal stored in one SQLite database (see ledger.db for the schema)."""

    def __init__(self, conn: sqlite3.Connection, clock: Callable[[], str] = utc_now) -> None:
        self.conn = conn
        self.clock = clock

    # --- accounts ------------------------------------------------------------------------------
    def open_account(self, code: str, name: str, kind: str) -> Account:
        """Add an account to the chart of accounts."""
        if kind not in ACCOUNT_KINDS:
            kinds = ", ".join(ACCOUNT_KINDS)
            raise LedgerError(f"account kind must be one of {kinds}, got {kind!r}")
        try:
            with transaction(self.conn):
                self.conn.execute(
                    "INSERT INTO accounts (code, name, kind) VALUES (?, ?, ?)", (code, name, kind)
                )
        except sqlite3.IntegrityError:
            raise DuplicateAccount(f"account {code} already exists") from None
        return self.account(code)

    def account(self, code: str) -> Account:
        """The account with this code."""
        row = self.conn.execute(
            "SELECT id, code, name, kind FROM accounts WHERE code = ?", (code,)
        ).fetchone()
        if row is None:
            raise UnknownAccount(f"no account with code {code!r}")
        return Account(row["id"], row["code"], row["name"], row["kind"])

    def accounts(self) -> list[Account]:
        """Every account, ordered by code."""
        rows = self.conn.execute("SELECT id, code, name, kind FROM accounts ORDER BY code")
        return [Account(row["id"], row["code"], row["name"], row["kind"]) for row in rows]

    # --- entries -------------------------------------------------------------------------------
    def post(self, draft: EntryDraft) -> Entry:
        """Validate and store a journal entry; all of its lines are written or none."""
        check_balanced(draft)
        account_ids = {line.account: self.account(line.account).id for line in draft.lines}
        with transaction(self.conn):
            cursor = self.conn.execute(
                "INSERT INTO entries (posted_on, memo, reference, created_at) VALUES (?, ?, ?, ?)",
                (draft.posted_on.isoformat(), draft.memo, draft.reference, self.clock()),
            )
            entry_id = cursor.lastrowid
            self.conn.executemany(
                "INSERT INTO lines (entry_id, account_id, amount) VALUES (?, ?, ?)",
                [(entry_id, account_ids[line.account], line.amount) for line in draft.lines],
            )
        log.info("posted entry %s with %d lines", entry_id, len(draft.lines))
        return self.entry(entry_id)

    def entry(self, entry_id: int) -> Entry:
        """The posted entry with this id."""
        row = self.conn.execute(
            "SELECT id, posted_on, memo, reference, created_at FROM entries WHERE id = ?",
            (entry_id,),
        ).fetchone()
        if row is None:
            raise UnknownEntry(f"no entry with id {entry_id}")
        lines = self.conn.execute(
            "SELECT a.code, l.amount FROM lines l JOIN accounts a ON a.id = l.account_id "
            "WHERE l.entry_id = ? ORDER BY l.id",
            (entry_id,),
        )
        return Entry(
            id=row["id"],
            posted_on=date.fromisoformat(row["posted_on"]),
            memo=row["memo"],
            reference=row["reference"],
            lines=tuple(Line(code, amount) for code, amount in lines),
            created_at=row["created_at"],
        )

    # --- balances ------------------------------------------------------------------------------
    def balance(self, code: str, as_of: date | None = None) -> int:
        """Sum of the account's lines (debits positive) over entries posted on or before `as_of`."""
        account = self.account(code)
        row = self.conn.execute(
            "SELECT COALESCE(SUM(l.amount), 0) FROM lines l JOIN entries e ON e.id = l.entry_id "
            "WHERE l.account_id = ? AND e.posted_on <= ?",
            (account.id, (as_of or date.max).isoformat()),
        ).fetchone()
        return row[0]

    def trial_balance(self, as_of: date | None = None) -> list[tuple[Account, int]]:
        """Every account with its balance as of `as_of`; the balances always sum to zero."""
        return [(account, self.balance(account.code, as_of)) for account in self.accounts()]
