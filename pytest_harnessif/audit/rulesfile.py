"""`--harness-audit-rules=FILE`: which rules an audit scores and the project facts they may name.

```yaml
rules: [TU-003, WF-001, OC-004]     # library ids (bundled or the project's own rule_checks/); default: every rule
commands: {test: pytest -q, lint: ruff check .}   # what `{task:test}` names, and what "runs the tests" means
project_file: CLAUDE.md             # the project's instruction file (default AGENTS.md)
```
A bare YAML list is the `rules:` list alone."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..schema import field_errors


class AuditRules(BaseModel):
    """What an audit scores: rule ids (None: every rule loaded) and the project's commands and instruction file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rules: list[Annotated[str, Field(min_length=1)]] | None = None
    commands: dict[str, str] = {}
    project_file: Annotated[str, Field(min_length=1)] = "AGENTS.md"


def read_rules_file(path: Path) -> AuditRules:
    """The rules file as `AuditRules`; a bad file is a ValueError naming it and the field."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ValueError(f"{path}: cannot read: {exc}") from None
    if isinstance(data, list):
        data = {"rules": data}
    try:
        return AuditRules.model_validate(data if data is not None else {})
    except ValidationError as exc:
        raise ValueError(f"{path}: {field_errors(exc, 'the file')}") from None


def choose(plan: AuditRules, known: dict[str, object], source: Path | None) -> AuditRules:
    """The plan with its ids resolved against the loaded rules (every one when it names none); an unknown id is a
    ValueError naming the file and the entry."""
    if plan.rules is None:
        return plan.model_copy(update={"rules": sorted(known)})
    for i, rule_id in enumerate(plan.rules):
        if rule_id not in known:
            raise ValueError(f"{source}: rules.{i}: unknown rule id {rule_id} (not in the loaded rule folders)")
    return plan.model_copy(update={"rules": list(dict.fromkeys(plan.rules))})
