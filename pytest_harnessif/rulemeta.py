"""A rule's metadata (spec 2.1): its eight tag axes, per-surface wordings and fit, the judge's rubric, the check's
parameters and statement. Everything is validated when the rule is imported; errors name the field."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from .schema import (
    DETERMINISTIC_METHODS,
    JUDGED_METHODS,
    TASK_FIELD,
    TASK_FIELDS,
    Family,
    Language,
    Lineage,
    Method,
    Modality,
    Prior,
    Severity,
    Strict,
    Surface,
)


class Observability(StrEnum):
    """What evidence shows compliance: final-turn tokens, file layout/AST, test results and side effects, or
    semantic intent."""

    surface = "surface"
    structural = "structural"
    behavioral = "behavioral"
    deep = "deep"


class Verifiability(StrEnum):
    """How a verdict can be reached: a deterministic check, a judge over a written rubric, or only a human
    (subjective rules are never scored)."""

    deterministic = "deterministic"
    rubric = "rubric"
    subjective = "subjective"


class Universality(StrEnum):
    """Which cases a rule can be composed into: any, any coding task, any non-coding case, or the scenarios it
    names."""

    universal = "universal"
    cross_coding = "cross-coding"
    cross_non_coding = "cross-non-coding"
    specific = "specific"


class Fit(StrEnum):
    """How plausibly a surface's author would state the rule (spec 1.4)."""

    none = "none"
    low = "low"
    medium = "medium"
    high = "high"

    @property
    def rank(self) -> int:
        return list(Fit).index(self)


class Provenance(StrEnum):
    """Where a rule comes from, as a coarse class: an archetype of the rules survey, or our own curation."""

    survey = "survey"
    curated = "curated"


class Wording(Strict):
    """A rule's pre-authored rendering for one surface. TD names its tool, SD its skill."""

    text: Annotated[str, Field(min_length=1)]
    tool: str | None = None
    skill: str | None = None


class Rubric(Strict):
    """What the judge grades against: the question, and the conditions for pass, fail and n/a."""

    question: Annotated[str, Field(min_length=1)]
    pass_if: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1)]
    fail_if: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1)]
    na_if: list[Annotated[str, Field(min_length=1)]] = Field(default_factory=list)


Scalar = bool | int | float | str
_PRIOR_ALIASES = {"align": "align_prior", "against": "against_prior"}
_SOURCES = {"archetype ": Provenance.survey, "curated: ": Provenance.curated}


class RuleMeta(Strict):
    """Library-level metadata of one rule: the `@rule(...)` arguments, the check's parameters (`params`, the
    defaults of its keyword arguments) and its docstring's first paragraph (`statement`), every text rendered
    from the parameters.

    `fit` gives every worded surface its fit (`"SP:high PF:high UI:low"` or a mapping); a surface without a
    wording has fit none. `languages` names the languages whose code the check reads (none: it reads no code, so it
    judges a repository in any language); a wording may take `{task:test}`, `{task:lint}`, `{task:test_tool}` or
    `{task:lint_tool}` from the task it is placed in. `verifiability` follows from the method unless a judge-based
    rule is declared `subjective`; `provenance` follows from `source` (`archetype <id>` or `curated: <note>`).
    `checks="form"` marks a rule whose check can read only its form (a marker, a heading, a word count), not its
    substance; `form_reason` says why in one line."""

    id: Annotated[str, Field(pattern=r"^[A-Z]{2}-\d{3}$")]
    family: Family
    modality: Modality
    prior: Prior
    lineage: Lineage = Lineage.curated
    observability: Observability
    verifiability: Verifiability
    universality: Universality
    scenarios: tuple[Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")], ...] = ()
    severity: Severity = Severity.must
    method: Method
    surfaces: dict[Surface, Wording]
    fit: dict[Surface, Fit]
    source: Annotated[str, Field(pattern=r"^(archetype \S+|curated: \S)")]
    provenance: Provenance
    rubric: Rubric | None = None
    statement: str = ""
    opportunity: Annotated[str, Field(min_length=1)]
    params: dict[str, Scalar | tuple[Scalar, ...]] = Field(default_factory=dict)
    languages: tuple[Language, ...] = ()
    checks: Literal["substance", "form"] = "substance"
    form_reason: str = ""

    @model_validator(mode="before")
    @classmethod
    def _derived(cls, data: Any) -> Any:
        """Fill the axes that follow from other fields: verifiability from the method, provenance from source."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        method = data.get("method")
        if "verifiability" not in data and method in {str(m) for m in Method}:
            judged = Method(method) in JUDGED_METHODS
            data["verifiability"] = Verifiability.rubric if judged else Verifiability.deterministic
        source = data.get("source")
        if "provenance" not in data and isinstance(source, str):
            data["provenance"] = next((p for prefix, p in _SOURCES.items() if source.startswith(prefix)), None)
        return data

    @field_validator("prior", mode="before")
    @classmethod
    def _alias_prior(cls, value: Any) -> Any:
        return _PRIOR_ALIASES.get(value, value)

    @field_validator("surfaces", mode="before")
    @classmethod
    def _coerce_wordings(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {k: ({"text": v} if isinstance(v, str) else v) for k, v in value.items()}

    @field_validator("fit", mode="before")
    @classmethod
    def _parse_fit(cls, value: Any) -> Any:
        """`"SP:high PF:medium"` as a mapping; a malformed entry is left for the type check to name."""
        if not isinstance(value, str):
            return value
        pairs = [part.split(":", 1) if ":" in part else (part, "") for part in value.split()]
        return {surface: level for surface, level in pairs}

    @model_validator(mode="after")
    def _check(self) -> RuleMeta:
        if (self.method in JUDGED_METHODS) != (self.rubric is not None):
            raise ValueError(f"rubric: {self.method} rules {'need' if self.rubric is None else 'take no'} rubric")
        self._check_surfaces()
        self._check_axes()
        self._check_task_fields()
        if (self.checks == "form") != bool(self.form_reason.strip()):
            raise ValueError(
                "form_reason: a rule whose check reads only the form says why in one line (and only such a rule)"
            )
        return self

    def _check_task_fields(self) -> None:
        for surface, wording in self.surfaces.items():
            unknown = sorted({m.group(1) for m in TASK_FIELD.finditer(wording.text)} - set(TASK_FIELDS))
            if unknown:
                raise ValueError(f"surfaces.{surface}: unknown task field {{task:{unknown[0]}}} (known: "
                                 f"{', '.join(sorted(TASK_FIELDS))})")
        if self.rubric is not None and TASK_FIELD.search(self.rubric.model_dump_json()):
            raise ValueError("rubric: the judge reads the rubric as written, so it cannot take {task:...} fields")

    @property
    def task_fields(self) -> set[str]:
        """The `{task:NAME}` fields the wordings take from the task."""
        return {m.group(1) for w in self.surfaces.values() for m in TASK_FIELD.finditer(w.text)}

    def _check_surfaces(self) -> None:
        if not self.surfaces:
            raise ValueError("surfaces: a rule needs a wording for at least one surface")
        if Surface.HD in self.surfaces:
            raise ValueError("surfaces: HD is fixed harness text and never a placement target")
        for surface, wording in self.surfaces.items():
            if surface is Surface.TD and not wording.tool:
                raise ValueError("surfaces.TD: a tool-description wording must name its `tool`")
            if surface is Surface.SD and not wording.skill:
                raise ValueError("surfaces.SD: a skill-description wording must name its `skill`")
            if (wording.tool and surface is not Surface.TD) or (wording.skill and surface is not Surface.SD):
                raise ValueError(f"surfaces.{surface}: only TD wordings name a `tool` and only SD ones a `skill`")
        worded, fitted = set(self.surfaces), {s for s, f in self.fit.items() if f is not Fit.none}
        if worded != fitted:
            raise ValueError(
                f"fit: give every worded surface a fit of low, medium or high and no other surface one "
                f"(worded: {' '.join(sorted(worded))}; fitted: {' '.join(sorted(fitted)) or 'none'})"
            )
        if max(f.rank for f in self.fit.values()) < Fit.medium.rank:
            raise ValueError("fit: at least one surface needs fit medium or high (where the rule is natural)")

    def _check_axes(self) -> None:
        judged = self.method in JUDGED_METHODS
        allowed = {Verifiability.rubric, Verifiability.subjective} if judged else {Verifiability.deterministic}
        if self.verifiability not in allowed:
            raise ValueError(f"verifiability: a {self.method} rule is {' or '.join(sorted(allowed))}")
        if (self.universality is Universality.specific) != bool(self.scenarios):
            raise ValueError("scenarios: name the scenarios of a `specific` rule, and only of one")
        if self.method in DETERMINISTIC_METHODS and self.observability is Observability.deep:
            raise ValueError("observability: semantic intent (deep) needs a judge, not a deterministic check")

    def admissible(self, threshold: Fit) -> list[Surface]:
        """The worded surfaces whose fit reaches `threshold`, in surface order."""
        return [s for s in Surface if s in self.fit and self.fit[s].rank >= threshold.rank]
