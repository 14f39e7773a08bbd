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
OK = 200  # what an attempt records for an answer the SDK accepted: it raises for any status outside 2xx


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
    """Base of the SDK clients. Subclasses set `provider`, `endpoint`, `_policy` and `_sdk_timeout` (the SDK's
    `Timeout` class), build payloads and list models (`_list_models`, the preflight's cheap probe)."""

    provider: str
    endpoint: str
    _policy: RetryPolicy
    _sdk_timeout: Callable[..., Any]

    def __init__(self, model: str, settings: ModelSettings, prices: PriceTable | None) -> None:
        self.model = model
        self.model_id = model  # the spec's model until a response names the served one
        self.settings = settings
        self.prices = prices

    def _timeout(self, seconds: float) -> Any:
        """An attempt's timeout: `seconds` in all, at most `connect_timeout` of it to connect."""
        return self._sdk_timeout(seconds, connect=min(self.settings.connect_timeout, seconds))

    def _list_models(self, timeout: Any) -> None:
        raise NotImplementedError

    def probe(self, seconds: float) -> str | None:
        """One cheap request (list the models: no tokens spent); None when the endpoint answers and takes the key,
        else what is wrong in one line. Any other HTTP answer counts as reachable (some servers serve no model
        list)."""
        errors = self._policy.errors
        try:
            self._list_models(self._timeout(seconds))
        except errors.timeout:
            return f"{self.endpoint} did not answer within {seconds:g}s"
        except errors.connection as exc:
            return f"cannot connect to {self.endpoint} ({self._policy.redact(_root_cause(exc))})"
        except errors.status as exc:
            status = getattr(exc, "status_code", 0)
            if status in (401, 403):
                return f"{self.endpoint} refused the API key (HTTP {status})"
        return None

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


def _root_cause(exc: BaseException) -> str:
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return str(exc) or type(exc).__name__
