"""What the provider clients share: settings, the retry-wrapped call and turning a response into a Completion."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..trajectory import Usage
from .base import Completion, RequestedCall
from .pricing import PriceTable
from .retry import RetryPolicy
from .settings import ModelSettings

Parsed = tuple[dict[str, Any], str, tuple[RequestedCall, ...], Usage, str, str | None]


class ProviderClient:
    """Base of the SDK clients. Subclasses set `provider`, `endpoint` and `_policy` and build payloads."""

    provider: str
    endpoint: str
    _policy: RetryPolicy

    def __init__(self, model: str, settings: ModelSettings, prices: PriceTable | None) -> None:
        self.model = model
        self.model_id = model  # the spec's model until a response names the served one
        self.settings = settings
        self.prices = prices

    def _call(
        self, path: str, payload: dict[str, Any], attempt: Callable[[float], tuple[int, Parsed]], **extra: Any
    ) -> tuple[dict[str, Any], Completion]:
        """Run one model call under the retry policy; the raw response JSON and the recorded Completion."""
        start = time.monotonic()
        exchange: dict[str, Any] = {
            "provider": self.provider,
            "endpoint": f"{self.endpoint}{path}",
            "request": payload,
            "response": None,
            "attempts": [],
            **extra,
        }
        data, text, calls, usage, stop, model = self._policy.run(attempt, exchange)
        exchange["response"] = data
        self.model_id = model or self.model_id
        cost = None
        if self.prices is not None:
            cost = self.prices.cost(self.model_id, usage)
            cost = self.prices.cost(self.model, usage) if cost is None else cost
        scrubbed = self._policy.redact.scrub(exchange)
        return data, Completion(text, calls, usage, stop, self.model_id, scrubbed, time.monotonic() - start, cost)
