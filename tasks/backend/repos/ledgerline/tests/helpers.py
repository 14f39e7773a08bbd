"""Helpers shared by the tests: a sample entry and an in-process WSGI client."""

import io
import json
from datetime import date

from ledger import EntryDraft, Line


def sale(amount, day=date(2024, 3, 5), memo="sale"):
    """A cash sale of `amount` minor units."""
    return EntryDraft(day, (Line("1000", amount), Line("4000", -amount)), memo=memo)


class Client:
    """Calls a WSGI app in-process and decodes the JSON response."""

    def __init__(self, app):
        self.app = app

    def request(self, method, path, body=None, headers=None):
        raw = b"" if body is None else json.dumps(body).encode()
        path, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "CONTENT_LENGTH": str(len(raw)),
            "CONTENT_TYPE": "application/json",
            "wsgi.input": io.BytesIO(raw),
        }
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        captured = {}

        def start_response(status, response_headers):
            captured["status"] = int(status.split()[0])
            captured["headers"] = dict(response_headers)

        payload = b"".join(self.app(environ, start_response))
        return captured["status"], captured["headers"], json.loads(payload)
