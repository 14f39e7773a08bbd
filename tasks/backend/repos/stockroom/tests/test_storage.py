import os

from stockroom import Inventory, list_snapshots, load_snapshot, save_snapshot


def make_inventory():
    inv = Inventory(["leeds", "bristol"])
    inv.receive("MUG-01", "leeds", 10)
    inv.receive("TEE-02", "bristol", 3)
    return inv


def test_snapshot_round_trip(tmp_path):
    path = save_snapshot(make_inventory(), str(tmp_path), "nightly")
    assert os.path.basename(path) == "inventory-nightly.json"
    restored = load_snapshot(path)
    assert restored.warehouses == ["leeds", "bristol"]
    assert restored.stock_items() == make_inventory().stock_items()


def test_save_creates_the_directory(tmp_path):
    target = tmp_path / "backups" / "2024"
    save_snapshot(make_inventory(), str(target), "a")
    assert target.is_dir()


def test_reservations_are_not_saved(tmp_path):
    inv = make_inventory()
    inv.reserve("MUG-01", 4, now=0)
    restored = load_snapshot(save_snapshot(inv, str(tmp_path), "x"))
    assert restored.reservations() == []
    assert restored.available("MUG-01") == 10


def test_list_snapshots(tmp_path):
    for label in ("b", "a"):
        save_snapshot(make_inventory(), str(tmp_path), label)
    (tmp_path / "notes.txt").write_text("not a snapshot", encoding="utf-8")
    assert list_snapshots(str(tmp_path)) == ["a", "b"]
    assert list_snapshots(str(tmp_path / "missing")) == []
