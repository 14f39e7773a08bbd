"""`harnessif e0 OUTCOMES`: the tables and the figure from a real outcome table; bad tables are one line naming
the file, the row and the column."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.cli import main

from ..metrics.test_e0 import noisy, table


def test_the_analysis_of_a_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "outcomes.csv"
    noisy().to_csv(path, index=False)
    assert main(["e0", str(path), "--replicates", "300", "--seed", "5", "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "decisive (AB " in out and "error " in out and "9 models, 8 pairs" in out
    assert "rank sum" in out and "300 replicates, seed 5" in out and "> TD > SD held in" in out
    assert "errors: lower tier wins" in out
    assert (tmp_path / "out" / "e0_strengths.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "out" / "e0_ranks.csv").read_text().startswith(",SP,TD,SD,PF,UI")


def test_jsonl_works_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "outcomes.jsonl"
    table({"m": ["SD", "TD", "UI", "PF", "SP"]}).to_json(path, orient="records", lines=True)
    assert main(["e0", str(path), "--replicates", "50"]) == 0
    assert "ordering SD > TD > UI > PF > SP held in 100.0%" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.drop(columns=["pair"]), "missing column(s) pair"),
        (lambda t: t.assign(surface_a=["HD", *list(t["surface_a"][1:])]), "row 1: surface_a: 'HD' is not one of"),
        (lambda t: t.assign(outcome=[*list(t["outcome"][:2]), "tie", *list(t["outcome"][3:])]), "row 3: outcome"),
        (lambda t: t.assign(surface_b=t["surface_a"]), "row 1: surface_a and surface_b are both"),
        (lambda t: t.assign(outcome="error"), "no decisive run"),
    ],
)
def test_a_bad_table_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], edit, message: str) -> None:
    path = tmp_path / "outcomes.csv"
    edit(table({"m": ["SP", "PF", "UI", "TD", "SD"]}, pairs=1)).to_csv(path, index=False)
    assert main(["e0", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"harnessif e0: {path}") and message in err and len(err.splitlines()) == 1


def test_tiers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "outcomes.csv"
    noisy().to_csv(path, index=False)
    assert main(["e0", str(path), "--replicates", "200", "--tiers", "SP,PF,UI > TD > SD"]) == 0
    assert "tiers: SP,PF,UI > TD " in capsys.readouterr().out
    assert main(["e0", str(path), "--tiers", "SP,PF>TD>SD"]) == 2
    assert "--tiers 'SP,PF>TD>SD': name each of SP, TD, SD, PF, UI once" in capsys.readouterr().err
