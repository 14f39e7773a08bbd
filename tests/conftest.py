"""Test-suite wiring."""

import importlib

import pytest

from .support.verdicts import verdict

collect_ignore = ["data", "taskflow/swe"]


@pytest.fixture(scope="session", autouse=True)
def _report_stack_loaded(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Load the report stack once, before any test runs: numpy (under pandas/scipy/matplotlib, which reports
    import lazily) cannot be loaded twice in one process, and pytester's in-process runs drop modules first
    imported inside them. Done here, not at import, so `pytest --harness-model=...` does not pay for it."""
    import matplotlib

    matplotlib.use("Agg")
    for name in ("matplotlib.pyplot", "numpy.fft", "pandas", "scipy.sparse", "scipy.stats"):
        importlib.import_module(name)
    from pytest_harnessif.report.records import write_run

    row = verdict(scenario="s", family="workflow", prior="neutral")
    write_run(tmp_path_factory.mktemp("report-stack"), [row], {})
