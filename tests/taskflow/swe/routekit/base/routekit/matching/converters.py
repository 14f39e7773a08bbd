"""Parameter converters: the regex a ``{name:conv}`` parameter matches and how
the matched text becomes a Python value (and back, for reverse URLs)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Converter:
    name: str
    regex: str
    to_python: Callable[[str], Any] = str
    to_url: Callable[[Any], str] = str


CONVERTERS: dict[str, Converter] = {
    "str": Converter("str", r"[^/]+"),
    "int": Converter("int", r"\d+", int),
    "slug": Converter("slug", r"[-a-zA-Z0-9_]+"),
    "uuid": Converter(
        "uuid",
        r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
        uuid.UUID,
    ),
}


def register_converter(converter: Converter) -> None:
    """Make *converter* available to patterns compiled from now on."""
    CONVERTERS[converter.name] = converter


def get_converter(name: str) -> Converter:
    try:
        return CONVERTERS[name]
    except KeyError:
        known = ", ".join(sorted(CONVERTERS))
        raise ValueError(f"unknown converter {name!r} (known: {known})") from None
