"""What every provider module declares (`Provider`) and what its client builds on (`ProviderClient`: settings,
the retry-wrapped call, the recorded Completion)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...trajectory import Usage
from ..base import Completion, ModelClient, RequestedCall
from ..pricing import PriceTable
from ..retry import RetryPolicy
from ..settings import ModelSettings

Parsed = tuple[dict[str, Any], str, tuple[RequestedCall, ...], Usage, str, str | None]


@dataclass(frozen=True)
class Provider:
    """A model provider as `provider/model[@base_url]` specs name it. `key_env`: where its key comes from (the
    first variable set wins); `url_env`: the base-URL override; `bare`: model names it claims without a prefix;
    `client(model, base_url=, api_key=, settings=, prices=)` builds a `ModelClient` (importing the SDK then)."""

    name: str
    key_env: tuple[str, ...]
    url_env: str
    bare: re.Pattern[str] | None
    client: Callable[..., ModelClient]


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
