"""Loopback provider servers, a sandboxed tool box and client factories for the model-client tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from pytest_harnessif.agents.base import Completion, Message
from pytest_harnessif.agents.providers.anthropic import AnthropicClient
from pytest_harnessif.agents.providers.openai import OpenAIChatClient
from pytest_harnessif.agents.settings import ModelSettings
from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.sandbox import LocalSandbox
from pytest_harnessif.stack import BUILTIN_SCHEMAS
from pytest_harnessif.trajectory import ToolSchema

from ..support.loopback import (
    LoopbackServer,
    Provider,
    anthropic_reply,
    anthropic_server,
    openai_reply,
    openai_server,
)

__all__ = ["anthropic_server", "openai_server"]

TOOLS = [ToolSchema(name=n, description=d, parameters=p) for n, (d, p) in BUILTIN_SCHEMAS.items()]
FAST = ModelSettings(timeout=2.0, max_retries=3, retry_max_wait=0.05, retry_total=10.0)
Client = OpenAIChatClient | AnthropicClient


@dataclass
class Recording:
    """A ModelClient wrapper that keeps every completion."""

    client: Client
    completions: list[Completion] = field(default_factory=list)

    @property
    def model_id(self) -> str:
        return self.client.model_id

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        completion = self.client.complete(system, messages, tools)
        self.completions.append(completion)
        return completion


@dataclass
class Kit:
    """One provider: its loopback server, its reply builder, and a client factory pointed at the server."""

    provider: Provider
    server: LoopbackServer
    reply: Callable[..., dict[str, Any]]

    def client(
        self, settings: ModelSettings = FAST, *, model: str = "spec-model", api_key: str | None = "sk-test", **kw: Any
    ) -> Client:
        cls = OpenAIChatClient if self.provider == "openai" else AnthropicClient
        base_url = kw.pop("base_url", self.server.base_url)
        return cls(model, base_url=base_url, api_key=api_key, settings=settings, **kw)


@pytest.fixture(params=["openai", "anthropic"])
def kit(request: pytest.FixtureRequest) -> Kit:
    server = request.getfixturevalue(f"{request.param}_server")
    return Kit(request.param, server, openai_reply if request.param == "openai" else anthropic_reply)


@pytest.fixture
def toolbox() -> Iterator[ToolBox]:
    box = LocalSandbox()
    yield ToolBox(box, TOOLS, {}, {})
    box.close()
