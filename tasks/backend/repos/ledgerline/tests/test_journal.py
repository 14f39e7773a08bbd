from datetime import date

import pytest

from helpers import sale
from ledger import DuplicateAccount, EntryDraft, InvalidEntry, Line, UnknownAccount, UnknownEntry


def test_post_stores_lines_in_order(ledger):
    entry = ledger.post(sale(1250, memo="till 3"))
    assert entry.id == 1
    assert entry.memo == "till 3"
    assert entry.lines == (Line("1000", 1250), Line("4000", -1250))
    assert ledger.entry(entry.id) == entry


def test_unbalanced_entry_is_rejected_and_nothing_is_stored(ledger):
    draft = EntryDraft(date(2024, 3, 5), (Line("1000", 1250), Line("4000", -1200)))
    with pytest.raises(InvalidEntry, match="debits 12.50 != credits 12.00"):
        ledger.post(draft)
    assert ledger.balance("1000") == 0


def test_entry_needs_two_lines(ledger):
    with pytest.raises(InvalidEntry, match="at least 2 lines"):
        ledger.post(EntryDraft(date(2024, 3, 5), (Line("1000", 0),)))


def test_unknown_account_is_rejected(ledger):
    draft = EntryDraft(date(2024, 3, 5), (Line("1000", 500), Line("9999", -500)))
    with pytest.raises(UnknownAccount, match="9999"):
        ledger.post(draft)
    assert ledger.balance("1000") == 0


def test_duplicate_account_code(ledger):
    with pytest.raises(DuplicateAccount, match="1000"):
        ledger.open_account("1000", "Petty cash", "asset")


def test_unknown_entry(ledger):
    with pytest.raises(UnknownEntry, match="42"):
        ledger.entry(42)


def test_balance_as_of_a_date(ledger):
    ledger.post(sale(1000, day=date(2024, 3, 1)))
    ledger.post(sale(250, day=date(2024, 3, 10)))
    assert ledger.balance("1000", as_of=date(2024, 3, 5)) == 1000
    assert ledger.balance("1000") == 1250
    assert ledger.balance("4000") == -1250


def test_trial_balance_sums_to_zero(ledger):
    ledger.post(sale(1000))
    rent = EntryDraft(date(2024, 3, 6), (Line("5000", 800), Line("1000", -300), Line("2000", -500)))
    ledger.post(rent)
    rows = {account.code: balance for account, balance in ledger.trial_balance()}
    assert rows == {"1000": 700, "1100": 0, "2000": -500, "3000": 0, "4000": -1000, "5000": 800}
    assert sum(rows.values()) == 0
