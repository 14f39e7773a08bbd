from ledger import connect, migrate
from ledger.db import MIGRATIONS_DIR, applied_migrations


def test_migrate_applies_every_file_in_order():
    conn = connect(":memory:")
    versions = migrate(conn)
    assert versions == sorted(path.stem for path in MIGRATIONS_DIR.glob("*.sql"))
    assert applied_migrations(conn) == versions


def test_migrate_twice_is_a_no_op():
    conn = connect(":memory:")
    migrate(conn)
    assert migrate(conn) == []


def test_migrations_only_apply_new_files(tmp_path):
    (tmp_path / "0001_first.sql").write_text("CREATE TABLE a (x INTEGER);\n", encoding="utf-8")
    conn = connect(":memory:")
    assert migrate(conn, tmp_path) == ["0001_first"]
    second = tmp_path / "0002_second.sql"
    second.write_text("ALTER TABLE a ADD COLUMN y TEXT;\n", encoding="utf-8")
    assert migrate(conn, tmp_path) == ["0002_second"]
    columns = [row["name"] for row in conn.execute("PRAGMA table_info(a)")]
    assert columns == ["x", "y"]
