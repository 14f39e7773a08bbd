"""The retry policy every model client uses; what it records and raises goes through the credential redactor.

Retried: 408, 409, 429, every 5xx (529 overloaded included) and any error whose type is `overloaded_error`,
timeouts, connection errors and response bodies that are not the JSON the wire format promises. The wait honours
`Retry-After` (seconds or an HTTP date, or `retry-after-ms`), else grows exponentially with jitter; both are capped
by `retry_max_wait`. The policy stops after `max_retries` retries, after `connect_retries` retries of an endpoint
that cannot be reached (refused, DNS, connect timeout: a dead endpoint gives up in seconds), or when the next
attempt would start past `retry_total` seconds; each attempt's timeout is also cut to the budget left. Every
attempt is recorded, and first takes its place under the host's limits of its endpoint
(`--harness-provider-concurrency`, `--harness-provider-rpm`; `ratelimit`).
"""

from __future__ import annotations

import dataclasses
import email.utils
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any, TypeVar

from tenacity import RetryCallState, Retrying, retry_if_exception, stop_after_attempt, stop_before_delay
from tenacity.wait import wait_exponential_jitter

from ..credentials import Redactor
from .ratelimit import host_limit
from .settings import ModelSettings

T = TypeVar("T")
RETRY_STATUSES = frozenset({408, 409, 429})
BACKOFF_BASE = 1.0
MAX_REASON = 500
_NO_FAILURE = {"status": None, "error": None, "reason": "", "retry_after": None, "seconds": None, "wait": None}


class ModelCallError(RuntimeError):
    """A model call that failed for good (a permanent error, or retries exhausted). Carries no credential.

    `exchange` is the call's record so far: the request as sent and every attempt, `response` None.
    """

    def __init__(self, message: str, *, provider: str, status: int | None, reason: str, exchange: dict[str, Any]):
        super().__init__(message)
        self.provider = provider
        self.status = status
        self.reason = reason
        self.exchange = exchange


class BadResponse(Exception):
    """A response body that is not what the wire format promises: truncated, not JSON, or missing fields."""

    def __init__(self, reason: str, status: int = 200) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(frozen=True)
class SdkErrors:
    """The exception classes of one provider SDK: the base class, HTTP status errors, timeouts, connection errors."""

    base: type[Exception]
    status: type[Exception]
    timeout: type[Exception]
    connection: type[Exception]


@dataclass(frozen=True)
class Failure:
    """One failed attempt, classified."""

    status: int | None
    error: str
    reason: str
    retryable: bool
    retry_after: float | None = None
    unreachable: bool = False  # no connection was made: refused, DNS, connect timeout

    def describe(self) -> str:
        return " ".join(p for p in (f"HTTP {self.status}" if self.status else "", f"{self.error}: {self.reason}") if p)


class _Failed(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.reason)
        self.failure = failure


def retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds to wait from `retry-after-ms` or `Retry-After` (seconds or an HTTP date); None when absent."""
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        try:
            return max(0.0, float(headers.get(name) or "") / scale)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _cause(exc: BaseException) -> str:
    """The SDK's connection error with what caused it (e.g. `Connection error. (ConnectError: ... refused)`)."""
    cause = exc.__cause__
    detail = f" ({type(cause).__name__}: {cause})" if cause is not None and str(cause) else ""
    return f"{exc or 'connection error'}{detail}"


def _error_detail(body: object, fallback: str) -> str:
    """`type: message` from an OpenAI or Anthropic error body."""
    error = body.get("error", body) if isinstance(body, dict) else None
    if isinstance(error, dict) and error.get("message"):
        return f"{error.get('type') or 'error'}: {error['message']}"
    return fallback


class RetryPolicy:
    """Runs one model call under the retry policy, recording each attempt in the call's exchange."""

    def __init__(
        self,
        provider: str,
        endpoint: str,
        settings: ModelSettings,
        errors: SdkErrors,
        redact: Redactor,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.provider = provider
        self.sleep = sleep
        self.endpoint = endpoint
        self.settings = settings
        self.errors = errors
        self.redact = redact
        limit = host_limit(endpoint, settings.provider_concurrency, settings.provider_rpm)
        self._limit: Callable[[], AbstractContextManager[None]] = limit if limit is not None else nullcontext
        self._backoff = wait_exponential_jitter(
            multiplier=BACKOFF_BASE, max=settings.retry_max_wait, jitter=min(BACKOFF_BASE, settings.retry_max_wait)
        )

    def classify(self, exc: Exception) -> Failure:
        """Whether (and after how long) a failed attempt is retried; unknown errors are permanent."""
        name = type(exc).__name__
        if isinstance(exc, BadResponse):
            return Failure(exc.status, name, str(exc), True)
        if isinstance(exc, self.errors.timeout):
            connect = "Connect" in type(exc.__cause__).__name__  # httpx.ConnectTimeout under the SDK's error
            return Failure(None, name, "connect timed out" if connect else "request timed out", True, None, connect)
        if isinstance(exc, self.errors.connection):
            return Failure(None, name, _cause(exc), True, None, True)
        if isinstance(exc, self.errors.status):
            status: int = getattr(exc, "status_code", 0)
            detail = _error_detail(getattr(exc, "body", None), str(exc))
            retryable = status in RETRY_STATUSES or status >= 500 or detail.startswith("overloaded_error")
            headers = getattr(getattr(exc, "response", None), "headers", {})
            return Failure(status, name, detail, retryable, retry_after(headers))
        return Failure(None, name, str(exc), False)

    def run(self, attempt: Callable[[float], tuple[int, T]], exchange: dict[str, Any]) -> T:
        """Call `attempt(timeout)` until it returns (HTTP status, result); raise `ModelCallError` when it won't."""
        records: list[dict[str, Any]] = exchange.setdefault("attempts", [])
        start = time.monotonic()
        unreachable = 0  # attempts that could not reach the endpoint

        def once() -> T:
            with self._limit():  # the host's share of this endpoint: a place in flight, a start within the rate
                began = time.monotonic()
                timeout = max(0.001, min(self.settings.timeout, self.settings.retry_total - (began - start)))
                record: dict[str, Any] = {"attempt": len(records) + 1, "timeout": round(timeout, 3), **_NO_FAILURE}
                records.append(record)
                try:
                    status, result = attempt(timeout)
                except (self.errors.base, BadResponse) as exc:
                    failure = self._scrubbed(self.classify(exc))
                else:
                    record.update(status=status, seconds=round(time.monotonic() - began, 3))
                    return result
            record.update(status=failure.status, error=failure.error, reason=failure.reason)
            record.update(retry_after=failure.retry_after, seconds=round(time.monotonic() - began, 3))
            if failure.unreachable:
                nonlocal unreachable
                unreachable += 1
            raise _Failed(failure)  # outside the except block: no link to the SDK error (its request has headers)

        retrying = Retrying(
            retry=retry_if_exception(lambda e: isinstance(e, _Failed) and e.failure.retryable),
            stop=stop_after_attempt(self.settings.max_retries + 1)
            | stop_before_delay(self.settings.retry_total)
            | (lambda _: unreachable > self.settings.connect_retries),
            wait=self._wait,
            before_sleep=lambda state: records[-1].update(wait=round(state.upcoming_sleep, 3)),
            reraise=True,
            sleep=self.sleep,
        )
        try:
            return retrying(once)
        except _Failed as exc:
            raise self._error(exc.failure, exchange, time.monotonic() - start) from None

    def _wait(self, state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome is not None else None
        hint = exc.failure.retry_after if isinstance(exc, _Failed) else None
        return min(hint, self.settings.retry_max_wait) if hint is not None else self._backoff(state)

    def _scrubbed(self, failure: Failure) -> Failure:
        reason = self.redact(failure.reason)
        return dataclasses.replace(failure, reason=reason[:MAX_REASON])

    def _error(self, failure: Failure, exchange: dict[str, Any], elapsed: float) -> ModelCallError:
        where = f"{self.provider} at {self.endpoint}"
        if failure.retryable:
            n = len(exchange["attempts"])
            s = self.settings
            budget = (
                f"connect_retries={s.connect_retries}, connect_timeout={s.connect_timeout:g}s"
                if failure.unreachable
                else f"max_retries={s.max_retries}, retry_total={s.retry_total:g}s"
            )
            what = "could not reach the endpoint; gave up" if failure.unreachable else "gave up"
            message = f"{where}: {what} after {n} attempt{'s' * (n != 1)} in {elapsed:.1f}s ({budget}); last: " + (
                failure.describe()
            )
        else:
            message = f"{where}: {failure.describe()}"
        return ModelCallError(
            self.redact(message),
            provider=self.provider,
            status=failure.status,
            reason=failure.reason,
            exchange=self.redact.scrub(exchange),
        )
