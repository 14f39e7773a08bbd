"""report/records: verdicts.jsonl and summary.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_harnessif.report.records import SUMMARY, VERDICTS, RecordError, read_verdicts, write_run

from ..support.verdicts import sample_rows


def test_write_run_and_read_verdicts_round_trip(tmp_path: Path) -> None:
    rows = sample_rows()
    run_dir = write_run(tmp_path / "reports" / "run-1", reversed(rows), {"run_id": "run-1", "seed": 0})
    assert run_dir == tmp_path / "reports" / "run-1"
    back = read_verdicts(run_dir)
    expected = sorted(rows, key=lambda r: (r["model"], r["task"], r["round"], r["rule"]))
    assert [(r["model"], r["rule"], r["status"], r["prior"]) for r in back] == [
        (r["model"], r["rule"], r["status"], r["prior"]) for r in expected
    ]
    assert read_verdicts(run_dir / VERDICTS) == back
    assert not any(p.name.endswith(".tmp") for p in run_dir.iterdir())
    summary = json.loads((run_dir / SUMMARY).read_text(encoding="utf-8"))
    assert summary["run_id"] == "run-1"
    models = {m["model"]: m for m in summary["models"]}
    assert models["model-a"]["acc"] == pytest.approx(4 / 6)
    assert models["model-b"]["acc"] is None


def test_corrupt_line_names_file_line_and_field(tmp_path: Path) -> None:
    run_dir = write_run(tmp_path, sample_rows(), {})
    path = run_dir / VERDICTS
    lines = path.read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[2])
    bad["status"] = "maybe"
    lines[2] = json.dumps(bad)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_verdicts(run_dir)
    message = str(info.value)
    assert f"{path}:3:" in message
    assert "status" in message


def test_line_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / VERDICTS
    path.write_text("\n{not json\n", encoding="utf-8")
    with pytest.raises(RecordError, match=rf"{VERDICTS}:2:"):
        read_verdicts(path)


def test_missing_field_and_blank_lines(tmp_path: Path) -> None:
    rows = sample_rows()[:1]
    del rows[0]["rule"]
    path = tmp_path / VERDICTS
    path.write_text("\n" + json.dumps(rows[0]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r":2: rule"):
        read_verdicts(path)


def test_missing_verdict_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no verdict file"):
        read_verdicts(tmp_path / "nowhere")
