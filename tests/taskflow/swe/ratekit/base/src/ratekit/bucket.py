"""A single token bucket."""

from __future__ import annotations

from .clock import Clock, MonotonicClock


class TokenBucket:
    """Holds up to *capacity* tokens and gains *rate* tokens per second.

    The bucket starts full. Refill happens lazily whenever the bucket is
    looked at, so an idle bucket costs nothing.
    """

    def __init__(self, capacity: float, rate: float, *, clock: Clock | None = None) -> None:
        if capacity <= 0:
            raise ValueError(f"capacity must be positive, got {capacity}")
        if rate <= 0:
            raise ValueError(f"rate must be positive, got {rate}")
        self.capacity = float(capacity)
        self.rate = float(rate)
        self._clock = clock or MonotonicClock()
        self._tokens = self.capacity
        self._updated = self._clock.now()

    def __repr__(self) -> str:
        return f"TokenBucket(capacity={self.capacity:g}, rate={self.rate:g}, tokens={self.tokens:.3f})"

    def _refill(self) -> None:
        now = self._clock.now()
        elapsed = now - self._updated
        if elapsed > 0:
            self._tokens = min(self.capacity, self._tokens + elapsed * self.rate)
            self._updated = now

    @property
    def tokens(self) -> float:
        """Tokens available right now."""
        self._refill()
        return self._tokens

    @property
    def full(self) -> bool:
        """True once the bucket has refilled to capacity."""
        return self.tokens >= self.capacity

    def try_acquire(self, cost: float = 1.0) -> bool:
        """Take *cost* tokens if they are available; never blocks."""
        if cost < 0:
            raise ValueError(f"cost must not be negative, got {cost}")
        self._refill()
        if cost <= self._tokens:
            self._tokens -= cost
            return True
        return False

    def retry_after(self, cost: float = 1.0) -> float:
        """Seconds until *cost* tokens will be available (``0.0`` if they already are)."""
        self._refill()
        if cost <= self._tokens:
            return 0.0
        return cost / self.rate
