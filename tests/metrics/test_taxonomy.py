"""Failure taxonomy and difficulty tables on a hand-sized cohort (spec 5.10-5.11)."""

from __future__ import annotations

import pytest

from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.taxonomy import (
    by_family,
    by_modality_class,
    by_surface,
    failure_taxonomy,
    failures_by_family,
    family_by_model,
)

from ..support.verdicts import verdict

ROWS = [
    verdict("A", "t", "r1", "fail", modality="require", family="workflow", surface="SP"),
    verdict("A", "t", "r2", "fail", modality="limit_min", family="workflow", surface="PF"),
    verdict("A", "t", "r3", "pass", modality="conditional_require", family="code_style", surface="PF"),
    verdict("A", "t", "r4", "fail", modality="forbid", family="code_style", surface=None),
    verdict("A", "t", "r5", "pass", modality="limit_max", family="code_style", surface="UI"),
    verdict("A", "t", "r6", "pass", modality="prefer", family="tool_use", surface="TD"),
    verdict("B", "t", "r1", "pass", modality="require", family="workflow", surface="SP"),
    verdict("B", "t", "r6", "fail", modality="allow", family="tool_use", surface="TD"),
    verdict("B", "t", "r7", "n/a", modality="forbid", family="tool_use", surface="SP"),
]


def test_failure_taxonomy_from_modality_alone() -> None:
    t = failure_taxonomy(to_frame(ROWS))
    assert t[["failures", "eligible"]].to_dict("index") == {
        "shortfall": {"failures": 2, "eligible": 4},  # require x2, limit_min, conditional_require
        "overstep": {"failures": 1, "eligible": 2},  # forbid, limit_max
        "preference": {"failures": 1, "eligible": 2},  # prefer, allow
        "total": {"failures": 4, "eligible": 8},
    }
    assert t["share"].tolist() == pytest.approx([0.5, 0.25, 0.25, 1.0])
    assert t["fail_rate"].tolist() == pytest.approx([0.5, 0.5, 0.5, 0.5])


def test_unknown_modality_gets_its_own_class() -> None:
    t = failure_taxonomy(to_frame([verdict("A", "t", "r", "fail", modality=None)]))
    assert list(t.index) == ["unknown", "total"]


def test_failures_by_family() -> None:
    t = failures_by_family(to_frame(ROWS))
    assert t["failures"].to_dict() == {"workflow": 2, "code_style": 1, "tool_use": 1}
    assert t["share"].tolist() == pytest.approx([0.5, 0.25, 0.25])


def test_coarse_modality_classes_group_require_with_forbid() -> None:
    t = by_modality_class(to_frame(ROWS))
    assert t.to_dict("index") == {
        "conditional": {"acc": 1.0, "eligible": 1},
        "numeric bounds": {"acc": 0.5, "eligible": 2},
        "preference": {"acc": 0.5, "eligible": 2},
        "commanding": {"acc": pytest.approx(1 / 3), "eligible": 3},
    }


def test_surface_table_keeps_unknown_last() -> None:
    t = by_surface(to_frame(ROWS))
    assert list(t.index) == ["UI", "PF", "SP", "TD", "surface unknown"]  # by Acc, ties by name
    assert t.loc["surface unknown"].tolist() == [0.0, 1]
    assert t.loc["SP", "eligible"] == 2  # B's n/a on SP is not eligible


def test_family_table_with_per_build_range_and_heatmap_grid() -> None:
    df = to_frame(ROWS)
    t = by_family(df)
    assert list(t.index) == ["code_style", "tool_use", "workflow"]
    assert t.loc["workflow"].tolist() == pytest.approx([1 / 3, 3, 0.0, 1.0])
    assert t.loc["tool_use", ["build_min", "build_max"]].tolist() == [0.0, 1.0]
    grid = family_by_model(df)
    assert list(grid.index) == list(t.index) and list(grid.columns) == ["A", "B"]
    assert grid.loc["code_style", "A"] == pytest.approx(2 / 3)
    assert grid["B"].isna().tolist() == [True, False, False]
