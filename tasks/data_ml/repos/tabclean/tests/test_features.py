import pytest

from tabclean.features import bucketize, minmax_scale, zscore


def test_minmax_scale_maps_onto_unit_interval():
    assert minmax_scale([10.0, 20.0, 15.0]) == [0.0, 1.0, 0.5]


def test_zscore_has_zero_mean():
    scores = zscore([1.0, 2.0, 3.0])
    assert scores == pytest.approx([-1.0, 0.0, 1.0])


def test_zscore_of_constant_column_is_zero():
    assert zscore([4.0, 4.0, 4.0]) == [0.0, 0.0, 0.0]


def test_bucketize_edges_are_inclusive_lower_bounds():
    assert bucketize([5.0, 18.0, 30.0, 65.0], [18.0, 30.0, 65.0]) == [0, 1, 2, 3]
