"""The loopback servers' own scripting: the stateless tool-loop responder, latency, routes, an exhausted script."""

from __future__ import annotations

import time

import pytest

from pytest_harnessif.agents.base import Message
from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.retry import ModelCallError
from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.stack import Stack

from ..support.loopback import tool_loop
from .conftest import TOOLS, Kit

STACK = Stack(system_prompt="sys", tools=TOOLS, skills={}, project_file=("AGENTS.md", ""), turns=[])


def test_tool_loop_responder_with_latency(kit: Kit, toolbox: ToolBox) -> None:
    """Two turns of two calls and a reply: six calls, each delayed by the fixed latency."""
    kit.server.respond = tool_loop(kit.provider, calls_per_turn=2)
    kit.server.latency = 0.05
    conversation = ToolLoopAgent(kit.client(), name="bench").open(STACK, toolbox)

    start = time.monotonic()
    replies = [conversation.send(text).reply for text in ("one", "two")]

    assert replies == ["done after 2 calls"] * 2
    assert len(kit.server.requests) == 6
    assert time.monotonic() - start >= 6 * 0.05


def test_exhausted_script_is_a_permanent_error(kit: Kit) -> None:
    with pytest.raises(ModelCallError, match="no scripted answer left"):
        kit.client().complete("", [Message("user", "hi")], [])
    assert len(kit.server.requests) == 1


def test_unknown_route_is_a_404(kit: Kit) -> None:
    url = kit.server.base_url + "/v2" if kit.provider == "anthropic" else kit.server.base_url.replace("/v1", "/v9")
    with pytest.raises(ModelCallError, match="HTTP 404"):
        kit.client(base_url=url).complete("", [Message("user", "hi")], [])
    assert kit.server.requests[0].path.startswith(("/v2", "/v9"))
