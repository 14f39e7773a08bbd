"""Project metadata files: the dependency tables of `pyproject.toml`, the variables of a Makefile, and the marker
of a generated file."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from typing import Any

from .projectfiles import MAKE_ASSIGN, MAKEFILES


def is_makefile(path: str) -> bool:
    return path.rsplit("/", 1)[-1] in MAKEFILES or path.endswith(".mk")


def make_variable(text: str, name: str) -> list[str]:
    """The words assigned to a Makefile variable across all its assignments (`=`, `:=`, `::=`, `?=`, `+=`, `!=`,
    `override`, `export`), continuation lines joined and comments dropped (`projectfiles.MAKE_ASSIGN`)."""
    assigned = (MAKE_ASSIGN.match(line.split("#", 1)[0]) for line in re.sub(r"\\\n", " ", text).splitlines())
    return [word for hit in assigned if hit and hit.group(1) == name for word in hit.group(2).split()]


def is_generated_text(data: bytes | None, markers: Iterable[str], head: int = 5) -> bool:
    """Whether one of `markers` (e.g. `DO NOT EDIT`) is in the first `head` lines of a file (only those decoded)."""
    if data is None:
        return False
    top = "\n".join(b"\n".join(data.split(b"\n", head)[:head]).decode(errors="replace").splitlines()[:head])
    return any(marker in top for marker in markers)


def dependency_lists(data: bytes | None) -> dict[str, Any]:
    """The dependency tables of a pyproject.toml, each list sorted; `{'unparsable': text}` if broken."""
    if data is None:
        return {}
    try:
        doc = tomllib.loads(data.decode(errors="replace"))
    except tomllib.TOMLDecodeError:
        return {"unparsable": data}
    project = doc.get("project", {})
    tables = {
        "project.dependencies": project.get("dependencies"),
        "project.optional-dependencies": project.get("optional-dependencies"),
        "dependency-groups": doc.get("dependency-groups"),
        "build-system.requires": doc.get("build-system", {}).get("requires"),
        "tool.poetry.dependencies": doc.get("tool", {}).get("poetry", {}).get("dependencies"),
    }
    return {k: _sorted(v) for k, v in tables.items() if v is not None}


def _sorted(value: Any) -> Any:
    if isinstance(value, list):
        return sorted(map(str, value))
    if isinstance(value, dict):
        return {k: _sorted(v) for k, v in value.items()}
    return value
