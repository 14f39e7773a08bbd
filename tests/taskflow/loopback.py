"""A loopback model server speaking the OpenAI chat-completions and Anthropic messages wire formats, so the real
SDK clients run against scripted answers (also used by benchmarks/bench_taskflow.py)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[dict[str, Any]], str]


def user_text(request: dict[str, Any]) -> str:
    """The user message of a request in either wire format."""
    content = request["messages"][-1]["content"]
    return content if isinstance(content, str) else "".join(block.get("text", "") for block in content)


class Loopback:
    """`with Loopback(reply) as server:` serves on 127.0.0.1; `server.url` is the OpenAI base URL, `server.root` the
    Anthropic one; every request body is kept in `server.requests`."""

    def __init__(self, reply: Reply, latency: float = 0.0) -> None:
        self.reply = reply
        self.latency = latency
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def url(self) -> str:
        return f"{self.root}/v1"

    def __enter__(self) -> Loopback:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _answer(self, path: str, request: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            self.requests.append(request)
        text = self.reply(request)
        if path.endswith("/chat/completions"):
            return {"id": "chatcmpl-loopback", "object": "chat.completion", "created": 0, "model": request["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": text}}],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
        return {"id": "msg_loopback", "type": "message", "role": "assistant", "model": request["model"],
                "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": 1, "output_tokens": 1}}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        loopback = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out in two writes

            def do_POST(self) -> None:
                request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                time.sleep(loopback.latency)
                body = json.dumps(loopback._answer(self.path, request)).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler
