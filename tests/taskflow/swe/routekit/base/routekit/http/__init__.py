"""Minimal request and response objects."""

from .request import Request
from .response import Response, as_response

__all__ = ["Request", "Response", "as_response"]
