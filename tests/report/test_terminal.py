"""report/terminal: compact summary per population and the full tables."""

from __future__ import annotations

from pytest_harnessif.metrics.accuracy import summarize
from pytest_harnessif.report.terminal import HEADER, full_tables, summary_table, text_table

from ..metrics._rows import v
from ._cohort import cohort


def test_text_table_alignment() -> None:
    lines = text_table(("name", "n"), [("a", "1"), ("long-name", "100")]).splitlines()
    assert lines == ["name         n", "--------------", "a            1", "long-name  100"]


def test_single_population_summary_is_untitled() -> None:
    table = summary_table(summarize([v("m", "t", "r", "pass")]))
    assert table.splitlines()[0].split() == list(HEADER)


def test_one_titled_block_per_population() -> None:
    table = summary_table(summarize(cohort()))
    blocks = table.split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == [
        "population: main",
        "population: zero_injection",
        "population: noncoding",
    ]
    assert all(b.splitlines()[1].split() == list(HEADER) for b in blocks)
    assert [line.split()[0] for line in blocks[0].splitlines()[3:]] == ["alpha", "beta", "gamma"]


def test_full_tables_by_hand() -> None:
    rows = [
        v("A", "t", "r1", "pass", family="workflow", surface="PF"),
        v("A", "t", "r2", "fail", family="code_style", surface=None, prior="align_prior"),
        v("B", "t", "r1", "fail", family="workflow", surface="PF"),
        v("B", "t", "r2", "fail", family="code_style", surface=None, prior="align_prior"),
    ]
    blocks = full_tables(rows).split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == [
        "Accuracy (main)",
        "Acc by family x model (main)",
        "Acc by surface (main)",
    ]
    acc = blocks[0].splitlines()
    assert acc[1].split() == ["model", "eligible", "Acc", "F-Acc", "DW-Acc", "AP-Acc", "delta", "SW-Acc"]
    assert acc[3].split() == ["A", "2", "50.0", "100.0", "-", "100.0", "-50.0", "50.0"]
    assert acc[4].split() == ["B", "2", "0.0", "0.0", "-", "0.0", "+0.0", "0.0"]
    family = blocks[1].splitlines()
    assert family[1].split() == ["family", "A", "B", "pooled", "N"]
    assert family[3].split() == ["workflow", "100.0", "0.0", "50.0", "2"]
    assert family[4].split() == ["code_style", "0.0", "0.0", "0.0", "2"]
    surface = blocks[2].splitlines()
    assert [line.split() for line in surface[3:]] == [["PF", "50.0", "2"], ["surface", "unknown", "0.0", "2"]]


def test_full_tables_give_nc_macro_for_the_noncoding_population() -> None:
    text = full_tables(cohort())
    assert "Accuracy (zero_injection)" in text
    nc = text.split("NC-Macro (noncoding)\n", 1)[1].splitlines()
    assert nc[0].split() == ["model", "NC-Macro", "95%", "CI", "sigma_r", "sigma_c", "runs", "cases"]
    assert [line.split()[0] for line in nc[2:]] == ["alpha", "beta", "gamma"]
    assert nc[2].split()[-2:] == ["12", "6"]
