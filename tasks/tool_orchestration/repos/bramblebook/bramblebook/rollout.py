"""Percentage rollouts: a member is in a flag's rollout when their stable bucket is below the percent."""

from __future__ import annotations

import hashlib


def bucket(flag: str, member: str) -> int:
    """The member's bucket for `flag`, 0-99, the same on every call."""
    digest = hashlib.sha256(f"{flag}:{member}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 100


def enabled(flag: str, member: str, percent: int) -> bool:
    """Whether `member` is in the rollout of `flag` at `percent`."""
    return bucket(flag, member) < percent
