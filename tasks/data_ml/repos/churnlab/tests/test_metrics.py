import numpy as np
import pytest

from churnlab import accuracy, log_loss, roc_auc


def test_auc_of_a_perfect_ranking_is_one():
    assert roc_auc([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9]) == 1.0


def test_auc_counts_ties_as_half():
    assert roc_auc([0, 1, 0, 1], [0.5, 0.5, 0.2, 0.9]) == pytest.approx(0.875)


def test_auc_needs_both_classes():
    with pytest.raises(ValueError, match="both classes"):
        roc_auc([1, 1], [0.2, 0.3])


def test_log_loss_and_accuracy():
    y = np.array([1, 0])
    p = np.array([0.8, 0.4])
    assert log_loss(y, p) == pytest.approx(-(np.log(0.8) + np.log(0.6)) / 2)
    assert accuracy(y, p) == 1.0
    assert accuracy(y, p, threshold=0.9) == 0.5
