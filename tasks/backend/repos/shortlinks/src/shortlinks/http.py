"""Small WSGI helpers: JSON bodies in and out, and errors that carry their HTTP status."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

Headers = list[tuple[str, str]]
Response = tuple[int, Any, Headers]

REASONS = {
    200: "OK",
    201: "Created",
    204: "No Content",
    302: "Found",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    500: "Internal Server Error",
}


class HTTPError(Exception):
    """An error answered with `status`, a JSON body `{"error": message}` and extra headers."""

    def __init__(self, status: int, message: str, headers: Headers | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or []


def read_json(environ: dict[str, Any]) -> dict[str, Any]:
    """The request body as a JSON object; HTTPError 400 otherwise."""
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise HTTPError(400, "Content-Length is not a number") from None
    raw = environ["wsgi.input"].read(length) if length > 0 else b""
    try:
        body = json.loads(raw or b"{}")
    except json.JSONDecodeError as exc:
        raise HTTPError(400, f"body is not valid JSON: {exc.msg}") from exc
    if not isinstance(body, dict):
        raise HTTPError(400, "body must be a JSON object")
    return body


def respond(
    start_response: Callable[..., Any], status: int, body: Any, headers: Headers
) -> Iterable[bytes]:
    """Send `body` as JSON (nothing for None) with `status` and `headers`."""
    payload = b"" if body is None else json.dumps(body).encode("utf-8")
    content = [("Content-Type", "application/json")] if body is not None else []
    start_response(
        f"{status} {REASONS[status]}",
        [*content, ("Content-Length", str(len(payload))), *headers],
    )
    return [payload]
