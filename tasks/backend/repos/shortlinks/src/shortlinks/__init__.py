"""shortlinks: a small URL shortener with API tokens and click counts."""

from .app import ShortlinksApp
from .auth import Token, TokenStore, Unauthorized, authenticate, hash_secret, parse_bearer
from .store import Link, LinkStore, SlugTaken

__all__ = [
    "Link",
    "LinkStore",
    "ShortlinksApp",
    "SlugTaken",
    "Token",
    "TokenStore",
    "Unauthorized",
    "authenticate",
    "hash_secret",
    "parse_bearer",
]
