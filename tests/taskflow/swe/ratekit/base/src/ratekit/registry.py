"""One bucket per key, created on first use."""

from __future__ import annotations

from collections.abc import Iterator

from .bucket import TokenBucket
from .clock import Clock, MonotonicClock
from .policy import Rate


class BucketRegistry:
    """Maps keys (client IPs, API tokens, user ids...) to their :class:`TokenBucket`.

    Buckets are created lazily by :meth:`get`, all with the registry's rate
    and clock.
    """

    def __init__(self, rate: Rate, *, clock: Clock | None = None) -> None:
        self.rate = rate
        self.clock = clock or MonotonicClock()
        self._buckets: dict[str, TokenBucket] = {}

    def get(self, key: str) -> TokenBucket:
        """The bucket for *key*, created full if this is the first time we see it."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = TokenBucket(self.rate.capacity, self.rate.per_second, clock=self.clock)
            self._buckets[key] = bucket
        return bucket

    def reset(self, key: str) -> None:
        """Forget *key*: its next request starts with a full bucket."""
        self._buckets.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._buckets

    def __len__(self) -> int:
        return len(self._buckets)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._buckets))
