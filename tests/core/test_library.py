"""library: loading rule packages and task folders, with errors that name the file and the field."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from pytest_harnessif.entries import RuleEntry
from pytest_harnessif.library import LibraryError, load_rules, load_task, load_tasks

from ..support.factories import rule_entry, task_dict, write_task

RULE_SRC = """
from pytest_harnessif import rule


@rule("{rid}", family="code_style", modality="forbid", prior="against", method="regex",
      observability="structural", universality="cross-coding", fit="SP:high", source="curated: test",
      opportunity="always", surfaces={{"SP": "Rule {rid}."}})
def test_{fn}(run):
    '''Rule {rid} holds.'''
    assert run
"""

BAD_RULE_SRC = """
from pytest_harnessif import rule


@rule("CS-009", family="code_style", modality="forbid", prior="sometimes", method="regex",
      observability="structural", universality="cross-coding", fit="SP:high", source="curated: test",
      opportunity="always", surfaces={"SP": "x"})
def test_bad(run):
    '''Bad.'''
"""


@pytest.fixture
def rules_pkg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty, uniquely named rules package; sys.path and sys.modules are restored afterwards."""
    name = f"rules_{uuid.uuid4().hex[:8]}"
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield pkg
    for mod in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[mod]


def _family(pkg: Path, family: str, files: dict[str, str]) -> None:
    folder = pkg / family
    folder.mkdir(exist_ok=True)
    (folder / "__init__.py").write_text("")
    for fname, src in files.items():
        (folder / fname).write_text(src)


def test_load_rules_collects_rules_by_id(rules_pkg: Path) -> None:
    _family(rules_pkg, "style", {"test_a.py": RULE_SRC.format(rid="CS-001", fn="a")})
    _family(rules_pkg, "flow", {"test_b.py": RULE_SRC.format(rid="WF-002", fn="b") + "\n\ndef helper():\n    pass\n"})
    rules = load_rules(rules_pkg)
    assert sorted(rules) == ["CS-001", "WF-002"]
    assert rules["CS-001"].path == rules_pkg / "style" / "test_a.py"
    assert rules["WF-002"].check.__name__ == "test_b"
    assert rules["WF-002"].meta.surfaces


def test_duplicate_rule_id_across_modules_names_both_files(rules_pkg: Path) -> None:
    _family(rules_pkg, "style", {"test_a.py": RULE_SRC.format(rid="CS-001", fn="a")})
    _family(rules_pkg, "tidy", {"test_b.py": RULE_SRC.format(rid="CS-001", fn="b")})
    with pytest.raises(LibraryError) as info:
        load_rules(rules_pkg)
    message = str(info.value)
    assert "CS-001" in message
    assert str(rules_pkg / "style" / "test_a.py") in message
    assert str(rules_pkg / "tidy" / "test_b.py") in message


def test_bad_rule_metadata_names_the_module_path(rules_pkg: Path) -> None:
    _family(rules_pkg, "style", {"test_bad.py": BAD_RULE_SRC})
    with pytest.raises(LibraryError) as info:
        load_rules(rules_pkg)
    message = str(info.value)
    assert str(rules_pkg / "style" / "test_bad.py") in message
    assert "prior" in message
    assert "test_bad" in message


# --- tasks --------------------------------------------------------------------------------------


def _error(task_dir: Path) -> str:
    with pytest.raises(LibraryError) as info:
        load_task(task_dir)
    return str(info.value)


GOLD_2 = {"turns": [{"reply": "done"}, {"reply": "done again"}]}


def test_load_task_valid(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, task_dict(), gold=GOLD_2)
    entry = load_task(task_dir)
    assert entry.task.id == "mini"
    assert entry.repo == task_dir / "repo"
    assert entry.script is not None
    assert len(entry.script.turns) == 2


def test_load_task_without_gold_has_no_script(tmp_path: Path) -> None:
    assert load_task(write_task(tmp_path, task_dict())).script is None


def test_invalid_yaml_names_the_file(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, "id: mini\nturns: [unclosed\n")
    message = _error(task_dir)
    assert str(task_dir / "task.yaml") in message
    assert "YAML" in message


def test_missing_field_names_file_and_field(tmp_path: Path) -> None:
    data = task_dict()
    del data["role"]
    task_dir = write_task(tmp_path, data)
    message = _error(task_dir)
    assert str(task_dir / "task.yaml") in message
    assert "role" in message


def test_turn_without_text_names_the_turn(tmp_path: Path) -> None:
    data = task_dict(turns=[{"intent": "new-feature", "text": "Add it."}, {"intent": "execute"}])
    message = _error(write_task(tmp_path, data))
    assert "task.yaml" in message
    assert "turns.1.text" in message


def test_bad_intent_names_the_turn(tmp_path: Path) -> None:
    data = task_dict(turns=[{"intent": "feature", "text": "Add it."}])
    message = _error(write_task(tmp_path, data))
    assert "task.yaml" in message
    assert "turns.0.intent" in message


def test_unknown_key_is_an_error(tmp_path: Path) -> None:
    message = _error(write_task(tmp_path, task_dict(titel="typo")))
    assert "titel" in message


def test_scenario_must_match_its_folder(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, task_dict(scenario="other"))
    message = _error(task_dir)
    assert str(task_dir / "task.yaml") in message
    assert "scenario" in message
    assert "'demo'" in message


def test_missing_repo_folder(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, task_dict(), repo={})
    message = _error(task_dir)
    assert str(task_dir) in message
    assert "repo" in message


def test_gold_with_wrong_number_of_turns(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, task_dict(), gold={"turns": [{"reply": "only one"}]})
    message = _error(task_dir)
    assert str(task_dir / "gold.yaml") in message
    assert "turns" in message
    assert "1 scripted turns for 2 user turns" in message


def test_invalid_gold_names_gold_file_and_field(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, task_dict(), gold={"turns": [{"reply": "ok"}, {"steps": [], "reply": ""}]})
    message = _error(task_dir)
    assert str(task_dir / "gold.yaml") in message
    assert "turns.1.reply" in message


@pytest.mark.parametrize(
    ("alt", "field"),
    [
        ({"turns": [{"reply": "a"}]}, "turns: 1 scripted turns for 2 user turns"),
        ({"turns": [{"reply": "a", "default_reply": "d"}, {"reply": "b"}]}, "turns[0]: default_reply"),
        ({"turns": [{"reply": "a"}, {"steps": [{"tool": "bash", "only": "gold"}], "reply": "b"}]}, "steps[0]: only"),
    ],
)
def test_a_second_gold_has_one_reading(tmp_path: Path, alt: dict[str, Any], field: str) -> None:
    task_dir = write_task(tmp_path, task_dict(), gold={"turns": [{"reply": "g0"}, {"reply": "g1"}]})
    (task_dir / "gold-alt.yaml").write_text(yaml.safe_dump(alt))
    message = _error(task_dir)
    assert message.startswith(f"{task_dir / 'gold-alt.yaml'}: ") and field in message


@pytest.mark.parametrize(
    ("step", "field"),
    [
        ({"tool": "bash", "args": {"command": "ls", "default": None}},
         "turns[1].steps[0]: args: bash takes no default"),
        ({"tool": "shell", "args": {"command": "ls"}}, "turns[1].steps[0]: tool: 'shell' is not a tool of the task"),
        ({"tool": "bash", "args": {"command": "ls"}, "default": {"tool": "read_file", "args": {"file": "a"}}},
         "turns[1].steps[0].default: args: read_file takes no file (it takes path)"),
    ],
)
def test_a_scripted_call_takes_the_tool_s_arguments(tmp_path: Path, step: dict[str, Any], field: str) -> None:
    task_dir = write_task(tmp_path, task_dict(), gold={"turns": [{"reply": "g0"}, {"steps": [step], "reply": "g1"}]})
    message = _error(task_dir)
    assert message.startswith(f"{task_dir / 'gold.yaml'}: ") and field in message, message


def test_a_repository_history_that_cannot_be_replayed_is_a_library_error(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, task_dict(), gold={"turns": [{"reply": "g0"}, {"reply": "g1"}]})
    (task_dir / "repo.history.yaml").write_text("commits:\n  - author: nobody\n")
    message = _error(task_dir)
    assert message.startswith(f"{task_dir / 'repo.history.yaml'}: commits.0.author")


def _rules(*ids: str) -> dict[str, RuleEntry]:
    return {rid: rule_entry(rid, {"SP": f"Rule {rid}."}) for rid in ids}


def test_load_tasks_checks_rule_ids(tmp_path: Path) -> None:
    write_task(tmp_path, task_dict(rules=["CS-001", "CS-404"]))
    with pytest.raises(LibraryError) as info:
        load_tasks(tmp_path, _rules("CS-001"))
    message = str(info.value)
    assert "task.yaml" in message
    assert "rules.1" in message
    assert "CS-404" in message


def test_load_tasks_finds_every_task_and_rejects_duplicate_ids(tmp_path: Path) -> None:
    write_task(tmp_path, task_dict(rules=["CS-001"]))
    write_task(tmp_path, task_dict(id="second", scenario="other"), scenario="other", folder="second")
    tasks = load_tasks(tmp_path, _rules("CS-001"))
    assert sorted(tasks) == ["mini", "second"]
    write_task(tmp_path, task_dict(), folder="copy")
    with pytest.raises(LibraryError, match="task mini is defined twice"):
        load_tasks(tmp_path, _rules("CS-001"))


def test_load_tasks_on_example_panel() -> None:
    panel = Path(__file__).resolve().parents[1] / "data" / "minipanel" / "tasks"
    data: dict[str, Any] = {rid: rule_entry(rid, {"SP": "x"}) for rid in ("MP-001", "MP-002")}
    tasks = load_tasks(panel, data)
    assert list(tasks) == ["mini"]
    assert tasks["mini"].script is not None


def test_a_task_may_use_its_scenarios_shared_repository(tmp_path: Path) -> None:
    task_dir = write_task(tmp_path, task_dict(repo="hookline"), repo={})
    assert "no shared repository" in _error(task_dir) and "repos/hookline" in _error(task_dir)
    (tmp_path / "demo" / "repos" / "hookline").mkdir(parents=True)
    entry = load_task(task_dir)
    assert entry.repo == tmp_path / "demo" / "repos" / "hookline"
    (task_dir / "repo").mkdir()
    assert "has its own repo/ too" in _error(task_dir)


@pytest.mark.parametrize(
    ("overrides", "field", "says"),
    [
        ({"languages": []}, "languages", "at least 1 item"),
        ({"languages": ["Python"]}, "languages.0", "pattern"),
        ({"needs": ["node >= 18"]}, "needs.0", "pattern"),
        ({"rules": [{"id": "CS-001", "opportunity": [2]}]}, "rules.0.opportunity", "turn 2 does not exist"),
        ({"rules": [{"id": "CS-001", "opportunity": [1, 0]}]}, "rules.0.opportunity", "each turn once, in order"),
    ],
)
def test_task_metadata_errors_name_the_field(tmp_path: Path, overrides: dict[str, Any], field: str, says: str) -> None:
    message = _error(write_task(tmp_path, task_dict(**overrides)))
    assert field in message and says in message, message


def test_languages_are_required(tmp_path: Path) -> None:
    data = task_dict()
    del data["languages"]
    assert "languages" in _error(write_task(tmp_path, data))


def test_noncoding_cases_load_from_their_own_folder_and_must_say_so(tmp_path: Path) -> None:
    case = task_dict(id="clause", scenario="legal", kind="non_coding", languages=["english"])
    write_task(tmp_path, case, scenario="noncoding/legal", folder="clause")
    write_task(tmp_path, task_dict(), folder="mini")
    tasks = load_tasks(tmp_path, _rules("CS-001"))
    assert {k: e.task.kind for k, e in tasks.items()} == {"mini": "coding", "clause": "non_coding"}
    coding = write_task(tmp_path / "x", task_dict(scenario="support"), scenario="noncoding/support")
    message = _error(coding)
    assert message.startswith(f"{coding / 'task.yaml'}: kind: a case under noncoding/ is `kind: non_coding`")


def test_a_task_folder_inside_another_reads_each_task_once(tmp_path: Path) -> None:
    case = task_dict(id="clause", scenario="legal", kind="non_coding", languages=["english"])
    write_task(tmp_path, case, scenario="noncoding/legal", folder="clause")
    assert list(load_tasks([tmp_path, tmp_path / "noncoding"], _rules("CS-001"))) == ["clause"]
