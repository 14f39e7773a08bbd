"""report/terminal: the summary table, compact per population, the judge line and the full tables."""

from __future__ import annotations

from pytest_harnessif.metrics.accuracy import ModelSummary, summarize
from pytest_harnessif.report.terminal import HEADER, full_tables, judge_line, summary_table, text_table

from ..support.verdicts import sample_rows, verdict
from ._cohort import cohort


def test_text_table_alignment() -> None:
    lines = text_table(("name", "n"), [("a", "1"), ("long-name", "100")]).splitlines()
    assert lines == ["name         n", "--------------", "a            1", "long-name  100"]


def test_single_population_summary_is_untitled() -> None:
    table = summary_table(summarize([verdict("m", "t", "r", "pass")]))
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
        verdict("A", "t", "r1", "pass", family="workflow", surface="PF"),
        verdict("A", "t", "r2", "fail", family="code_style", surface=None, prior="align_prior"),
        verdict("B", "t", "r1", "fail", family="workflow", surface="PF"),
        verdict("B", "t", "r2", "fail", family="code_style", surface=None, prior="align_prior"),
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
    assert nc[0].split() == ["model", "NC-Macro", "95%", "CI", "sigma_r", "sigma_c", "runs", "excluded", "cases"]
    assert [line.split()[0] for line in nc[2:]] == ["alpha", "beta", "gamma"]
    assert nc[2].split()[-3:-2] == ["12"] and nc[2].split()[-1] == "6"


def test_summary_table_layout_and_numbers() -> None:
    table = summary_table(summarize(sample_rows()))
    lines = table.splitlines()
    assert len(lines) == 4
    assert lines[0].split() == list(HEADER)
    assert set(lines[1]) == {"-"}
    assert len(lines[1]) == len(lines[0])
    assert lines[2].split() == ["model-a", "8", "4", "2", "1", "1", "0", "66.7", "66.7", "+0.0"]
    assert lines[3].split() == ["model-b", "2", "0", "0", "1", "1", "0", "-", "-", "-"]
    assert len({len(line) for line in lines}) == 1  # fixed width
    assert lines[2].startswith("model-a ")  # model column left-aligned


def test_signed_delta_and_rounding() -> None:
    s = ModelSummary("m", 10, 9, 1, 0, 0, 0.9, 4, 0.75)
    row = summary_table([s]).splitlines()[2].split()
    assert row[-3:] == ["90.0", "75.0", "+15.0"]
    worse = ModelSummary("m", 4, 1, 3, 0, 0, 0.25, 2, 0.5)
    assert summary_table([worse]).splitlines()[2].split()[-1] == "-25.0"


def test_empty_table_has_header_only() -> None:
    lines = summary_table([]).splitlines()
    assert len(lines) == 2
    assert lines[0].split() == list(HEADER)


def test_judge_line_counts_errors_before_the_judge_apart_from_the_pre_check() -> None:
    record = {"calls": 3, "cached": 0}
    rows = [
        {"method": "llm_judge", "status": "pass", "judge": record},
        {"method": "hybrid", "status": "fail", "judge": None},  # the pre-check decided
        {"method": "hybrid", "status": "error", "judge": {"calls": 1, "cached": 2}},  # the judge had no majority
        {"method": "llm_judge", "status": "error", "judge": None},  # the run failed before any judge call
        {"method": "llm_judge", "status": "unjudged", "judge": None},
        {"method": "regex", "status": "error", "judge": None},
    ]
    assert judge_line(rows) == (
        "judge-based verdicts: 5 (1 by pre-check, 2 by the judge with 4 call(s) and 2 cache hit(s), 1 unjudged, "
        "1 error(s) before the judge)"
    )
