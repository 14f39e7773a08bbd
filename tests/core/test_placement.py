"""placement: admissibility, seeded placement and the rendered instruction stack."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from pytest_harnessif.entries import RuleEntry, TaskEntry
from pytest_harnessif.placement import PlacementError, admissible, place
from pytest_harnessif.schema import Surface, Task
from pytest_harnessif.stack import HD_TEXT, render

from ..support.factories import rule_entry, task_dict, task_entry

TOOL = {"name": "run_tests", "description": "Run the test suite.", "command": "python -m pytest -q"}
SKILL = {"name": "python-testing", "description": "How this project writes tests.", "body": "Use plain asserts."}

ALL_SURFACES: dict[str, Any] = {
    "SP": "SP-WORDING",
    "TD": {"tool": "run_tests", "text": "TD-WORDING"},
    "SD": {"skill": "python-testing", "text": "SD-WORDING"},
    "PF": "PF-WORDING",
    "UI": "UI-WORDING",
}


def _task(**kw: Any) -> Task:
    return Task.model_validate(task_dict(**kw))


def test_admissible_keeps_worded_surfaces_whose_tool_and_skill_are_offered() -> None:
    entry = rule_entry("CS-001", ALL_SURFACES)
    assert admissible(entry, _task(tools=[TOOL], skills=[SKILL])) == sorted(
        [Surface.SP, Surface.TD, Surface.SD, Surface.PF, Surface.UI]
    )


def test_admissible_excludes_td_when_the_tool_is_not_offered() -> None:
    entry = rule_entry("CS-001", ALL_SURFACES)
    surfaces = admissible(entry, _task(skills=[SKILL]))
    assert Surface.TD not in surfaces
    assert Surface.SD in surfaces


def test_admissible_excludes_sd_when_the_skill_is_not_offered() -> None:
    entry = rule_entry("CS-001", ALL_SURFACES)
    surfaces = admissible(entry, _task(tools=[TOOL]))
    assert Surface.SD not in surfaces
    assert Surface.TD in surfaces


def test_builtin_tools_and_skill_loader_are_td_targets() -> None:
    on_bash = rule_entry("CS-001", {"TD": {"tool": "bash", "text": "x"}})
    assert admissible(on_bash, _task()) == [Surface.TD]
    on_loader = rule_entry("CS-002", {"TD": {"tool": "skill", "text": "x"}})
    assert admissible(on_loader, _task()) == []
    assert admissible(on_loader, _task(skills=[SKILL])) == [Surface.TD]


def test_rule_without_admissible_surface_names_task_file_and_ref(tmp_path: Path) -> None:
    rules = {
        "CS-001": rule_entry("CS-001", {"SP": "x"}),
        "CS-002": rule_entry("CS-002", {"TD": {"tool": "deploy", "text": "x"}}),
    }
    entry = task_entry(tmp_path, rules=["CS-001", "CS-002"])
    with pytest.raises(PlacementError) as info:
        place(entry, rules, seed=0)
    message = str(info.value)
    assert str(entry.dir / "task.yaml") in message
    assert "rules.1" in message
    assert "CS-002" in message


def _many_rules(n: int) -> dict[str, RuleEntry]:
    return {f"CS-{i:03d}": rule_entry(f"CS-{i:03d}", {"SP": "s", "PF": "p", "UI": "u"}) for i in range(n)}


def test_place_is_deterministic_and_within_admissible(tmp_path: Path) -> None:
    rules = _many_rules(10)
    entry = task_entry(tmp_path, rules=sorted(rules))
    first = place(entry, rules, seed=7)
    assert first == place(entry, rules, seed=7)
    assert set(first) == set(rules)
    assert all(s in (Surface.SP, Surface.PF, Surface.UI) for s in first.values())


def test_place_is_independent_of_the_other_injected_rules(tmp_path: Path) -> None:
    rules = _many_rules(10)
    everything = place(task_entry(tmp_path, rules=sorted(rules)), rules, seed=3)
    for rid in ("CS-002", "CS-007"):
        alone = place(task_entry(tmp_path / rid, rules=[rid]), rules, seed=3)
        assert alone[rid] == everything[rid]
    reversed_order = place(task_entry(tmp_path / "rev", rules=sorted(rules, reverse=True)), rules, seed=3)
    assert reversed_order == everything


def test_place_depends_on_the_seed_and_the_task(tmp_path: Path) -> None:
    rules = _many_rules(10)
    entry = task_entry(tmp_path, rules=sorted(rules))
    by_seed = [place(entry, rules, seed=s) for s in range(5)]
    assert any(p != by_seed[0] for p in by_seed[1:])
    other = task_entry(tmp_path, id="other", rules=sorted(rules))
    assert place(other, rules, seed=0) != by_seed[0]


def test_place_is_roughly_uniform_over_admissible_surfaces(tmp_path: Path) -> None:
    rules = {"CS-001": rule_entry("CS-001", ALL_SURFACES)}
    task = Task.model_validate(task_dict(tools=[TOOL], skills=[SKILL], rules=["CS-001"]))
    counts: Counter[Surface] = Counter()
    n = 400
    for i in range(n):
        entry = TaskEntry(task.model_copy(update={"id": f"task-{i}"}), tmp_path, None, None)
        counts[place(entry, rules, seed=0)["CS-001"]] += 1
    assert set(counts) == {Surface.SP, Surface.TD, Surface.SD, Surface.PF, Surface.UI}
    for surface, count in counts.items():
        assert 0.1 < count / n < 0.3, (surface, counts)


# --- render ----------------------------------------------------------------------------------------


def _render(tmp_path: Path, placed: dict[str, Surface], refs: list[Any] | None = None, **kw: Any) -> Any:
    rules = {
        rid: rule_entry(
            rid,
            {
                "SP": f"{rid}-SP",
                "TD": {"tool": "run_tests", "text": f"{rid}-TD"},
                "SD": {"skill": "python-testing", "text": f"{rid}-SD"},
                "PF": f"{rid}-PF",
                "UI": f"{rid}-UI",
            },
        )
        for rid in placed
    }
    entry = task_entry(tmp_path, tools=[TOOL], skills=[SKILL], rules=refs or sorted(placed), **kw)
    return render(entry, rules, placed)


def _everything_but(stack: Any, *, tool: str | None = None, skill: str | None = None) -> str:
    parts = [stack.system_prompt, stack.project_file[1], *stack.turns]
    parts += [t.description for t in stack.tools if t.name != tool]
    parts += [body for name, body in stack.skills.items() if name != skill]
    return "\n".join(parts)


def test_render_sp_goes_to_the_system_prompt_after_hd(tmp_path: Path) -> None:
    stack = _render(tmp_path, {"CS-001": Surface.SP})
    prompt = stack.system_prompt
    assert prompt.startswith(HD_TEXT)
    assert "CS-001-SP" in prompt
    assert prompt.index(HD_TEXT) < prompt.index("You maintain a tiny library.") < prompt.index("CS-001-SP")
    assert "CS-001-SP" not in stack.project_file[1] + "".join(stack.turns)
    assert stack.placement == {"CS-001": "SP"}


def test_render_td_goes_to_that_tool_description_only(tmp_path: Path) -> None:
    stack = _render(tmp_path, {"CS-001": Surface.TD})
    descriptions = {t.name: t.description for t in stack.tools}
    assert "CS-001-TD" in descriptions["run_tests"]
    assert descriptions["run_tests"].startswith("Run the test suite.")
    assert "CS-001-TD" not in _everything_but(stack, tool="run_tests")
    assert {"bash", "read_file", "write_file", "edit_file", "list_files", "run_tests", "skill"} == set(descriptions)


def test_render_sd_goes_to_that_skill_body_only_and_skills_are_listed(tmp_path: Path) -> None:
    stack = _render(tmp_path, {"CS-001": Surface.SD})
    assert stack.skills["python-testing"].startswith("Use plain asserts.")
    assert "CS-001-SD" in stack.skills["python-testing"]
    assert "CS-001-SD" not in _everything_but(stack, skill="python-testing")
    assert "python-testing: How this project writes tests." in stack.system_prompt
    loader = next(t for t in stack.tools if t.name == "skill")
    assert loader.parameters["properties"]["name"]["enum"] == ["python-testing"]


def test_render_without_skills_offers_no_skill_loader(tmp_path: Path) -> None:
    entry = task_entry(tmp_path)
    stack = render(entry, {}, {})
    assert "skill" not in {t.name for t in stack.tools}
    assert stack.skills == {}
    assert "Skills available" not in stack.system_prompt


def test_render_pf_goes_to_project_file_and_system_prompt(tmp_path: Path) -> None:
    stack = _render(tmp_path, {"CS-001": Surface.PF})
    path, text = stack.project_file
    assert path == "AGENTS.md"
    assert text.startswith("# A demo task")
    assert "CS-001-PF" in text
    assert "CS-001-PF" in stack.system_prompt
    assert "Project instructions (AGENTS.md)" in stack.system_prompt
    assert not any("CS-001-PF" in t for t in stack.turns)


def test_render_pf_extends_an_existing_project_file(tmp_path: Path) -> None:
    entry = task_entry(tmp_path, project_file="CLAUDE.md", rules=["CS-001"])
    (entry.repo / "CLAUDE.md").write_text("# House rules\nBe nice.\n", encoding="utf-8")
    rules = {"CS-001": rule_entry("CS-001", {"PF": "CS-001-PF"})}
    path, text = render(entry, rules, {"CS-001": Surface.PF}).project_file
    assert path == "CLAUDE.md"
    assert text.startswith("# House rules\nBe nice.")
    assert text.index("Be nice.") < text.index("CS-001-PF")


def test_render_ui_goes_to_turn_zero_by_default(tmp_path: Path) -> None:
    stack = _render(tmp_path, {"CS-001": Surface.UI})
    assert stack.turns[0].startswith("Add a function.")
    assert stack.turns[0].endswith("CS-001-UI")
    assert stack.turns[1] == "Run the tests."
    assert "CS-001-UI" not in stack.system_prompt


def test_render_ui_goes_to_the_named_turn_only(tmp_path: Path) -> None:
    stack = _render(tmp_path, {"CS-001": Surface.UI}, refs=[{"id": "CS-001", "ui_turn": 1}])
    assert stack.turns[0] == "Add a function."
    assert stack.turns[1].startswith("Run the tests.")
    assert "CS-001-UI" in stack.turns[1]


def test_render_places_each_rule_on_its_own_surface(tmp_path: Path) -> None:
    placed = {"CS-001": Surface.SP, "CS-002": Surface.PF, "CS-003": Surface.UI, "CS-004": Surface.TD}
    stack = _render(tmp_path, placed)
    prompt = stack.system_prompt
    assert "CS-001-SP" in prompt
    assert "CS-002-SP" not in prompt
    assert "CS-003-UI" in stack.turns[0]
    assert "CS-004-TD" in next(t.description for t in stack.tools if t.name == "run_tests")
    assert stack.placement == {k: str(v) for k, v in placed.items()}


def test_wording_with_stray_tool_is_rejected_or_rendered(tmp_path: Path) -> None:
    try:
        rules = {"CS-001": rule_entry("CS-001", {"PF": {"text": "CS-001-PF", "tool": "bash"}})}
    except ValidationError:
        return  # rejecting the wording up front is an acceptable fix
    entry = task_entry(tmp_path, rules=["CS-001"])
    stack = render(entry, rules, {"CS-001": Surface.PF})
    assert "CS-001-PF" in stack.project_file[1]


def test_render_fills_in_the_tasks_commands(tmp_path: Path) -> None:
    rules = {"WF-001": rule_entry("WF-001", {"SP": "Run `{task:test}` after each edit.", "PF": "Lint: {task:lint}."})}
    entry = task_entry(tmp_path, rules=["WF-001"], commands={"test": "npm test", "lint": "node tools/lint.mjs"})
    assert "Run `npm test` after each edit." in render(entry, rules, {"WF-001": Surface.SP}).system_prompt
    assert "Lint: node tools/lint.mjs." in render(entry, rules, {"WF-001": Surface.PF}).project_file[1]
