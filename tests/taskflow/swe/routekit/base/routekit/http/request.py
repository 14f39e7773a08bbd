from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class Request:
    """An incoming request. *target* may include a query string."""

    method: str
    target: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    params: dict[str, Any] = field(default_factory=dict)
    """Path parameters, filled in by :meth:`Router.dispatch`."""

    def __post_init__(self) -> None:
        self.method = self.method.upper()

    @property
    def path(self) -> str:
        return urlsplit(self.target).path or "/"

    @property
    def query(self) -> dict[str, list[str]]:
        return parse_qs(urlsplit(self.target).query)
