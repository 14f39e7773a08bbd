"""Loopback HTTP servers speaking the OpenAI chat-completions and Anthropic messages wire formats.

A server answers each POST from its script: a queue of replies and faults (`push`), then `respond(body)` when the
queue is empty. Every request is recorded (path, headers, JSON body, arrival time). `latency` adds a fixed delay to
every answer. A GET of `/v1/models` (the preflight's probe) lists one model, or answers `models_status` when set;
probes are counted in `probes`, not recorded as requests. Fixtures: `openai_server`, `anthropic_server` (import
them into a conftest).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

import pytest

Provider = Literal["openai", "anthropic"]
Body = dict[str, Any]
CallSpec = tuple[str, dict[str, Any] | str]

PATHS: dict[Provider, str] = {"openai": "/v1/chat/completions", "anthropic": "/v1/messages"}
ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    429: "rate_limit_error",
    529: "overloaded_error",
}
_ids = itertools.count(1)


@dataclass(frozen=True)
class Fault:
    """One request answered with a failure instead of a reply.

    status: an error response in the provider's error format (with `Retry-After` when set); slow: sleep `seconds`
    then reply; truncated: a 200 whose JSON body stops half-way; malformed: a 200 whose body is not JSON.
    """

    kind: Literal["status", "slow", "truncated", "malformed"]
    status: int = 200
    retry_after: str | None = None
    seconds: float = 0.0
    message: str = "loopback fault"


def rate_limited(retry_after: str | None = "0.1") -> Fault:
    """429 with `Retry-After` (seconds or an HTTP date; None sends no header)."""
    return Fault("status", 429, retry_after)


def server_error(status: int = 500) -> Fault:
    return Fault("status", status)


def overloaded() -> Fault:
    """Anthropic's 529 `overloaded_error`."""
    return Fault("status", 529)


def bad_request(message: str = "loopback fault") -> Fault:
    return Fault("status", 400, message=message)


def unauthorized(message: str = "loopback fault") -> Fault:
    return Fault("status", 401, message=message)


def slow(seconds: float) -> Fault:
    return Fault("slow", seconds=seconds)


def truncated() -> Fault:
    return Fault("truncated")


def malformed() -> Fault:
    return Fault("malformed")


def openai_reply(
    text: str = "",
    calls: Sequence[CallSpec] = (),
    *,
    model: str = "gpt-loopback-2025-01-01",
    usage: tuple[int, int] = (12, 7),
    finish_reason: str | None = None,
) -> Body:
    """A chat.completion body; call arguments given as a dict are JSON-encoded, a str is sent verbatim."""
    tool_calls = [
        {
            "id": f"call_{next(_ids)}",
            "type": "function",
            "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)},
        }
        for name, args in calls
    ]
    message: Body = {"role": "assistant", "content": text or None, "refusal": None}
    if tool_calls:
        message["tool_calls"] = tool_calls
    return {
        "id": f"chatcmpl-{next(_ids)}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop"),
                "logprobs": None,
            }
        ],
        "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)},
    }


def anthropic_reply(
    text: str = "",
    calls: Sequence[CallSpec] = (),
    *,
    model: str = "claude-loopback-20250101",
    usage: tuple[int, int] = (12, 7),
    stop_reason: str | None = None,
    thinking: str | None = None,
) -> Body:
    """A messages body: an optional thinking block, a text block, then one tool_use block per call."""
    content: list[Body] = []
    if thinking is not None:
        content.append({"type": "thinking", "thinking": thinking, "signature": f"sig-{next(_ids)}"})
    if text:
        content.append({"type": "text", "text": text})
    content += [
        {
            "type": "tool_use",
            "id": f"toolu_{next(_ids)}",
            "name": name,
            "input": json.loads(args) if isinstance(args, str) else args,
        }
        for name, args in calls
    ]
    return {
        "id": f"msg_{next(_ids)}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason or ("tool_use" if calls else "end_turn"),
        "stop_sequence": None,
        "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
    }


def tool_loop(provider: Provider, calls_per_turn: int, command: str = "true") -> Callable[[Body], Body]:
    """A stateless `respond`: in every user turn, `calls_per_turn` bash calls (one per step), then a text reply.

    The position is read from the request alone, so one server can serve many conversations at once.
    """

    def respond(body: Body) -> Body:
        messages = body["messages"]
        last_user = max(i for i, m in enumerate(messages) if m["role"] == "user" and _has_text(m))
        steps = sum(1 for m in messages[last_user:] if m["role"] == "assistant")
        build = openai_reply if provider == "openai" else anthropic_reply
        if steps < calls_per_turn:
            return build(f"step {steps + 1}", [("bash", {"command": command})])
        return build(f"done after {steps} calls")

    return respond


def _has_text(message: Body) -> bool:
    content = message["content"]
    return isinstance(content, str) or any(block.get("type") == "text" for block in content)


def error_body(provider: Provider, status: int, message: str) -> Body:
    """An error response body in the provider's format."""
    kind = ERROR_TYPES.get(status, "api_error")
    if provider == "anthropic":
        return {"type": "error", "error": {"type": kind, "message": message}}
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


@dataclass(frozen=True)
class Recorded:
    """One request as it arrived."""

    path: str
    headers: dict[str, str]
    body: Any
    at: float


@dataclass
class LoopbackServer:
    """A scripted provider endpoint on 127.0.0.1 with an ephemeral port."""

    provider: Provider
    latency: float = 0.0
    respond: Callable[[Body], Body | Fault] | None = None
    requests: list[Recorded] = field(default_factory=list)
    models_status: int | None = None
    probes: int = 0
    _queue: deque[Body | Fault] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _httpd: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        """The base URL an SDK client is given (OpenAI's includes `/v1`, Anthropic's SDK adds it)."""
        assert self._httpd is not None, "server not started"
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}" + ("/v1" if self.provider == "openai" else "")

    def push(self, *items: Body | Fault) -> None:
        """Queue answers for the next requests, in order."""
        with self._lock:
            self._queue.extend(items)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    def bodies(self) -> list[Any]:
        return [r.body for r in self.requests]

    def start(self) -> LoopbackServer:
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    def __enter__(self) -> LoopbackServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _next(self, body: Any) -> Body | Fault | None:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        return self.respond(body) if self.respond is not None and isinstance(body, dict) else None

    def answer(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, dict[str, str], bytes]:
        """Record one request and produce (status, headers, body)."""
        try:
            body: Any = json.loads(raw)
        except ValueError:
            body = raw.decode(errors="replace")
        self.requests.append(Recorded(path, headers, body, time.monotonic()))
        if self.latency:
            self._stop.wait(self.latency)
        if path != PATHS[self.provider]:
            return self._json(404, error_body(self.provider, 404, f"loopback: no route {path}"))
        item = self._next(body)
        if item is None:
            return self._json(400, error_body(self.provider, 400, "loopback: no scripted answer left"))
        if not isinstance(item, Fault):
            return self._json(200, item)
        return self._fault(item)

    def models(self, path: str) -> tuple[int, dict[str, str], bytes]:
        """Answer a GET: the model list, or `models_status`."""
        self.probes += 1
        if not path.startswith("/v1/models"):
            return self._json(404, error_body(self.provider, 404, f"loopback: no route {path}"))
        if self.models_status is not None:
            return self._json(self.models_status, error_body(self.provider, self.models_status, "loopback refuses"))
        return self._json(200, {"object": "list", "data": [{"id": "loopback", "object": "model", "type": "model"}]})

    def _fault(self, fault: Fault) -> tuple[int, dict[str, str], bytes]:
        default = openai_reply("too late") if self.provider == "openai" else anthropic_reply("too late")
        if fault.kind == "slow":
            self._stop.wait(fault.seconds)
            return self._json(200, default)
        if fault.kind == "truncated":
            data = json.dumps(default).encode()
            return 200, {"Content-Type": "application/json"}, data[: len(data) // 2]
        if fault.kind == "malformed":
            return 200, {"Content-Type": "application/json"}, b"<html><body>502 Bad Gateway</body></html>"
        status, headers, data = self._json(fault.status, error_body(self.provider, fault.status, fault.message))
        if fault.retry_after is not None:
            headers["Retry-After"] = fault.retry_after
        return status, headers, data

    @staticmethod
    def _json(status: int, body: Body) -> tuple[int, dict[str, str], bytes]:
        return status, {"Content-Type": "application/json"}, json.dumps(body).encode()


def _handler(server: LoopbackServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # no 40 ms delayed-ACK stall between headers and body

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            headers = {k.lower(): v for k, v in self.headers.items()}
            self._send(*server.answer(self.path, headers, raw))

        def do_GET(self) -> None:
            self._send(*server.models(self.path))

        def _send(self, status: int, out_headers: dict[str, str], data: bytes) -> None:
            try:
                self.send_response(status)
                for key, value in out_headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout) before the answer

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


@pytest.fixture
def openai_server() -> Iterator[LoopbackServer]:
    """A loopback OpenAI chat-completions endpoint (`base_url` ends in /v1)."""
    with LoopbackServer("openai") as server:
        yield server


@pytest.fixture
def anthropic_server() -> Iterator[LoopbackServer]:
    """A loopback Anthropic messages endpoint."""
    with LoopbackServer("anthropic") as server:
        yield server
