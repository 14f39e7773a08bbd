import pytest

from stockroom import AllocationError, Inventory, OrderLine, allocate_order


@pytest.fixture
def inventory():
    inv = Inventory(["leeds", "bristol"])
    inv.receive("MUG-01", "leeds", 5)
    inv.receive("CAP-07", "bristol", 2)
    return inv


def test_allocates_every_line(inventory):
    held = allocate_order(inventory, [OrderLine("MUG-01", 2), OrderLine("CAP-07", 1)], now=0)
    assert [(r.sku, r.warehouse, r.qty) for r in held] == [
        ("MUG-01", "leeds", 2),
        ("CAP-07", "bristol", 1),
    ]


def test_repeated_skus_are_merged(inventory):
    held = allocate_order(inventory, [OrderLine("MUG-01", 2), OrderLine("MUG-01", 3)], now=0)
    assert [(r.sku, r.qty) for r in held] == [("MUG-01", 5)]


def test_failed_line_releases_earlier_lines(inventory):
    with pytest.raises(AllocationError, match="CAP-07"):
        allocate_order(inventory, [OrderLine("MUG-01", 2), OrderLine("CAP-07", 9)], now=0)
    assert inventory.reservations() == []
    assert inventory.available("MUG-01") == 5
