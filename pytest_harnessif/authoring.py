"""The rule author's API: `@rule(...)` metadata, `na(reason)`, `judge(**evidence)`, and the typed failures."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import pytest
from pydantic import ValidationError

from .schema import JudgeRecord, Rubric, RuleMeta, Status, field_errors

if TYPE_CHECKING:
    from .llm_judge import Judge, Request

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


@dataclass
class Judging:
    """The judge available to the running check, its rule's rubric, and what it decided (record, request)."""

    judge: Judge | None
    rubric: Rubric | None
    decided: list[tuple[JudgeRecord, Request]] = field(default_factory=list)


_JUDGING: ContextVar[Judging | None] = ContextVar("harnessif_judging", default=None)


@contextmanager
def judging(judge: Judge | None, rubric: Rubric | None) -> Iterator[Judging]:
    """Make `judge` (None: no judge configured) and `rubric` the ones `judge()` uses inside this block."""
    context = Judging(judge, rubric)
    token = _JUDGING.set(context)
    try:
        yield context
    finally:
        _JUDGING.reset(token)


def judge(*, rubric: Rubric | None = None, **evidence: str) -> JudgeRecord:
    """Hand the named evidence (final reply, a diff, files, commands...) to the judge with the rule's rubric.

    Returns on pass; a fail raises `JudgeFailed`, n/a ends the check as n/a, no majority raises `JudgeError`;
    with no judge configured the verdict is `unjudged`."""
    context = _JUDGING.get()
    if context is None:
        raise RuntimeError("judge() runs inside a rule check under --harness-model (or a `judging(...)` block)")
    rubric = rubric or context.rubric
    if rubric is None:
        raise RuntimeError("judge(): the rule has no rubric; give @rule(..., rubric=...) or judge(rubric=...)")
    if not evidence:
        raise ValueError("judge(): name at least one piece of evidence, e.g. judge(final_reply=run.final_reply)")
    bad = [name for name, text in evidence.items() if not isinstance(text, str)]
    if bad:
        raise TypeError(f"judge(): evidence must be text; not text: {', '.join(bad)}")
    if context.judge is None:
        raise Unjudged(msg="unjudged: no judge configured (--harness-judge)", allow_module_level=False)
    request = context.judge.request(rubric, evidence)
    record, reason = context.judge.decide(request)
    context.decided.append((record, request))
    if record.status is Status.failed:
        raise JudgeFailed(reason)
    if record.status is Status.na:
        na(reason)
    if record.status is Status.error:
        raise JudgeError(reason)
    return record


def judge_each(cases: Iterable[Mapping[str, str]], *, rubric: Rubric | None = None) -> list[JudgeRecord]:
    """Judge several opportunities of one rule (e.g. every explain turn), one request each. The first fail
    fails the check (later cases are not judged); otherwise a case without a majority makes it an error; it
    is n/a only when every case is n/a; else it passes."""
    records: list[JudgeRecord] = []
    errors: list[JudgeError] = []
    skipped: list[str] = []
    for evidence in cases:
        try:
            records.append(judge(rubric=rubric, **evidence))
        except NotApplicable as exc:
            skipped.append(str(exc.msg).removeprefix("n/a: "))
        except JudgeError as exc:
            errors.append(exc)
    if errors:
        raise JudgeError(f"{len(errors)} of {len(records) + len(errors) + len(skipped)} case(s): {errors[0]}")
    if not records:
        if not skipped:
            raise ValueError("judge_each(): no case to judge; call na() when the run has no opportunity")
        na(f"every case n/a: {skipped[0]}")
    return records


def decisive(decided: list[tuple[JudgeRecord, Request]], status: Status) -> JudgeRecord:
    """The record that decided a verdict of `status` (the last with that status, else the last), carrying the
    calls and cache hits of every judge request the check made."""
    records = [record for record, _ in decided]
    chosen = next((r for r in reversed(records) if r.status is status), records[-1])
    return chosen.model_copy(update={"calls": sum(r.calls for r in records), "cached": sum(r.cached for r in records)})


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
