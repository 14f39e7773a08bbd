"""Small builders shared by the unit tests: rule metadata, rule entries and task folders on disk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pytest_harnessif.entries import RuleEntry, TaskEntry
from pytest_harnessif.rulemeta import RuleMeta
from pytest_harnessif.schema import Task


def meta(rule_id: str, surfaces: dict[str, Any], **kw: Any) -> RuleMeta:
    """A valid RuleMeta with sensible defaults for the fields a test does not care about (every worded surface
    fits `high` unless `fit` is given)."""
    fields: dict[str, Any] = {
        "id": rule_id,
        "family": "code_style",
        "modality": "forbid",
        "prior": "against",
        "method": "regex",
        "observability": "structural",
        "universality": "cross-coding",
        "source": "curated: a test rule",
        "opportunity": "always",
        "surfaces": surfaces,
        "fit": {s: "high" for s in surfaces} if isinstance(surfaces, dict) else {},
    }
    fields.update(kw)
    return RuleMeta.model_validate(fields)


def _check(run: object) -> None:
    return None


def rule_entry(rule_id: str, surfaces: dict[str, Any], **kw: Any) -> RuleEntry:
    return RuleEntry(meta(rule_id, surfaces, **kw), _check, Path(f"/rules/test_{rule_id}.py"))


def task_dict(**overrides: Any) -> dict[str, Any]:
    """The fields of a valid two-turn task.yaml."""
    data: dict[str, Any] = {
        "id": "mini",
        "scenario": "demo",
        "title": "A demo task",
        "languages": ["python"],
        "role": "You maintain a tiny library.",
        "turns": [
            {"intent": "new-feature", "text": "Add a function."},
            {"intent": "execute", "text": "Run the tests."},
        ],
        "rules": [],
    }
    data.update(overrides)
    return data


def task_entry(tmp_path: Path, **overrides: Any) -> TaskEntry:
    """An in-memory TaskEntry whose dir lives under `tmp_path` (repo/ created, empty)."""
    task = Task.model_validate(task_dict(**overrides))
    task_dir = tmp_path / task.scenario / task.id
    (task_dir / "repo").mkdir(parents=True, exist_ok=True)
    return TaskEntry(task, task_dir, None, None)


def write_task(
    root: Path,
    data: dict[str, Any] | str,
    *,
    scenario: str = "demo",
    folder: str = "mini",
    repo: dict[str, str] | None = None,
    gold: dict[str, Any] | str | None = None,
) -> Path:
    """Write `<root>/<scenario>/<folder>/`: task.yaml, repo/ (a README by default; `repo={}` writes no repo/), gold."""
    task_dir = root / scenario / folder
    task_dir.mkdir(parents=True)
    text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
    (task_dir / "task.yaml").write_text(text, encoding="utf-8")
    for path, content in (repo if repo is not None else {"README.md": "# demo\n"}).items():
        target = task_dir / "repo" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    if gold is not None:
        gold_text = gold if isinstance(gold, str) else yaml.safe_dump(gold, sort_keys=False)
        (task_dir / "gold.yaml").write_text(gold_text, encoding="utf-8")
    return task_dir
