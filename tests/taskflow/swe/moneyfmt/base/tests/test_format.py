from decimal import Decimal

import pytest

from moneyfmt import NBSP, MoneyFormatError, format_money


def test_dollars():
    assert format_money(Decimal("1234.5"), "USD") == "$1,234.50"
    assert format_money(7, "USD") == "$7.00"
    assert format_money("0.5") == "$0.50"


def test_grouping_of_long_numbers():
    assert format_money(1234567, "USD") == "$1,234,567.00"
    assert format_money(999, "USD") == "$999.00"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en_GB", "£1,234.50"),
        ("de_DE", f"1.234,50{NBSP}£"),
        ("fr_FR", f"1\u202f234,50{NBSP}£"),
        ("de_CH", f"£{NBSP}1’234.50"),
    ],
)
def test_locales(locale, expected):
    assert format_money(Decimal("1234.5"), "GBP", locale) == expected


def test_locale_tag_with_dash():
    assert format_money(10, "EUR", "de-DE") == f"10,00{NBSP}€"


def test_three_decimal_currency():
    assert format_money(Decimal("1.5"), "BHD") == "BD1.500"


def test_without_symbol():
    assert format_money(Decimal("1234.5"), "EUR", "de_DE", symbol=False) == "1.234,50"


def test_float_goes_through_str():
    assert format_money(0.1 + 0.2, "USD") == "$0.30"


def test_errors():
    with pytest.raises(MoneyFormatError, match="unknown currency"):
        format_money(1, "XYZ")
    with pytest.raises(MoneyFormatError, match="unknown locale"):
        format_money(1, "USD", "tlh_QO")
    with pytest.raises(MoneyFormatError, match="not an amount"):
        format_money("twelve")
    with pytest.raises(MoneyFormatError, match="finite"):
        format_money(Decimal("NaN"))
    with pytest.raises(TypeError):
        format_money(True)
