"""The WSGI application: login, the files of the logged-in account, share links."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import Callable, Iterable
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from dropshelf.archives import ArchiveError, list_members
from dropshelf.auth import Accounts, AuthError, new_share_token, read_session, sign_session
from dropshelf.storage import Storage

log = logging.getLogger(__name__)

StartResponse = Callable[[str, list[tuple[str, str]]], object]
Response = tuple[str, list[tuple[str, str]], bytes]
MAX_UPLOAD = 50 * 1024 * 1024
STATUS_TEXT = {
    200: "200 OK",
    201: "201 Created",
    400: "400 Bad Request",
    401: "401 Unauthorized",
    404: "404 Not Found",
    405: "405 Method Not Allowed",
    413: "413 Content Too Large",
}


def json_response(status: int, body: object) -> Response:
    """A JSON response with the given status."""
    return STATUS_TEXT[status], [("Content-Type", "application/json")], json.dumps(body).encode()


def file_response(name: str, data: bytes) -> Response:
    """A download of `data` as the attachment `name`."""
    headers = [
        ("Content-Type", "application/octet-stream"),
        ("Content-Disposition", f'attachment; filename="{name}"'),
    ]
    return STATUS_TEXT[200], headers, data


class ShelfApp:
    """dropshelf's HTTP interface, a plain WSGI callable."""

    def __init__(self, conn: sqlite3.Connection, storage: Storage, secret: str) -> None:
        self.conn = conn
        self.accounts = Accounts(conn)
        self.storage = storage
        self.secret = secret
        conn.execute(
            "CREATE TABLE IF NOT EXISTS links (token TEXT PRIMARY KEY, owner TEXT NOT NULL,"
            " name TEXT NOT NULL)"
        )
        self.routes: list[tuple[str, re.Pattern[str], Callable[..., Response]]] = [
            ("POST", re.compile(r"/login"), self.login),
            ("GET", re.compile(r"/files"), self.list_files),
            ("GET", re.compile(r"/files/(?P<name>.+)/contents"), self.contents),
            ("GET", re.compile(r"/files/(?P<name>.+)"), self.download),
            ("PUT", re.compile(r"/files/(?P<name>.+)"), self.upload),
            ("POST", re.compile(r"/links/(?P<name>.+)"), self.share),
            ("GET", re.compile(r"/s/(?P<token>[A-Za-z0-9]+)"), self.shared_download),
        ]

    def __call__(self, environ: dict, start_response: StartResponse) -> Iterable[bytes]:
        status, headers, body = self.dispatch(environ)
        start_response(status, headers + [("Content-Length", str(len(body)))])
        return [body]

    def dispatch(self, environ: dict) -> Response:
        """Route the request to its handler; unknown paths are 404, known ones 405."""
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "/")
        allowed = False
        for route_method, pattern, handler in self.routes:
            match = pattern.fullmatch(path)
            if match is None:
                continue
            if route_method != method:
                allowed = True
                continue
            try:
                return handler(environ, **match.groupdict())
            except AuthError as exc:
                return json_response(401, {"error": str(exc)})
        if allowed:
            return json_response(405, {"error": f"{method} not allowed on {path}"})
        return json_response(404, {"error": f"no route for {path}"})

    def user(self, environ: dict) -> str:
        """The logged-in user of the request; AuthError without a valid session cookie."""
        cookie = SimpleCookie(environ.get("HTTP_COOKIE", ""))
        if "session" not in cookie:
            raise AuthError("not logged in")
        return read_session(cookie["session"].value, self.secret)

    def login(self, environ: dict) -> Response:
        """POST /login with a form body: username, password. Sets the session cookie."""
        form = parse_qs(read_body(environ).decode("utf-8"))
        name = form.get("username", [""])[0]
        self.accounts.authenticate(name, form.get("password", [""])[0])
        log.info("login %s", name)
        status, headers, body = json_response(200, {"user": name})
        cookie = f"session={sign_session(name, self.secret)}; Path=/; HttpOnly"
        return status, headers + [("Set-Cookie", cookie)], body

    def list_files(self, environ: dict) -> Response:
        """GET /files: the names of the caller's files."""
        return json_response(200, {"files": self.storage.names(self.user(environ))})

    def download(self, environ: dict, name: str) -> Response:
        """GET /files/<name>: one of the caller's files."""
        owner = self.user(environ)
        try:
            return file_response(name, self.storage.read(owner, name))
        except FileNotFoundError:
            return json_response(404, {"error": f"no file {name}"})

    def upload(self, environ: dict, name: str) -> Response:
        """PUT /files/<name>: store the request body as one of the caller's files."""
        owner = self.user(environ)
        if int(environ.get("CONTENT_LENGTH") or 0) > MAX_UPLOAD:
            return json_response(413, {"error": f"uploads are limited to {MAX_UPLOAD} bytes"})
        size = self.storage.save(owner, name, read_body(environ))
        log.info("%s uploaded %s (%d bytes)", owner, name, size)
        return json_response(201, {"name": name, "size": size})

    def contents(self, environ: dict, name: str) -> Response:
        """GET /files/<name>/contents: the member names of an uploaded .tar.gz."""
        path = self.storage.path_for(self.user(environ), name)
        if not path.is_file():
            return json_response(404, {"error": f"no file {name}"})
        try:
            return json_response(200, {"members": list_members(path)})
        except ArchiveError as exc:
            return json_response(400, {"error": str(exc)})

    def share(self, environ: dict, name: str) -> Response:
        """POST /links/<name>: a share link anyone can download the file with."""
        owner = self.user(environ)
        if not self.storage.path_for(owner, name).is_file():
            return json_response(404, {"error": f"no file {name}"})
        token = new_share_token()
        with self.conn:
            self.conn.execute(
                "INSERT INTO links (token, owner, name) VALUES (?, ?, ?)", (token, owner, name)
            )
        return json_response(201, {"url": f"/s/{token}"})

    def shared_download(self, environ: dict, token: str) -> Response:
        """GET /s/<token>: the file a share link points to, no login needed."""
        row = self.conn.execute(
            "SELECT owner, name FROM links WHERE token = ?", (token,)
        ).fetchone()
        if row is None:
            return json_response(404, {"error": "no such link"})
        return file_response(row[1], self.storage.read(row[0], row[1]))


def read_body(environ: dict) -> bytes:
    """The request body, as long as CONTENT_LENGTH says."""
    length = int(environ.get("CONTENT_LENGTH") or 0)
    return environ["wsgi.input"].read(length) if length else b""
