"""Loopback provider servers for the judge tests (they play the judge over the real SDK clients)."""

from ..support.loopback import anthropic_server, openai_server

__all__ = ["anthropic_server", "openai_server"]
