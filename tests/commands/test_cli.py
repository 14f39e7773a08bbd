"""cli: `harnessif report <dir>`."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.report.records import VERDICTS, write_run

from ..support.verdicts import sample_rows


def test_report_prints_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = write_run(tmp_path / "run", sample_rows(), {})
    assert main(["report", str(run_dir)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["model", "N", "pass"]
    assert out[2].split() == ["model-a", "8", "4", "2", "1", "1", "0", "66.7", "66.7", "+0.0"]
    assert out[3].split()[0] == "model-b"
    assert main(["report", str(run_dir / VERDICTS)]) == 0


def test_report_on_a_missing_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no-such-run"
    assert main(["report", str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "harnessif report:" in captured.err
    assert "no verdict file" in captured.err
    assert str(missing) in captured.err


def test_report_on_a_corrupt_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / VERDICTS).write_text('{"model": "m"}\n', encoding="utf-8")
    assert main(["report", str(tmp_path)]) == 2
    assert f"{VERDICTS}:1:" in capsys.readouterr().err


def test_no_subcommand_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2
