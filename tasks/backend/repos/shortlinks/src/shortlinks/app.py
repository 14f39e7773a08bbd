"""The shortlinks WSGI application: an API to manage links and the redirects themselves."""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from .auth import Token, TokenStore, Unauthorized, authenticate
from .http import HTTPError, Response, read_json, respond
from .slugs import RESERVED, generate_slug
from .store import Link, LinkStore
from .timeutil import to_iso, utcnow

log = logging.getLogger(__name__)

SLUG_ATTEMPTS = 5
MAX_URL_LENGTH = 2048
CHALLENGE = ("WWW-Authenticate", 'Bearer realm="shortlinks"')


def check_url(url: Any) -> str:
    """The target URL of a new link: an absolute http(s) URL of at most MAX_URL_LENGTH."""
    if not isinstance(url, str) or len(url) > MAX_URL_LENGTH:
        raise HTTPError(400, f"url must be a string of at most {MAX_URL_LENGTH} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise HTTPError(400, f"url must be an absolute http or https URL, got {url!r}")
    return url


class ShortlinksApp:
    """Routes requests; `/api/...` needs a token, `/<slug>` redirects anyone."""

    def __init__(
        self,
        store: LinkStore,
        tokens: TokenStore,
        base_url: str,
        clock: Callable[[], datetime] = utcnow,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.tokens = tokens
        self.base_url = base_url.rstrip("/")
        self.clock = clock
        self.rng = rng or random.Random()
        self.routes: list[tuple[str, re.Pattern[str], Callable[..., Response]]] = [
            ("GET", re.compile(r"/health"), self.health),
            ("POST", re.compile(r"/api/links"), self.create_link),
            ("GET", re.compile(r"/api/links"), self.list_links),
            ("GET", re.compile(r"/api/links/(?P<slug>[\w-]+)"), self.link_stats),
            ("DELETE", re.compile(r"/api/links/(?P<slug>[\w-]+)"), self.delete_link),
            ("GET", re.compile(r"/(?P<slug>[\w-]+)"), self.redirect),
        ]

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        try:
            status, body, headers = self.dispatch(environ)
        except HTTPError as exc:
            status, body, headers = exc.status, {"error": exc.message}, exc.headers
        return respond(start_response, status, body, headers)

    def dispatch(self, environ: dict[str, Any]) -> Response:
        """Call the handler of the route matching the request's method and path."""
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "/")
        allowed = []
        for route_method, pattern, handler in self.routes:
            match = pattern.fullmatch(path)
            if match is None:
                continue
            if route_method == method:
                return handler(environ, **match.groupdict())
            allowed.append(route_method)
        if allowed:
            raise HTTPError(405, f"{method} not allowed on {path}", [("Allow", ", ".join(allowed))])
        raise HTTPError(404, f"no route for {path}")

    # --- helpers --------------------------------------------------------------------------------
    def _token(self, environ: dict[str, Any]) -> Token:
        try:
            return authenticate(environ, self.tokens, self.clock())
        except Unauthorized as exc:
            raise HTTPError(401, str(exc), [CHALLENGE]) from exc

    def _owned(self, slug: str, token: Token) -> Link:
        link = self.store.get(slug)
        if link is None or link.owner != token.name:
            raise HTTPError(404, f"no link {slug!r} for token {token.name!r}")
        return link

    def _new_slug(self) -> str:
        for _ in range(SLUG_ATTEMPTS):
            slug = generate_slug(self.rng)
            if slug.lower() not in RESERVED and self.store.get(slug) is None:
                return slug
        raise HTTPError(500, f"no free slug after {SLUG_ATTEMPTS} attempts")

    def _link_json(self, link: Link) -> dict[str, Any]:
        return {
            "slug": link.slug,
            "url": link.url,
            "short_url": f"{self.base_url}/{link.slug}",
            "created_at": link.created_at,
            "clicks": link.clicks,
        }

    # --- handlers -------------------------------------------------------------------------------
    def health(self, environ: dict[str, Any]) -> Response:
        return 200, {"status": "ok"}, []

    def create_link(self, environ: dict[str, Any]) -> Response:
        token = self._token(environ)
        url = check_url(read_json(environ).get("url"))
        link = Link(self._new_slug(), url, token.name, to_iso(self.clock()))
        self.store.add(link)
        log.info("token %s created %s -> %s", token.name, link.slug, url)
        return 201, self._link_json(link), [("Location", f"/api/links/{link.slug}")]

    def list_links(self, environ: dict[str, Any]) -> Response:
        token = self._token(environ)
        links = [self._link_json(link) for link in self.store.all() if link.owner == token.name]
        return 200, {"links": links}, []

    def link_stats(self, environ: dict[str, Any], slug: str) -> Response:
        token = self._token(environ)
        return 200, self._link_json(self._owned(slug, token)), []

    def delete_link(self, environ: dict[str, Any], slug: str) -> Response:
        token = self._token(environ)
        self.store.delete(self._owned(slug, token).slug)
        return 204, None, []

    def redirect(self, environ: dict[str, Any], slug: str) -> Response:
        link = self.store.get(slug)
        if link is None:
            raise HTTPError(404, f"no link {slug!r}")
        self.store.record_click(slug)
        return 302, None, [("Location", link.url)]
