"""API tokens: kept as SHA-256 hashes in a JSON file, presented as `Authorization: Bearer <token>`.

    python -m shortlinks.auth add NAME [--expires-at 2025-01-01T00:00:00Z] [--tokens tokens.json]
    python -m shortlinks.auth list [--tokens tokens.json]

`add` prints the new secret once; only its hash is stored.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import secrets
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from .timeutil import has_expired, parse_iso, to_iso, utcnow

TOKEN_BYTES = 24
DEFAULT_TOKENS_FILE = "tokens.json"


class Unauthorized(Exception):
    """A request without a valid token; the message says which check failed."""


@dataclass(frozen=True)
class Token:
    """A named API token. Only the hash of its secret is stored."""

    name: str
    sha256: str
    created_at: str
    expires_at: str | None = None


def hash_secret(secret: str) -> str:
    """The hex SHA-256 of a token secret, as stored in the tokens file."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def parse_bearer(header: str | None) -> str | None:
    """The secret of an `Authorization: Bearer <secret>` header; None if missing or malformed."""
    if not header or not header.startswith("Bearer "):
        return None
    return header[len("Bearer ") :].strip() or None


class TokenStore:
    """The tokens file: `{"tokens": [{"name": ..., "sha256": ..., ...}]}`.

    It is read again on every lookup, so tokens added with the CLI work without a restart.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)

    def load(self) -> list[Token]:
        """Every token in the file (none if the file does not exist)."""
        if not self.path.exists():
            return []
        data = json.loads(self.path.read_text(encoding="utf-8"))
        return [Token(**item) for item in data.get("tokens", [])]

    def save(self, tokens: list[Token]) -> None:
        """Write `tokens` as the whole content of the file."""
        data: dict[str, Any] = {"tokens": [asdict(token) for token in tokens]}
        self.path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")

    def find(self, secret: str) -> Token | None:
        """The token whose hash matches `secret`, compared in constant time."""
        digest = hash_secret(secret)
        for token in self.load():
            if hmac.compare_digest(token.sha256, digest):
                return token
        return None

    def issue(self, name: str, now: datetime, expires_at: str | None = None) -> str:
        """Create a token called `name` and return its secret, which is not stored anywhere."""
        tokens = self.load()
        if any(token.name == name for token in tokens):
            raise ValueError(f"a token called {name!r} already exists")
        secret = secrets.token_urlsafe(TOKEN_BYTES)
        tokens.append(Token(name, hash_secret(secret), to_iso(now), expires_at))
        self.save(tokens)
        return secret


def authenticate(environ: dict[str, Any], tokens: TokenStore, now: datetime) -> Token:
    """The token a request carries; Unauthorized if it is missing, unknown or expired."""
    secret = parse_bearer(environ.get("HTTP_AUTHORIZATION"))
    if secret is None:
        raise Unauthorized("missing or malformed Authorization header, expected 'Bearer <token>'")
    token = tokens.find(secret)
    if token is None:
        raise Unauthorized("unknown token")
    expires_at = parse_iso(token.expires_at) if token.expires_at else None
    if has_expired(expires_at, now):
        raise Unauthorized(f"token {token.name!r} expired at {token.expires_at}")
    return token


def main(argv: list[str] | None = None) -> None:
    """The token CLI (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m shortlinks.auth")
    parser.add_argument("--tokens", default=DEFAULT_TOKENS_FILE, help="the tokens file")
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", help="issue a new token and print its secret")
    add.add_argument("name")
    add.add_argument("--expires-at", help="ISO 8601 time after which the token is refused")
    commands.add_parser("list", help="list token names and expiry")
    args = parser.parse_args(argv)
    store = TokenStore(args.tokens)
    if args.command == "add":
        print(store.issue(args.name, utcnow(), args.expires_at))
    else:
        for token in store.load():
            expiry = token.expires_at or "never"
            print(f"{token.name}\tcreated {token.created_at}\texpires {expiry}")


if __name__ == "__main__":
    main()
