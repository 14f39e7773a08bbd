"""An audit's tables: compliance per rule with its bootstrap interval over sessions, per agent with sessions as
clusters, "not in the log" counted apart from other n/a, the worst sessions with their evidence line, and the
population kept apart."""

from __future__ import annotations

import math

import pytest

from pytest_harnessif.metrics.audit import SessionFacts, agents, analyse, rules, sessions, worst
from pytest_harnessif.metrics.populations import PopulationError

from ..support.verdicts import verdict


def row(task: str, rule: str, status: str, reason: str = "", model: str = "claude") -> dict:
    return verdict(model=model, task=task, rule=rule, status=status, reason=reason, population="audit")


def test_rule_compliance_has_an_interval_over_sessions_and_counts_what_the_log_cannot_show() -> None:
    rows = [row(f"s{i}", "TU-011", "pass" if i < 16 else "fail", "grep -r in turn 0\nmore") for i in range(20)]
    rows += [row(f"s{i}", "CS-001", "n/a", "not in the log: the workspace's files") for i in range(20)]
    rows += [row("s0", "OC-041", "n/a", "no turn used a tool")]
    table = rules(rows).set_index("rule")
    tu = table.loc["TU-011"]
    assert (tu["pass"], tu["fail"], tu["compliance"]) == (16, 4, 80.0)
    assert 55 < tu["ci_low"] < 80 < tu["ci_high"] < 100
    assert (table.loc["CS-001", "not_in_log"], table.loc["CS-001", "na"]) == (20, 20)
    assert math.isnan(table.loc["CS-001", "compliance"])
    assert (table.loc["OC-041", "na"], table.loc["OC-041", "not_in_log"]) == (1, 0)
    assert next(iter(table.index)) == "TU-011"  # most violated first


def test_more_sessions_narrow_the_interval() -> None:
    def width(n: int) -> float:
        t = rules([row(f"s{i}", "R", "pass" if i % 4 else "fail") for i in range(n)]).iloc[0]
        return float(t["ci_high"] - t["ci_low"])

    assert width(400) < width(40) / 2


def test_an_agent_interval_resamples_whole_sessions() -> None:
    rows = [row(f"s{i}", r, "pass") for i in range(10) for r in ("A", "B", "C")]
    rows += [row("bad", r, "fail") for r in ("A", "B", "C")]
    table = agents(rows).set_index("model").loc["claude"]
    assert (table["sessions"], table["scored"]) == (11, 33)
    assert table["compliance"] == pytest.approx(30 / 33 * 100)
    assert table["ci_low"] < table["compliance"] <= table["ci_high"] == 100.0


def test_worst_sessions_come_first_with_their_evidence_line() -> None:
    rows = [row("calm", "TU-011", "fail", "`grep -rn x src` caps nothing\nassert ..."),
            row("messy", "TU-011", "fail", "`rg foo` caps nothing"), row("messy", "OC-001", "fail", "no STATUS"),
            row("fine", "TU-011", "pass")]  # fmt: skip
    table = worst(rows)
    tu = table[table["rule"] == "TU-011"]
    assert list(tu["task"]) == ["messy", "calm"] and list(tu["evidence"]) == ["`rg foo` caps nothing",
                                                                              "`grep -rn x src` caps nothing"]


def test_each_session_shows_its_flow_beside_its_violations() -> None:
    rows = [row("s1", "TU-011", "fail"), row("s1", "OC-001", "fail"), row("s1", "CS-001", "n/a", "not in the log: x"),
            row("s2", "TU-011", "pass")]  # fmt: skip
    facts = {"s1": SessionFacts("codex", ["bug-fix", "explain"], ["workspace"]), "s2": SessionFacts("generic", [], [])}
    table = sessions(rows, facts).set_index("task")
    assert table.loc["s1", "flow"] == "bug-fix > explain" and table.loc["s1", "violations"] == "OC-001, TU-011"
    assert (table.loc["s1", "not_in_log"], table.loc["s2", "fail"], table.loc["s1", "format"]) == (1, 0, "codex")
    assert set(analyse(rows, facts).tables()) == {"agents", "rules", "worst", "sessions"}


def test_audit_rows_are_never_pooled_with_the_panel() -> None:
    with pytest.raises(PopulationError):
        rules([row("s1", "R", "pass"), verdict(rule="R")])
