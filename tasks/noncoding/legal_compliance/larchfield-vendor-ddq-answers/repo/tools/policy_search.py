"""Search Larchfield's policy library (policies/*.md) and print matching numbered paragraphs with their source.

Usage: python tools/policy_search.py WORD [WORD...]   (every word must appear in the paragraph)
"""

import re
import sys
from pathlib import Path

LIBRARY = Path(__file__).resolve().parent.parent / "policies"


def paragraphs(path: Path):
    title, section, current = "", "", []
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if line.startswith("# "):
            title = line[2:].strip()
        elif line.startswith("## "):
            section = line[3:].strip()
        elif re.match(r"^\d+\.\d+ ", line) or not line.strip():
            if current:
                yield title, section, " ".join(current)
            current = [line.strip()] if line.strip() else []
        else:
            current.append(line.strip())


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: policy_search WORD [WORD...]")
        return 2
    words = [w.lower() for w in argv]
    hits = 0
    for path in sorted(LIBRARY.glob("*.md")):
        for title, section, text in paragraphs(path):
            if all(w in text.lower() for w in words):
                hits += 1
                print(f"[{title} / {section}] {text}")
    if not hits:
        print("no paragraph matches")
    return 0 if hits else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
