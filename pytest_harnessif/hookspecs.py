"""Hooks third parties implement to extend pytest-harnessif."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from .agents.registry import AgentContext, AgentSpec


@pytest.hookspec(firstresult=True)
def pytest_harness_make_agent(spec: str, context: AgentContext, config: pytest.Config) -> AgentSpec | None:
    """Return an `AgentSpec` for a `--harness-model` value this plugin handles, or None to pass.

    `context` carries the session's model settings, limits and price table. The first non-None answer
    wins; built-in specs (gold, gold-alt, defaults, gamer, openai/..., anthropic/..., replay/...) are tried after
    the hooks.
    """
