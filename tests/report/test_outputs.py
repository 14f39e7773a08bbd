"""report/records + figures + html: every derived output of a run, from the verdict rows alone."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from pytest_harnessif.report.analysis import CodingAnalysis, NoncodingAnalysis, analyse
from pytest_harnessif.report.records import CSV, HTML, PARQUET, SUMMARY, VERDICTS, read_verdicts, write_run

from ..support.verdicts import verdict
from ._cohort import cohort

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_run(tmp_path_factory.mktemp("reports") / "run-1", cohort(), {"run_id": "run-1", "rounds": 3})


def test_canonical_records_and_summary(run_dir: Path) -> None:
    rows = read_verdicts(run_dir)
    assert len(rows) == len(cohort())
    summary = json.loads((run_dir / SUMMARY).read_text(encoding="utf-8"))
    assert summary["run_id"] == "run-1"
    keys = {(m["population"], m["model"]) for m in summary["models"]}
    assert ("main", "alpha") in keys and ("noncoding", "gamma") in keys and len(keys) == 9
    main = next(m for m in summary["models"] if m["population"] == "main" and m["model"] == "alpha")
    assert {"acc", "f_acc", "dw_acc", "ap_acc", "delta", "deduped", "untestable"} <= set(main)


def test_csv_and_parquet_hold_the_rows_with_scoring_columns(run_dir: Path) -> None:
    csv = pd.read_csv(run_dir / CSV)
    parquet = pd.read_parquet(run_dir / PARQUET)
    assert len(csv) == len(parquet) == len(cohort())
    for frame in (csv, parquet):
        assert {"scored", "deduped", "weight", "earned", "possible", "population", "model_id"} <= set(frame.columns)
        assert frame["population"].tolist() == sorted(frame["population"])  # grouped by population
    assert parquet["earned"].sum() == pytest.approx(3 * (parquet["scored"] == "pass").sum())
    assert (parquet["possible"] == 3 * parquet["scored"].isin(["pass", "fail"])).all()


def test_tables_and_figures_per_population(run_dir: Path) -> None:
    tables = {p.relative_to(run_dir / "tables").as_posix() for p in (run_dir / "tables").rglob("*.csv")}
    assert {
        "main/accuracy.csv",
        "main/bootstrap_models.csv",
        "main/surface.csv",
        "main/reliability.csv",
        "zero_injection/accuracy.csv",
        "noncoding/nc_macro.csv",
        "noncoding/domain_macro.csv",
    } <= tables
    accuracy = pd.read_csv(run_dir / "tables" / "main" / "accuracy.csv", index_col="model")
    assert list(accuracy.columns[:4]) == ["rows", "eligible", "acc", "f_eligible"]
    figures = sorted(p.relative_to(run_dir / "figures").as_posix() for p in (run_dir / "figures").rglob("*.png"))
    assert figures == [
        "main/acc_vs_ap.png",
        "main/failure_taxonomy.png",
        "main/family_heatmap.png",
        "main/reliability.png",
        "main/surface.png",
        "noncoding/nc_domains.png",
        "noncoding/nc_macro.png",
        "zero_injection/acc_vs_ap.png",
        "zero_injection/family_heatmap.png",
        "zero_injection/surface.png",
    ]
    assert all((run_dir / "figures" / f).read_bytes().startswith(PNG) for f in figures)


def test_html_is_self_contained_with_every_section(run_dir: Path) -> None:
    page = (run_dir / HTML).read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<script") == 1 and "<script src" not in page
    assert not re.search(r'src="(?!data:)', page)  # no external resources
    for section in ("population-main", "population-zero_injection", "population-noncoding"):
        assert f'id="{section}"' in page
    for title in (
        "Accuracy per model",
        "Accuracy on common support",
        "Failures by class",
        "Round-to-round reliability",
        "Accuracy by surface",
        "Accuracy by rule family",
        "NC-Macro",
        "against-prior labels",
        "cascade rules",
    ):
        assert title in page
    images = re.findall(r'<img id="fig-([a-z_]+)" alt="[^"]*" src="data:image/png;base64,([^"]+)">', page)
    assert len(images) == 10  # zero-injection: no failures and one round, so no taxonomy or reliability
    assert all(base64.b64decode(data).startswith(PNG) for _, data in images)


def test_analysis_kinds_and_reliability_across_rounds() -> None:
    analyses = analyse(cohort())
    assert isinstance(analyses["main"], CodingAnalysis) and isinstance(analyses["noncoding"], NoncodingAnalysis)
    main = analyses["main"]
    assert main.reliability.rounds == 3 and 0 < main.reliability.cells <= 18
    assert main.support.models == 3
    assert set(main.tables()) >= {"accuracy", "bootstrap_adjacent", "cascade_audit", "family_by_model"}


def test_rows_without_optional_fields_and_an_empty_run(tmp_path: Path) -> None:
    rows = [
        {
            k: r[k]
            for k in (
                "model",
                "task",
                "scenario",
                "round",
                "rule",
                "family",
                "modality",
                "prior",
                "lineage",
                "surface",
                "severity",
                "method",
                "status",
            )
        }
        for r in (verdict("m", "t", "r", "pass"),)
    ]
    out = write_run(tmp_path / "small", rows, {})
    assert (out / HTML).is_file() and (out / VERDICTS).is_file()
    empty = write_run(tmp_path / "empty", [], {"run_id": "e"})
    assert "No verdicts." in (empty / HTML).read_text(encoding="utf-8")
    assert pd.read_parquet(empty / PARQUET).empty
