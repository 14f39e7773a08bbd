import pytest

from ledger import AmountError, format_amount, parse_amount


@pytest.mark.parametrize(
    ("text", "minor"),
    [("12.50", 1250), ("3", 300), ("0.5", 50), ("1000.01", 100001), ("0.01", 1)],
)
def test_parse_amount(text, minor):
    assert parse_amount(text) == minor


@pytest.mark.parametrize("text", ["", "abc", "-5", "0", "0.00"])
def test_parse_amount_rejects(text):
    with pytest.raises(AmountError):
        parse_amount(text)


@pytest.mark.parametrize(
    ("minor", "text"),
    [(1250, "12.50"), (5, "0.05"), (0, "0.00"), (-1999, "-19.99"), (100001, "1000.01")],
)
def test_format_amount(minor, text):
    assert format_amount(minor) == text
