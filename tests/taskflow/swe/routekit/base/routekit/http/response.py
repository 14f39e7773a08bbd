from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

REASONS = {
    200: "OK",
    201: "Created",
    204: "No Content",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    500: "Internal Server Error",
}


@dataclass
class Response:
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    @property
    def reason(self) -> str:
        return REASONS.get(self.status, "")

    @classmethod
    def text(cls, text: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
        return cls(
            status,
            {"Content-Type": "text/plain; charset=utf-8", **(headers or {})},
            text.encode("utf-8"),
        )

    @classmethod
    def json(cls, data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
        return cls(
            status,
            {"Content-Type": "application/json", **(headers or {})},
            json.dumps(data, separators=(",", ":")).encode("utf-8"),
        )


def as_response(result: Any) -> Response:
    """Turn whatever a handler returned into a :class:`Response`."""
    if isinstance(result, Response):
        return result
    if isinstance(result, str):
        return Response.text(result)
    if isinstance(result, bytes):
        return Response(200, {"Content-Type": "application/octet-stream"}, result)
    if isinstance(result, (dict, list)):
        return Response.json(result)
    raise TypeError(f"handler returned {type(result).__name__}, not a response")
