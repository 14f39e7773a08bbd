"""Credentials, in one place because this is security code: where a provider's key comes from, the one error
for a missing key, and the one redactor that keeps keys and URL passwords out of records, errors and output."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

KEYLESS = "EMPTY"  # the key sent to an explicit base URL when none is configured (vLLM, Ollama, LM Studio)
_USERINFO = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\s]+@")


class MissingCredentials(RuntimeError):
    """No key for a provider that needs one: a configuration problem (a usage error at start-up), never a
    recorded run."""


def api_key(env: Sequence[str], who: str, base_url: str | None) -> str:
    """The first of the `env` variables that is set; `KEYLESS` for an explicit `base_url` (local servers
    usually ignore the key); otherwise `MissingCredentials` naming the variable and `who` needs it."""
    for name in env:
        if value := os.environ.get(name):
            return value
    if base_url is not None:
        return KEYLESS
    raise MissingCredentials(f"{env[0]} is not set (needed for {who})")


def public_url(url: str) -> str:
    """The URL without user info, query or fragment: what may appear in a name, a record or a message."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))


def url_secrets(url: str | None) -> list[str]:
    """The credentials embedded in a URL (user info, raw and decoded)."""
    if not url:
        return []
    userinfo = urlsplit(url).netloc.rpartition("@")[0]
    parts = [userinfo, *userinfo.split(":", 1)] if userinfo else []
    return parts + [unquote(p) for p in parts]


class Redactor:
    """Scrubs credentials from text: the given secrets, and any `user:password@` inside a URL."""

    def __init__(self, secrets: Iterable[str | None]) -> None:
        self.secrets = sorted({s for s in secrets if s and s != KEYLESS and len(s) >= 3}, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return _USERINFO.sub(r"\1***@", text)

    def scrub(self, value: Any) -> Any:
        """A copy of a JSON-like value with every string redacted."""
        if isinstance(value, str):
            return self(value)
        if isinstance(value, dict):
            return {k: self.scrub(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.scrub(v) for v in value]
        return value
