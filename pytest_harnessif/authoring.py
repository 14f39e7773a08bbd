"""The rule author's API: `@rule(...)` metadata, `na(reason)`, and the typed outcomes a check can end with
(`judge(**evidence)` lives with the judge, in `llm_judge.context`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import pytest
from pydantic import ValidationError

from .schema import RuleMeta, field_errors

F = TypeVar("F", bound=Callable[..., Any])

RULE_ATTR = "__harnessif_rule__"


class RuleDefinitionError(Exception):
    """A `@rule(...)` call has bad metadata; the message names the function and field."""


class NotApplicable(pytest.skip.Exception):  # type: ignore[misc,name-defined]
    """Raised by `na()`: the run created no opportunity to observe the rule."""


class MissingArtifact(AssertionError):
    """The artifact a rule needs is absent: a failure that names the artifact (cascade-dedup groups on it)."""

    def __init__(self, artifact: str, detail: str = "") -> None:
        self.artifact = artifact
        super().__init__(f"missing artifact {artifact!r}" + (f": {detail}" if detail else ""))


class Unjudged(pytest.skip.Exception):  # type: ignore[misc,name-defined]
    """Raised by `judge()` when the session has no judge: the verdict is `unjudged`, counted apart."""


class JudgeFailed(AssertionError):
    """The judge's majority says fail."""


class JudgeError(Exception):
    """The judge gave no usable majority (split, unparseable, refused, calls failed): an error verdict."""


def na(reason: str) -> NoReturn:
    """End the check with verdict n/a: the run gave the rule no opportunity."""
    raise NotApplicable(msg=f"n/a: {reason}", allow_module_level=False)


def rule(rule_id: str, **meta: Any) -> Callable[[F], F]:
    """Attach validated rule metadata to a check function (see docs/rule-authoring.md)."""

    def decorate(fn: F) -> F:
        try:
            parsed = RuleMeta.model_validate({"id": rule_id, **meta})
        except ValidationError as exc:
            where = f"{fn.__module__}.{fn.__qualname__}"
            raise RuleDefinitionError(f"@rule({rule_id!r}) on {where}: {field_errors(exc)}") from None
        setattr(fn, RULE_ATTR, parsed)
        return fn

    return decorate


def rule_meta(fn: Any) -> RuleMeta | None:
    """The metadata `@rule` attached to `fn`, if any."""
    return getattr(fn, RULE_ATTR, None)
