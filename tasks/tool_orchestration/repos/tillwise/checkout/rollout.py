"""Percentage rollouts: which customers a flag is on for."""

from __future__ import annotations

import hashlib


def bucket(flag: str, customer_id: str) -> int:
    """A stable bucket 0-99 for `customer_id` under `flag`; raising the percentage only adds customers."""
    digest = hashlib.sha256(f"{flag}:{customer_id}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 100


def enabled(flag: str, percent: int, customer_id: str) -> bool:
    """Whether `flag`, rolled out to `percent` % of customers, is on for `customer_id`."""
    return bucket(flag, customer_id) < percent
