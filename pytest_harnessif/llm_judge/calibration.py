"""The judge's calibration set: human-labelled evidence per rule, graded by a judge to measure its agreement.

Every `*.yaml` under the set's folder (default `calibration/judge/`, searched recursively, files in sorted
order) holds a YAML list of items:

    - id: pw001-outcome-first          # unique across the whole set
      rule: PW-001                     # a rule of the library that has a rubric (llm_judge or hybrid)
      evidence:                        # named pieces, exactly what the rule's judge(...) call would pass
        final_reply: "Fixed the off-by-one in paginate(); the tests pass."
      label: pass                      # the human label: pass | fail | n/a
      rationale: "Outcome first, no narration."

Each item becomes the judge request the harness would send for it (`Request.build(rule rubric, evidence,
budget)`), and `run_calibration` grades them all with one judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Annotated, Any, Literal

import pandas as pd
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..entries import RuleEntry
from ..schema import Vote, field_errors
from .prompt import Request
from .service import Judge

DEFAULT_SET = Path("calibration/judge")
LABELS = ("pass", "fail", "n/a")
COLUMNS = ["id", "rule", "family", "human", "judge", "votes", "reason", "file"]

NonEmpty = Annotated[str, Field(min_length=1)]


class CalibrationError(ValueError):
    """A calibration set that cannot be used; the message names the file, the item index and the field."""


class CalibrationItem(BaseModel):
    """One human-labelled case. Unknown keys are errors, so typos are caught."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: NonEmpty
    rule: NonEmpty
    evidence: Annotated[dict[NonEmpty, str], Field(min_length=1)]
    label: Literal["pass", "fail", "n/a"]
    rationale: NonEmpty


class CalibrationCase(BaseModel):
    """An item and where it was read: `file` and its 0-based `index` in that file's list."""

    model_config = ConfigDict(frozen=True)

    item: CalibrationItem
    file: str
    index: int

    @property
    def where(self) -> str:
        return f"{self.file}: item {self.index}"


def _read(path: Path) -> list[Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise CalibrationError(f"{path}: not valid YAML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CalibrationError(f"{path}: cannot be read: {exc}") from None
    if not isinstance(data, list):
        raise CalibrationError(f"{path}: expected a YAML list of items, got {type(data).__name__}")
    return data


def load_calibration(folder: Path) -> list[CalibrationCase]:
    """Every item of every `*.yaml` under `folder`, validated; duplicate ids are an error naming both places."""
    if not folder.is_dir():
        raise CalibrationError(f"{folder}: no calibration folder")
    files = sorted(folder.rglob("*.yaml"))
    if not files:
        raise CalibrationError(f"{folder}: no *.yaml calibration files")
    cases: list[CalibrationCase] = []
    seen: dict[str, CalibrationCase] = {}
    for path in files:
        for index, raw in enumerate(_read(path)):
            try:
                item = CalibrationItem.model_validate(raw)
            except ValidationError as exc:
                raise CalibrationError(f"{path}: item {index}: {field_errors(exc, '(item)')}") from None
            case = CalibrationCase(item=item, file=str(path), index=index)
            if item.id in seen:
                raise CalibrationError(f"{case.where}: id: {item.id!r} is also the id of {seen[item.id].where}")
            seen[item.id] = case
            cases.append(case)
    if not cases:
        raise CalibrationError(f"{folder}: the calibration set has no items")
    return cases


def build_requests(cases: Sequence[CalibrationCase], rules: Mapping[str, RuleEntry], budget: int) -> list[Request]:
    """The judge request of each case, from its library rule's rubric; an unknown rule or one without a rubric
    is an error naming it and the item."""
    requests = []
    for case in cases:
        entry = rules.get(case.item.rule)
        if entry is None:
            raise CalibrationError(f"{case.where}: rule: unknown rule id {case.item.rule!r}")
        if entry.meta.rubric is None:
            raise CalibrationError(
                f"{case.where}: rule: {case.item.rule} is checked by {entry.meta.method}, not the judge (no rubric)"
            )
        requests.append(Request.build(entry.meta.rubric, dict(case.item.evidence), budget))
    return requests


def vote_string(votes: Sequence[Vote]) -> str:
    """The votes in order, space-separated; an unusable one as `?`."""
    return " ".join(str(v.status) if v.status is not None else "?" for v in votes)


def run_calibration(
    cases: Sequence[CalibrationCase], rules: Mapping[str, RuleEntry], judge: Judge, workers: int = 4
) -> pd.DataFrame:
    """Grade every case with `judge` (`workers` requests at once, each voting concurrently) and return one row
    per case, in set order: id, rule, family, human (label), judge (status, `error` without a majority),
    votes, reason, file."""
    requests = build_requests(cases, rules, judge.settings.budget)
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        decided = list(pool.map(judge.decide, requests))
    return pd.DataFrame(
        [
            {
                "id": case.item.id,
                "rule": case.item.rule,
                "family": str(rules[case.item.rule].meta.family),
                "human": case.item.label,
                "judge": str(record.status),
                "votes": vote_string(record.votes),
                "reason": reason,
                "file": case.file,
            }
            for case, (record, reason) in zip(cases, decided, strict=True)
        ],
        columns=COLUMNS,
    )
