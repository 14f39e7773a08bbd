"""stockroom: stock levels, reservations and order allocation."""

from .inventory import DEFAULT_TTL, Inventory, OutOfStock, Reservation
from .orders import AllocationError, OrderLine, allocate_order
from .storage import list_snapshots, load_snapshot, save_snapshot

__all__ = [
    "DEFAULT_TTL",
    "AllocationError",
    "Inventory",
    "OrderLine",
    "OutOfStock",
    "Reservation",
    "allocate_order",
    "list_snapshots",
    "load_snapshot",
    "save_snapshot",
]
