-- bramblebook's database. Times are ISO 8601 strings in UTC with their offset (+00:00).
CREATE TABLE IF NOT EXISTS workshops (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    seats INTEGER NOT NULL CHECK (seats > 0),
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0)
);
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    workshop_id INTEGER NOT NULL REFERENCES workshops (id),
    member TEXT NOT NULL,
    seats INTEGER NOT NULL CHECK (seats > 0),
    status TEXT NOT NULL CHECK (status IN ('confirmed', 'waitlisted', 'cancelled')),
    created_at TEXT NOT NULL,
    cancelled_at TEXT,
    fee_cents INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS bookings_workshop ON bookings (workshop_id, status, created_at);
