"""The retry policy on both providers, through the real SDK clients and the loopback servers."""

from __future__ import annotations

import time
from email.utils import formatdate

import pytest

from pytest_harnessif.agents.base import Message
from pytest_harnessif.agents.pricing import Price, PriceTable
from pytest_harnessif.agents.retry import ModelCallError, RetryPolicy, SdkErrors, retry_after
from pytest_harnessif.agents.settings import ModelSettings
from pytest_harnessif.credentials import Redactor

from ..support.loopback import (
    Fault,
    bad_request,
    malformed,
    overloaded,
    rate_limited,
    server_error,
    slow,
    truncated,
    unauthorized,
)
from .conftest import FAST, Kit

HI = [Message("user", "hi")]


def settings(**kw: float) -> ModelSettings:
    return FAST.model_copy(update=kw)


def test_retry_after_is_honoured(kit: Kit) -> None:
    kit.server.push(rate_limited("0.4"), kit.reply("ok"))
    completion = kit.client(settings(retry_max_wait=5.0)).complete("", HI, [])

    assert completion.text == "ok"
    first, second = kit.server.requests
    assert 0.4 <= second.at - first.at < 0.9  # the header, not the 1 s exponential base
    assert completion.latency >= 0.4
    assert completion.exchange is not None
    failed, ok = completion.exchange["attempts"]
    assert (failed["status"], failed["error"], failed["retry_after"], failed["wait"]) == (
        429, "RateLimitError", 0.4, 0.4,
    )  # fmt: skip
    assert (ok["status"], ok["error"], ok["reason"], ok["wait"]) == (200, None, "", None)


def test_retry_after_is_capped_by_retry_max_wait(kit: Kit) -> None:
    kit.server.push(rate_limited("30"), kit.reply("ok"))
    completion = kit.client(settings(retry_max_wait=0.2)).complete("", HI, [])
    first, second = kit.server.requests
    assert 0.2 <= second.at - first.at < 1.0
    assert completion.exchange is not None
    assert completion.exchange["attempts"][0]["wait"] == 0.2


@pytest.mark.parametrize(
    ("fault", "status"),
    [
        (server_error(500), 500),
        (server_error(503), 503),
        (overloaded(), 529),
        (rate_limited(None), 429),
        (truncated(), 200),
        (malformed(), 200),
        ({"object": "error", "message": "upstream hiccup"}, 200),
    ],
    ids=["500", "503", "529", "429-no-header", "truncated", "malformed", "wrong-shape"],
)
def test_transient_fault_then_success(kit: Kit, fault: Fault | dict[str, str], status: int) -> None:
    kit.server.push(fault, kit.reply("ok"))
    completion = kit.client().complete("", HI, [])

    assert completion.text == "ok"
    assert len(kit.server.requests) == 2
    assert completion.exchange is not None
    failed, ok = completion.exchange["attempts"]
    assert failed["status"] == status
    assert failed["error"] == "BadResponse" if status == 200 else failed["error"].endswith("Error")
    assert 0 < failed["wait"] <= FAST.retry_max_wait
    assert ok["status"] == 200 and ok["error"] is None


def test_timeout_then_success(kit: Kit) -> None:
    kit.server.push(slow(3.0), kit.reply("ok"))
    start = time.monotonic()
    completion = kit.client(settings(timeout=0.3)).complete("", HI, [])

    assert completion.text == "ok"
    assert time.monotonic() - start < 2.0
    assert completion.latency >= 0.3
    assert completion.exchange is not None
    assert completion.exchange["attempts"][0]["error"] == "APITimeoutError"
    assert completion.exchange["attempts"][0]["status"] is None


def test_max_retries_is_respected(kit: Kit) -> None:
    kit.server.respond = lambda body: server_error(502)
    with pytest.raises(ModelCallError) as info:
        kit.client(settings(max_retries=2)).complete("", HI, [])

    error = info.value
    assert len(kit.server.requests) == 3
    assert (error.provider, error.status) == (kit.provider, 502)
    assert f"{kit.provider} at {kit.server.base_url}: gave up after 3 attempts" in str(error)
    assert "max_retries=2" in str(error) and "HTTP 502" in str(error)
    attempts = error.exchange["attempts"]
    assert [a["status"] for a in attempts] == [502] * 3
    assert [a["wait"] is not None for a in attempts] == [True, True, False]
    assert error.exchange["response"] is None
    assert error.exchange["request"] == kit.server.bodies()[0]


def test_retry_total_bounds_the_call(kit: Kit) -> None:
    kit.server.respond = lambda body: server_error(503)
    start = time.monotonic()
    with pytest.raises(ModelCallError, match="gave up after"):
        kit.client(settings(max_retries=1000, retry_max_wait=0.1, retry_total=0.6)).complete("", HI, [])
    assert time.monotonic() - start < 1.2
    assert 2 <= len(kit.server.requests) <= 12


def test_attempt_timeout_is_cut_to_the_retry_budget(kit: Kit) -> None:
    kit.server.push(slow(5.0))
    start = time.monotonic()
    with pytest.raises(ModelCallError) as info:
        kit.client(settings(timeout=30.0, retry_total=0.5)).complete("", HI, [])
    assert time.monotonic() - start < 1.5
    assert info.value.exchange["attempts"][0]["timeout"] == 0.5
    assert info.value.exchange["attempts"][0]["error"] == "APITimeoutError"


@pytest.mark.parametrize(("fault", "status"), [(bad_request("max_tokens: too large"), 400), (unauthorized(), 401)])
def test_permanent_error_is_not_retried(kit: Kit, fault: Fault, status: int) -> None:
    kit.server.push(fault)
    with pytest.raises(ModelCallError) as info:
        kit.client().complete("", HI, [])

    assert len(kit.server.requests) == 1
    assert info.value.status == status
    assert f"{kit.provider} at {kit.server.base_url}: HTTP {status}" in str(info.value)
    assert "gave up" not in str(info.value)
    if status == 400:
        assert info.value.reason == "invalid_request_error: max_tokens: too large"
    assert len(info.value.exchange["attempts"]) == 1


def test_usage_cost_latency_and_model_id(kit: Kit) -> None:
    kit.server.latency = 0.2
    kit.server.push(kit.reply("ok", model="served-model-2025", usage=(1_000_000, 500_000)))
    prices = PriceTable(prices={"served-model": Price(input=2.0, output=8.0), "spec-model": Price(input=1, output=1)})
    client = kit.client(prices=prices)
    assert client.model_id == "spec-model"

    completion = client.complete("", HI, [])

    assert client.model_id == completion.model_id == "served-model-2025"
    assert (completion.usage.input_tokens, completion.usage.output_tokens, completion.usage.calls) == (
        1_000_000, 500_000, 1,
    )  # fmt: skip
    assert completion.cost == pytest.approx(6.0)
    assert completion.latency >= 0.2


def test_cost_falls_back_to_the_spec_model_and_to_none(kit: Kit) -> None:
    kit.server.push(kit.reply("ok", usage=(1_000_000, 0)), kit.reply("ok"))
    priced = kit.client(prices=PriceTable(prices={"spec-model": Price(input=3.0, output=0.0)}))
    assert priced.complete("", HI, []).cost == pytest.approx(3.0)
    assert kit.client().complete("", HI, []).cost is None


# --- the policy's parts -----------------------------------------------------------------------------


def test_retry_after_header_forms() -> None:
    assert retry_after({"retry-after": "2.5"}) == 2.5
    assert retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert 28 < (retry_after({"retry-after": formatdate(time.time() + 30, usegmt=True)}) or 0) <= 30
    assert retry_after({"retry-after": formatdate(time.time() - 30, usegmt=True)}) == 0.0
    assert retry_after({"retry-after": "soon"}) is None
    assert retry_after({}) is None


class _Boom(Exception):
    pass


def test_backoff_is_exponential_with_jitter_and_capped() -> None:
    """Without Retry-After the waits grow 1, 2, 4, 8 s (plus up to 1 s jitter) and stop at retry_max_wait."""
    slept: list[float] = []
    errors = SdkErrors(_Boom, _Boom, _Boom, _Boom)  # every error counts as a connection error
    policy = RetryPolicy(
        "x", "http://h", settings(max_retries=5, retry_max_wait=6.0), errors, Redactor([]), slept.append
    )

    def attempt(timeout: float) -> tuple[int, str]:
        raise _Boom("down")

    with pytest.raises(ModelCallError):
        policy.run(attempt, {})
    assert len(slept) == 5
    for wait, low in zip(slept, [1, 2, 4, 6, 6], strict=True):
        assert low <= wait <= min(low + 1, 6.0)


def test_a_dead_endpoint_gives_up_after_connect_retries(kit: Kit) -> None:
    """Nothing listens: `connect_retries` (not `max_retries`) bounds the call, and the error says so."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}" + ("/v1" if kit.provider == "openai" else "")
    with pytest.raises(ModelCallError) as info:
        kit.client(settings(max_retries=50, connect_retries=2), base_url=url).complete("", HI, [])
    message = str(info.value)
    assert "could not reach the endpoint; gave up after 3 attempts" in message and "connect_retries=2" in message
    attempts = info.value.exchange["attempts"]
    assert len(attempts) == 3 and all(a["status"] is None for a in attempts)
    assert "APIConnectionError" in attempts[0]["error"] and "ConnectError" in attempts[0]["reason"]


def test_other_failures_are_not_bounded_by_connect_retries(kit: Kit) -> None:
    kit.server.respond = lambda body: server_error(503)
    with pytest.raises(ModelCallError, match="gave up after 5 attempts"):
        kit.client(settings(max_retries=4, connect_retries=0)).complete("", HI, [])
