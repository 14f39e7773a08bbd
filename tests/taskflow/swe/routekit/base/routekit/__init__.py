"""routekit: a tiny URL router."""

from .http import Request, Response
from .router import Route, Router

__all__ = ["Request", "Response", "Route", "Router"]
__version__ = "0.4.0"
