"""Test-suite wiring."""

# numpy (under pandas/scipy/matplotlib, which reports import lazily) cannot be loaded twice in one process,
# and pytester's in-process runs drop modules first imported inside them: load the report stack up front.
import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot
import numpy.fft  # noqa: F401
import pandas  # noqa: F401
import scipy.sparse
import scipy.stats  # noqa: F401

collect_ignore = ["data"]


@pytest.fixture(scope="session", autouse=True)
def _report_stack_loaded(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Write one report up front, so every module the end-of-run report needs is loaded before pytester runs."""
    from pytest_harnessif.report.records import write_run

    row = {
        "model": "m",
        "task": "t",
        "scenario": "s",
        "round": 1,
        "rule": "XX-001",
        "family": "workflow",
        "modality": "require",
        "prior": "neutral",
        "lineage": "curated",
        "surface": "SP",
        "severity": "must",
        "method": "regex",
        "status": "pass",
    }
    write_run(tmp_path_factory.mktemp("report-stack"), [row], {})
