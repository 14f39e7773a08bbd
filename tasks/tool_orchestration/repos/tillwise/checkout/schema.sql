-- tillwise checkout database. The service and the ops console (ops/dbq.py) share this schema.
CREATE TABLE IF NOT EXISTS products (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0)
);

-- kind: 'percent' takes value % off the matching lines, 'fixed' takes value cents off each matching
-- unit, 'bundle' takes value % off `sku` when the cart also holds at least min_qty of `with_sku`.
CREATE TABLE IF NOT EXISTS promotions (
    id INTEGER PRIMARY KEY,
    code TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'bundle')),
    sku TEXT REFERENCES products (sku),
    with_sku TEXT REFERENCES products (sku),
    min_qty INTEGER NOT NULL DEFAULT 1,
    value INTEGER NOT NULL,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY,
    customer_id TEXT NOT NULL,
    placed_at TEXT NOT NULL,
    promo_code TEXT,
    line_count INTEGER NOT NULL,
    subtotal_cents INTEGER NOT NULL,
    discount_cents INTEGER NOT NULL,
    total_cents INTEGER NOT NULL,
    pricing_engine TEXT NOT NULL,
    priced_ms INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS order_lines (
    order_id INTEGER NOT NULL REFERENCES orders (id),
    sku TEXT NOT NULL REFERENCES products (sku),
    qty INTEGER NOT NULL CHECK (qty > 0),
    unit_cents INTEGER NOT NULL,
    discount_cents INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS orders_placed_at ON orders (placed_at);
