import pytest

from evalkit.binning import Bin, equal_width_bins, score_histogram


def test_scores_land_in_half_open_bins():
    bins = equal_width_bins([0.1, 0.5, 0.49, 1.0], n_bins=2)
    assert bins == [Bin(0.0, 0.5, (0, 2)), Bin(0.5, 1.0, (1, 3))]


def test_histogram_counts_per_bin():
    assert score_histogram([0.05, 0.4, 0.5, 0.9], n_bins=3) == [
        (0.0, pytest.approx(1 / 3), 1),
        (pytest.approx(1 / 3), pytest.approx(2 / 3), 2),
        (pytest.approx(2 / 3), 1.0, 1),
    ]


@pytest.mark.parametrize("scores, n_bins", [([0.5], 0), ([1.2], 10), ([-0.1], 10)])
def test_invalid_input_is_rejected(scores, n_bins):
    with pytest.raises(ValueError):
        equal_width_bins(scores, n_bins)
