"""The front door: rate limit by key and report the outcome."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .clock import Clock, MonotonicClock
from .policy import Rate, parse_rate
from .registry import BucketRegistry


@dataclass(frozen=True)
class Decision:
    """The outcome of one :meth:`KeyedLimiter.hit`."""

    allowed: bool
    limit: int
    remaining: int
    retry_after: float = 0.0

    def headers(self) -> dict[str, str]:
        """HTTP headers describing this decision (``Retry-After`` only when denied)."""
        headers = {"RateLimit-Limit": str(self.limit), "RateLimit-Remaining": str(self.remaining)}
        if not self.allowed:
            headers["Retry-After"] = str(math.ceil(self.retry_after))
        return headers


class KeyedLimiter:
    """Rate limits each key independently with its own token bucket."""

    def __init__(self, rate: Rate | str, *, clock: Clock | None = None) -> None:
        self.rate = parse_rate(rate) if isinstance(rate, str) else rate
        self.clock = clock or MonotonicClock()
        self.registry = BucketRegistry(self.rate, clock=self.clock)

    def hit(self, key: str, cost: int = 1) -> Decision:
        """Spend *cost* tokens from *key*'s bucket if it has them."""
        bucket = self.registry.get(key)
        allowed = bucket.try_acquire(cost)
        return Decision(
            allowed=allowed,
            limit=self.rate.capacity,
            remaining=math.floor(bucket.tokens),
            retry_after=0.0 if allowed else bucket.retry_after(cost),
        )

    def peek(self, key: str) -> int:
        """Whole tokens *key* could spend now, without spending any."""
        if key not in self.registry:
            return self.rate.capacity
        return math.floor(self.registry.get(key).tokens)

    def reset(self, key: str) -> None:
        self.registry.reset(key)
