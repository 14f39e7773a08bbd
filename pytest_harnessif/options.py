"""Command-line options generated from settings models, so each default and help text is written once (on the
model's field) and the same model validates what was typed.

A field `max_tokens` added with stem `harness-` and prefix `judge-` is the option `--harness-judge-max-tokens`;
a field can name its option itself with `json_schema_extra={"option": "call-timeout"}`. Booleans are flags,
lists repeat, `Literal`s are choices. An option left out keeps the model's default; a bad value is an error
naming the option as typed."""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

M = TypeVar("M", bound=BaseModel)


class OptionError(ValueError):
    """A value typed for an option does not validate; the message names the option as typed."""


def _core(annotation: Any) -> Any:
    """The annotation without `None` and `Annotated` wrappers."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            annotation = args[0] if len(args) == 1 else str
        else:
            return annotation


def option_name(name: str, info: FieldInfo, prefix: str = "") -> str:
    """The option's name without leading dashes, e.g. `judge-max-tokens`."""
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    return str(extra.get("option") or f"{prefix}{name.replace('_', '-')}")


def _argument(info: FieldInfo) -> dict[str, Any]:
    """argparse keywords for one field: type, action, choices, metavar and help (with the model's default)."""
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    core = _core(info.annotation)
    default = info.get_default(call_default_factory=True)
    help_text = info.description or ""
    if core is bool:
        return {"action": "store_true", "default": None, "help": help_text}
    if typing.get_origin(core) is list:
        return {"action": "append", "default": None, "metavar": extra.get("metavar", "VALUE"), "help": help_text}
    kwargs: dict[str, Any] = {"default": None}
    if typing.get_origin(core) is Literal:
        kwargs["choices"] = [str(c) for c in typing.get_args(core)]
    elif core in (int, float):
        kwargs["type"] = core
        kwargs["metavar"] = "N"
    elif core is Path:
        kwargs["metavar"] = "PATH"
    else:
        kwargs["metavar"] = "VALUE"
    if "metavar" in extra:
        kwargs["metavar"] = extra["metavar"]
    shown = f" (default {default})" if default not in (None, "", []) else ""
    return {**kwargs, "help": help_text + shown}


def add_options(
    add: Callable[..., Any],
    model: type[BaseModel],
    *,
    stem: str = "",
    prefix: str = "",
    only: Iterable[str] | None = None,
) -> None:
    """Add one option per field of `model` through `add` (pytest's `group.addoption` or argparse's
    `add_argument`); `stem` starts every option (`harness-`), `prefix` the generated names (`judge-`)."""
    keep = set(only) if only is not None else None
    for name, info in model.model_fields.items():
        if keep is not None and name not in keep:
            continue
        option = f"--{stem}{option_name(name, info, prefix)}"
        add(option, dest=f"{stem}{option_name(name, info, prefix)}".replace("-", "_"), **_argument(info))


def read_options(
    get: Callable[[str], Any],
    model: type[M],
    *,
    stem: str = "",
    prefix: str = "",
    only: Iterable[str] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> M:
    """The model built from the options `add_options` added (`get(dest)` reads one); options left out keep the
    model's defaults. A bad value raises `OptionError` naming the option."""
    keep = set(only) if only is not None else None
    values: dict[str, Any] = dict(extra or {})
    names: dict[str, str] = {}
    for name, info in model.model_fields.items():
        if keep is not None and name not in keep:
            continue
        option = f"{stem}{option_name(name, info, prefix)}"
        names[name] = f"--{option}"
        value = get(option.replace("-", "_"))
        if value is not None:
            values[name] = value
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        raise OptionError(_errors(exc, names)) from None


def _errors(exc: ValidationError, names: Mapping[str, str]) -> str:
    def where(loc: tuple[int | str, ...]) -> str:
        return names.get(str(loc[0]), ".".join(map(str, loc))) if loc else "options"

    return "; ".join(f"{where(e['loc'])}: {e['msg']}" for e in exc.errors())
