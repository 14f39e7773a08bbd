from datetime import UTC, datetime

import pytest

from bramblebook import db
from bramblebook.service import BookingService

WORKSHOPS = [
    (1, "Wheel throwing for beginners", "2025-09-13T09:00:00+00:00", 12, 4500),
    (2, "Bike repair basics", "2025-09-14T13:00:00+00:00", 8, 2000),
    (3, "Sourdough at home", "2025-09-20T08:00:00+00:00", 2, 3500),
]
NOW = datetime(2025, 9, 8, 10, 0, tzinfo=UTC)


@pytest.fixture
def conn():
    """An in-memory database with three upcoming workshops."""
    conn = db.connect()
    conn.executemany("INSERT INTO workshops VALUES (?, ?, ?, ?, ?)", WORKSHOPS)
    conn.commit()
    return conn


@pytest.fixture
def service(conn):
    """The booking service with late fees on for everyone."""
    return BookingService(conn, flags={"late_fee": 100})


@pytest.fixture
def services(tmp_path, monkeypatch):
    """Ops consoles keep their state under a temporary directory."""
    monkeypatch.setenv("BRAMBLEBOOK_SERVICES", str(tmp_path))
    monkeypatch.setenv("FLAGS_ACTOR", "tester")
    return tmp_path
