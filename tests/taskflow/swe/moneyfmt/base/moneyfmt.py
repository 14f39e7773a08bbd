"""Format and parse money amounts for display.

Everything here is driven by two small tables: :data:`CURRENCIES` (symbol
and number of minor-unit digits per ISO 4217 code) and :data:`LOCALES`
(separators and symbol placement per locale tag). Nothing reads the process
locale, so results do not depend on the machine or on ``locale.setlocale``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Union

__version__ = "0.6.1"

__all__ = [
    "CURRENCIES",
    "DEFAULT_LOCALE",
    "LOCALES",
    "Currency",
    "Locale",
    "MoneyFormatError",
    "format_money",
    "get_currency",
    "get_locale",
    "parse_money",
    "register_locale",
    "to_minor_units",
]

Amount = Union[Decimal, int, str, float]


class MoneyFormatError(ValueError):
    """Unknown currency or locale, or text that is not an amount."""


@dataclass(frozen=True)
class Currency:
    code: str
    symbol: str
    exponent: int
    """Digits after the decimal mark (2 for cents, 0 for currencies without a minor unit)."""


CURRENCIES: dict[str, Currency] = {
    c.code: c
    for c in (
        Currency("USD", "$", 2),
        Currency("EUR", "€", 2),
        Currency("GBP", "£", 2),
        Currency("CHF", "CHF", 2),
        Currency("SEK", "kr", 2),
        Currency("JPY", "¥", 2),
        Currency("KRW", "₩", 2),
        Currency("BHD", "BD", 3),
    )
}


@dataclass(frozen=True)
class Locale:
    tag: str
    group: str
    """Thousands separator."""
    decimal: str
    """Decimal mark."""
    symbol_first: bool
    """``$5`` (True) or ``5 €`` (False)."""
    space: bool
    """Put a no-break space between symbol and number."""


LOCALES: dict[str, Locale] = {
    "en_US": Locale("en_US", ",", ".", symbol_first=True, space=False),
    "en_GB": Locale("en_GB", ",", ".", symbol_first=True, space=False),
    "de_DE": Locale("de_DE", ".", ",", symbol_first=False, space=True),
    "de_CH": Locale("de_CH", "’", ".", symbol_first=True, space=True),
    "fr_FR": Locale("fr_FR", "\u202f", ",", symbol_first=False, space=True),
    "sv_SE": Locale("sv_SE", "\u00a0", ",", symbol_first=False, space=True),
    "ja_JP": Locale("ja_JP", ",", ".", symbol_first=True, space=False),
}

DEFAULT_LOCALE = "en_US"

NBSP = "\u00a0"


def get_currency(code: str) -> Currency:
    try:
        return CURRENCIES[code.upper()]
    except KeyError:
        raise MoneyFormatError(f"unknown currency {code!r}") from None


def get_locale(tag: str) -> Locale:
    try:
        return LOCALES[tag.replace("-", "_")]
    except KeyError:
        raise MoneyFormatError(f"unknown locale {tag!r}") from None


def register_locale(locale: Locale) -> None:
    """Add or replace a locale in :data:`LOCALES`."""
    LOCALES[locale.tag] = locale


def _to_decimal(amount: Amount) -> Decimal:
    if isinstance(amount, bool):
        raise TypeError("booleans are not amounts")
    if isinstance(amount, float):
        amount = str(amount)
    try:
        value = Decimal(amount)
    except (InvalidOperation, TypeError):
        raise MoneyFormatError(f"not an amount: {amount!r}") from None
    if not value.is_finite():
        raise MoneyFormatError(f"not a finite amount: {amount!r}")
    return value


def _round(value: Decimal, currency: Currency) -> Decimal:
    """Round *value* to the currency's minor unit."""
    return Decimal(str(round(float(value), currency.exponent)))


def _group(digits: str, separator: str) -> str:
    """Insert *separator* every three digits from the right."""
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return separator.join(groups)


def _format_number(value: Decimal, exponent: int, locale: Locale) -> str:
    text = f"{value:.{exponent}f}"
    sign = ""
    if text.startswith("-"):
        sign, text = "-", text[1:]
    whole, _, fraction = text.partition(".")
    number = _group(whole, locale.group)
    if exponent:
        number += locale.decimal + fraction
    return sign + number


def format_money(
    amount: Amount,
    currency: str = "USD",
    locale: str = DEFAULT_LOCALE,
    *,
    symbol: bool = True,
) -> str:
    """Format *amount* in *currency* for *locale*.

    The amount is rounded half up to the currency's minor unit. With
    ``symbol=False`` only the number is returned.
    """
    cur = get_currency(currency)
    loc = get_locale(locale)
    value = _round(_to_decimal(amount), cur)
    number = _format_number(value, cur.exponent, loc)
    if not symbol:
        return number
    gap = NBSP if loc.space else ""
    if loc.symbol_first:
        return f"{cur.symbol}{gap}{number}"
    return f"{number}{gap}{cur.symbol}"


_STRIP_RE = re.compile(r"[\s\u00a0\u202f]+")


def parse_money(text: str, currency: str = "USD", locale: str = DEFAULT_LOCALE) -> Decimal:
    """Parse text produced by :func:`format_money` (or typed by a person) back to a Decimal.

    The currency symbol or ISO code may appear before or after the number.
    """
    cur = get_currency(currency)
    loc = get_locale(locale)
    body = _STRIP_RE.sub("", text)
    for marker in (cur.code, cur.symbol):
        if body.startswith(marker):
            body = body[len(marker) :]
        elif body.endswith(marker):
            body = body[: -len(marker)]
    group = _STRIP_RE.sub("", loc.group)
    if group:
        body = body.replace(group, "")
    body = body.replace(loc.decimal, ".")
    try:
        return Decimal(body)
    except InvalidOperation:
        raise MoneyFormatError(f"cannot parse {text!r} as {cur.code}") from None


def to_minor_units(amount: Amount, currency: str = "USD") -> int:
    """*amount* as a whole number of minor units (cents, pence, fils), rounded half up.

    This is what payment APIs usually want: ``to_minor_units("12.345", "USD") == 1235``.
    """
    cur = get_currency(currency)
    value = _to_decimal(amount).scaleb(cur.exponent)
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))
