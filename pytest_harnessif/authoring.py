"""The rule author's API: `@rule(...)` metadata, `na(reason)`, and the typed outcomes a check can end with
(`judge(**evidence)` lives with the judge, in `llm_judge.context`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import pytest
from pydantic import ValidationError

from .rulemeta import RuleMeta
from .schema import field_errors

F = TypeVar("F", bound=Callable[..., Any])

RULE_ATTR = "__harnessif_rule__"


class RuleDefinitionError(Exception):
    """A `@rule(...)` call has bad metadata; the message names the function and field."""


class NotApplicable(pytest.skip.Exception):  # type: ignore[misc,name-defined]
    """Raised by `na()`: the run created no opportunity to observe the rule."""


class NotInLog(NotApplicable):
    """The evidence a check asked for is not in an imported log (`--harness-audit`): the workspace's files, exit
    codes, the git history, replies. Never a pass or a fail: the verdict is n/a, reason `not in the log: ...`."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(msg=f"n/a: {NOT_IN_LOG}: {what}", allow_module_level=False)


NOT_IN_LOG = "not in the log"


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


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")


def shown(value: Any, spec: str = "") -> str:
    """A parameter as wordings show it (and checks can, in their messages): numbers and text as themselves, a small
    number in words with the `w` spec (`two`); a sequence joined with commas, in backticks with the `code` spec and
    with `or`/`and` before its last item with that spec (`code-or`: "`a`, `b` or `c`")."""
    if spec == "w" and isinstance(value, int) and 0 <= value < len(NUMBER_WORDS):
        return NUMBER_WORDS[value]
    if not isinstance(value, tuple | list):
        return format(value, spec)
    items = [f"`{v}`" if "code" in spec else str(v) for v in value]
    last = next((f" {word} " for word in ("or", "and") if word in spec.split("-")), ", ")
    return ", ".join(items[:-1]) + last + items[-1] if len(items) > 1 else "".join(items)


class _Param:
    """A parameter inside `str.format`: `{name:spec}` renders as `shown(value, spec)`."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return shown(self.value, spec)

    def __getitem__(self, key: Any) -> _Param:
        """`{names[0]}`: one item of a sequence parameter."""
        return _Param(self.value[key])


class _TaskFields:
    """`{task:NAME}` inside `str.format`: kept as written, for the task to fill in when the rule is placed."""

    def __format__(self, spec: str) -> str:
        return f"{{task:{spec}}}"


def _rendered(value: Any, params: dict[str, Any], where: str) -> Any:
    """`value` (text, or lists and dicts of it) with `{name}` replaced by the parameter `name`."""
    if isinstance(value, str):
        try:
            return value.format_map(params)
        except (KeyError, IndexError, ValueError) as exc:
            known = ", ".join(p for p in params if p != "task") or "none"
            raise RuleDefinitionError(f"{where}: cannot render {{{exc.args[0]}}} (the check's parameters: {known}); "
                                      "write a literal brace as {{ or }}") from None
    if isinstance(value, list):
        return [_rendered(v, params, f"{where}.{i}") for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _rendered(v, params, f"{where}.{k}".lstrip(".")) for k, v in value.items()}
    return value


def parameters(fn: Callable[..., Any]) -> dict[str, Any]:
    """A check's parameters: its arguments with a default (pytest passes them no fixture), by name."""
    return {
        name: p.default
        for name, p in inspect.signature(fn).parameters.items()
        if p.default is not inspect.Parameter.empty
    }


def rule(rule_id: str, **meta: Any) -> Callable[[F], F]:
    """Attach validated rule metadata to a check function (see docs/rule-authoring.md).

    The check's docstring (its first paragraph) states the rule; its keyword arguments with defaults are the
    rule's parameters, and `{name}` in the docstring, the wordings, the rubric and `opportunity` shows the
    parameter `name`, so a limit is written once."""

    def decorate(fn: F) -> F:
        where = f"@rule({rule_id!r}) on {fn.__module__}.{fn.__qualname__}"
        doc = inspect.getdoc(fn)
        if not doc:
            raise RuleDefinitionError(f"{where}: the check needs a docstring: one sentence that states the rule")
        params = parameters(fn)
        shown: dict[str, Any] = {name: _Param(value) for name, value in params.items()}
        shown["task"] = _TaskFields()
        try:
            fields = _rendered({**meta, "statement": " ".join(doc.split("\n\n")[0].split())}, shown, "")
            parsed = RuleMeta.model_validate({"id": rule_id, **fields, "params": params})
        except ValidationError as exc:
            raise RuleDefinitionError(f"{where}: {field_errors(exc)}") from None
        except RuleDefinitionError as exc:
            raise RuleDefinitionError(f"{where}: {exc}") from None
        setattr(fn, RULE_ATTR, parsed)
        return fn

    return decorate


def rule_meta(fn: Any) -> RuleMeta | None:
    """The metadata `@rule` attached to `fn`, if any."""
    return getattr(fn, RULE_ATTR, None)
