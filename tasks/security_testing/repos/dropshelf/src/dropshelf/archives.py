"""Listing the members of uploaded .tar.gz archives (the "contents" view of the web UI)."""

from __future__ import annotations

import subprocess
from pathlib import Path

LIST_TIMEOUT = 10  # seconds; a huge archive must not hold a worker


class ArchiveError(Exception):
    """tar could not read the archive."""


def list_members(path: Path) -> list[str]:
    """The member names of the gzip-compressed tar archive at `path`, in archive order."""
    result = subprocess.run(
        f"tar -tzf {path}", shell=True, capture_output=True, text=True, timeout=LIST_TIMEOUT
    )
    if result.returncode != 0:
        raise ArchiveError(f"cannot list {path.name}: {result.stderr.strip()}")
    return result.stdout.splitlines()
