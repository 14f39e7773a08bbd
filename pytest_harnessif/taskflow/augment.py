"""The interaction layer of each instance (taskflow spec 5-6): its issue as three ordered user turns and its
repository questions, read from YAML or JSON and held to the splitter's contract where it can be checked
mechanically.

A file maps instance ids to augmentations, or a folder holds one `<instance_id>.yaml` each:

    split: [turn 1, turn 2, turn 3]          # absent: the issue is atomic (Single only)
    intents: [bug-fix, bug-fix, tests]       # optional labels of the split turns (else the classifier's)
    questions:
      - {id: q1, text: ..., reference: ..., evidence: [file:symbol, ...], proof: <python script>}
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError, model_validator

from ..files import load_yaml
from ..schema import Intent, Strict, field_errors
from ..swe import JOIN

TURNS = 3  # K, the split's number of issue turns (spec 5)
_FENCED = re.compile(r"```.*?```", re.S)
_SPAN = re.compile(r"`([^`\n]+)`")
_DECOMPOSITION = re.compile(
    r"\b(?:part|step|turn|segment)\s+\d+\s*(?:of|/)\s*\d+\b"
    r"|\bas (?:split|divided|broken down) (?:above|earlier|before)\b"
    r"|\b(?:previous|next|following|final|last) (?:part|segment|chunk)\b",
    re.I,
)


class AugmentError(ValueError):
    """An augmentation file that cannot be used; the message names the file and field."""


class Question(Strict):
    """A repository question with its hidden reference answer, evidence chain and proof script."""

    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")]
    text: Annotated[str, Field(min_length=1)]
    reference: Annotated[str, Field(min_length=1)]
    evidence: Annotated[list[str], Field(min_length=1)]
    proof: Annotated[str, Field(min_length=1)]


class Augmentation(Strict):
    """One instance's split turns (or none: atomic), their optional intents, and its questions."""

    split: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=TURNS, max_length=TURNS)] | None = None
    intents: list[Intent] | None = None
    questions: Annotated[list[Question], Field(max_length=3, default_factory=list)]

    @model_validator(mode="after")
    def _consistent(self) -> Augmentation:
        if self.intents is not None and (self.split is None or len(self.intents) != len(self.split)):
            raise ValueError("intents: give one label per split turn")
        ids = [q.id for q in self.questions]
        if len(ids) != len(set(ids)):
            raise ValueError("questions: ids must be unique")
        return self


def artifacts(prompt: str) -> list[str]:
    """The verbatim technical artifacts of a prompt that can be found mechanically: fenced blocks and code spans."""
    blocks = _FENCED.findall(prompt)
    rest = _FENCED.sub("", prompt)
    return list(dict.fromkeys([*blocks, *_SPAN.findall(rest)]))


def contract_problems(prompt: str, split: list[str]) -> list[str]:
    """Where a split breaks the contract checks that need no model (spec 5): (c) an artifact of the prompt is not
    an exact substring of the joined turns; (d) a turn mentions the decomposition."""
    joined = JOIN.join(split)
    problems = [f"artifact not kept verbatim: {a[:80]!r}" for a in artifacts(prompt) if a not in joined]
    for i, turn in enumerate(split, 1):
        if found := _DECOMPOSITION.search(turn):
            problems.append(f"turn {i} mentions the decomposition: {found.group(0)!r}")
    return problems


def _raw(path: Path) -> dict[str, tuple[str, Any]]:
    """Instance id -> (where, raw augmentation)."""
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml", ".json"))
        return {p.stem: (str(p), _parse(p)) for p in files}
    data = _parse(path)
    if not isinstance(data, dict):
        raise AugmentError(f"{path}: expected a mapping of instance ids to augmentations")
    return {str(k): (f"{path}: {k}", v) for k, v in data.items()}


def _parse(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    try:
        return json.loads(text) if path.suffix == ".json" else load_yaml(text)
    except Exception as exc:  # yaml's and json's errors differ; both say where
        raise AugmentError(f"{path}: not valid {path.suffix[1:].upper()}: {exc}") from None


def read_augmentations(path: Path, instance_ids: list[str]) -> dict[str, Augmentation]:
    """The augmentation of each instance id found at `path`; an id the instance file lacks is an error."""
    if not path.exists():
        raise AugmentError(f"{path}: no such augmentation file or folder")
    known = set(instance_ids)
    out: dict[str, Augmentation] = {}
    for instance_id, (where, value) in _raw(path).items():
        if instance_id not in known:
            raise AugmentError(f"{where}: no instance {instance_id!r} in the instance file")
        try:
            out[instance_id] = Augmentation.model_validate(value or {})
        except ValidationError as exc:
            raise AugmentError(f"{where}: {field_errors(exc, '(augmentation)')}") from None
    return out
