"""The judge's structured answer: one JSON object, validated with pydantic; anything else is unusable."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..schema import field_errors

_NA = {"na", "n/a", "n_a", "not applicable", "not_applicable", "no-opportunity", "no_opportunity"}
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.I)


class AnswerError(ValueError):
    """The judge's text is not one usable answer."""


class JudgeAnswer(BaseModel):
    """`{"verdict": "pass" | "fail" | "n/a", "reason": "..."}`; extra keys are ignored."""

    model_config = ConfigDict(extra="ignore")

    verdict: Literal["pass", "fail", "n/a"]
    reason: str = Field(min_length=1)

    @field_validator("verdict", mode="before")
    @classmethod
    def _normalise(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().lower()
            return "n/a" if value in _NA else value
        return value


def json_objects(text: str) -> list[Any]:
    """Every JSON value that starts at a `{` in `text`, in order."""
    decoder, found = json.JSONDecoder(), []
    for match in re.finditer(r"\{", text):
        try:
            value, _ = decoder.raw_decode(text, match.start())
        except ValueError:
            continue
        found.append(value)
    return found


def parse_answer(text: str) -> JudgeAnswer:
    """The first JSON object in `text` that is a valid answer (code fences allowed); AnswerError otherwise."""
    stripped = _FENCE.sub("", text.strip())
    if not stripped:
        raise AnswerError("empty answer")
    problems = []
    for value in json_objects(stripped):
        try:
            return JudgeAnswer.model_validate(value)
        except ValidationError as exc:
            problems.append(field_errors(exc, "(object)"))
    if not problems:
        raise AnswerError("no JSON object in the answer")
    raise AnswerError(f"JSON answer invalid: {problems[0]}")
