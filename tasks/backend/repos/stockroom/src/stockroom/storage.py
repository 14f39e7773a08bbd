"""Save and load JSON snapshots of on-hand stock (used by the nightly backup job)."""

from __future__ import annotations

import json
import os

from .inventory import Inventory

SNAPSHOT_PREFIX = "inventory-"
SNAPSHOT_SUFFIX = ".json"


def snapshot_path(directory: str, label: str) -> str:
    """Path of the snapshot called `label` inside `directory`."""
    return os.path.join(directory, SNAPSHOT_PREFIX + label + SNAPSHOT_SUFFIX)


def save_snapshot(inventory: Inventory, directory: str, label: str) -> str:
    """Write the on-hand stock of `inventory` to a snapshot file and return its path."""
    if not os.path.isdir(directory):
        os.makedirs(directory)
    path = snapshot_path(directory, label)
    data = {
        "warehouses": inventory.warehouses,
        "stock": [list(row) for row in inventory.stock_items()],
    }
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2, sort_keys=True)
    return path


def load_snapshot(path: str) -> Inventory:
    """Rebuild an Inventory (stock only, no reservations) from a snapshot file."""
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    inventory = Inventory(data["warehouses"])
    for sku, warehouse, qty in data["stock"]:
        if qty > 0:
            inventory.receive(sku, warehouse, qty)
    return inventory


def list_snapshots(directory: str) -> list[str]:
    """Labels of the snapshots in `directory`, sorted (empty if it does not exist)."""
    if not os.path.isdir(directory):
        return []
    labels = []
    for name in os.listdir(directory):
        stem, ext = os.path.splitext(name)
        if stem.startswith(SNAPSHOT_PREFIX) and ext == SNAPSHOT_SUFFIX:
            labels.append(stem[len(SNAPSHOT_PREFIX):])
    return sorted(labels)
