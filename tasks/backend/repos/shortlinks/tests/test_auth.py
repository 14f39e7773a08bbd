import json

import pytest

from shortlinks import Unauthorized, authenticate, hash_secret, parse_bearer


@pytest.mark.parametrize(
    ("header", "secret"),
    [
        ("Bearer abc", "abc"),
        ("Bearer  abc ", "abc"),
        ("Bearer ", None),
        ("Basic abc", None),
        (None, None),
    ],
)
def test_parse_bearer(header, secret):
    assert parse_bearer(header) == secret


def test_only_the_hash_is_stored(tokens, secret):
    stored = json.loads(tokens.path.read_text(encoding="utf-8"))["tokens"][0]
    assert stored["sha256"] == hash_secret(secret)
    assert secret not in tokens.path.read_text(encoding="utf-8")


def test_authenticate_finds_the_token(tokens, secret, clock):
    token = authenticate({"HTTP_AUTHORIZATION": f"Bearer {secret}"}, tokens, clock())
    assert token.name == "marketing"


def test_duplicate_token_name_is_refused(tokens, secret, clock):
    with pytest.raises(ValueError, match="'marketing' already exists"):
        tokens.issue("marketing", clock())


def test_expired_token_is_refused(tokens, clock):
    secret = tokens.issue("campaign", clock(), expires_at="2024-05-02T11:00:00Z")
    clock.advance(2 * 3600)
    with pytest.raises(Unauthorized, match="'campaign' expired at 2024-05-02T11:00:00Z"):
        authenticate({"HTTP_AUTHORIZATION": f"Bearer {secret}"}, tokens, clock())
