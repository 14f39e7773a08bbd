"""The two pricing engines.

`price_legacy` applies only the promo code the customer typed, to the whole cart. `price_v2`
(behind the `promo_rules_v2` flag) also applies automatic promotions per line, bundles included,
and gives each line the best single promotion that matches it.
"""

from __future__ import annotations

import sqlite3

from .cart import Cart, PricedLine, Quote, UnknownProduct

ACTIVE = "starts_at <= :now AND ends_at > :now"


def _unit_prices(conn: sqlite3.Connection, cart: Cart) -> dict[str, int]:
    skus = sorted({line.sku for line in cart.lines})
    marks = ", ".join("?" for _ in skus)
    rows = conn.execute(f"SELECT sku, price_cents FROM products WHERE sku IN ({marks})", skus)
    prices = {row["sku"]: row["price_cents"] for row in rows}
    missing = [sku for sku in skus if sku not in prices]
    if missing:
        raise UnknownProduct(", ".join(missing))
    return prices


def price_legacy(conn: sqlite3.Connection, cart: Cart, now: str) -> Quote:
    """Price `cart` at `now` (ISO 8601, UTC) with the typed promo code only."""
    prices = _unit_prices(conn, cart)
    promo = None
    if cart.promo_code:
        promo = conn.execute(
            f"SELECT kind, value FROM promotions WHERE code = :code AND sku IS NULL AND {ACTIVE}",
            {"code": cart.promo_code, "now": now},
        ).fetchone()
    lines = []
    for line in cart.lines:
        gross = prices[line.sku] * line.qty
        discount = 0
        if promo is not None and promo["kind"] == "percent":
            discount = gross * promo["value"] // 100
        elif promo is not None and promo["kind"] == "fixed":
            discount = min(gross, promo["value"] * line.qty)
        lines.append(PricedLine(line.sku, line.qty, prices[line.sku], discount))
    return Quote(tuple(lines))


def _line_discount(promo: sqlite3.Row, cart: Cart, sku: str, qty: int, unit: int) -> int:
    """What `promo` takes off one cart line of `qty` units of `sku` at `unit` cents."""
    gross = unit * qty
    if promo["kind"] == "percent":
        return gross * promo["value"] // 100
    if promo["kind"] == "fixed":
        return min(gross, promo["value"] * qty)
    held = {line.sku for line in cart.lines}
    if promo["with_sku"] in held:
        return gross * promo["value"] // 100
    return 0


def price_v2(conn: sqlite3.Connection, cart: Cart, now: str) -> Quote:
    """Price `cart` at `now` with automatic promotions and the typed code; best promotion per line."""
    lines = []
    for line in cart.lines:
        product = conn.execute(
            "SELECT price_cents FROM products WHERE sku = ?", (line.sku,)
        ).fetchone()
        if product is None:
            raise UnknownProduct(line.sku)
        promos = conn.execute(
            f"SELECT * FROM promotions WHERE (sku = :sku OR sku IS NULL) AND {ACTIVE}"
            " AND (code IS NULL OR code = :code)",
            {"sku": line.sku, "now": now, "code": cart.promo_code},
        ).fetchall()
        unit = product["price_cents"]
        best = max((_line_discount(p, cart, line.sku, line.qty, unit) for p in promos), default=0)
        lines.append(PricedLine(line.sku, line.qty, unit, best))
    return Quote(tuple(lines))
