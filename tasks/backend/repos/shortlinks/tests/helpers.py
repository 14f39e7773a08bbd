"""Test helpers: a clock the tests move by hand and an in-process WSGI client."""

import io
import json
from datetime import datetime, timedelta, timezone

START = datetime(2024, 5, 2, 10, 0, 0, tzinfo=timezone.utc)


class FrozenClock:
    """A clock standing still at `now` until a test advances it."""

    def __init__(self, now=START):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += timedelta(seconds=seconds)


class Client:
    """Calls a WSGI app in-process; `token` is sent as a bearer token unless a test overrides it."""

    def __init__(self, app, token=None):
        self.app = app
        self.token = token

    def request(self, method, path, body=None, headers=None):
        raw = b"" if body is None else json.dumps(body).encode()
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "CONTENT_LENGTH": str(len(raw)),
            "wsgi.input": io.BytesIO(raw),
        }
        if self.token:
            environ["HTTP_AUTHORIZATION"] = f"Bearer {self.token}"
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        captured = {}

        def start_response(status, response_headers):
            captured["status"] = int(status.split()[0])
            captured["headers"] = dict(response_headers)

        payload = b"".join(self.app(environ, start_response))
        return captured["status"], captured["headers"], json.loads(payload) if payload else None
