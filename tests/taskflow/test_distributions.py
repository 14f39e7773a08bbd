"""distributions: length bins, splicing out dropped labels, START/END edges, separate normalisation, slices."""

from __future__ import annotations

import pytest

from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.distributions import (
    EDGES,
    END,
    LENGTH_BINS,
    START,
    edges,
    length_bin,
    long_slice,
    retained,
    task_flow,
)
from pytest_harnessif.taskflow.intents import DROPPED, LABELS, TFAS_LABELS

BUG, FEAT, EXEC, GREET, META, OTHER = (Intent.bug_fix, Intent.new_feature, Intent.execute, Intent.greeting,
                                       Intent.meta_question, Intent.other)


def test_the_taxonomy_has_16_labels_and_13_kept() -> None:
    assert len(LABELS) == 16 and len(TFAS_LABELS) == 13
    assert {GREET, META, OTHER} == DROPPED
    assert len(EDGES) == 14 * 14 == 196
    assert (START, END) in EDGES and (END, START) not in EDGES


@pytest.mark.parametrize(("n", "label"), [(1, "1"), (2, "2"), (5, "5"), (6, "6-10"), (10, "6-10"), (11, "11+"),
                                          (156, "11+")])
def test_length_bins(n: int, label: str) -> None:
    assert LENGTH_BINS[length_bin(n)] == label


def test_length_bin_rejects_empty_sessions() -> None:
    with pytest.raises(ValueError):
        length_bin(0)


def test_dropped_messages_are_spliced_out() -> None:
    assert retained([BUG, GREET, FEAT, OTHER, META]) == [BUG, FEAT]
    assert edges([BUG, GREET, FEAT]) == [(START, "bug-fix"), ("bug-fix", "new-feature"), ("new-feature", END)]
    assert edges([GREET, OTHER]) == []
    assert len(edges([BUG, FEAT, FEAT, EXEC])) == 4 + 1


def test_task_flow_counts_and_normalises_each_vector_separately() -> None:
    flow = task_flow([[BUG, GREET, FEAT], [FEAT, FEAT, EXEC, OTHER, BUG, BUG]])
    assert (flow.sessions, flow.messages, flow.edges) == (2, 7, 3 + 6)
    vectors = flow.vectors()
    assert vectors["L"] == {"1": 0, "2": 0, "3": 0.5, "4": 0, "5": 0, "6-10": 0.5, "11+": 0}
    assert vectors["T"]["new-feature"] == pytest.approx(3 / 7)
    assert vectors["T"]["bug-fix"] == pytest.approx(3 / 7)
    assert vectors["R"]["START->bug-fix"] == pytest.approx(1 / 9)
    assert vectors["R"]["new-feature->new-feature"] == pytest.approx(1 / 9)
    assert vectors["R"]["execute->bug-fix"] == pytest.approx(1 / 9)  # across the spliced-out `other`
    assert vectors["R"]["bug-fix->END"] == pytest.approx(1 / 9)
    for key in "LTR":
        assert sum(vectors[key].values()) == pytest.approx(1.0)


def test_raw_and_filtered_lengths() -> None:
    sessions = [[GREET, BUG, OTHER, FEAT], [GREET, OTHER]]
    raw = task_flow(sessions)
    assert raw.sessions == 2 and raw.vectors()["L"]["4"] == 0.5 and raw.vectors()["L"]["2"] == 0.5
    assert raw.messages == 2  # the all-dropped session counts in L only
    filtered = task_flow(sessions, "filtered")
    assert filtered.sessions == 1 and filtered.vectors()["L"]["2"] == 1.0


def test_long_slice_uses_the_same_length_count() -> None:
    sessions = [[BUG], [BUG, FEAT], [BUG, GREET, FEAT], [BUG, FEAT, EXEC]]
    assert long_slice(sessions) == sessions[2:]
    assert long_slice(sessions, length_mode="filtered") == sessions[3:]
    assert long_slice(sessions, min_messages=2) == sessions[1:]
    assert task_flow(long_slice(sessions)).L[:2] == [0.0, 0.0]
