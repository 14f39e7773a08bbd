"""Test-suite wiring, and the four local issue instances as SWE-bench inputs and as an imported SWE-TaskFlow dataset
(used by the SWE-TaskFlow and scale-out tests)."""

import importlib
from pathlib import Path

import pytest

from pytest_harnessif.taskflow.baseline import BaselineModel
from pytest_harnessif.taskflow.classify import Classifier
from pytest_harnessif.taskflow.corpora import label_sequences, load_corpus
from pytest_harnessif.taskflow.dataset import Inputs as DatasetInputs
from pytest_harnessif.taskflow.dataset import build_dataset
from pytest_harnessif.taskflow.distributions import task_flow
from pytest_harnessif.taskflow.targets import ECP_SAMPLE

from .support.verdicts import verdict
from .taskflow.swefixtures import Inputs, write_inputs

collect_ignore = ["data", "taskflow/swe"]


@pytest.fixture(scope="session", autouse=True)
def _report_stack_loaded(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Load the report stack and the docker SDK once, before any test runs: numpy (under pandas/scipy/matplotlib,
    which reports import lazily) cannot be loaded twice in one process, pytester's in-process runs drop modules
    first imported inside them, and a docker client built on a re-imported `requests` fails ("You can only merge
    into CookieJar"). Done here, not at import, so `pytest --harness-model=...` does not pay for it."""
    import matplotlib

    matplotlib.use("Agg")
    for name in ("matplotlib.pyplot", "numpy.fft", "pandas", "scipy.sparse", "scipy.stats", "docker"):
        importlib.import_module(name)
    from pytest_harnessif.report.records import write_run

    row = verdict(scenario="s", family="workflow", prior="neutral")
    write_run(tmp_path_factory.mktemp("report-stack"), [row], {})


@pytest.fixture(scope="session")
def swe_inputs(tmp_path_factory: pytest.TempPathFactory) -> Inputs:
    """The four local issue instances as SWE-bench data: clones, an instance file and augmentations."""
    return write_inputs(tmp_path_factory.mktemp("swe-inputs"))


@pytest.fixture(scope="session")
def swe_dataset(swe_inputs: Inputs, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SWE-TaskFlow dataset imported from them, every configuration built (read-only for the tests)."""
    out = tmp_path_factory.mktemp("swe-dataset") / "dataset"
    label = Classifier(BaselineModel()).classify_many
    build_dataset(DatasetInputs(swe_inputs.instances, swe_inputs.augment, swe_inputs.repos, {}), out,
                  lambda texts: [c.label for c in label(texts)], task_flow(label_sequences(load_corpus(ECP_SAMPLE))))
    return out
