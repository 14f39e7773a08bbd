"""The plugin's loopback provider servers for the classifier tests, and helpers to script them by user message."""

from __future__ import annotations

import gc
import warnings
from collections.abc import Callable, Iterator

import pytest

from pytest_harnessif.agents.settings import ModelSettings
from pytest_harnessif.taskflow.models import TextModel, make_model

from ..support.loopback import Body, LoopbackServer, Provider, anthropic_reply, openai_reply

FAST = ModelSettings(temperature=0, timeout=5.0, max_retries=2, retry_max_wait=0.05, retry_total=10.0)
"""The classifier's settings with quick retries (the plugin's retry policy, tiny waits)."""


@pytest.fixture(autouse=True)
def _no_provider_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys and base URLs from the host must not leak into specs, model ids or requests."""
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def _serve(provider: Provider) -> Iterator[LoopbackServer]:
    """A loopback server; afterwards the SDK clients the test dropped are collected here (they sit in reference
    cycles and the plugin clients have no close()), so their pooled sockets are not finalized, with a
    ResourceWarning, inside whichever later test runs the garbage collector."""
    with LoopbackServer(provider) as server:
        yield server
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


@pytest.fixture
def openai_server() -> Iterator[LoopbackServer]:
    """The plugin's loopback OpenAI chat-completions endpoint (`base_url` ends in /v1)."""
    yield from _serve("openai")


@pytest.fixture
def anthropic_server() -> Iterator[LoopbackServer]:
    """The plugin's loopback Anthropic messages endpoint."""
    yield from _serve("anthropic")


def user_text(body: Body) -> str:
    """The last user message of a request in either wire format."""
    content = body["messages"][-1]["content"]
    return content if isinstance(content, str) else "".join(block.get("text", "") for block in content)


def answering(server: LoopbackServer, answer: Callable[[Body], str]) -> LoopbackServer:
    """Let `server` reply to every request with the text `answer(body)` in its provider's wire format."""
    reply = openai_reply if server.provider == "openai" else anthropic_reply
    server.respond = lambda body: reply(answer(body))
    return server


def model_on(server: LoopbackServer, model: str = "m", settings: ModelSettings = FAST) -> TextModel:
    """A classifier model over the real SDK client for `server`'s provider, pointed at the server."""
    return make_model(f"{server.provider}/{model}@{server.base_url}", settings=settings)
