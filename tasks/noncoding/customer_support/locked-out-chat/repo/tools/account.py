"""Look up a Quillpine account by the email address it is registered to.

Usage: python tools/account.py <email>
"""

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "accounts.json"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/account.py <email>", file=sys.stderr)
        return 2
    account = json.loads(DATA.read_text()).get(argv[0].strip().lower())
    if account is None:
        print(f"no account registered to {argv[0]}", file=sys.stderr)
        return 1
    for key, value in account.items():
        if isinstance(value, list):
            print(f"{key}:")
            for item in value:
                print(f"  - {item}")
        else:
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
