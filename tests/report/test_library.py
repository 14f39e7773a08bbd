"""`harnessif rules`: the library listed with filters, its coverage, every rule as JSON, the catalogue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.library import load_rules, load_tasks
from pytest_harnessif.report.library import catalogue, select

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
ARGS = ["rules", "--rules", str(ROOT / "rule_checks"), "--tasks", str(ROOT / "tasks")]


def test_json_gives_every_rule_with_all_its_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in rows] == sorted(RULES)
    qt1 = next(r for r in rows if r["id"] == "QT-001")
    for field in ("family", "modality", "prior", "lineage", "severity", "method", "surfaces", "statement",
                  "opportunity", "params", "source", "check", "tasks"):
        assert field in qt1, field
    assert qt1["check"].startswith("test_quantitative.py::") and qt1["tasks"]


def test_filters_combine_and_a_surface_filter_keeps_rules_worded_for_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--json", "--surface", "TD", "--prior", "against", "--family", "code_style"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(r["family"] == "code_style" and r["prior"] == "against_prior" and "TD" in r["surfaces"]
                        for r in rows)
    expected = [m.id for m in select(RULES, family=["code_style"], prior=["against"], surface=["TD"])]
    assert [r["id"] for r in rows] == expected
    assert main([*ARGS, "--json", "--method", "llm_judge", "--method", "hybrid"]) == 0
    assert {r["method"] for r in json.loads(capsys.readouterr().out)} == {"llm_judge", "hybrid"}


def test_the_listing_ends_with_the_coverage_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--family", "quantitative"]) == 0
    out = capsys.readouterr().out
    quantitative = [r for r in RULES if r.startswith("QT-")]
    assert all(r in out for r in quantitative)
    assert f"{len(quantitative)} rules; family x modality:" in out
    for line in ("modalities: ", "methods: ", "priors: ", "surfaces worded per rule: ", "rules per task: "):
        assert line in out


def test_catalogue_out_writes_the_generated_markdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "catalogue.md"
    assert main([*ARGS, "--catalogue", "--out", str(out)]) == 0
    assert out.read_text() == catalogue(RULES, load_tasks(ROOT / "tasks", RULES))
    assert "| QT-001 |" in out.read_text()


def test_a_broken_library_is_one_line_naming_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / f"test_broken_{tmp_path.name.replace('-', '_')}.py"  # a module name no other test imports
    broken.write_text(
        "from pytest_harnessif import rule\n\n"
        "@rule('CS-001', family='code-style', modality='forbid', prior='against', method='ast', surfaces={'SP': 'x'})\n"
        "def test_x(run):\n    '''x'''\n"
    )
    assert main(["rules", "--rules", str(tmp_path), "--tasks", str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("harnessif rules: ") and broken.name in err and "family" in err


def test_the_languages_a_rule_reads(capsys: pytest.CaptureFixture[str]) -> None:
    """`reads` in the listing, `languages` in the JSON, and `--language` keeping the rules that can judge a
    repository in it (those reading its code and those reading none)."""
    assert main([*ARGS, "--family", "code_style"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert "reads" in listing[0].split()
    cs043 = next(line for line in listing if line.startswith("CS-043")).split()
    assert cs043[cs043.index("ast") + 1 : cs043.index("ast") + 6] == ["PF", "SD", "SP", "UI", "c"]
    assert main([*ARGS, "--json", "--language", "c"]) == 0
    rows = {r["id"]: r["languages"] for r in json.loads(capsys.readouterr().out)}
    assert rows["CS-043"] == ["c"] and rows["CL-001"] == ["python", "javascript", "typescript", "c"]
    assert rows["OC-001"] == [] and "CS-001" not in rows and "CS-031" not in rows
