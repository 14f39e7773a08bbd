"""Per-key token-bucket rate limiting."""

from .bucket import TokenBucket
from .clock import Clock, ManualClock, MonotonicClock
from .limiter import Decision, KeyedLimiter
from .policy import Rate, parse_rate
from .registry import BucketRegistry

__all__ = [
    "BucketRegistry",
    "Clock",
    "Decision",
    "KeyedLimiter",
    "ManualClock",
    "MonotonicClock",
    "Rate",
    "TokenBucket",
    "parse_rate",
]

__version__ = "1.3.0"
