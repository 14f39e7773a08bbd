"""Retry schedule for failed deliveries: capped exponential backoff."""

from __future__ import annotations

from dataclasses import dataclass

RETRYABLE_STATUSES = frozenset({408, 429})


@dataclass(frozen=True)
class RetryPolicy:
    """How often, and how patiently, a delivery is retried."""

    max_attempts: int = 5
    base_delay: float = 1.0
    factor: float = 2.0
    max_delay: float = 60.0

    def delay_for(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number `attempt` (1-based)."""
        if attempt < 1:
            raise ValueError("attempt numbers start at 1")
        return min(self.base_delay * self.factor ** (attempt - 1), self.max_delay)

    def should_retry(self, attempt: int, status: int | None) -> bool:
        """Whether to try again after `attempt` ended with HTTP `status` (None: no response)."""
        if attempt >= self.max_attempts:
            return False
        return status is None or status in RETRYABLE_STATUSES or status >= 500
