import pytest

from checkout import db

PRODUCTS = [
    ("TEA-SENCHA", "Sencha green tea, 100 g", 890),
    ("TEA-EARL", "Earl Grey, 100 g", 790),
    ("MUG-STONE", "Stoneware mug", 1800),
    ("KETTLE-GOOSE", "Gooseneck kettle", 5900),
    ("FILTER-PAPER", "Paper filters, 100", 390),
]
PROMOTIONS = [
    (1, "SUMMER10", "percent", None, None, 1, 10, "2025-06-01T00:00", "2025-07-01T00:00"),
    (2, "SPRING5", "percent", None, None, 1, 5, "2025-03-01T00:00", "2025-06-01T00:00"),
    (3, None, "fixed", "TEA-SENCHA", None, 1, 100, "2025-06-01T00:00", "2025-07-01T00:00"),
    (4, None, "bundle", "MUG-STONE", "TEA-SENCHA", 2, 25, "2025-06-01T00:00", "2025-07-01T00:00"),
]
NOW = "2025-06-12T09:00:00"


@pytest.fixture
def conn():
    """An in-memory checkout database with a small catalogue and June's promotions."""
    conn = db.connect()
    conn.executemany("INSERT INTO products VALUES (?, ?, ?)", PRODUCTS)
    conn.executemany("INSERT INTO promotions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", PROMOTIONS)
    conn.commit()
    return conn


@pytest.fixture
def services(tmp_path, monkeypatch):
    """Ops consoles keep their state under a temporary directory."""
    monkeypatch.setenv("TILLWISE_SERVICES", str(tmp_path))
    monkeypatch.setenv("FLAGS_ACTOR", "tester")
    return tmp_path
