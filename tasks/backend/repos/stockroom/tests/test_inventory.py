import pytest

from stockroom import Inventory, OutOfStock


@pytest.fixture
def inventory():
    inv = Inventory(["leeds", "bristol"])
    inv.receive("MUG-01", "leeds", 10)
    inv.receive("MUG-01", "bristol", 25)
    return inv


def test_receive_adds_up(inventory):
    inventory.receive("MUG-01", "leeds", 5)
    assert inventory.on_hand("MUG-01", "leeds") == 15
    assert inventory.available("MUG-01") == 40


def test_receive_rejects_unknown_warehouse(inventory):
    with pytest.raises(KeyError):
        inventory.receive("MUG-01", "paris", 1)


def test_reserve_prefers_first_warehouse(inventory):
    res = inventory.reserve("MUG-01", 4, now=1000)
    assert res.warehouse == "leeds"
    assert res.expires_at == 1000 + 15 * 60
    assert inventory.available("MUG-01", "leeds") == 6


def test_reserve_falls_back_to_next_warehouse(inventory):
    res = inventory.reserve("MUG-01", 20, now=0)
    assert res.warehouse == "bristol"
    assert inventory.available("MUG-01", "bristol") == 5


def test_reserve_never_splits_across_warehouses(inventory):
    with pytest.raises(OutOfStock):
        inventory.reserve("MUG-01", 30, now=0)


def test_release_frees_units(inventory):
    res = inventory.reserve("MUG-01", 10, now=0)
    inventory.release(res.id)
    assert inventory.available("MUG-01", "leeds") == 10


def test_release_expired_only_drops_stale_holds(inventory):
    old = inventory.reserve("MUG-01", 2, now=0, ttl=60)
    fresh = inventory.reserve("MUG-01", 3, now=50, ttl=60)
    assert inventory.release_expired(now=60) == [old]
    assert inventory.reservations() == [fresh]


def test_ship_takes_units_off_the_shelf(inventory):
    res = inventory.reserve("MUG-01", 4, now=0)
    inventory.ship(res.id)
    assert inventory.on_hand("MUG-01", "leeds") == 6
    assert inventory.available("MUG-01", "leeds") == 6
    assert inventory.reservations() == []
