"""xdist_scheduling: the trajectory-key scope of rule items."""

from __future__ import annotations

import pytest

from pytest_harnessif.xdist_scheduling import TrajectoryScheduling


@pytest.fixture
def sched() -> TrajectoryScheduling:
    return object.__new__(TrajectoryScheduling)


def test_rule_items_of_one_key_share_a_scope(sched: TrajectoryScheduling) -> None:
    a = sched._split_scope("rule_checks/code_style/test_cs.py::test_no_print[gold-mini-r1]")
    b = sched._split_scope("rule_checks/workflow/test_wf.py::test_runs_tests[gold-mini-r1]")
    assert a == b == "harness:gold-mini-r1"


def test_different_keys_get_different_scopes(sched: TrajectoryScheduling) -> None:
    scopes = {
        sched._split_scope(f"rule_checks/x/test_x.py::test_x[{key}]")
        for key in ("gold-mini-r1", "gold-mini-r2", "defaults-mini-r1", "gold-other-r1")
    }
    assert len(scopes) == 4


def test_model_names_with_slashes_and_at(sched: TrajectoryScheduling) -> None:
    nodeid = "rule_checks/x/test_x.py::test_x[openai/gpt-5.5@http://h:8000/v1-mini-r1]"
    assert sched._split_scope(nodeid) == "harness:openai/gpt-5.5@http://h:8000/v1-mini-r1"


def test_plain_items_group_by_module_or_class(sched: TrajectoryScheduling) -> None:
    assert sched._split_scope("tests/test_plugin.py::test_x") == "tests/test_plugin.py"
    assert sched._split_scope("tests/test_plugin.py::TestA::test_x") == "tests/test_plugin.py::TestA"


def test_ordinary_parametrized_tests_group_by_module(sched: TrajectoryScheduling) -> None:
    a = sched._split_scope("tests/rules/test_a.py::test_fixture[pass]")
    b = sched._split_scope("tests/rules/test_b.py::test_fixture[pass]")
    assert a != b


def test_with_concurrency_a_scope_is_a_unit_of_consecutive_trajectories(sched: TrajectoryScheduling) -> None:
    sched.per_unit = 2
    keys = ["gold-a-r1", "gold-a-r2", "gold-b-r1", "gold-b-r2", "gold-c-r1"]
    sched.collection = [f"rule_checks/x/test_x.py::test_{rule}[{key}]" for key in keys for rule in ("p", "q")]
    sched.collection.insert(3, "tests/test_plain.py::test_other")  # a plain item neither joins nor splits a unit
    scopes = [sched._split_scope(n) for n in sched.collection]
    assert scopes[:3] == ["harness-unit:0"] * 3 and scopes[3] == "tests/test_plain.py"
    assert scopes[4:] == ["harness-unit:0"] * 1 + ["harness-unit:1"] * 4 + ["harness-unit:2"] * 2
