-- parcelpost's production store. The scanners write parcels and events; the API logs every
-- tracking lookup. Times are UTC, ISO 8601.
CREATE TABLE IF NOT EXISTS parcels (
    number TEXT PRIMARY KEY,          -- S10 tracking number, e.g. PP123456785NL
    sender TEXT NOT NULL,
    postcode TEXT NOT NULL,           -- destination
    service TEXT NOT NULL CHECK (service IN ('standard', 'express')),
    grams INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,           -- in the order the pipeline received them
    number TEXT NOT NULL REFERENCES parcels (number),
    kind TEXT NOT NULL,               -- registered, sorted, out_for_delivery, delivered, ...
    place TEXT NOT NULL,
    at TEXT NOT NULL,                 -- when the scan happened
    received_at TEXT NOT NULL         -- when the pipeline got it (handhelds upload late offline)
);
CREATE TABLE IF NOT EXISTS lookups (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    typed TEXT NOT NULL,              -- what the customer entered
    parser TEXT NOT NULL CHECK (parser IN ('v1', 'v2')),
    found INTEGER NOT NULL            -- 1 when a parcel was shown, 0 for a 404
);
CREATE INDEX IF NOT EXISTS events_number ON events (number);
CREATE INDEX IF NOT EXISTS lookups_at ON lookups (at);
