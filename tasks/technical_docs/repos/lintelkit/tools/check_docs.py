"""The docs gate: build the site into a temporary folder, check the links, run the examples of README and docs/."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lintelkit.examples import run_all  # noqa: E402
from lintelkit.links import check  # noqa: E402
from lintelkit.site import build  # noqa: E402


def main() -> int:
    """Run the three checks; print what failed and exit 1 if anything did."""
    docs = ROOT / "docs"
    with tempfile.TemporaryDirectory() as out:
        pages = len(build(docs, Path(out))) - 1
    broken = check(docs) + [link for link in check(ROOT) if link.page.parent == Path(".")]
    count, failures = run_all([ROOT / "README.md", *sorted(docs.rglob("*.md"))])
    for problem in [*broken, *failures]:
        print(problem)
    print(f"docs: {pages} pages built, {len(broken)} broken links, {count} examples, {len(failures)} failed")
    return 1 if broken or failures else 0


if __name__ == "__main__":
    sys.exit(main())
