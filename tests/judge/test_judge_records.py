"""Judge requests travel with the records: `harnessif compare` merges them, so a cohort can be re-judged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.report.records import JUDGE_REQUESTS, RecordError, read_judge_requests, read_verdicts, write_run
from tests.support.loopback import LoopbackServer

from .test_reliability_commands import answer_from_evidence, spec, swap_run


def test_compare_merges_judge_requests_and_the_cohort_can_be_swapped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, _ = swap_run(tmp_path)
    rows = [r for r in read_verdicts(whole) if r["judge"]]  # the fixture's pre-check row names another family
    requests = {r["hash"]: r for r in read_judge_requests(whole)}
    halves = []
    for name, part in (("a", rows[:5]), ("b", rows[5:])):
        used = [requests[r["judge"]["request"]] for r in part]
        halves.append(write_run(tmp_path / name, part, {"run_id": name}, used))
    assert main(["compare", *map(str, halves), "--out", str(tmp_path / "cohort")]) == 0
    assert {r["hash"] for r in read_judge_requests(tmp_path / "cohort")} == set(requests)
    capsys.readouterr()
    with LoopbackServer("openai", respond=answer_from_evidence) as server:
        code = main(["judge", "swap", str(tmp_path / "cohort"), "--judge", spec(server), "--n", "10", "--no-cache"])
    assert code == 0 and "n 8   agreement 75.0%   Cohen's kappa 0.500" in capsys.readouterr().out


def test_a_corrupt_requests_file_names_file_and_line(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", [], {}, [{"hash": "h1", "rubric": {}}])
    (run / JUDGE_REQUESTS).write_text(json.dumps({"hash": "h1"}) + "\n{broken\n")
    with pytest.raises(RecordError, match=r"judge_requests.jsonl:2: not JSON"):
        read_judge_requests(run / "verdicts.jsonl")
    assert read_judge_requests(tmp_path) == []
