"""Bump kilnworks' version in src/kilnworks/__init__.py and pyproject.toml; print the new version.

Usage: python3 scripts/bump_version.py major|minor|patch [--root DIR]
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

PACKAGE_INIT = Path("src/kilnworks/__init__.py")
PYPROJECT = Path("pyproject.toml")
INIT_VERSION = re.compile(r'^__version__ = "(\d+)\.(\d+)\.(\d+)"$', re.MULTILINE)


def bumped(version: tuple[int, int, int], part: str) -> tuple[int, int, int]:
    """The version after bumping `part` (major, minor or patch); lower parts go back to 0."""
    major, minor, patch = version
    if part == "major":
        return major + 1, 0, 0
    if part == "minor":
        return major, minor + 1, 0
    return major, minor, patch + 1


def current(root: Path) -> tuple[int, int, int]:
    """The version in the package's `__init__.py`."""
    match = INIT_VERSION.search((root / PACKAGE_INIT).read_text(encoding="utf-8"))
    if match is None:
        raise SystemExit(f"bump_version: no __version__ in {PACKAGE_INIT}")
    major, minor, patch = (int(g) for g in match.groups())
    return major, minor, patch


def write(root: Path, version: str) -> None:
    """Write `version` into the package's `__init__.py` and pyproject.toml."""
    init = root / PACKAGE_INIT
    init.write_text(
        INIT_VERSION.sub(f'__version__ = "{version}"', init.read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    pyproject = root / PYPROJECT
    text = pyproject.read_text(encoding="utf-8")
    text = re.sub(r'version = "[^"]*"', f'version = "{version}"', text)
    pyproject.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Bump the version of the repository at --root (default: here) and print it."""
    parser = argparse.ArgumentParser(description="Bump kilnworks' version.")
    parser.add_argument("part", choices=["major", "minor", "patch"])
    parser.add_argument("--root", type=Path, default=Path("."))
    args = parser.parse_args(argv)
    version = ".".join(str(n) for n in bumped(current(args.root), args.part))
    write(args.root, version)
    print(version)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
