"""Fixtures: an app on an in-memory database and a temporary storage root, with two accounts."""

import sqlite3

import pytest
from wsgi_client import Client

from dropshelf import ShelfApp, Storage

SECRET = "test-secret"


@pytest.fixture
def conn():
    connection = sqlite3.connect(":memory:")
    yield connection
    connection.close()


@pytest.fixture
def storage(tmp_path):
    return Storage(tmp_path / "files")


@pytest.fixture
def app(conn, storage):
    shelf = ShelfApp(conn, storage, SECRET)
    shelf.accounts.add("amara", "correct horse")
    shelf.accounts.add("jonas", "battery staple")
    return shelf


@pytest.fixture
def client(app):
    return Client(app)


@pytest.fixture
def amara(client):
    """A client logged in as amara."""
    status, _, _ = client.login("amara", "correct horse")
    assert status == 200
    return client
