import pytest

from tabclean.stats import describe, mean, median, stdev


def test_mean_and_median_odd_length():
    assert mean([1.0, 2.0, 6.0]) == 3.0
    assert median([6.0, 1.0, 2.0]) == 2.0


def test_median_even_length_averages_middle_pair():
    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5


def test_stdev_is_sample_standard_deviation():
    assert stdev([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]) == pytest.approx(2.138, abs=1e-3)
    assert stdev([5.0]) == 0.0


def test_empty_input_raises():
    with pytest.raises(ValueError):
        mean([])
    with pytest.raises(ValueError):
        median([])


def test_describe_reports_all_fields():
    summary = describe([1.0, 2.0, 3.0])
    expected = {"count": 3.0, "mean": 2.0, "median": 2.0, "stdev": 1.0}
    assert summary == {**expected, "min": 1.0, "max": 3.0}
