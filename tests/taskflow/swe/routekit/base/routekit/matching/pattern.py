"""Compile ``/users/{user_id:int}``-style patterns to regular expressions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .converters import Converter, get_converter

_PARAM_RE = re.compile(r"\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::(?P<converter>[A-Za-z_]+))?\}")


@dataclass(frozen=True)
class Pattern:
    source: str
    regex: re.Pattern[str]
    converters: dict[str, Converter]

    def match(self, path: str) -> dict[str, Any] | None:
        """The converted parameters if *path* matches, else None."""
        found = self.regex.fullmatch(path)
        if found is None:
            return None
        return {
            name: self.converters[name].to_python(text) for name, text in found.groupdict().items()
        }

    def build(self, **values: Any) -> str:
        """The path this pattern matches for the given parameter *values*."""
        missing = set(self.converters) - set(values)
        if missing:
            raise KeyError(f"missing parameters for {self.source!r}: {sorted(missing)}")
        parts: list[str] = []
        for literal, name, converter in _tokens(self.source):
            parts.append(literal)
            if name is not None:
                text = get_converter(converter).to_url(values[name])
                if not re.fullmatch(self.converters[name].regex, text):
                    raise ValueError(f"{text!r} is not a valid {converter} for {{{name}}}")
                parts.append(text)
        return "".join(parts)


def _tokens(source: str) -> Iterator[tuple[str, str | None, str]]:
    """Split *source* into ``(literal text, parameter name, converter name)`` triples.

    The last triple carries the trailing literal text and no parameter.
    """
    pos = 0
    for param in _PARAM_RE.finditer(source):
        yield source[pos : param.start()], param["name"], param["converter"] or "str"
        pos = param.end()
    yield source[pos:], None, ""


def compile_pattern(source: str) -> Pattern:
    if not source.startswith("/"):
        raise ValueError(f"route patterns must start with '/': {source!r}")
    regex = ""
    converters: dict[str, Converter] = {}
    for literal, name, converter_name in _tokens(source):
        regex += literal
        if name is None:
            continue
        if name in converters:
            raise ValueError(f"parameter {{{name}}} appears twice in {source!r}")
        converters[name] = converter = get_converter(converter_name)
        regex += f"(?P<{name}>{converter.regex})"
    return Pattern(source, re.compile(regex), converters)
