"""`harnessif read-command`: command lines in (JSON strings), the checks' reading out (JSON objects)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_harnessif.checks.shell import read_command
from pytest_harnessif.cli import main

LINES = ["cd repo && python -m pytest -x -q 2>&1 | tail -30",
         "cat > src/x.py <<'EOF'\nimport os\nEOF\ngit add -A && git commit -m x",
         "npm run check"]


def run(monkeypatch: pytest.MonkeyPatch, stdin: str, *args: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["read-command", *args])


def test_one_reading_per_line_the_same_the_checks_use(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert run(monkeypatch, "".join(json.dumps(line) + "\n" for line in LINES)) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out == [read_command(line) for line in LINES]
    assert out[0] == {"runs_tests": True, "runs_lint": False, "git": [], "writes": [],
                      "programs": ["cd", "python", "tail"]}
    assert out[1]["git"] == ["add", "commit"] and out[1]["writes"] == ["src/x.py"]


def test_a_repository_resolves_its_task_runners(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "package.json").write_text('{"scripts": {"check": "eslint . && vitest run"}}')
    assert run(monkeypatch, json.dumps("npm run check") + "\n", "--repo", str(tmp_path), "--explain") == 0
    reading = json.loads(capsys.readouterr().out)
    assert (reading["runs_tests"], reading["runs_lint"]) == (True, True)
    assert reading["commands"][0]["runner"] == "npm run check"


def test_raw_lines_and_bad_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(monkeypatch, "make lint\n", "--raw") == 0
    assert json.loads(capsys.readouterr().out)["runs_lint"] is True
    assert run(monkeypatch, "make lint\n") == 2
    err = capsys.readouterr().err
    assert err.startswith("harnessif read-command: stdin line 1: not a JSON string") and "--raw" in err
    assert main(["read-command", "--repo", "/no/such/dir"]) == 2
    assert "--repo /no/such/dir: no such directory" in capsys.readouterr().err


def test_the_console_script_reads_stdin() -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest_harnessif.cli", "read-command"], input='"go test ./..."\n',
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout)["runs_tests"] is True
