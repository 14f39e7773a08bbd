import pytest
from conftest import NOW

from checkout import rollout
from checkout.cart import Cart, CartLine
from checkout.service import PROMO_FLAG, CheckoutService, EmptyCart


def service(conn, percent):
    return CheckoutService(conn, {PROMO_FLAG: percent}, lambda: NOW)


def test_order_and_lines_are_stored(conn):
    order = service(conn, 0).place_order(Cart("c10001", (CartLine("MUG-STONE", 2),), "SUMMER10"))
    row = conn.execute("SELECT * FROM orders WHERE id = ?", (order.id,)).fetchone()
    assert (row["total_cents"], row["discount_cents"], row["pricing_engine"]) == (3240, 360, "legacy")
    lines = conn.execute("SELECT sku, qty FROM order_lines WHERE order_id = ?", (order.id,)).fetchall()
    assert [tuple(line) for line in lines] == [("MUG-STONE", 2)]


def test_full_rollout_prices_with_v2(conn):
    assert service(conn, 100).engine_for("c10001") == "v2"
    assert service(conn, 0).engine_for("c10001") == "legacy"


def test_partial_rollout_follows_the_bucket(conn):
    customers = [f"c{n}" for n in range(10000, 10200)]
    on = [c for c in customers if service(conn, 10).engine_for(c) == "v2"]
    assert on == [c for c in customers if rollout.bucket(PROMO_FLAG, c) < 10]
    assert 0 < len(on) < len(customers)


def test_empty_cart_is_refused(conn):
    with pytest.raises(EmptyCart):
        service(conn, 0).place_order(Cart("c10001", ()))
