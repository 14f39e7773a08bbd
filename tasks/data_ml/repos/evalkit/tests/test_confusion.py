import pytest

from evalkit.confusion import confusion_matrix, labels_of


def test_labels_are_sorted_and_distinct():
    assert labels_of(["b", "a", "b", "c"]) == ["a", "b", "c"]


def test_confusion_matrix_counts_pairs():
    matrix = confusion_matrix(["a", "a", "b", "b"], ["a", "b", "b", "b"])
    assert matrix == {"a": {"a": 1, "b": 1}, "b": {"a": 0, "b": 2}}


def test_explicit_labels_fix_the_order_and_add_empty_rows():
    matrix = confusion_matrix(["a"], ["a"], labels=["b", "a"])
    assert list(matrix) == ["b", "a"]
    assert matrix["b"] == {"b": 0, "a": 0}


def test_length_mismatch_is_an_error():
    with pytest.raises(ValueError, match="y_pred has 1"):
        confusion_matrix(["a", "b"], ["a"])
