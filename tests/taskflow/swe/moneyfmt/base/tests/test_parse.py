from decimal import Decimal

import pytest

from moneyfmt import MoneyFormatError, format_money, parse_money, to_minor_units


@pytest.mark.parametrize(
    ("text", "currency", "locale", "expected"),
    [
        ("$1,234.50", "USD", "en_US", "1234.50"),
        ("1.234,50 €", "EUR", "de_DE", "1234.50"),
        ("1\u202f234,50\u00a0€", "EUR", "fr_FR", "1234.50"),
        ("12.50 USD", "USD", "en_US", "12.50"),
        ("CHF 1’000", "CHF", "de_CH", "1000"),
    ],
)
def test_parse(text, currency, locale, expected):
    assert parse_money(text, currency, locale) == Decimal(expected)


def test_round_trip():
    for locale in ("en_US", "de_DE", "fr_FR", "de_CH", "sv_SE"):
        text = format_money(Decimal("98765.43"), "SEK", locale)
        assert parse_money(text, "SEK", locale) == Decimal("98765.43")


def test_parse_rejects_garbage():
    with pytest.raises(MoneyFormatError, match="cannot parse"):
        parse_money("about ten dollars")


def test_to_minor_units():
    assert to_minor_units("12.345", "USD") == 1235
    assert to_minor_units(Decimal("1.2345"), "BHD") == 1235
    assert to_minor_units(3, "GBP") == 300
