"""`harnessif audit coverage`: which rules the logs can audit, per format, before an audit runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.cli import main

from ._outcome import LOGS


def test_coverage_sorts_each_rule_by_what_the_logs_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "audit.yaml"
    rules.write_text("rules: [TU-011, OC-041, CS-001, WF-012, PW-001]\n")
    table = tmp_path / "coverage.md"
    code = main(["audit", "coverage", str(LOGS / "generic"), "--rules", str(rules), "--markdown", str(table)])
    out, err = capsys.readouterr()
    assert code == 0
    head, _, row = out.splitlines()[:3]
    assert head.split() == ["format", "judged", "unjudged", "not_in_log", "not_auditable"]
    assert row.split() == ["generic", "2", "0", "2", "1"]  # TU-011, OC-041 | CS-001, WF-012 | PW-001 (non-coding)
    assert err.count("not imported: ") == 4  # the broken/ folder's files, one line each
    lines = table.read_text().splitlines()
    assert lines[0] == "| rule | generic |" and "| CS-001 | not_in_log |" in lines
    assert "| PW-001 | not_auditable |" in lines


def test_coverage_refuses_an_unknown_rule_or_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "audit.yaml"
    rules.write_text("rules: [XX-404]\n")
    assert main(["audit", "coverage", str(LOGS / "generic"), "--rules", str(rules)]) == 2
    assert "rules.0: unknown rule id XX-404" in capsys.readouterr().err
    assert main(["audit", "coverage", str(tmp_path / "nowhere")]) == 2
    assert "nowhere: no such file or folder" in capsys.readouterr().err
