"""Project metadata files: the dependency tables of `pyproject.toml`."""

from __future__ import annotations

import tomllib
from typing import Any


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
