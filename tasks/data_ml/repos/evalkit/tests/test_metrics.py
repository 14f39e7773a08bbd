import pytest

from evalkit.confusion import confusion_matrix
from evalkit.metrics import ClassScores, accuracy, macro_f1, per_class, weighted_f1

Y_TRUE = ["cat", "cat", "cat", "dog", "dog", "bird"]
Y_PRED = ["cat", "cat", "dog", "dog", "cat", "bird"]


@pytest.fixture
def matrix():
    return confusion_matrix(Y_TRUE, Y_PRED)


def test_per_class_scores(matrix):
    scores = per_class(matrix)
    assert scores["bird"] == ClassScores(1.0, 1.0, 1.0, 1)
    assert scores["cat"].precision == pytest.approx(2 / 3)
    assert scores["cat"].recall == pytest.approx(2 / 3)
    assert scores["dog"] == ClassScores(0.5, 0.5, 0.5, 2)


def test_accuracy(matrix):
    assert accuracy(matrix) == pytest.approx(4 / 6)


def test_macro_and_weighted_f1(matrix):
    assert macro_f1(matrix) == pytest.approx((1.0 + 2 / 3 + 0.5) / 3)
    assert weighted_f1(matrix) == pytest.approx((1.0 * 1 + 2 / 3 * 3 + 0.5 * 2) / 6)


def test_class_never_predicted_scores_zero():
    scores = per_class(confusion_matrix(["a", "b"], ["a", "a"]))
    assert scores["b"] == ClassScores(0.0, 0.0, 0.0, 1)
