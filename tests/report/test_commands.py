"""`harnessif report`, `compare` and `priors`, called through their handlers (spec 6, 9.4)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
import yaml

from pytest_harnessif.commands import compare, priors, report
from pytest_harnessif.priorfile import load_priors
from pytest_harnessif.report.records import HTML, PARQUET, SUMMARY, VERDICTS
from pytest_harnessif.schema import Lineage, Prior

from ..support.verdicts import verdict
from ._cohort import cohort, save_run


def call(module: object, argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    module.add_parser(parser.add_subparsers(dest="command", required=True))  # type: ignore[attr-defined]
    args = parser.parse_args(argv)
    return int(args.func(args))


def run_of(tmp_path: Path, name: str, rows: list[dict]) -> Path:
    return save_run(tmp_path / name, rows)


def test_report_regenerates_everything_offline(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = run_of(tmp_path, "run", cohort())
    assert call(report, ["report", str(run_dir), "--full"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("population: main\n")
    assert "Acc by family x model (main)" in out and "NC-Macro (noncoding)" in out
    assert (run_dir / HTML).is_file() and (run_dir / PARQUET).is_file()
    assert "run" in (run_dir / HTML).read_text(encoding="utf-8")  # run id from summary.json


def test_report_to_another_directory_or_print_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = run_of(tmp_path, "run", [verdict("m", "t", "r", "pass")])
    assert call(report, ["report", str(run_dir / VERDICTS), "--no-files"]) == 0
    assert not (run_dir / HTML).exists()
    assert call(report, ["report", str(run_dir), "--out", str(tmp_path / "elsewhere")]) == 0
    assert (tmp_path / "elsewhere" / HTML).is_file() and not (run_dir / HTML).exists()
    assert "report:" in capsys.readouterr().out


def test_report_with_other_priors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = run_of(tmp_path, "run", [verdict("m", "t", "A", "fail", prior="neutral"), verdict("m", "t", "B", "pass")])
    file = tmp_path / "priors.yaml"
    file.write_text(
        "format: harnessif-priors/1\nrules:\n  A: {prior: against_prior, lineage: consensus}\n", encoding="utf-8"
    )
    assert call(report, ["report", str(run_dir), "--priors", str(file)]) == 2
    assert "give --out" in capsys.readouterr().err
    assert call(report, ["report", str(run_dir), "--priors", str(file), "--out", str(tmp_path / "re")]) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[-3:] == ["50.0", "50.0", "+0.0"]  # AP-Acc now counts A
    page = (tmp_path / "re" / HTML).read_text(encoding="utf-8")
    assert str(file) in page
    file.write_text("format: harnessif-priors/1\nrules:\n  A: {prior: maybe, lineage: consensus}\n", encoding="utf-8")
    assert call(report, ["report", str(run_dir), "--priors", str(file), "--out", str(tmp_path / "re")]) == 2
    assert "rules.A.prior" in capsys.readouterr().err


def test_compare_merges_runs_into_one_cohort(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = cohort()
    a = run_of(tmp_path, "run-a", [r for r in rows if r["model"] == "alpha"])
    b = run_of(tmp_path, "run-b", [r for r in rows if r["model"] != "alpha"])
    out = tmp_path / "cohort"
    assert call(compare, ["compare", str(a), str(b), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "population: main" in printed and "cohort of 2 run(s)" in printed
    summary = json.loads((out / SUMMARY).read_text(encoding="utf-8"))
    assert summary["cohort_of"] == ["run-a", "run-b"]
    assert summary["models"][0]["model"] == "alpha"
    assert len((out / VERDICTS).read_text(encoding="utf-8").splitlines()) == len(rows)
    assert (out / HTML).is_file()


@pytest.mark.parametrize(
    ("other", "message"),
    [
        (verdict("m", "t", "r", "fail"), "verdict main/m/t/1/r appears in"),
        (verdict("n", "t", "r", "pass", family="workflow"), "rule r: "),
        (verdict("n", "t", "r", "pass", prior="neutral"), "rule r: "),
        (verdict("n", "t", "r", "pass", surface="UI"), "placement of r in t: "),
    ],
)
def test_compare_refuses_runs_that_are_not_one_cohort(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: dict, message: str
) -> None:
    a = run_of(tmp_path, "a", [verdict("m", "t", "r", "pass")])
    b = run_of(tmp_path, "b", [other])
    assert call(compare, ["compare", str(a), str(b), "--out", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert message in err and "(a)" in err and "(b)" in err
    assert not (tmp_path / "c").exists()


def _probe_runs(tmp_path: Path) -> list[str]:
    z = {"population": "zero_injection"}
    dirs = []
    for build, status in (("b1", "fail"), ("b2", "fail"), ("b3", "pass")):
        rows = [verdict(build, "t", "OC-001", status, **z), verdict(build, "t", "OC-002", "pass", prior="neutral", **z)]
        rows.append(verdict(build, "t", "OC-001", "pass"))  # a main-panel verdict in the same run: ignored
        dirs.append(str(run_of(tmp_path, f"probe-{build}", rows)))
    return dirs


def test_priors_writes_the_prior_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "priors.yaml"
    assert call(priors, ["priors", *_probe_runs(tmp_path), "--k", "2", "--n", "3", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "ignored 3 verdict(s) outside the zero-injection population" in captured.err
    assert "2-of-3 consensus over b1, b2, b3" in captured.out
    assert load_priors(out) == {
        "OC-001": (Prior.against, Lineage.consensus),
        "OC-002": (Prior.align, Lineage.consensus),
    }
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["sources"] == ["probe-b1", "probe-b2", "probe-b3"]


def test_priors_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dirs = _probe_runs(tmp_path)
    assert call(priors, ["priors", *dirs, "--out", str(tmp_path / "p.yaml")]) == 2
    assert "3 probe build(s) found (b1, b2, b3) but n=9" in capsys.readouterr().err
    main_only = run_of(tmp_path, "main", [verdict("m", "t", "r", "pass")])
    assert call(priors, ["priors", str(main_only), "--out", str(tmp_path / "p.yaml")]) == 2
    assert "no zero-injection verdicts" in capsys.readouterr().err
    assert call(priors, ["priors", str(tmp_path / "missing"), "--out", str(tmp_path / "p.yaml")]) == 2
    assert "no verdict file" in capsys.readouterr().err
    assert not (tmp_path / "p.yaml").exists()
