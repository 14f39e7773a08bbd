import pytest

from hookline.retry import RetryPolicy


def test_delays_grow_exponentially_up_to_the_cap():
    policy = RetryPolicy(base_delay=1.0, factor=2.0, max_delay=5.0)
    assert [policy.delay_for(n) for n in range(1, 6)] == [1.0, 2.0, 4.0, 5.0, 5.0]


def test_attempt_numbers_start_at_one():
    with pytest.raises(ValueError):
        RetryPolicy().delay_for(0)


@pytest.mark.parametrize(
    ("status", "expected"),
    [(None, True), (500, True), (503, True), (429, True), (408, True), (400, False), (410, False)],
)
def test_retryable_statuses(status, expected):
    assert RetryPolicy(max_attempts=3).should_retry(1, status) is expected


def test_no_retry_after_the_last_attempt():
    assert not RetryPolicy(max_attempts=3).should_retry(3, 503)
