"""SWE-TaskFlow's one check, collected under `--harness-taskflow=DATASET`: per (model, task, round) of the chosen
configuration, one item per measurement of the recorded session — the clean checkpoint, a checkpoint after each
issue turn, the final resolve, and for each repository question its answer and whether the repository stayed
unchanged. The `flow` fixture measures the item's row; see docs/taskflow-runs.md."""

import pytest


def test_taskflow(flow):
    """Passes when the measurement holds: the clean state shows the issue (no FAIL_TO_PASS test passes, every
    PASS_TO_PASS test does), a checkpoint or the final state resolves the issue, an answer is judged correct, a
    question turn left the repository unchanged."""
    if not flow.scored:  # unjudged, or a question never asked: reported apart
        pytest.skip(flow.reason)
    assert flow.passed, flow.reason
