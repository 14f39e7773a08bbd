import pytest

from hookline import (
    SIGNATURE_HEADER,
    DeliveryError,
    Dispatcher,
    Event,
    Registry,
    RetryPolicy,
    Subscription,
    verify_signature,
)


class FakeTransport:
    """Replies with the queued statuses (or raises queued DeliveryErrors) and records requests."""

    def __init__(self, *outcomes):
        self.outcomes = list(outcomes)
        self.requests = []

    def __call__(self, url, body, headers):
        self.requests.append((url, body, headers))
        outcome = self.outcomes.pop(0) if self.outcomes else 200
        if isinstance(outcome, Exception):
            raise outcome
        return outcome


@pytest.fixture
def registry():
    reg = Registry()
    reg.add(Subscription("sub_1", "https://partner.test/hooks", "s3cret", ("order.*",)))
    return reg


def fixed_clock():
    return 1_700_000_000.0


def make_dispatcher(registry, transport, **policy):
    delays = []
    policy = RetryPolicy(**policy)
    dispatcher = Dispatcher(registry, transport, policy, sleep=delays.append, clock=fixed_clock)
    return dispatcher, delays


def test_successful_delivery(registry):
    transport = FakeTransport(200)
    dispatcher, delays = make_dispatcher(registry, transport)
    [result] = dispatcher.dispatch(Event("order.paid", {"order": 1}))
    assert result.delivered and result.attempts == 1 and result.status == 200
    assert delays == []


def test_requests_carry_a_verifiable_signature(registry):
    transport = FakeTransport(200)
    dispatcher, _ = make_dispatcher(registry, transport)
    dispatcher.dispatch(Event("order.paid", {"order": 1}))
    _, body, headers = transport.requests[0]
    verify_signature(body, headers[SIGNATURE_HEADER], "s3cret", now=1_700_000_000)


def test_retries_server_errors_with_backoff(registry):
    transport = FakeTransport(503, 502, 200)
    dispatcher, delays = make_dispatcher(registry, transport, base_delay=1.0)
    [result] = dispatcher.dispatch(Event("order.paid", {}))
    assert result.delivered and result.attempts == 3
    assert delays == [1.0, 2.0]
    assert result.errors == ["attempt 1: HTTP 503", "attempt 2: HTTP 502"]


def test_gives_up_after_max_attempts(registry):
    transport = FakeTransport(DeliveryError("connection refused"), 500, 500)
    dispatcher, delays = make_dispatcher(registry, transport, max_attempts=3)
    [result] = dispatcher.dispatch(Event("order.paid", {}))
    assert not result.delivered and result.attempts == 3
    assert len(delays) == 2
    assert result.errors[0] == "attempt 1: connection refused"


def test_client_errors_are_not_retried(registry):
    transport = FakeTransport(404)
    dispatcher, delays = make_dispatcher(registry, transport)
    [result] = dispatcher.dispatch(Event("order.paid", {}))
    assert not result.delivered and result.attempts == 1 and result.status == 404
    assert delays == []


def test_unmatched_events_are_not_sent(registry):
    transport = FakeTransport()
    dispatcher, _ = make_dispatcher(registry, transport)
    assert dispatcher.dispatch(Event("user.created", {})) == []
    assert transport.requests == []
