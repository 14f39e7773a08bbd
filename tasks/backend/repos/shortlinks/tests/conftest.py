import random

import pytest

from helpers import Client, FrozenClock
from shortlinks import LinkStore, ShortlinksApp, TokenStore


@pytest.fixture
def clock():
    return FrozenClock()


@pytest.fixture
def tokens(tmp_path, clock):
    return TokenStore(tmp_path / "tokens.json")


@pytest.fixture
def secret(tokens, clock):
    """The secret of the token `marketing`."""
    return tokens.issue("marketing", clock())


@pytest.fixture
def store(tmp_path):
    return LinkStore(tmp_path / "links.jsonl")


@pytest.fixture
def app(store, tokens, clock):
    return ShortlinksApp(store, tokens, "https://sho.rt", clock=clock, rng=random.Random(7))


@pytest.fixture
def client(app, secret):
    return Client(app, token=secret)
