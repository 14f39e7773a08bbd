"""metrics/accuracy: Acc, AP-Acc and delta per model."""

from __future__ import annotations

import pytest

from pytest_harnessif.metrics.accuracy import summarize

from ..support.verdicts import sample_rows, verdict


def test_summarize_counts_and_accuracies() -> None:
    a, b = summarize(sample_rows())
    assert a.model == "model-a"
    assert (a.n, a.passed, a.failed, a.na, a.error) == (8, 4, 2, 1, 1)
    assert a.acc == pytest.approx(4 / 6)
    assert a.ap_eligible == 3
    assert a.ap_acc == pytest.approx(2 / 3)
    assert a.delta == pytest.approx(4 / 6 - 2 / 3)
    assert b.model == "model-b"
    assert (b.n, b.passed, b.failed, b.na, b.error) == (2, 0, 0, 1, 1)
    assert b.acc is None and b.ap_acc is None and b.delta is None
    assert b.ap_eligible == 0


def test_ap_acc_uses_only_against_prior_rows() -> None:
    rows = [
        verdict("m", rule="CS-001", status="pass", prior="align_prior"),
        verdict("m", rule="CS-002", status="pass", prior="align_prior"),
        verdict("m", rule="CS-003", status="pass", prior="neutral"),
        verdict("m", rule="CS-004", status="fail", prior="against_prior"),
        verdict("m", rule="CS-005", status="pass", prior="against_prior"),
    ]
    (s,) = summarize(rows)
    assert s.acc == pytest.approx(0.8)
    assert s.ap_eligible == 2
    assert s.ap_acc == pytest.approx(0.5)
    assert s.delta == pytest.approx(0.3)


def test_no_against_prior_rows_gives_no_ap_acc() -> None:
    (s,) = summarize([verdict("m", rule="CS-001", status="pass", prior="align_prior")])
    assert s.acc == 1.0
    assert s.ap_acc is None and s.delta is None


def test_models_sorted_and_as_dict() -> None:
    rows = [verdict("zeta", rule="CS-001", status="pass"), verdict("alpha", rule="CS-001", status="fail")]
    summaries = summarize(rows)
    assert [s.model for s in summaries] == ["alpha", "zeta"]
    d = summaries[0].as_dict()
    assert d["acc"] == 0.0 and d["delta"] == 0.0 and d["model"] == "alpha"
    assert summarize([]) == []
