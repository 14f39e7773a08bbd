import pytest

from ratekit import Rate, parse_rate


@pytest.mark.parametrize(
    ("text", "limit", "period"),
    [
        ("100/min", 100, 60.0),
        ("5/s", 5, 1.0),
        ("10/5s", 10, 5.0),
        ("5000/hour", 5000, 3600.0),
        ("2 / 3 hours", 2, 10800.0),
        ("1/day", 1, 86400.0),
    ],
)
def test_parse_rate(text, limit, period):
    rate = parse_rate(text)
    assert (rate.limit, rate.period) == (limit, period)


@pytest.mark.parametrize("text", ["", "100", "100/", "100/fortnight", "-1/s", "1/ms"])
def test_parse_rate_rejects_garbage(text):
    with pytest.raises(ValueError, match="not a rate"):
        parse_rate(text)


def test_capacity_defaults_to_limit():
    assert Rate(10, 1.0).capacity == 10
    assert Rate(10, 1.0, burst=25).capacity == 25
    assert parse_rate("10/s", burst=3).capacity == 3


def test_per_second():
    assert parse_rate("120/min").per_second == 2.0


def test_invalid_rates():
    with pytest.raises(ValueError):
        Rate(0, 1.0)
    with pytest.raises(ValueError):
        Rate(1, 0)
    with pytest.raises(ValueError):
        Rate(1, 1.0, burst=0)
