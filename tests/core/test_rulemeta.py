"""rulemeta: the eight tag axes, per-surface fit and admissibility, validated at import with the field named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from pytest_harnessif.authoring import RuleDefinitionError, rule
from pytest_harnessif.library import LibraryError, composable, load_tasks
from pytest_harnessif.placement import admissible, place
from pytest_harnessif.rulemeta import Fit, Provenance, Universality, Verifiability
from pytest_harnessif.schema import Surface, Task

from ..support.factories import meta, rule_entry, task_dict, task_entry, write_task

WORDED = {"SP": "x", "PF": "y", "UI": "z"}


def _error(**kw: Any) -> str:
    with pytest.raises(ValidationError) as info:
        meta("CS-001", WORDED, **kw)
    return str(info.value)


def test_fit_parses_from_text_and_covers_exactly_the_worded_surfaces() -> None:
    m = meta("CS-001", WORDED, fit="SP:high PF:medium UI:low")
    assert m.fit == {Surface.SP: Fit.high, Surface.PF: Fit.medium, Surface.UI: Fit.low}
    assert "fit: give every worded surface a fit" in _error(fit="SP:high PF:medium")
    assert "fitted: PF SP TD UI" in _error(fit="SP:high PF:medium UI:low TD:high")
    assert "fit.SP" in _error(fit="SP:great PF:medium UI:low")
    assert "at least one surface needs fit medium or high" in _error(fit="SP:low PF:low UI:low")


def test_admissible_surfaces_follow_the_threshold() -> None:
    m = meta("CS-001", WORDED, fit="SP:high PF:medium UI:low")
    assert m.admissible(Fit.medium) == [Surface.SP, Surface.PF]
    assert m.admissible(Fit.low) == [Surface.SP, Surface.PF, Surface.UI]


def test_verifiability_follows_the_method_and_must_agree_with_it() -> None:
    assert meta("CS-001", WORDED, fit="SP:high PF:high UI:low").verifiability is Verifiability.deterministic
    rubric = {"question": "q", "pass_if": ["a"], "fail_if": ["b"]}
    judged = meta("CS-001", WORDED, fit="SP:high PF:high UI:low", method="llm_judge", rubric=rubric,
                  observability="deep")
    assert judged.verifiability is Verifiability.rubric
    assert "verifiability: a regex rule is deterministic" in _error(verifiability="rubric")
    subjective = meta("CS-001", WORDED, fit="SP:high PF:high UI:low", method="llm_judge", rubric=rubric,
                      observability="deep", verifiability="subjective")
    assert subjective.verifiability is Verifiability.subjective


def test_deep_observability_needs_a_judge_and_specific_rules_name_scenarios() -> None:
    fit = "SP:high PF:high UI:low"
    assert "observability: semantic intent (deep) needs a judge" in _error(fit=fit, observability="deep")
    assert "scenarios: name the scenarios" in _error(fit=fit, universality="specific")
    assert "scenarios: name the scenarios" in _error(fit=fit, scenarios=("backend",))
    assert meta("CS-001", WORDED, fit=fit, universality="specific", scenarios=("backend",)).scenarios == ("backend",)


def test_provenance_follows_the_source_form() -> None:
    fit = "SP:high PF:high UI:low"
    assert meta("CS-001", WORDED, fit=fit, source="archetype no-emoji").provenance is Provenance.survey
    assert meta("CS-001", WORDED, fit=fit, source="curated: house style").provenance is Provenance.curated
    assert "source" in _error(fit=fit, source="my own idea")


@pytest.mark.parametrize(
    ("universality", "kind", "scenarios", "refused"),
    [
        ("universal", "coding", (), None),
        ("universal", "non_coding", (), None),
        ("cross-coding", "non_coding", (), "is cross-coding: it goes into coding tasks only"),
        ("cross-non-coding", "coding", (), "is cross-non-coding: it goes into non-coding cases only"),
        ("specific", "coding", ("frontend",), "is specific to scenarios frontend, not demo"),
        ("specific", "coding", ("demo",), None),
    ],
)
def test_universality_decides_which_tasks_a_rule_is_composed_into(
    universality: str, kind: str, scenarios: tuple[str, ...], refused: str | None
) -> None:
    m = meta("CS-001", WORDED, fit="SP:high PF:high UI:low", universality=universality, scenarios=scenarios)
    task = Task.model_validate(task_dict(kind=kind))
    message = composable(m, task)
    assert (message is None) if refused is None else (message is not None and message.startswith(refused))
    assert Universality(universality)


def test_a_task_injecting_a_rule_it_cannot_take_names_file_and_field(tmp_path: Path) -> None:
    rules = {"CS-001": rule_entry("CS-001", WORDED, fit="SP:high PF:high UI:low", universality="cross-non-coding")}
    write_task(tmp_path, task_dict(rules=["CS-001"]))
    with pytest.raises(LibraryError, match=r"mini/task.yaml: rules.0: rule CS-001 is cross-non-coding"):
        load_tasks(tmp_path, rules)


@pytest.mark.parametrize(("kind", "refused"), [("coding", True), ("non_coding", False)])
def test_professional_writing_rules_go_into_non_coding_cases_only(kind: str, refused: bool) -> None:
    """Even a universal writing rule: the coding panel holds none (the spec's non-coding extension uses them)."""
    m = meta("PW-001", WORDED, family="professional_writing", fit="SP:high PF:high UI:low", universality="universal")
    message = composable(m, Task.model_validate(task_dict(kind=kind)))
    assert (message or "").startswith("is a professional-writing rule") if refused else message is None


def test_placement_draws_among_surfaces_at_the_threshold(tmp_path: Path) -> None:
    rules = {"CS-001": rule_entry("CS-001", WORDED, fit="SP:high PF:medium UI:low")}
    entry = task_entry(tmp_path, rules=["CS-001"])
    assert admissible(rules["CS-001"], entry.task) == [Surface.PF, Surface.SP]
    assert admissible(rules["CS-001"], entry.task, Fit.low) == [Surface.PF, Surface.SP, Surface.UI]
    medium = {place(entry, rules, seed)["CS-001"] for seed in range(40)}
    low = {place(entry, rules, seed, Fit.low)["CS-001"] for seed in range(40)}
    assert medium == {Surface.PF, Surface.SP} and low == {Surface.PF, Surface.SP, Surface.UI}


@pytest.mark.parametrize(
    ("languages", "task_languages", "refused"),
    [
        ((), ["go"], None),
        (("python",), ["python", "sql"], None),
        (("c",), ["c", "shell"], None),
        (("javascript", "typescript"), ["javascript", "jsx"], None),
        (("typescript",), ["tsx"], None),
        (("c",), ["python"], "reads c code only, and this repository is written in python"),
        (("python", "javascript", "typescript", "c"), ["go"], "reads python and javascript and typescript and c"),
    ],
)
def test_a_rule_that_reads_code_goes_only_into_repositories_in_its_languages(
    languages: tuple[str, ...], task_languages: list[str], refused: str | None
) -> None:
    m = meta("CS-001", WORDED, fit="SP:high PF:high UI:low", languages=languages)
    message = composable(m, Task.model_validate(task_dict(languages=task_languages)))
    assert (message is None) if refused is None else (message is not None and message.startswith(refused))


def test_languages_are_ones_the_checks_read() -> None:
    assert "languages.0" in _error(fit="SP:high PF:high UI:low", languages=("go",))


def test_wordings_take_fields_from_the_task_and_the_task_must_have_them() -> None:
    worded = {"SP": "Run the tests with `{task:test}` (or the {task:test_tool} tool).", "PF": "y", "UI": "z"}
    m = meta("WF-001", worded, fit="SP:high PF:high UI:low")
    assert m.task_fields == {"test", "test_tool"}
    tools = [{"name": "run_tests", "description": "Run the tests.", "command": "make test"}]
    task = Task.model_validate(task_dict(commands={"test": "make test"}, tools=tools))
    assert composable(m, task) is None
    assert task.render(worded["SP"]) == "Run the tests with `make test` (or the run_tests tool)."
    bare = Task.model_validate(task_dict(commands={"test": "make test"}))
    assert composable(m, bare) == "words {task:test_tool}, and this task has no tool running `commands.test`"
    with pytest.raises(ValidationError, match=r"surfaces.SP: unknown task field \{task:tests\}"):
        meta("WF-001", {"SP": "{task:tests}", "PF": "y", "UI": "z"}, fit="SP:high PF:high UI:low")


def test_a_task_field_without_a_name_is_refused() -> None:
    """`{task}` in a wording (kept by `@rule` as `{task:}`) names no field: it must not reach the agent as written."""
    with pytest.raises(RuleDefinitionError, match=r"surfaces.SP: unknown task field \{task:\}"):
        @rule("WF-001", family="workflow", modality="require", prior="neutral", method="regex",
              observability="surface", universality="universal", fit="SP:high PF:high", source="curated: x",
              opportunity="always", surfaces={"SP": "Run {task} first.", "PF": "Run the tests first."})
        def test_tests_run_first(run: Any) -> None:
            """The tests run first."""
