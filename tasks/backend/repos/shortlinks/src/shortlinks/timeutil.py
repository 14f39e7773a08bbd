"""Timestamps: aware UTC datetimes inside, ISO 8601 strings with a `Z` in files and JSON."""

from __future__ import annotations

from datetime import datetime, timezone


def utcnow() -> datetime:
    """The current time in UTC, to the second."""
    return datetime.now(timezone.utc).replace(microsecond=0)


def to_iso(moment: datetime) -> str:
    """`2024-05-02T10:15:00Z` for a UTC datetime."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(text: str) -> datetime:
    """The UTC datetime of an ISO 8601 string with `Z` or an explicit offset."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError(f"timestamp needs a time zone (Z or +HH:MM), got {text!r}")
    return moment.astimezone(timezone.utc)


def has_expired(expires_at: datetime | None, now: datetime) -> bool:
    """True once `expires_at` has been reached; never for None (no expiry)."""
    return expires_at is not None and now > expires_at
