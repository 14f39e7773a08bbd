"""Content digests: the one sha256 home for fingerprints, cache keys, store names and seeded draws."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path


def digest_bytes(*chunks: bytes, size: int = 16) -> str:
    """Hex sha256 of the chunks one after the other, cut to `size` characters."""
    h = hashlib.sha256()
    for chunk in chunks:
        h.update(chunk)
    return h.hexdigest()[:size]


def digest(value: object, size: int = 16) -> str:
    """Hex sha256 of `value` as canonical JSON (keys sorted, other objects by `str`), cut to `size` characters."""
    return digest_bytes(json.dumps(value, sort_keys=True, default=str).encode(), size=size)


def tree_digest(root: Path, keep: Callable[[str], bool], size: int = 16) -> str:
    """Hex sha256 of the files under `root` whose relative POSIX path `keep` accepts: paths and contents, in
    path order."""
    chunks = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and keep(rel):
            chunks.append(rel.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest_bytes(*chunks, size=size)


def seed(*parts: object) -> int:
    """A 64-bit seed from the parts joined by ':' (the same parts give the same seed on every machine)."""
    raw = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(raw[:8], "big")
