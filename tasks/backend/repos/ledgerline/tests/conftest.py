import pytest

from helpers import Client
from ledger import Ledger, LedgerApp, open_database

CHART = [
    ("1000", "Cash", "asset"),
    ("1100", "Accounts receivable", "asset"),
    ("2000", "Accounts payable", "liability"),
    ("3000", "Owner's equity", "equity"),
    ("4000", "Sales", "income"),
    ("5000", "Rent", "expense"),
]


@pytest.fixture
def ledger():
    """A migrated in-memory ledger with a small chart of accounts and a fixed clock."""
    book = Ledger(open_database(":memory:"), clock=lambda: "2024-03-01T09:00:00+00:00")
    for code, name, kind in CHART:
        book.open_account(code, name, kind)
    return book


@pytest.fixture
def client(ledger):
    return Client(LedgerApp(ledger))
