"""An in-process WSGI client that keeps the session cookie like a browser."""

import io
import json
from http.cookies import SimpleCookie
from urllib.parse import urlencode


class Client:
    """Calls the app directly; PATH_INFO is given already percent-decoded, as servers do."""

    def __init__(self, app):
        self.app = app
        self.cookies = {}

    def request(self, method, path, body=b"", headers=None):
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.input": io.BytesIO(body),
        }
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        captured = {}

        def start_response(status, response_headers):
            captured["status"] = int(status.split()[0])
            captured["headers"] = response_headers

        payload = b"".join(self.app(environ, start_response))
        for name, value in captured["headers"]:
            if name == "Set-Cookie":
                for key, morsel in SimpleCookie(value).items():
                    self.cookies[key] = morsel.value
        return captured["status"], dict(captured["headers"]), payload

    def json(self, method, path, body=b""):
        status, headers, payload = self.request(method, path, body)
        return status, json.loads(payload)

    def login(self, username, password):
        form = urlencode({"username": username, "password": password}).encode()
        return self.request("POST", "/login", form)
