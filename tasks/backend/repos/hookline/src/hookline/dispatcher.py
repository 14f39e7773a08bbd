"""Delivers events to every matching subscription, signing each request and retrying failures."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .events import Event, encode_body
from .retry import RetryPolicy
from .signing import SIGNATURE_HEADER, sign_payload
from .subscriptions import Registry, Subscription

log = logging.getLogger(__name__)

Transport = Callable[[str, bytes, dict[str, str]], int]
"""Sends one POST request (url, body, headers) and returns the HTTP status code."""


class DeliveryError(Exception):
    """Raised by a transport when no HTTP response was received (DNS, refused, timeout)."""


@dataclass
class DeliveryResult:
    """Outcome of delivering one event to one subscription."""

    subscription_id: str
    event_id: str
    delivered: bool = False
    attempts: int = 0
    status: int | None = None
    errors: list[str] = field(default_factory=list)


class Dispatcher:
    """Fans events out to subscriptions through a pluggable transport."""

    def __init__(
        self,
        registry: Registry,
        transport: Transport,
        policy: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.registry = registry
        self.transport = transport
        self.policy = policy or RetryPolicy()
        self.sleep = sleep
        self.clock = clock

    def dispatch(self, event: Event) -> list[DeliveryResult]:
        """Deliver `event` to every active subscription that wants it."""
        return [self.deliver(sub, event) for sub in self.registry.matching(event.type)]

    def deliver(self, sub: Subscription, event: Event) -> DeliveryResult:
        """Deliver `event` to `sub`, retrying per the policy; never raises for delivery failures."""
        body = encode_body(event)
        result = DeliveryResult(subscription_id=sub.id, event_id=event.id)
        attempt = 0
        while True:
            attempt += 1
            result.attempts = attempt
            timestamp = int(self.clock())
            headers = {
                "Content-Type": "application/json",
                "User-Agent": "hookline/0.3",
                SIGNATURE_HEADER: sign_payload(body, sub.secret, timestamp),
                "X-Hookline-Event": event.type,
                "X-Hookline-Delivery": f"{event.id}:{attempt}",
            }
            status: int | None = None
            try:
                status = self.transport(sub.url, body, headers)
            except DeliveryError as exc:
                result.errors.append(f"attempt {attempt}: {exc}")
                log.warning("delivery of %s to %s failed: %s", event.id, sub.url, exc)
            else:
                result.status = status
                if 200 <= status < 300:
                    result.delivered = True
                    return result
                result.errors.append(f"attempt {attempt}: HTTP {status}")
            if not self.policy.should_retry(attempt, status):
                log.error("giving up on %s after %d attempts", event.id, attempt)
                return result
            self.sleep(self.policy.delay_for(attempt))
