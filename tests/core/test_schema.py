"""schema: enums, rule metadata surfaces, prior aliases, task rule refs and run keys."""

from __future__ import annotations

from typing import Any, get_args

import pytest
from pydantic import ValidationError

from pytest_harnessif.report.library import LANGUAGE_CODES
from pytest_harnessif.rulemeta import Wording
from pytest_harnessif.schema import (
    Family,
    Intent,
    Language,
    Prior,
    RunKey,
    Severity,
    Surface,
    Task,
    Turn,
    Verdict,
)

from ..support.factories import meta, task_dict
from ..support.verdicts import verdict


def _locs(exc: ValidationError) -> list[str]:
    return [".".join(map(str, e["loc"])) for e in exc.errors()]


@pytest.mark.parametrize("field", ["family", "modality", "method", "severity", "lineage", "prior"])
def test_bad_enum_value_is_rejected_on_its_field(field: str) -> None:
    with pytest.raises(ValidationError) as info:
        meta("CS-001", {"SP": "x"}, **{field: "nonsense"})
    assert field in _locs(info.value)


def test_bad_intent_is_rejected() -> None:
    with pytest.raises(ValidationError) as info:
        Turn.model_validate({"intent": "bugfix", "text": "fix it"})
    assert "intent" in _locs(info.value)
    assert Turn.model_validate({"intent": "bug-fix", "text": "fix it"}).intent is Intent.bug_fix


def test_bad_surface_key_is_rejected() -> None:
    with pytest.raises(ValidationError):
        meta("CS-001", {"XX": "x"})


@pytest.mark.parametrize("rule_id", ["CS-01", "cs-001", "CS001", "CSS-001", "CS-0001"])
def test_rule_id_pattern(rule_id: str) -> None:
    with pytest.raises(ValidationError) as info:
        meta(rule_id, {"SP": "x"})
    assert "id" in _locs(info.value)


def test_valid_meta_and_string_wording_is_coerced() -> None:
    m = meta("CS-014", {"SP": "Never print.", "PF": {"text": "No print."}})
    assert m.family is Family.code_style
    assert m.surfaces[Surface.SP] == Wording(text="Never print.")
    assert m.surfaces[Surface.PF].text == "No print."
    assert m.severity is Severity.must
    assert m.lineage.value == "curated"


def test_hd_is_never_a_surface() -> None:
    with pytest.raises(ValidationError, match="HD"):
        meta("CS-001", {"HD": "x", "SP": "y"})


def test_td_wording_needs_a_tool() -> None:
    with pytest.raises(ValidationError, match=r"surfaces\.TD"):
        meta("CS-001", {"TD": "a tool description without a tool"})
    ok = meta("CS-001", {"TD": {"tool": "bash", "text": "Use bash carefully."}})
    assert ok.surfaces[Surface.TD].tool == "bash"


def test_sd_wording_needs_a_skill() -> None:
    with pytest.raises(ValidationError, match=r"surfaces\.SD"):
        meta("CS-001", {"SD": {"text": "x", "tool": "bash"}})
    ok = meta("CS-001", {"SD": {"skill": "python-testing", "text": "x"}})
    assert ok.surfaces[Surface.SD].skill == "python-testing"


def test_empty_surfaces_and_empty_text_are_rejected() -> None:
    with pytest.raises(ValidationError, match="at least one surface"):
        meta("CS-001", {})
    with pytest.raises(ValidationError):
        meta("CS-001", {"SP": ""})


def test_unknown_keys_are_errors() -> None:
    with pytest.raises(ValidationError) as info:
        meta("CS-001", {"SP": "x"}, familly="code_style")
    assert "familly" in _locs(info.value)


@pytest.mark.parametrize(
    ("given", "expected"),
    [("align", Prior.align), ("against", Prior.against), ("neutral", Prior.neutral), ("against_prior", Prior.against)],
)
def test_prior_aliases(given: str, expected: Prior) -> None:
    assert meta("CS-001", {"SP": "x"}, prior=given).prior is expected


def test_severity_weights() -> None:
    assert [s.weight for s in (Severity.must, Severity.should, Severity.may)] == [3, 2, 1]


def _task(**kw: Any) -> Task:
    return Task.model_validate(task_dict(**kw))


def test_task_rule_refs_accept_strings_and_mappings() -> None:
    task = _task(rules=["CS-001", {"id": "OC-002", "ui_turn": 1, "severity": "may"}])
    assert [r.id for r in task.rules] == ["CS-001", "OC-002"]
    assert task.ref("CS-001").ui_turn == 0
    assert task.ref("OC-002").ui_turn == 1
    assert task.ref("OC-002").severity is Severity.may


def test_task_rule_injected_twice() -> None:
    with pytest.raises(ValidationError, match=r"rules\.2: rule CS-001 is injected twice"):
        _task(rules=["CS-001", "OC-002", "CS-001"])


def test_task_ui_turn_out_of_range() -> None:
    with pytest.raises(ValidationError, match=r"rules\.0\.ui_turn: turn 2 does not exist"):
        _task(rules=[{"id": "CS-001", "ui_turn": 2}])
    with pytest.raises(ValidationError):
        _task(rules=[{"id": "CS-001", "ui_turn": -1}])


def test_task_tool_and_skill_names_must_be_unique() -> None:
    tool = {"name": "lint", "description": "Run the linter.", "command": "ruff check ."}
    skill = {"name": "lint", "description": "How to lint.", "body": "Run ruff."}
    with pytest.raises(ValidationError, match="names must be unique"):
        _task(tools=[tool], skills=[skill])
    with pytest.raises(ValidationError, match="names must be unique"):
        _task(tools=[tool, tool])
    assert _task(tools=[tool]).tools[0].name == "lint"


def test_task_needs_a_turn_and_a_valid_id() -> None:
    with pytest.raises(ValidationError) as info:
        _task(turns=[])
    assert "turns" in _locs(info.value)
    with pytest.raises(ValidationError) as info:
        _task(id="Bad_Id")
    assert "id" in _locs(info.value)


def test_run_key_id_and_round_bounds() -> None:
    assert RunKey(model="gold", task="mini", round=2).id == "gold/mini/r2"
    with pytest.raises(ValidationError):
        RunKey(model="gold", task="mini", round=0)


def test_every_language_has_a_short_name() -> None:
    assert set(LANGUAGE_CODES) == set(get_args(Language))


def test_models_are_frozen() -> None:
    key = RunKey(model="gold", task="mini", round=1)
    with pytest.raises(ValidationError):
        key.round = 3  # type: ignore[misc]


def test_verdict_row_status_values() -> None:
    row = verdict("gold", "mini", "CS-001", "n/a", family="code_style", modality="forbid", method="ast")
    assert Verdict.model_validate(row).status.value == "n/a"
    with pytest.raises(ValidationError):
        Verdict.model_validate({**row, "status": "skipped"})
