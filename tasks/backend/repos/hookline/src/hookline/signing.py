"""HMAC-SHA256 request signatures.

The header value has the form ``t=<unix timestamp>,v1=<hex digest>``. The digest is HMAC-SHA256,
keyed with the subscription secret, over the bytes ``<timestamp>.<raw request body>``, so any
receiver can recompute it from the body exactly as it arrived on the wire.
"""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "X-Hookline-Signature"
DEFAULT_TOLERANCE = 300


class SignatureError(ValueError):
    """A signature header is malformed, stale or does not match the body."""


def _digest(body: bytes, secret: str, timestamp: int) -> str:
    message = f"{timestamp}.{body}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def sign_payload(body: bytes, secret: str, timestamp: int) -> str:
    """The signature header value for `body` sent at `timestamp`."""
    return f"t={timestamp},v1={_digest(body, secret, timestamp)}"


def parse_header(header: str) -> tuple[int, str]:
    """Split a signature header into its timestamp and hex digest."""
    parts = dict(item.split("=", 1) for item in header.split(",") if "=" in item)
    try:
        return int(parts["t"]), parts["v1"]
    except (KeyError, ValueError) as exc:
        raise SignatureError(f"malformed signature header: {header!r}") from exc


def verify_signature(
    body: bytes, header: str, secret: str, now: int, tolerance: int = DEFAULT_TOLERANCE
) -> None:
    """Raise SignatureError unless `header` is a fresh, valid signature of `body`."""
    timestamp, digest = parse_header(header)
    if abs(now - timestamp) > tolerance:
        raise SignatureError("signature timestamp is outside the tolerance window")
    if not hmac.compare_digest(digest, _digest(body, secret, timestamp)):
        raise SignatureError("signature does not match the body")
