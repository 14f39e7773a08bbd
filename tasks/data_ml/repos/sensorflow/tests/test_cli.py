from sensorflow.__main__ import main

CSV = (
    "device_id,timestamp,temperature,humidity,battery\n"
    "dev-01,2024-03-25T10:00:30+01:00,20.0,50.0,80.0\n"
    "dev-01,2024-03-25T10:30:30+01:00,20.5,50.0,80.0\n"
    "dev-01,2024-03-25T10:45:30+01:00,21.0,50.0,79.9\n"
)


def test_gap_report_is_printed(tmp_path, capsys):
    path = tmp_path / "readings.csv"
    path.write_text(CSV, encoding="utf-8")
    assert main(["gaps", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["device_id", "gaps", "total_minutes", "longest_minutes"]
    assert out[1].split() == ["dev-01", "1", "15", "15"]
