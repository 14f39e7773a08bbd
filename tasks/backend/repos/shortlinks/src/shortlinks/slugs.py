"""Slugs: the short path segment of a link (`/k3Xa9Qm`)."""

from __future__ import annotations

import random
import string

ALPHABET = string.ascii_letters + string.digits
DEFAULT_LENGTH = 7
RESERVED = frozenset({"api", "health", "static", "favicon.ico"})


def generate_slug(rng: random.Random, length: int = DEFAULT_LENGTH) -> str:
    """A random slug of `length` characters from ALPHABET."""
    return "".join(rng.choice(ALPHABET) for _ in range(length))
