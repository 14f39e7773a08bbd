"""Look up a Fernhollow order: its lines, stock of what it contains and the staff notes on it.

Usage: python tools/orders.py <order-id>
"""

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "orders.json"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/orders.py <order-id>", file=sys.stderr)
        return 2
    orders = json.loads(DATA.read_text())
    order = orders.get(argv[0].strip().upper())
    if order is None:
        print(f"no order {argv[0]}", file=sys.stderr)
        return 1
    print(f"Order {argv[0].upper()} for {order['customer']}")
    print(f"placed {order['placed']}, delivered {order['delivered']} by {order['carrier']}")
    for line in order["lines"]:
        print(f"  {line['qty']} x {line['item']} ({line['sku']}) at {line['unit_price']}")
    print(f"shipping {order['shipping']}, total {order['total']}")
    if order["stock"]:
        print("stock:")
        for sku, note in order["stock"].items():
            print(f"  {sku}: {note}")
    if order["internal_notes"]:
        print("staff notes (internal):")
        for note in order["internal_notes"]:
            print(f"  - {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
