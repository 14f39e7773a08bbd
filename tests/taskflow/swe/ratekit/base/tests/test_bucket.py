import pytest

from ratekit import ManualClock, TokenBucket


@pytest.fixture
def clock():
    return ManualClock()


def test_starts_full(clock):
    bucket = TokenBucket(5, 1, clock=clock)
    assert bucket.tokens == 5
    assert bucket.full


def test_acquire_until_empty(clock):
    bucket = TokenBucket(3, 1, clock=clock)
    assert [bucket.try_acquire() for _ in range(4)] == [True, True, True, False]


def test_refills_over_time_up_to_capacity(clock):
    bucket = TokenBucket(4, 2, clock=clock)
    assert bucket.try_acquire(4)
    clock.advance(1)
    assert bucket.tokens == 2
    clock.advance(60)
    assert bucket.tokens == 4


def test_failed_acquire_takes_nothing(clock):
    bucket = TokenBucket(3, 1, clock=clock)
    assert bucket.try_acquire(2)
    assert not bucket.try_acquire(2)
    assert bucket.tokens == 1


def test_retry_after_is_zero_when_tokens_are_there(clock):
    bucket = TokenBucket(3, 1, clock=clock)
    assert bucket.retry_after(3) == 0.0


def test_retry_after_from_empty(clock):
    bucket = TokenBucket(10, 2, clock=clock)
    bucket.try_acquire(10)
    assert bucket.retry_after(1) == pytest.approx(0.5)


def test_rejects_bad_arguments(clock):
    with pytest.raises(ValueError):
        TokenBucket(0, 1, clock=clock)
    with pytest.raises(ValueError):
        TokenBucket(1, 0, clock=clock)
    with pytest.raises(ValueError):
        TokenBucket(1, 1, clock=clock).try_acquire(-1)
