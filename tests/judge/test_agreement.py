"""Two-rater agreement: hand-computed Cohen's kappa, raw agreement, confusion matrices, per-group tables and the
degenerate cases (no items, one class on both sides)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from pytest_harnessif.metrics.agreement import (
    agree,
    by_group,
    cohen_kappa,
    confusion,
    confusion_counts,
    kappa_from_counts,
    raw_agreement,
)

YN = ("yes", "no")
LABELS = ("pass", "fail", "n/a")


def pairs(*cells: tuple[str, str, int]) -> tuple[list[str], list[str]]:
    """Two rating lists from (class of A, class of B, count) cells."""
    a = [x for x, _, n in cells for _ in range(n)]
    b = [y for _, y, n in cells for _ in range(n)]
    return a, b


def test_textbook_two_class_example() -> None:
    # The classic 50-proposal example: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no.
    # p_o = 35/50 = 0.7; A says yes 25/50, B says yes 30/50: p_e = 0.5*0.6 + 0.5*0.4 = 0.5; kappa = 0.2/0.5 = 0.4
    a, b = pairs(("yes", "yes", 20), ("yes", "no", 5), ("no", "yes", 10), ("no", "no", 15))
    assert raw_agreement(a, b, YN) == pytest.approx(0.7)
    assert cohen_kappa(a, b, YN) == pytest.approx(0.4)
    stats = agree(a, b, YN)
    assert (stats.n, stats.agreement, stats.kappa) == (50, pytest.approx(0.7), pytest.approx(0.4))


def test_three_class_example_and_its_confusion_matrix() -> None:
    # rows human, columns harness: [[2, 1, 0], [0, 2, 1], [1, 0, 1]], n = 8
    # p_o = 5/8; both marginals (3, 3, 2): p_e = (9 + 9 + 4)/64 = 22/64; kappa = (40/64 - 22/64)/(42/64) = 3/7
    a, b = pairs(
        ("pass", "pass", 2), ("pass", "fail", 1), ("fail", "fail", 2), ("fail", "n/a", 1),
        ("n/a", "pass", 1), ("n/a", "n/a", 1),
    )
    matrix = confusion(a, b, LABELS, ("human", "harness"))
    assert matrix.index.name == "human" and matrix.columns.name == "harness"
    assert list(matrix.index) == list(LABELS) and list(matrix.columns) == list(LABELS)
    assert matrix.to_numpy().tolist() == [[2, 1, 0], [0, 2, 1], [1, 0, 1]]
    assert matrix.loc["n/a", "pass"] == 1
    assert raw_agreement(a, b, LABELS) == pytest.approx(5 / 8)
    assert cohen_kappa(a, b, LABELS) == pytest.approx(3 / 7)


def test_kappa_is_symmetric_and_takes_series() -> None:
    a, b = pairs(("pass", "pass", 3), ("pass", "fail", 2), ("fail", "fail", 4), ("n/a", "fail", 1))
    assert cohen_kappa(pd.Series(a), pd.Series(b), LABELS) == pytest.approx(cohen_kappa(b, a, LABELS))


def test_perfect_and_opposite_raters() -> None:
    a = ["yes", "no", "yes", "no"]
    assert cohen_kappa(a, a, YN) == pytest.approx(1.0)
    assert cohen_kappa(a, ["no", "yes", "no", "yes"], YN) == pytest.approx(-1.0)


def test_a_constant_rater_agrees_only_by_chance() -> None:
    # B always says pass: p_e = share of A's passes = p_o, so kappa is exactly 0 whatever the agreement
    a = ["pass", "pass", "fail", "fail", "n/a"]
    assert raw_agreement(a, ["pass"] * 5, LABELS) == pytest.approx(0.4)
    assert cohen_kappa(a, ["pass"] * 5, LABELS) == 0.0


def test_degenerate_cases_are_nan() -> None:
    # both raters used one and the same class throughout: p_e = 1, kappa 0/0 -> NaN (agreement is 1)
    assert math.isnan(cohen_kappa(["pass"] * 4, ["pass"] * 4, LABELS))
    assert raw_agreement(["pass"] * 4, ["pass"] * 4, LABELS) == 1.0
    assert math.isnan(kappa_from_counts(np.array([[0, 0], [0, 7]])))
    # no items at all
    stats = agree([], [], LABELS)
    assert stats.n == 0 and math.isnan(stats.agreement) and math.isnan(stats.kappa)


def test_values_outside_the_classes_and_unequal_lengths_are_errors() -> None:
    with pytest.raises(ValueError, match=r"rater B: 'error' not among the classes"):
        confusion_counts(["pass"], ["error"], LABELS)
    with pytest.raises(ValueError, match="rated 2 and 1 items"):
        confusion_counts(["pass", "fail"], ["pass"], LABELS)


def test_by_group_one_matrix_per_group() -> None:
    df = pd.DataFrame(
        {
            "rule": ["R-2", "R-1", "R-1", "R-1", "R-1", "R-2", "R-2", "R-3"],
            "family": ["b", "a", "a", "a", "a", "b", "b", "c"],
            "x": ["pass", "pass", "pass", "fail", "fail", "fail", "pass", "pass"],
            "y": ["pass", "pass", "fail", "fail", "fail", "pass", "pass", "pass"],
        }
    )
    table = by_group(df, ["rule"], "x", "y", LABELS)
    assert list(table.index) == ["R-1", "R-2", "R-3"]
    assert table["n"].tolist() == [4, 3, 1]
    # [[1, 1], [0, 2]] -> p_o 3/4, p_e (2*1 + 2*3)/16 = 1/2, kappa 1/2
    assert table.loc["R-1", "agreement"] == pytest.approx(0.75) and table.loc["R-1", "kappa"] == pytest.approx(0.5)
    # x (pass, fail, pass), y (pass, pass, pass): y constant -> kappa 0
    assert table.loc["R-2", "agreement"] == pytest.approx(2 / 3) and table.loc["R-2", "kappa"] == 0.0
    # one item, pass on both sides -> kappa undefined
    assert table.loc["R-3", "agreement"] == 1.0 and math.isnan(table.loc["R-3", "kappa"])
    two = by_group(df, ["rule", "family"], "x", "y", LABELS)
    assert list(two.index) == [("R-1", "a"), ("R-2", "b"), ("R-3", "c")]
    assert two["kappa"].iloc[0] == pytest.approx(0.5)
    assert by_group(df.iloc[:0], ["rule"], "x", "y", LABELS).empty
