"""`judge(**evidence)` and `judge_each(cases)`, what a judge-based rule calls inside its check, and the context
that gives them the session's judge and the rule's rubric."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from ..authoring import JudgeError, JudgeFailed, NotApplicable, Unjudged, na
from ..rulemeta import Rubric
from ..schema import JudgeRecord, Status
from .prompt import Request
from .service import Judge


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
