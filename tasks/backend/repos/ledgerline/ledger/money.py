"""Money amounts: decimal strings such as "12.50" at the API edge, integer minor units inside."""

from __future__ import annotations

MINOR_PER_MAJOR = 100


class AmountError(ValueError):
    """An amount that is not a positive decimal string."""


def parse_amount(text: str) -> int:
    """Parse a positive decimal string ("12.50", "3") into minor units (1250, 300)."""
    if not isinstance(text, str) or not text.strip():
        raise AmountError(f"amount must be a decimal string such as '12.50', got {text!r}")
    try:
        value = float(text)
    except ValueError:
        raise AmountError(
            f"amount must be a decimal string such as '12.50', got {text!r}"
        ) from None
    if value <= 0:
        raise AmountError(f"amount must be greater than zero, got {text!r}")
    return int(value * MINOR_PER_MAJOR)


def format_amount(minor: int) -> str:
    """Format minor units as a decimal string with two places: 1250 -> "12.50", -5 -> "-0.05"."""
    sign = "-" if minor < 0 else ""
    major, cents = divmod(abs(minor), MINOR_PER_MAJOR)
    return f"{sign}{major}.{cents:02d}"
