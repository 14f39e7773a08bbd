import pytest

from ratekit import KeyedLimiter, ManualClock


@pytest.fixture
def clock():
    return ManualClock()


def test_keys_are_limited_independently(clock):
    limiter = KeyedLimiter("2/s", clock=clock)
    assert limiter.hit("a").allowed
    assert limiter.hit("a").allowed
    assert not limiter.hit("a").allowed
    assert limiter.hit("b").allowed


def test_decision_counts_remaining(clock):
    limiter = KeyedLimiter("3/min", clock=clock)
    assert [limiter.hit("k").remaining for _ in range(3)] == [2, 1, 0]


def test_denied_decision_headers(clock):
    limiter = KeyedLimiter("1/min", clock=clock)
    limiter.hit("k")
    decision = limiter.hit("k")
    assert not decision.allowed
    assert decision.headers() == {
        "RateLimit-Limit": "1",
        "RateLimit-Remaining": "0",
        "Retry-After": "60",
    }


def test_allowed_decision_has_no_retry_after(clock):
    headers = KeyedLimiter("5/s", clock=clock).hit("k").headers()
    assert "Retry-After" not in headers


def test_weighted_hits(clock):
    limiter = KeyedLimiter("10/s", clock=clock)
    assert limiter.hit("k", cost=7).allowed
    assert not limiter.hit("k", cost=4).allowed
    assert limiter.peek("k") == 3


def test_peek_and_reset(clock):
    limiter = KeyedLimiter("2/s", clock=clock)
    assert limiter.peek("new") == 2
    assert "new" not in limiter.registry
    limiter.hit("k")
    limiter.hit("k")
    limiter.reset("k")
    assert limiter.peek("k") == 2
