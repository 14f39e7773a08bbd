"""Stock levels per warehouse and the time-limited reservations held against them."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

DEFAULT_TTL = 15 * 60
"""Seconds a reservation is held when the caller gives no ttl."""


class OutOfStock(Exception):
    """No single warehouse can cover the requested quantity."""


@dataclass(frozen=True)
class Reservation:
    """Units held for a pending order until `expires_at` (unix seconds)."""

    id: str
    sku: str
    warehouse: str
    qty: int
    expires_at: float


class Inventory:
    """On-hand stock by (sku, warehouse) and the reservations held against it."""

    def __init__(self, warehouses: list[str]) -> None:
        self.warehouses = list(warehouses)
        self._on_hand: dict[tuple[str, str], int] = {}
        self._reservations: dict[str, Reservation] = {}
        self._ids = itertools.count(1)

    def receive(self, sku: str, warehouse: str, qty: int) -> None:
        """Add `qty` units of `sku` to `warehouse` (goods in)."""
        if warehouse not in self.warehouses:
            raise KeyError(f"unknown warehouse: {warehouse}")
        if qty <= 0:
            raise ValueError("qty must be positive")
        key = (sku, warehouse)
        self._on_hand[key] = self._on_hand.get(key, 0) + qty

    def on_hand(self, sku: str, warehouse: str) -> int:
        """Units physically in `warehouse`, reserved or not."""
        return self._on_hand.get((sku, warehouse), 0)

    def _reserved(self, sku: str, warehouse: str) -> int:
        return sum(r.qty for r in self._reservations.values() if r.warehouse == warehouse)

    def available(self, sku: str, warehouse: str | None = None) -> int:
        """Units free to reserve in `warehouse`, or across all warehouses when it is None."""
        names = self.warehouses if warehouse is None else [warehouse]
        return sum(self.on_hand(sku, name) - self._reserved(sku, name) for name in names)

    def reserve(self, sku: str, qty: int, now: float, ttl: float = DEFAULT_TTL) -> Reservation:
        """Hold `qty` units in the first warehouse (priority order) that can cover all of them."""
        if qty <= 0:
            raise ValueError("qty must be positive")
        for warehouse in self.warehouses:
            if self.available(sku, warehouse) >= qty:
                res = Reservation(f"R{next(self._ids)}", sku, warehouse, qty, now + ttl)
                self._reservations[res.id] = res
                return res
        raise OutOfStock(f"{sku}: no warehouse has {qty} available")

    def release(self, reservation_id: str) -> Reservation:
        """Cancel a reservation, making its units available again."""
        return self._reservations.pop(reservation_id)

    def release_expired(self, now: float) -> list[Reservation]:
        """Drop every reservation whose hold has run out and return them."""
        expired = [r for r in self._reservations.values() if r.expires_at <= now]
        for res in expired:
            del self._reservations[res.id]
        return expired

    def ship(self, reservation_id: str) -> None:
        """Ship a reservation: drop the hold and take its units off the shelf."""
        res = self._reservations.pop(reservation_id)
        self._on_hand[(res.sku, res.warehouse)] -= res.qty

    def reservations(self) -> list[Reservation]:
        """Current reservations, oldest first."""
        return list(self._reservations.values())

    def stock_items(self) -> list[tuple[str, str, int]]:
        """(sku, warehouse, on_hand) rows, sorted."""
        return sorted((sku, warehouse, qty) for (sku, warehouse), qty in self._on_hand.items())
