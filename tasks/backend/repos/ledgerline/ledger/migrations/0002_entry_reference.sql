-- An optional external reference (invoice number, bank transaction id) on each entry.
ALTER TABLE entries ADD COLUMN reference TEXT;
CREATE INDEX entries_by_reference ON entries (reference);
