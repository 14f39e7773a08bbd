"""What a customer asks to buy, and what the pricing engines answer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CartLine:
    sku: str
    qty: int


@dataclass(frozen=True)
class Cart:
    customer_id: str
    lines: tuple[CartLine, ...]
    promo_code: str | None = None


@dataclass(frozen=True)
class PricedLine:
    sku: str
    qty: int
    unit_cents: int
    discount_cents: int


@dataclass(frozen=True)
class Quote:
    lines: tuple[PricedLine, ...]

    @property
    def subtotal_cents(self) -> int:
        return sum(line.unit_cents * line.qty for line in self.lines)

    @property
    def discount_cents(self) -> int:
        return sum(line.discount_cents for line in self.lines)

    @property
    def total_cents(self) -> int:
        return self.subtotal_cents - self.discount_cents


class UnknownProduct(LookupError):
    """A cart line names a SKU the catalogue does not have."""
