"""Accounts, password checks, signed session tokens and share-link tokens."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import string
import time

SESSION_TTL = 8 * 3600  # seconds a login stays valid
SHARE_TOKEN_LENGTH = 12
TOKEN_ALPHABET = string.ascii_letters + string.digits


class AuthError(Exception):
    """A login or token was refused."""


def hash_password(password: str) -> str:
    """The stored form of `password`."""
    return hashlib.sha256(password.encode("utf-8")).hexdigest()


def check_password(password: str, stored: str) -> bool:
    """Whether `password` matches the stored hash."""
    return hash_password(password) == stored


class Accounts:
    """User accounts in the service database."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        conn.execute(
            "CREATE TABLE IF NOT EXISTS users ("
            " name TEXT PRIMARY KEY, password_hash TEXT NOT NULL, is_admin INTEGER NOT NULL)"
        )

    def add(self, name: str, password: str, admin: bool = False) -> None:
        """Create an account; an existing name raises sqlite3.IntegrityError."""
        with self.conn:
            self.conn.execute(
                "INSERT INTO users (name, password_hash, is_admin) VALUES (?, ?, ?)",
                (name, hash_password(password), int(admin)),
            )

    def authenticate(self, name: str, password: str) -> None:
        """Return if the name and password match an account, raise AuthError otherwise."""
        row = self.conn.execute(
            "SELECT password_hash FROM users WHERE name = ?", (name,)
        ).fetchone()
        if row is None or not check_password(password, row[0]):
            raise AuthError("wrong user name or password")

    def is_admin(self, name: str) -> bool:
        """Whether `name` is an administrator (False for unknown names)."""
        row = self.conn.execute("SELECT is_admin FROM users WHERE name = ?", (name,)).fetchone()
        return bool(row and row[0])


def _signature(payload: str, secret: str) -> str:
    return hashlib.sha256((secret + payload).encode("utf-8")).hexdigest()


def sign_session(user: str, secret: str, now: float | None = None) -> str:
    """A session token for `user`, valid for SESSION_TTL seconds from `now`."""
    expires = int(time.time() if now is None else now) + SESSION_TTL
    payload = f"{user}|{expires}"
    return f"{payload}|{_signature(payload, secret)}"


def read_session(token: str, secret: str, now: float | None = None) -> str:
    """The user a session token was issued to; AuthError if it is forged or expired."""
    user, expires, signature = token.split("|")
    if signature != _signature(f"{user}|{expires}", secret):
        raise AuthError("bad session signature")
    if int(expires) < (time.time() if now is None else now):
        raise AuthError("session expired")
    return user


def new_share_token() -> str:
    """A fresh token for a share link."""
    return "".join(random.choice(TOKEN_ALPHABET) for _ in range(SHARE_TOKEN_LENGTH))
