"""Routes, and the router that dispatches requests to them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .http import Request, Response, as_response
from .matching import Pattern, compile_pattern

Handler = Callable[[Request], Any]


@dataclass(frozen=True)
class Route:
    pattern: Pattern
    handler: Handler
    methods: frozenset[str]
    name: str | None = None

    def accepts(self, method: str) -> bool:
        return method in self.methods or (method == "HEAD" and "GET" in self.methods)


class Router:
    def __init__(self) -> None:
        self.routes: list[Route] = []
        self._named: dict[str, Route] = {}

    def add(
        self,
        pattern: str,
        handler: Handler,
        *,
        methods: Iterable[str] = ("GET",),
        name: str | None = None,
    ) -> Route:
        route = Route(compile_pattern(pattern), handler, frozenset(m.upper() for m in methods), name)
        if name is not None:
            if name in self._named:
                raise ValueError(f"a route named {name!r} already exists")
            self._named[name] = route
        self.routes.append(route)
        return route

    def route(
        self, pattern: str, *, methods: Iterable[str] = ("GET",), name: str | None = None
    ) -> Callable[[Handler], Handler]:
        """Decorator form of :meth:`add`."""

        def decorator(handler: Handler) -> Handler:
            self.add(pattern, handler, methods=methods, name=name)
            return handler

        return decorator

    def url_for(self, name: str, **values: Any) -> str:
        try:
            route = self._named[name]
        except KeyError:
            raise KeyError(f"no route named {name!r}") from None
        return route.pattern.build(**values)

    def dispatch(self, request: Request) -> Response:
        """Call the first route that matches the request's path and method."""
        path = request.path
        for route in self.routes:
            params = route.pattern.match(path)
            if params is None or not route.accepts(request.method):
                continue
            request.params = params
            response = as_response(route.handler(request))
            if request.method == "HEAD":
                response.body = b""
            return response
        return Response.text("Not Found", status=404)
