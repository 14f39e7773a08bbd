import sqlite3

import pytest

from dropshelf.auth import (
    SESSION_TTL,
    Accounts,
    AuthError,
    new_share_token,
    read_session,
    sign_session,
)


def test_authenticate_accepts_the_right_password(conn):
    accounts = Accounts(conn)
    accounts.add("amara", "correct horse")
    accounts.authenticate("amara", "correct horse")


@pytest.mark.parametrize(("name", "password"), [("amara", "wrong"), ("nobody", "correct horse")])
def test_authenticate_refuses_wrong_credentials(conn, name, password):
    accounts = Accounts(conn)
    accounts.add("amara", "correct horse")
    with pytest.raises(AuthError, match="wrong user name or password"):
        accounts.authenticate(name, password)


def test_account_names_are_unique(conn):
    accounts = Accounts(conn)
    accounts.add("amara", "one")
    with pytest.raises(sqlite3.IntegrityError):
        accounts.add("amara", "two")


def test_admin_flag(conn):
    accounts = Accounts(conn)
    accounts.add("studio", "pw", admin=True)
    accounts.add("client", "pw")
    assert (accounts.is_admin("studio"), accounts.is_admin("client")) == (True, False)


def test_session_round_trip():
    token = sign_session("amara", "s3", now=1_000)
    assert read_session(token, "s3", now=1_000 + SESSION_TTL - 1) == "amara"


def test_session_signed_with_another_secret_is_refused():
    token = sign_session("amara", "other", now=1_000)
    with pytest.raises(AuthError, match="signature"):
        read_session(token, "s3", now=1_000)


def test_expired_session_is_refused():
    token = sign_session("amara", "s3", now=1_000)
    with pytest.raises(AuthError, match="expired"):
        read_session(token, "s3", now=1_001 + SESSION_TTL)


def test_share_tokens_are_distinct():
    assert len({new_share_token() for _ in range(50)}) == 50
