"""Order allocation: reserve every line of an order, or none of them."""

from __future__ import annotations

from dataclasses import dataclass

from .inventory import DEFAULT_TTL, Inventory, OutOfStock, Reservation


@dataclass(frozen=True)
class OrderLine:
    """One SKU and quantity of a customer order."""

    sku: str
    qty: int


class AllocationError(Exception):
    """An order could not be fully reserved; nothing is held for it."""

    def __init__(self, line: OrderLine, reason: str) -> None:
        super().__init__(f"cannot allocate {line.qty} x {line.sku}: {reason}")
        self.line = line


def allocate_order(
    inventory: Inventory, lines: list[OrderLine], now: float, ttl: float = DEFAULT_TTL
) -> list[Reservation]:
    """Reserve stock for every line, all-or-nothing; raise AllocationError if a line fails."""
    held: list[Reservation] = []
    for line in merge_lines(lines):
        try:
            held.append(inventory.reserve(line.sku, line.qty, now, ttl))
        except OutOfStock as exc:
            for res in held:
                inventory.release(res.id)
            raise AllocationError(line, str(exc)) from exc
    return held


def merge_lines(lines: list[OrderLine]) -> list[OrderLine]:
    """Combine repeated SKUs so each is reserved once, keeping first-seen order."""
    totals: dict[str, int] = {}
    for line in lines:
        totals[line.sku] = totals.get(line.sku, 0) + line.qty
    return [OrderLine(sku, qty) for sku, qty in totals.items()]
