-- Accounts, journal entries and their lines. Amounts are integers in minor units:
-- a debit is positive, a credit negative, and the lines of an entry sum to zero.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('asset', 'liability', 'equity', 'income', 'expense'))
);

CREATE TABLE entries (
    id INTEGER PRIMARY KEY,
    posted_on TEXT NOT NULL,
    memo TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);

CREATE TABLE lines (
    id INTEGER PRIMARY KEY,
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    amount INTEGER NOT NULL CHECK (amount <> 0)
);

CREATE INDEX lines_by_account ON lines (account_id);
CREATE INDEX entries_by_date ON entries (posted_on);
