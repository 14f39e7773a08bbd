"""pytest-harnessif: Harness-IF as a pytest plugin. What a rule author imports lives here.

Names are imported on use (PEP 562), so loading the plugin into a pytest process that runs no rule costs nothing
for them. They are looked up in `sys.modules` each time, never cached here, so a module imported afresh (as
pytester's in-process runs do) is the one every importer sees."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .authoring import MissingArtifact, NotApplicable, na, rule
    from .evidence import Command, FileView, Run, TurnView
    from .llm_judge.context import judge, judge_each
    from .rulemeta import Rubric
    from .schema import Family, Method, Modality, Prior, Severity, Surface

__all__ = [
    "Command",
    "Family",
    "FileView",
    "Method",
    "MissingArtifact",
    "Modality",
    "NotApplicable",
    "Prior",
    "Rubric",
    "Run",
    "Severity",
    "Surface",
    "TurnView",
    "judge",
    "judge_each",
    "na",
    "rule",
]
_HOME = {"Command": "evidence", "FileView": "evidence", "Run": "evidence", "TurnView": "evidence"}
_HOME |= {"judge": "llm_judge.context", "judge_each": "llm_judge.context"}
_HOME |= {name: "authoring" for name in ("MissingArtifact", "NotApplicable", "na", "rule")}
_HOME["Rubric"] = "rulemeta"


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_HOME.get(name, 'schema')}", __name__), name)
