"""The original tests of an instance on a workspace state (taskflow spec 10): test patch applied, FAIL_TO_PASS and
PASS_TO_PASS run, outcomes read from pytest's `-rA` lines. On the four local instances the clean state shows the
issue, each hunk of the gold patch makes more FAIL_TO_PASS tests pass and the whole patch resolves it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.checks.verifier import outcomes, run_tests
from pytest_harnessif.sandbox.local import from_directory
from pytest_harnessif.swe import Instance, hunks
from pytest_harnessif.taskflow.instances import read_instances

from .swefixtures import NAMES, Inputs

OUTPUT = """\
tests/test_a.py::test_x PASSED
=========================== short test summary info ============================
PASSED tests/test_a.py::test_x
PASSED tests/test_a.py::test_p[a b]
FAILED tests/test_a.py::test_y - AssertionError: assert 1 == 2
ERROR tests/test_b.py::test_z - fixture 'db' not found
XFAIL tests/test_b.py::test_w - known bug
"""


def test_outcomes_are_read_from_the_summary_lines() -> None:
    tests = ("tests/test_a.py::test_x", "tests/test_a.py::test_y", "tests/test_b.py::test_z",
             "tests/test_a.py::test_p[a b]", "tests/test_b.py::test_w", "tests/test_c.py::test_gone")  # fmt: skip
    assert outcomes(OUTPUT, tests) == dict(zip(tests, ["PASSED", "FAILED", "ERROR", "PASSED", "XFAIL", "MISSING"],
                                               strict=True))  # fmt: skip


def _instances(inputs: Inputs) -> dict[str, Instance]:
    by_id = {i.instance_id: i for i in read_instances(inputs.instances)}
    return {name: by_id[inputs.ids[name]] for name in NAMES}


def _clean(inputs: Inputs, instance: Instance, tmp_path: Path) -> Path:
    from pytest_harnessif.taskflow.instances import find_clone, write_base

    tree = tmp_path / instance.task_id
    write_base(instance, find_clone(instance, inputs.repos, {}), tree)
    return tree


@pytest.mark.parametrize("name", NAMES)
def test_each_hunk_brings_the_instance_closer(swe_inputs: Inputs, tmp_path: Path, name: str) -> None:
    instance = _instances(swe_inputs)[name]
    tree = _clean(swe_inputs, instance, tmp_path)
    passing = []
    parts = hunks(instance.patch)
    assert len(parts) == 3
    for upto in range(4):
        with from_directory(tree) as box:
            for part in parts[:upto]:
                assert box.exec("git apply -", stdin=part).exit_code == 0
            result = run_tests(box, instance)
        assert result.problem is None, result.output[-2000:]
        assert len(result.passing(result.pass_to_pass)) == len(result.pass_to_pass), result.describe()
        passing.append(len(result.passing(result.fail_to_pass)))
        assert result.resolved == (upto == 3)
    assert passing[0] == 0 and passing == sorted(set(passing)), passing  # strictly more after every hunk
    assert passing[-1] == len(instance.FAIL_TO_PASS)


def test_a_state_the_test_patch_does_not_fit_is_no_result(swe_inputs: Inputs, tmp_path: Path) -> None:
    instance = _instances(swe_inputs)[NAMES[0]]
    tree = _clean(swe_inputs, instance, tmp_path)
    with from_directory(tree) as box:
        assert box.exec("git apply -", stdin=instance.test_patch).exit_code == 0  # the tests are already there
        result = run_tests(box, instance)
    assert result.problem is not None and result.problem.startswith("the test patch does not apply")
    assert not result.resolved and result.rate == 0
