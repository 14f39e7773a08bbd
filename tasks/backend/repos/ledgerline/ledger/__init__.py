"""ledgerline: a small double-entry bookkeeping service over SQLite."""

from .api import LedgerApp
from .db import connect, migrate, open_database, transaction
from .journal import (
    DuplicateAccount,
    InvalidEntry,
    Ledger,
    LedgerError,
    UnknownAccount,
    UnknownEntry,
)
from .models import Account, Entry, EntryDraft, Line
from .money import AmountError, format_amount, parse_amount

__all__ = [
    "Account",
    "AmountError",
    "DuplicateAccount",
    "Entry",
    "EntryDraft",
    "InvalidEntry",
    "Ledger",
    "LedgerApp",
    "LedgerError",
    "Line",
    "UnknownAccount",
    "UnknownEntry",
    "connect",
    "format_amount",
    "migrate",
    "open_database",
    "parse_amount",
    "transaction",
]
