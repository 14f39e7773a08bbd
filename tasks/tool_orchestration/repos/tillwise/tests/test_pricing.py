import pytest
from conftest import NOW

from checkout.cart import Cart, CartLine, UnknownProduct
from checkout.pricing import price_legacy, price_v2


def cart(*lines, code=None):
    return Cart("c10001", tuple(CartLine(sku, qty) for sku, qty in lines), code)


def test_legacy_applies_a_percent_code_to_every_line(conn):
    quote = price_legacy(conn, cart(("TEA-SENCHA", 3), ("MUG-STONE", 1), code="SUMMER10"), NOW)
    assert [line.discount_cents for line in quote.lines] == [267, 180]
    assert quote.total_cents == 2670 + 1800 - 447


def test_legacy_ignores_automatic_promotions(conn):
    quote = price_legacy(conn, cart(("TEA-SENCHA", 2), ("MUG-STONE", 1)), NOW)
    assert quote.discount_cents == 0


def test_expired_code_gives_nothing(conn):
    assert price_legacy(conn, cart(("MUG-STONE", 1), code="SPRING5"), NOW).discount_cents == 0
    assert price_v2(conn, cart(("MUG-STONE", 1), code="SPRING5"), NOW).discount_cents == 0


def test_v2_takes_a_fixed_amount_off_each_unit(conn):
    quote = price_v2(conn, cart(("TEA-SENCHA", 3)), NOW)
    assert quote.lines[0].discount_cents == 300


def test_v2_gives_the_bundle_with_two_teas(conn):
    quote = price_v2(conn, cart(("MUG-STONE", 1), ("TEA-SENCHA", 2)), NOW)
    assert quote.lines[0].discount_cents == 450


def test_v2_keeps_the_best_promotion_per_line(conn):
    quote = price_v2(conn, cart(("TEA-SENCHA", 1), code="SUMMER10"), NOW)
    assert quote.lines[0].discount_cents == 100


def test_unknown_sku_is_refused(conn):
    with pytest.raises(UnknownProduct):
        price_legacy(conn, cart(("TEA-MATCHA", 1)), NOW)
    with pytest.raises(UnknownProduct):
        price_v2(conn, cart(("TEA-MATCHA", 1)), NOW)
