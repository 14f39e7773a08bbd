"""Placing an order: pick the pricing engine, price the cart, store the order and its lines."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from . import pricing, rollout
from .cart import Cart, Quote

log = logging.getLogger(__name__)

PROMO_FLAG = "promo_rules_v2"


@dataclass(frozen=True)
class Order:
    id: int
    engine: str
    quote: Quote


class EmptyCart(ValueError):
    """A cart without lines cannot be ordered."""


class CheckoutService:
    """Prices carts and records orders in one database; `flags` maps a flag to its rollout percent."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        flags: Mapping[str, int],
        clock: Callable[[], str],
    ) -> None:
        self.conn = conn
        self.flags = flags
        self.clock = clock

    def engine_for(self, customer_id: str) -> str:
        """'v2' when the promo_rules_v2 rollout covers `customer_id`, else 'legacy'."""
        percent = self.flags.get(PROMO_FLAG, 0)
        return "v2" if rollout.enabled(PROMO_FLAG, percent, customer_id) else "legacy"

    def place_order(self, cart: Cart) -> Order:
        """Price `cart` now and store it as an order; the order and its lines are written together."""
        if not cart.lines:
            raise EmptyCart(cart.customer_id)
        now = self.clock()
        engine = self.engine_for(cart.customer_id)
        price = pricing.price_v2 if engine == "v2" else pricing.price_legacy
        started = time.perf_counter()
        quote = price(self.conn, cart, now)
        priced_ms = round((time.perf_counter() - started) * 1000)
        with self.conn:
            cursor = self.conn.execute(
                "INSERT INTO orders (customer_id, placed_at, promo_code, line_count, subtotal_cents,"
                " discount_cents, total_cents, pricing_engine, priced_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (cart.customer_id, now, cart.promo_code, len(quote.lines), quote.subtotal_cents,
                 quote.discount_cents, quote.total_cents, engine, priced_ms),
            )
            order_id = cursor.lastrowid
            self.conn.executemany(
                "INSERT INTO order_lines (order_id, sku, qty, unit_cents, discount_cents)"
                " VALUES (?, ?, ?, ?, ?)",
                [(order_id, ln.sku, ln.qty, ln.unit_cents, ln.discount_cents) for ln in quote.lines],
            )
        log.info("order %s priced by %s in %d ms", order_id, engine, priced_ms)
        return Order(order_id, engine, quote)
