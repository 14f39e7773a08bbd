"""Cascade-dedup and the cascade-fairness audit (spec 4.4)."""

from __future__ import annotations

import pytest

from pytest_harnessif.metrics.cascade import audit, dedup, score
from pytest_harnessif.metrics.frame import to_frame

from ..support.verdicts import verdict

CHANGELOG = "CHANGELOG.md"


def test_dedup_keeps_the_highest_severity_failure_per_artifact_and_run() -> None:
    rows = [
        verdict("m", "t", "CL-003", "fail", severity="should", artifact=CHANGELOG),
        verdict("m", "t", "CL-002", "fail", severity="must", artifact=CHANGELOG),
        verdict("m", "t", "CL-001", "fail", severity="must", artifact=CHANGELOG),  # must, lowest id: kept
        verdict("m", "t", "CL-004", "fail", severity="may", artifact="pkg/__init__.py"),  # other artifact: kept
        verdict("m", "t", "CL-005", "fail"),  # no artifact: untouched
        verdict("m", "t", "CL-006", "fail", severity="must", artifact=CHANGELOG, round=2),  # other run: kept
        verdict("n", "t", "CL-002", "fail", severity="may", artifact=CHANGELOG),  # other model: kept
    ]
    out = dedup(to_frame(rows))
    keys = zip(out["model"], out["rule"], out["round"], strict=True)
    scored = dict(zip(keys, out["scored"], strict=True))
    assert scored == {
        ("m", "CL-003", 1): "n/a",
        ("m", "CL-002", 1): "n/a",
        ("m", "CL-001", 1): "fail",
        ("m", "CL-004", 1): "fail",
        ("m", "CL-005", 1): "fail",
        ("m", "CL-006", 2): "fail",
        ("n", "CL-002", 1): "fail",
    }
    assert out["deduped"].sum() == 2
    assert (out["status"] == "fail").all()  # the raw status is kept


def test_dedup_is_a_no_op_without_artifacts() -> None:
    df = to_frame([verdict("m", "t", "r", "fail"), verdict("m", "t", "s", "pass")])
    assert dedup(df)["scored"].tolist() == ["fail", "pass"]


def _pair(missing: int, passing: int, rounds: int = 1) -> list[dict]:
    rows = []
    for k in range(missing + passing):
        for r in range(1, rounds + 1):
            bad = k < missing
            rows.append(
                verdict(f"a{k}", "t", "CL-001", "fail" if bad else "pass", round=r, artifact=CHANGELOG if bad else None)
            )
            rows.append(verdict(f"a{k}", "t", "CL-009", "pass", round=r))  # an unrelated rule
    return rows


def test_audit_marks_a_pair_untestable_when_half_of_five_agents_miss_the_artifact() -> None:
    df = to_frame(_pair(missing=3, passing=3))
    report = audit(df)
    assert report.to_dict("records") == [
        {"task": "t", "rule": "CL-001", "artifacts": CHANGELOG, "tested": 6, "missing": 3, "untestable": True}
    ]
    out = score(df)
    assert set(out.loc[out["rule"] == "CL-001", "scored"]) == {"untestable"}  # passes too: out of all denominators
    assert set(out.loc[out["rule"] == "CL-009", "scored"]) == {"pass"}


@pytest.mark.parametrize(("missing", "passing"), [(2, 2), (2, 4)])
def test_audit_keeps_pairs_below_five_agents_or_below_half(missing: int, passing: int) -> None:
    df = to_frame(_pair(missing, passing))
    report = audit(df)
    assert report["untestable"].tolist() == [False]
    assert "untestable" not in set(score(df)["scored"])


def test_audit_pools_rounds_an_agent_misses_when_half_of_its_rounds_do() -> None:
    rows = _pair(missing=2, passing=3)
    rows += [verdict("a2", "t", "CL-001", "fail", round=2, artifact=CHANGELOG)]  # a2: 1 of 2 rounds missing
    rows += [verdict("a3", "t", "CL-001", "pass", round=2), verdict("a3", "t", "CL-001", "pass", round=3)]
    rows += [verdict("a3", "t", "CL-001", "fail", round=4, artifact=CHANGELOG)]  # a3: 1 of 4 rounds missing
    report = audit(to_frame(rows))
    assert report.loc[0, ["tested", "missing", "untestable"]].tolist() == [5, 3, True]


def test_audit_uses_the_raw_status_so_deduped_rows_still_count_as_missing() -> None:
    rows = []
    for k in range(5):
        rows.append(verdict(f"a{k}", "t", "CL-001", "fail", severity="must", artifact=CHANGELOG))
        rows.append(verdict(f"a{k}", "t", "CL-002", "fail", severity="should", artifact=CHANGELOG))  # deduped
    out = score(to_frame(rows))
    assert set(out["scored"]) == {"untestable"}
    assert out["deduped"].sum() == 5
