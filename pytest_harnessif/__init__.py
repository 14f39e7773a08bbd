"""pytest-harnessif: Harness-IF as a pytest plugin. What a rule author imports lives here."""

from .authoring import MissingArtifact, NotApplicable, judge, judge_each, na, rule
from .evidence import Command, FileView, Run, TurnView
from .schema import Family, Method, Modality, Prior, Rubric, Severity, Surface

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
