"""`harnessif panel` and report.panel: per-task and per-scenario tables from the task files, the bounds, and the
TFAS of the panel's turn flows with what limits each component."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.library import load_tasks
from pytest_harnessif.report.panel import limits, out_of_bounds, rules_line, task_stats
from pytest_harnessif.schema import Intent, Surface
from pytest_harnessif.taskflow.distributions import LENGTH_BINS
from pytest_harnessif.taskflow.tfas import compare, similarity
from tests.support.factories import rule_entry, task_dict, write_task

NF, BF, EX, EP = Intent.new_feature, Intent.bug_fix, Intent.execute, Intent.explain


def _rules() -> dict:
    return {
        "CS-001": rule_entry("CS-001", {"SP": "a", "PF": "a"}),
        "CS-002": rule_entry("CS-002", {"SP": "b"}, prior="neutral", method="llm_judge",
                             rubric={"question": "q?", "pass_if": ["p"], "fail_if": ["f"], "na_if": []}),
        "CS-003": rule_entry("CS-003", {"SP": "c"}, prior="neutral"),
    }


def _turns(n: int) -> list[dict[str, str]]:
    return [{"intent": "new-feature", "text": f"Step {i}."} for i in range(n - 1)] + [{"intent": "execute",
                                                                                       "text": "Commit."}]


def test_task_stats_count_rules_scorable_surfaces_and_methods(tmp_path: Path) -> None:
    refs = [{"id": "CS-001", "opportunity": [0, 2]}, {"id": "CS-002", "opportunity": [1]},
            {"id": "CS-003", "opportunity": []}]
    write_task(tmp_path, task_dict(turns=_turns(3), rules=refs, languages=["c"]))
    tasks = load_tasks(tmp_path, _rules())
    placed = {("mini", "CS-001"): Surface.PF, ("mini", "CS-002"): Surface.SP, ("mini", "CS-003"): Surface.SP}
    (stats,) = task_stats(tasks, _rules(), placed)
    assert (stats.turns, stats.injected, stats.scorable, stats.against_scorable) == (3, 3, 2, 1)
    assert stats.surfaces == {"SP": 2, "TD": 0, "SD": 0, "PF": 1, "UI": 0}
    assert (stats.deterministic, stats.judged, stats.languages, stats.repo) == (2, 1, ["c"], "mini/repo")
    assert out_of_bounds([stats]) == ["mini: turns 3 (bound 6-10)", "mini: rules 3 (bound 25-35)",
                                      "mini: scorable 2 (bound 10-27)"]
    undeclared = stats.model_copy(update={"scorable": None, "turns": 6, "injected": 30})
    assert out_of_bounds([undeclared]) == ["mini: scorable undeclared (bound 10-27)"]


def test_the_rules_line_counts_distinct_rules_and_names_those_never_injected(tmp_path: Path) -> None:
    rules = {**_rules(), "PW-001": rule_entry("PW-001", {"SP": "d"}, family="professional_writing")}
    refs = [{"id": "CS-001", "opportunity": [0]}, {"id": "CS-003", "opportunity": []}]
    write_task(tmp_path, task_dict(turns=_turns(3), rules=refs))
    line = rules_line(load_tasks(tmp_path, rules), rules)
    assert line == ("rules: 2 distinct injected (1 with an opportunity) of the 3 a coding task may take; "
                    "never injected: CS-002")


def test_the_length_limit_is_the_best_any_panel_within_the_bound_can_reach() -> None:
    target = [[NF] * 4, [NF] * 5, [NF, BF, NF, BF, EX, NF], [NF] * 12]
    comparison = compare(target, [[EP, NF, NF, BF, NF, EX]] * 3, replicates=0)
    lines = limits(comparison, (6, 10))
    point_mass = np.zeros(len(LENGTH_BINS))
    point_mass[LENGTH_BINS.index("6-10")] = 1
    best = 100 * similarity(comparison.target.L, point_mass)
    assert lines[0].endswith(f"no panel scores above {best:.1f}")
    assert "panel lengths 6-10 100% (target 25%)" in lines[0]
    wider = limits(comparison, (4, 12))[0]  # a bound spanning every target bin lets a panel match it exactly
    assert wider.endswith("no panel scores above 100.0")
    assert lines[1].startswith("S_T ") and "explain 17% (target 0%)" in lines[1]
    assert "under-represented new-feature->new-feature 14% (target 58%)" in lines[2]
    assert "absent from the target START->explain 14%" in lines[2]


def test_panel_command_on_the_bundled_panel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[2]
    out_json = tmp_path / "panel.json"
    assert main(["panel", "--tasks", str(root / "tasks"), "--rules", str(root / "rule_checks"),
                 "--bootstrap", "50", "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    data = json.loads(out_json.read_text())
    tfas = data["tfas"]["score"]["tfas"]
    assert f"TFAS {tfas:.1f} [" in out and "what limits" not in out
    assert "S_L " in out and "scenario" in out and out.count("\n") < 40 + len(data["tasks"])
    assert len(data["tasks"]) == len({p.parent.name for p in (root / "tasks").glob("*/*/task.yaml")})


def test_panel_command_errors_name_the_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[2]
    assert main(["panel", "--tasks", str(tmp_path), "--rules", str(root / "rule_checks")]) == 2
    assert "no task under" in capsys.readouterr().err
    assert main(["panel", "--tasks", str(root / "tasks"), "--rules", str(root / "rule_checks"),
                 "--target", str(tmp_path / "nope.jsonl")]) == 2
    assert "nope.jsonl" in capsys.readouterr().err
