"""Number formatting shared by the terminal tables and the HTML report."""

from __future__ import annotations

import math


def pct(value: float | None, signed: bool = False, digits: int = 1) -> str:
    """A fraction as percent (or signed points); `-` when missing."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{100 * value:+.{digits}f}" if signed else f"{100 * value:.{digits}f}"


def num(value: float | None, digits: int = 3) -> str:
    """A plain number; `-` when missing."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}"


def interval(lo: float, hi: float, signed: bool = False) -> str:
    """A percentile interval in percent, `[lo, hi]`."""
    return f"[{pct(lo, signed)}, {pct(hi, signed)}]"
