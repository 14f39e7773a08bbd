"""report/terminal: the summary table."""

from __future__ import annotations

from pytest_harnessif.metrics.accuracy import ModelSummary, summarize
from pytest_harnessif.report.terminal import HEADER, judge_line, summary_table

from ._verdicts import sample_rows


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
