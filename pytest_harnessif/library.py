"""Load and validate the rule library (`rule_checks/`) and the task panel (`tasks/`); errors name file and field."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from .authoring import RuleDefinitionError, rule_meta
from .entries import RuleEntry, TaskEntry
from .files import load_yaml
from .rulemeta import Family, RuleMeta, Universality, Verifiability
from .sandbox.history import HistoryError, load_history
from .schema import TASK_FIELDS, Task, field_errors
from .script import Call, Script
from .stack import BUILTIN_SCHEMAS, SKILL_TOOL


class LibraryError(Exception):
    """Bad rule or task input; the message names the file and the field."""


def _module_name(path: Path) -> tuple[str, Path]:
    """Dotted module name of `path` and the directory to put on sys.path (pytest's `prepend` rule)."""
    parts = [path.stem]
    base = path.parent
    while (base / "__init__.py").exists():
        parts.insert(0, base.name)
        base = base.parent
    return ".".join(parts), base


NONCODING = "noncoding"  # the folder of the non-coding cases under a task folder


def _folders(dirs: Path | Sequence[Path]) -> list[Path]:
    """One folder or several, each once (the bundled library is also the checkout's own)."""
    return list(dict.fromkeys(p.resolve() for p in ([dirs] if isinstance(dirs, Path) else dirs)))


def load_rules(rules_dirs: Path | Sequence[Path]) -> dict[str, RuleEntry]:
    """Import every `test_*.py` under the rule folders (the bundled library, the project's own) and collect the
    `@rule` functions by id; an id defined twice is a LibraryError naming both files."""
    rules: dict[str, RuleEntry] = {}
    paths = [path for folder in _folders(rules_dirs) for path in sorted(folder.rglob("test_*.py"))]
    for path in paths:
        name, base = _module_name(path)
        if str(base) not in sys.path:
            sys.path.insert(0, str(base))
        try:
            module = importlib.import_module(name)
        except RuleDefinitionError as exc:
            raise LibraryError(f"{path}: {exc}") from None
        for attr in sorted(vars(module)):
            fn = getattr(module, attr)
            meta = rule_meta(fn) if callable(fn) else None
            if meta is None or not attr.startswith("test"):
                continue
            prev = rules.get(meta.id)
            if prev is not None and prev.check is not fn:
                raise LibraryError(
                    f"{path}: rule id {meta.id} is defined twice (also in {prev.path}::{prev.check.__name__})"
                )
            rules[meta.id] = RuleEntry(meta, fn, path)
    return rules


def _yaml(path: Path) -> Any:
    try:
        return load_yaml(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise LibraryError(f"{path}: not valid YAML: {exc}") from None


def _validation_message(path: Path, exc: ValidationError) -> str:
    return f"{path}: {field_errors(exc, '(top level)')}"


def load_task(task_dir: Path) -> TaskEntry:
    """Validate one task folder."""
    path = task_dir / "task.yaml"
    try:
        task = Task.model_validate(_yaml(path))
    except ValidationError as exc:
        raise LibraryError(_validation_message(path, exc)) from None
    if task.scenario != task_dir.parent.name:
        raise LibraryError(f"{path}: scenario: {task.scenario!r} but the task lives in folder {task_dir.parent.name!r}")
    if task_dir.parent.parent.name == NONCODING and task.kind != "non_coding":
        raise LibraryError(f"{path}: kind: a case under {NONCODING}/ is `kind: non_coding`")
    if task.repo and (task_dir / "repo").exists():
        raise LibraryError(f"{path}: repo: names the shared repos/{task.repo}/, but the task has its own repo/ too")
    shared = task_dir.parent / "repos" / task.repo if task.repo else None
    if shared and not shared.is_dir():
        raise LibraryError(f"{path}: repo: no shared repository {shared}")
    if not shared and not (task_dir / "repo").is_dir():
        raise LibraryError(f"{task_dir}: repo: the task has no repo/ folder (nor a `repo:` naming a shared one)")
    try:
        load_history(shared or task_dir / "repo")
    except HistoryError as exc:
        raise LibraryError(str(exc)) from None
    script = _script(task_dir / "gold.yaml", task)
    alt = _script(task_dir / "gold-alt.yaml", task)
    if alt is not None:
        for i, turn in enumerate(alt.turns):
            field = "default_reply" if turn.default_reply is not None else None
            step = next((j for j, s in enumerate(turn.steps) if {"default", "only"} & s.model_fields_set), None)
            if step is not None:
                field = f"steps[{step}]: {'default' if 'default' in turn.steps[step].model_fields_set else 'only'}"
            if field:
                raise LibraryError(
                    f"{task_dir / 'gold-alt.yaml'}: turns[{i}]: {field}: a second gold has one reading (no defaults)"
                )
    return TaskEntry(task, task_dir, script, alt)


def _script(path: Path, task: Task) -> Script | None:
    """The scripted trajectory at `path` (gold.yaml or gold-alt.yaml) checked against the task, or None."""
    if not path.exists():
        return None
    try:
        script = Script.model_validate(_yaml(path))
    except ValidationError as exc:
        raise LibraryError(_validation_message(path, exc)) from None
    if len(script.turns) != len(task.turns):
        raise LibraryError(f"{path}: turns: {len(script.turns)} scripted turns for {len(task.turns)} user turns")
    _check_calls(path, script, task)
    return script


def _check_calls(path: Path, script: Script, task: Task) -> None:
    """Every scripted call names a tool the task offers, with arguments that tool takes (a misplaced key such as
    `default:` under `args` would otherwise reach the tool and be ignored)."""
    params = {name: set(schema["properties"]) for name, (_, schema) in BUILTIN_SCHEMAS.items()}
    params |= {t.name: {"args"} for t in task.tools}
    if task.skills:
        params[SKILL_TOOL] = {"name"}
    for i, turn in enumerate(script.turns):
        for j, step in enumerate(turn.steps):
            calls = [("", c) for c in step.calls] + [("default", step.default)] * (step.default is not None)
            if step.tool is not None:
                calls.append(("", Call(tool=step.tool, args=step.args)))
            for where, call in calls:
                field = f"{path}: turns[{i}].steps[{j}]{'.' + where if where else ''}"
                if call is None:
                    continue
                if call.tool not in params:
                    raise LibraryError(f"{field}: tool: {call.tool!r} is not a tool of the task ({', '.join(params)})")
                unknown = sorted(set(call.args) - params[call.tool])
                if unknown:
                    raise LibraryError(f"{field}: args: {call.tool} takes no {', '.join(unknown)} "
                                       f"(it takes {', '.join(sorted(params[call.tool]))})")


def task_files(folder: Path) -> list[Path]:
    """The task files of one task folder: `<scenario>/<task>/task.yaml` (the coding panel) and
    `noncoding/<domain>/<case>/task.yaml` (the non-coding cases)."""
    return sorted(folder.glob("*/*/task.yaml")) + sorted(folder.glob(f"{NONCODING}/*/*/task.yaml"))


def admitted(kind: str, panel: str | None) -> bool:
    """Whether a task of `kind` runs under `--harness-panel` (None: the coding panel)."""
    return panel == "all" or (kind == "non_coding") == (panel == NONCODING)


def load_tasks(tasks_dirs: Path | Sequence[Path], rules: dict[str, RuleEntry]) -> dict[str, TaskEntry]:
    """Every task under the task folders (`task_files`), checked against the rule library; a task id defined twice
    is a LibraryError naming both folders."""
    tasks: dict[str, TaskEntry] = {}
    paths = [p.resolve() for folder in _folders(tasks_dirs) for p in task_files(folder)]
    for path in dict.fromkeys(paths):  # a folder inside another (`tasks/noncoding` in `tasks/`) reads each task once
        entry = load_task(path.parent)
        if entry.task.id in tasks:
            raise LibraryError(f"{path}: id: task {entry.task.id} is defined twice (also {tasks[entry.task.id].dir})")
        check_rules(entry, rules)
        tasks[entry.task.id] = entry
    return tasks


def check_rules(entry: TaskEntry, rules: dict[str, RuleEntry]) -> None:
    """Every rule the task injects exists in the library and may go into this task."""
    path = entry.dir / "task.yaml"
    for i, ref in enumerate(entry.task.rules):
        if ref.id not in rules:
            raise LibraryError(f"{path}: rules.{i}: unknown rule id {ref.id}")
        refusal = composable(rules[ref.id].meta, entry.task)
        if refusal:
            raise LibraryError(f"{path}: rules.{i}: rule {ref.id} {refusal}")


def composable(meta: RuleMeta, task: Task) -> str | None:
    """Why `meta` cannot be injected into `task` (its universality, or a subjective rule that is never scored);
    None when it can."""
    if meta.verifiability is Verifiability.subjective:
        return "is subjective: subjective rules are never scored, so no task injects them"
    kind = task.kind.replace("_", "-")
    if meta.family is Family.professional_writing and task.kind != "non_coding":
        return f"is a professional-writing rule: those go into non-coding cases only, and this task is {kind}"
    if meta.universality is Universality.cross_coding and task.kind != "coding":
        return f"is cross-coding: it goes into coding tasks only, and this task is {kind}"
    if meta.universality is Universality.cross_non_coding and task.kind != "non_coding":
        return f"is cross-non-coding: it goes into non-coding cases only, and this task is {kind}"
    if meta.universality is Universality.specific and task.scenario not in meta.scenarios:
        return f"is specific to scenarios {', '.join(meta.scenarios)}, not {task.scenario}"
    if meta.languages and not set(meta.languages) & task.code_languages:
        return (f"reads {' and '.join(meta.languages)} code only, and this repository is written in "
                f"{' and '.join(task.languages)} (`languages:`)")
    missing = sorted(f for f in meta.task_fields if task.field(f) is None)
    if missing:
        return f"words {{task:{missing[0]}}}, and this task has no {TASK_FIELDS[missing[0]]}"
    return None
