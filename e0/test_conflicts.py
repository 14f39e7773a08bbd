"""The E0 conflict pilot's one check, collected under `--harness-e0`: one item per (model, round, conflict pair,
surface matchup, direction), each a fresh run of the fixed task in `conflict/` with rule A on one surface and rule
B on the other. The `conflict` fixture classifies the run with the pair's classifier."""

import pytest


def test_conflict(conflict):
    """Decisive when the run followed exactly one of the pair's two rules: the surface that carried it won."""
    if not conflict.decisive:
        pytest.skip(f"not decisive: {conflict.describe()}")
