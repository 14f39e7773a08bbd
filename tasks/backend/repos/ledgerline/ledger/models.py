"""The ledger's records. Amounts are integer minor units: debits positive, credits negative."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

ACCOUNT_KINDS = ("asset", "liability", "equity", "income", "expense")


@dataclass(frozen=True)
class Account:
    """An account of the chart of accounts, addressed by its code ("1000")."""

    id: int
    code: str
    name: str
    kind: str


@dataclass(frozen=True)
class Line:
    """One line of a journal entry: an account code and a signed amount."""

    account: str
    amount: int


@dataclass(frozen=True)
class EntryDraft:
    """A journal entry before it is posted."""

    posted_on: date
    lines: tuple[Line, ...]
    memo: str = ""
    reference: str | None = None


@dataclass(frozen=True)
class Entry:
    """A posted journal entry."""

    id: int
    posted_on: date
    memo: str
    reference: str | None
    lines: tuple[Line, ...]
    created_at: str
