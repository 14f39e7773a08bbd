"""metrics.judged: eligible verdicts decided by a check vs by the judge, unjudged and judge errors."""

from __future__ import annotations

import json
import math

from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.judged import decided_by

from ..support.verdicts import verdict

JUDGED = {"judge": "j", "status": "pass", "votes": [{"status": "pass"}] * 3, "request": "h"}
SPLIT = {**JUDGED, "votes": [{"status": "pass"}, {"status": "fail"}, {"status": "pass"}]}


def test_counts_per_model_and_all() -> None:
    df = to_frame([
        verdict("a", rule="R1", status="pass", method="regex"),
        verdict("a", rule="R2", status="fail", method="hybrid"),  # decided by the pre-check
        verdict("a", rule="R3", status="pass", method="llm_judge", judge=JUDGED),
        verdict("a", rule="R5", status="pass", method="llm_judge", judge=SPLIT),
        verdict("a", rule="R4", status="unjudged", method="llm_judge"),
        verdict("b", rule="R3", status="error", method="llm_judge", judge={**JUDGED, "status": "error"}),
        verdict("b", rule="R1", status="n/a", method="regex"),
    ])
    t = decided_by(df)
    columns = ["eligible", "deterministic", "judge", "judge_split", "judge_based_rows", "unjudged"]
    assert t.loc["a", columns].tolist() == [4, 2, 2, 1, 4, 1]
    assert t.loc["b", ["eligible", "judge_errors", "judge_based_rows"]].tolist() == [0, 1, 1]
    assert t.loc["all", "judge_share"] == 2 / 4 and math.isnan(t.loc["b", "judge_share"])


def test_records_read_back_from_csv_text_count_the_same() -> None:
    df = to_frame([verdict("a", rule="R5", status="pass", method="llm_judge", judge=json.dumps(SPLIT))])
    assert decided_by(df).loc["a", ["judge", "judge_split"]].tolist() == [1, 1]


def test_rows_without_a_judge_field_count_as_decided_by_the_check() -> None:
    df = to_frame([{"model": "a", "task": "t", "round": 1, "rule": "R1", "status": "pass", "method": "regex"}])
    assert decided_by(df).loc["a", ["deterministic", "judge"]].tolist() == [1, 0]
