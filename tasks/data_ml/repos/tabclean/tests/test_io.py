from tabclean.io import read_rows, write_rows


def test_read_rows_keeps_values_as_text(tmp_path):
    path = tmp_path / "export.csv"
    path.write_text('id,spend\n1,"1,200.50"\n2,\n', encoding="utf-8")
    assert read_rows(path) == [{"id": "1", "spend": "1,200.50"}, {"id": "2", "spend": ""}]


def test_write_then_read_round_trips(tmp_path):
    rows = [{"id": "1", "country": "DE"}, {"id": "2", "country": "FR"}]
    path = tmp_path / "out.csv"
    write_rows(path, rows)
    assert read_rows(path) == rows


def test_write_rows_with_no_rows_writes_header_only(tmp_path):
    path = tmp_path / "empty.csv"
    write_rows(path, [], fieldnames=["id", "age"])
    assert path.read_text(encoding="utf-8").splitlines() == ["id,age"]
