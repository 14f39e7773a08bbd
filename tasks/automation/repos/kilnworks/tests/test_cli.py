from pathlib import Path

import pytest

from kilnworks import __version__
from kilnworks.cli import main

SCHEDULES = Path(__file__).resolve().parent.parent / "schedules"


def test_plan_prints_segments_and_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", str(SCHEDULES / "bisque-04.txt")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bisque to cone 04 (start 20 C)\n")
    assert "    80     600     0" in out
    assert out.rstrip().endswith("peak 1060 C, total 12:24")


def test_plan_of_a_missing_file_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", str(tmp_path / "nope.txt")]) == 1
    assert "kilnworks:" in capsys.readouterr().err


def test_check_prints_one_line_per_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("100 600 0\n100 500 0\n", encoding="utf-8")
    assert main(["check", str(SCHEDULES / "glaze-cone6.txt"), str(bad)]) == 1
    assert capsys.readouterr().out == f"{bad}:2: target 500 is not above 600\n"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"kilnworks {__version__}"
