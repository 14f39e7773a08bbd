"""Canary: no API key or base-URL credential reaches an exchange record or an error, on any path."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from pytest_harnessif.agents.base import Message
from pytest_harnessif.agents.retry import ModelCallError
from pytest_harnessif.credentials import MissingCredentials

from ..support.loopback import rate_limited, unauthorized
from .conftest import FAST, Kit

KEY = "sk-canary-7f3a9c1e5b"
USER, PASSWORD = "canary-user", "canary-pass-42d1"
CANARIES = (KEY, USER, PASSWORD)
HI = [Message("user", "hi")]


def creds_url(kit: Kit) -> str:
    return kit.server.base_url.replace("http://", f"http://{USER}:{PASSWORD}@")


def assert_clean(*texts: str) -> None:
    for text in texts:
        leaked = [c for c in CANARIES if c in text]
        assert not leaked, f"credential {leaked} leaked into: {text[:300]}"


def test_success_exchange_holds_no_credential(kit: Kit) -> None:
    kit.server.push(rate_limited("0.01"), kit.reply(f"the key is {KEY}"))
    client = kit.client(api_key=KEY, base_url=creds_url(kit))

    completion = client.complete("", HI, [])

    assert kit.server.requests[0].headers["authorization"]  # credentials did reach the server
    assert completion.exchange is not None
    assert_clean(json.dumps(completion.exchange), client.endpoint)
    assert completion.exchange["endpoint"].startswith(kit.server.base_url)
    assert "***" in json.dumps(completion.exchange["response"])


@pytest.mark.parametrize("retried", [False, True])
def test_error_holds_no_credential(kit: Kit, retried: bool) -> None:
    echo = unauthorized(f"Incorrect API key provided: {KEY} for {creds_url(kit)}")
    kit.server.push(*([rate_limited("0.01")] if retried else []), echo)

    with pytest.raises(ModelCallError) as info:
        kit.client(api_key=KEY, base_url=creds_url(kit)).complete("", HI, [])

    error = info.value
    assert error.status == 401
    assert_clean(str(error), repr(error), error.reason, json.dumps(error.exchange))
    assert "Incorrect API key provided: ***" in error.reason


def test_connection_error_holds_no_credential(kit: Kit) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed once the block ends: nothing listens there
    url = f"http://{USER}:{PASSWORD}@127.0.0.1:{port}" + ("/v1" if kit.provider == "openai" else "")

    with pytest.raises(ModelCallError, match="gave up after 2 attempts") as info:
        kit.client(FAST.model_copy(update={"max_retries": 1}), api_key=KEY, base_url=url).complete("", HI, [])

    error = info.value
    assert error.status is None
    assert f"at http://127.0.0.1:{port}" in str(error)
    assert_clean(str(error), repr(error), json.dumps(error.exchange))


@pytest.fixture
def no_env_credentials(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_AUTH_TOKEN",
        "ANTHROPIC_BASE_URL",
    ):
        monkeypatch.delenv(name, raising=False)
    for name in ("ANTHROPIC_CONFIG_DIR", "ANTHROPIC_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))  # no credential profile on disk either
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))


@pytest.mark.usefixtures("no_env_credentials")
def test_an_explicit_endpoint_without_key_is_called_keyless(kit: Kit) -> None:
    kit.server.push(kit.reply("ok"))
    assert kit.client(api_key=None).complete("", HI, []).text == "ok"
    assert kit.server.requests[0].headers["authorization"] == "Bearer EMPTY"


@pytest.mark.usefixtures("no_env_credentials")
def test_the_official_endpoint_without_key_is_an_error(kit: Kit) -> None:
    env = "OPENAI_API_KEY" if kit.provider == "openai" else "ANTHROPIC_API_KEY"
    with pytest.raises(MissingCredentials, match=f"^{kit.provider}: no credentials: set {env}"):
        kit.client(api_key=None, base_url=None)
