from datetime import datetime, timedelta, timezone

import pytest

from shortlinks.timeutil import has_expired, parse_iso, to_iso

NOON = datetime(2024, 5, 2, 12, 0, tzinfo=timezone.utc)


def test_iso_round_trip():
    assert to_iso(NOON) == "2024-05-02T12:00:00Z"
    assert parse_iso("2024-05-02T14:00:00+02:00") == NOON


def test_naive_timestamps_are_refused():
    with pytest.raises(ValueError, match="needs a time zone"):
        parse_iso("2024-05-02T12:00:00")


def test_has_expired():
    assert has_expired(None, NOON) is False
    assert has_expired(NOON, NOON + timedelta(seconds=1)) is True
    assert has_expired(NOON, NOON - timedelta(seconds=1)) is False
