"""Pydantic models shared by every layer: rules, tasks, placements and verdict rows."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator


class Surface(StrEnum):
    """Where an instruction reaches the agent (spec 1.1). HD is fixed and never a placement target."""

    HD = "HD"
    SP = "SP"
    TD = "TD"
    SD = "SD"
    PF = "PF"
    UI = "UI"


PLACEABLE_SURFACES: tuple[Surface, ...] = (Surface.SP, Surface.TD, Surface.SD, Surface.PF, Surface.UI)

Language = Literal["python", "javascript", "typescript", "c", "shell"]
"""The languages whose code the checks read (through `checks.code`)."""
LANGUAGE_ALIASES = {"jsx": "javascript", "js": "javascript", "node": "javascript", "tsx": "typescript",
                    "ts": "typescript", "py": "python", "h": "c", "sh": "shell", "bash": "shell"}
TASK_FIELDS = {"test": "test command (`commands.test`)", "lint": "lint command (`commands.lint`)",
               "test_tool": "tool running `commands.test`", "lint_tool": "tool running `commands.lint`"}
"""What a rule's wording may take from the task it is placed in, as `{task:NAME}`."""


class Family(StrEnum):
    """Rule families (spec 2.1)."""

    professional_writing = "professional_writing"
    output_control = "output_control"
    code_style = "code_style"
    workflow = "workflow"
    quantitative = "quantitative"
    conditional_logic = "conditional_logic"
    tool_use = "tool_use"


class Modality(StrEnum):
    """What a rule asks of the agent (spec 2.1)."""

    require = "require"
    forbid = "forbid"
    conditional_require = "conditional_require"
    limit_max = "limit_max"
    limit_min = "limit_min"
    prefer = "prefer"
    allow = "allow"


class Prior(StrEnum):
    """What an unprompted agent does relative to the rule (spec 6)."""

    align = "align_prior"
    against = "against_prior"
    neutral = "neutral"


class Lineage(StrEnum):
    """Where a prior label came from (spec 6.3): the zero-injection consensus (`consensus`: one target rule
    withheld at a time, as the paper probes; `consensus_all`: the cheaper probe that withholds every rule at
    once), pre-existing curation, or nothing recoverable."""

    consensus = "consensus"
    consensus_all = "consensus_all"
    curated = "curated"
    unknown = "unknown"


class Severity(StrEnum):
    """Per-instance severity; weights must=3, should=2, may=1 (spec 2.1, 5.5)."""

    must = "must"
    should = "should"
    may = "may"

    @property
    def weight(self) -> int:
        return {"must": 3, "should": 2, "may": 1}[self.value]


class Method(StrEnum):
    """How a rule is checked (spec 4.2)."""

    regex = "regex"
    ast = "ast"
    cross_file = "cross_file"
    command_output = "command_output"
    hybrid = "hybrid"
    llm_judge = "llm_judge"


class Status(StrEnum):
    """A verdict's outcome. Only pass and fail enter accuracy denominators (spec 4.1).

    `unjudged`: a judge-based rule whose deterministic pre-check could not decide, in a session with no judge
    configured; counted apart, never as n/a or error. `partial`: partial compliance, allowed in judge rows of
    other harnesses' records (spec 4.1); no check of this plugin produces it."""

    passed = "pass"
    failed = "fail"
    na = "n/a"
    error = "error"
    unjudged = "unjudged"
    partial = "partial"


class Intent(StrEnum):
    """SWE-TaskFlow's 16 user-message intents (taskflow spec 1)."""

    tests = "tests"
    bug_fix = "bug-fix"
    new_feature = "new-feature"
    generate_docs = "generate-docs"
    refactor = "refactor"
    transformation = "transformation"
    debug = "debug"
    planning = "planning"
    explain = "explain"
    question = "question"
    meta_question = "meta-question"
    code_review = "code-review"
    execute = "execute"
    data_analysis = "data-analysis"
    greeting = "greeting"
    other = "other"


def field_errors(exc: ValidationError, whole: str = "", *, skip: int = 0, option: str | None = None) -> str:
    """A pydantic error as `where: message; ...`. `where` is the dotted location minus its first `skip` parts
    (`whole` when the error is about the object itself), or with `option` the command-line option the first
    part names (`option` + the field name with dashes)."""

    def where(loc: tuple[int | str, ...]) -> str:
        if option is not None:
            return option + str(loc[0]).replace("_", "-")
        return ".".join(map(str, loc[skip:])) or whole

    return "; ".join(f"{where(e['loc'])}: {e['msg']}" for e in exc.errors())


JUDGED_METHODS = frozenset({Method.hybrid, Method.llm_judge})
DETERMINISTIC_METHODS = frozenset(Method) - JUDGED_METHODS


def marker_lines() -> list[str]:
    """The pytest markers of Harness-IF items (`-m output_control`, `-m surface_PF`, `-m e0`, `-m taskflow`)."""
    lines = [f"{name}: Harness-IF rule attribute" for name in [*Family, *Modality, *Prior, *Method]]
    lines += [f"surface_{s}: rule placed on surface {s}" for s in Surface]
    return [*lines, "scenario(name): the task scenario of a Harness-IF item", "e0: an E0 conflict run (--harness-e0)",
            "taskflow: an SWE-TaskFlow measurement (--harness-taskflow)",
            "noncoding: a case of the non-coding panel (--harness-panel=noncoding or all)"]


class Strict(BaseModel):
    """Base model: unknown keys are errors, so typos in YAML are caught."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Turn(Strict):
    """One user turn of a task, labelled with its SWE-TaskFlow intent; a `read_only` turn (a repository question)
    must leave the workspace as it found it: what it changes is recorded and put back."""

    intent: Intent
    text: Annotated[str, Field(min_length=1)]
    read_only: bool = False


class ToolSpec(Strict):
    """A task-specific tool: runs a fixed command in the workspace (extra args appended)."""

    name: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    description: Annotated[str, Field(min_length=1)]
    command: Annotated[str, Field(min_length=1)]


class SkillSpec(Strict):
    """A skill offered to the agent: name + description listed, body loaded through the skill tool."""

    name: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    description: Annotated[str, Field(min_length=1)]
    body: Annotated[str, Field(min_length=1)]


class RuleRef(Strict):
    """A rule injected into a task; `ui_turn` is the turn a UI placement is worded into; `opportunity` the turns
    whose work gives the rule something to judge (`[]`: a bystander, n/a in this task; None: not declared)."""

    id: str
    ui_turn: Annotated[int, Field(ge=0)] = 0
    severity: Severity | None = None
    opportunity: list[Annotated[int, Field(ge=0)]] | None = None


TASK_FIELD = re.compile(r"\{task:(\w*)\}")
HOST_NEED = r"^(?P<program>[A-Za-z0-9_.+-]+)(?:>=(?P<version>\d+(?:\.\d+)*))?$"


class Task(Strict):
    """One panel item: a repo fixture (the task's own `repo/`, or with `repo: NAME` its scenario's shared
    `repos/NAME/`), the languages it is written in, the programs a local sandbox needs on the host (`needs`,
    e.g. `node>=18`), user turns and the injected rule pack."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]
    scenario: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    title: str
    kind: Literal["coding", "non_coding"] = "coding"
    languages: Annotated[list[Annotated[str, Field(pattern=r"^[a-z][a-z0-9+#-]*$")]], Field(min_length=1)]
    needs: list[Annotated[str, Field(pattern=HOST_NEED)]] = []
    repo: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")] | None = None
    role: Annotated[str, Field(min_length=1)]
    project_file: str = "AGENTS.md"
    tools: list[ToolSpec] = []
    skills: list[SkillSpec] = []
    turns: Annotated[list[Turn], Field(min_length=1)]
    rules: list[RuleRef]
    commands: dict[str, str] = {}

    @field_validator("rules", mode="before")
    @classmethod
    def _coerce_refs(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        return [{"id": v} if isinstance(v, str) else v for v in value]

    @model_validator(mode="after")
    def _check_refs(self) -> Task:
        seen: set[str] = set()
        for i, ref in enumerate(self.rules):
            if ref.id in seen:
                raise ValueError(f"rules.{i}: rule {ref.id} is injected twice")
            seen.add(ref.id)
            if ref.ui_turn >= len(self.turns):
                raise ValueError(f"rules.{i}.ui_turn: turn {ref.ui_turn} does not exist ({len(self.turns)} turns)")
            late = [t for t in ref.opportunity or () if t >= len(self.turns)]
            if late:
                raise ValueError(f"rules.{i}.opportunity: turn {late[0]} does not exist ({len(self.turns)} turns)")
            if ref.opportunity and ref.opportunity != sorted(set(ref.opportunity)):
                raise ValueError(f"rules.{i}.opportunity: list each turn once, in order")
        names = [t.name for t in self.tools] + [s.name for s in self.skills]
        if len(names) != len(set(names)):
            raise ValueError("tools/skills: names must be unique")
        return self

    def ref(self, rule_id: str) -> RuleRef:
        return next(r for r in self.rules if r.id == rule_id)

    @property
    def code_languages(self) -> set[str]:
        """The task's languages as the checks name them (`jsx` is `javascript`, `tsx` is `typescript`)."""
        return {LANGUAGE_ALIASES.get(lang, lang) for lang in self.languages}

    def field(self, name: str) -> str | None:
        """A `{task:NAME}` value (see `TASK_FIELDS`): a command of `commands`, or the tool that runs it."""
        if name in self.commands:
            return self.commands[name]
        command = self.commands.get(name.removesuffix("_tool")) if name.endswith("_tool") else None
        return next((t.name for t in self.tools if command is not None and t.command == command), None)

    def render(self, text: str) -> str:
        """`text` with each `{task:NAME}` replaced by the task's value (left as written when the task has none)."""
        return TASK_FIELD.sub(lambda m: self.field(m.group(1)) or m.group(0), text)


class Conflict(Strict):
    """One E0 conflict run's set-up: a pair of mutually exclusive rules, the surface matchup (`first` before
    `second` in SP, TD, SD, PF, UI order) and the direction: AB puts rule A on `first` and B on `second`, BA swaps."""

    pair: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]
    first: Surface
    second: Surface
    direction: Literal["AB", "BA"]

    @property
    def surface_a(self) -> Surface:
        return self.first if self.direction == "AB" else self.second

    @property
    def surface_b(self) -> Surface:
        return self.second if self.direction == "AB" else self.first

    @property
    def label(self) -> str:
        return f"{self.pair}-{self.first}-{self.second}-{self.direction}"


class RunKey(Strict):
    """One trajectory: (model, task, round); in a one-at-a-time zero-injection probe the rule withheld, in an E0
    conflict run the conflict set up, in an SWE-TaskFlow run the configuration (`flow`) of the task's turns."""

    model: str
    task: str
    round: Annotated[int, Field(ge=1)]
    withheld: str | None = None
    conflict: Conflict | None = None
    flow: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")] | None = None

    @property
    def variant(self) -> str:
        """What sets this run apart from the plain (model, task, round) one: `without-RULE`, the conflict, the
        flow configuration, or ''."""
        if self.withheld:
            return f"without-{self.withheld}"
        return self.conflict.label if self.conflict else self.flow or ""

    @property
    def id(self) -> str:
        return f"{self.model}/{self.task}/r{self.round}" + (f"/{self.variant}" if self.variant else "")

    @property
    def label(self) -> str:
        """The key as a pytest parameter id: `model-task-rN`, plus `-without-RULE` in a one-at-a-time probe or the
        conflict (`-PAIR-SP-PF-AB`) in an E0 run."""
        return f"{self.model}-{self.task}-r{self.round}" + (f"-{self.variant}" if self.variant else "")


class Vote(BaseModel):
    """One judge vote: its verdict (None when the answer could not be used), reason, raw answer, provenance."""

    model_config = ConfigDict(extra="forbid")

    index: int
    status: Status | None
    reason: str = ""
    raw: str = ""
    problem: str | None = None
    cached: bool = False


class JudgeRecord(BaseModel):
    """How the judge decided a verdict: the judge, its votes, the request's content hash, what was truncated."""

    model_config = ConfigDict(extra="forbid")

    judge: str
    status: Status
    votes: list[Vote]
    request: str
    truncated: dict[str, list[int]] = {}
    calls: int = 0
    cached: int = 0


class Verdict(BaseModel):
    """One verdict row of `verdicts.jsonl`: (model, task, round, rule) and its outcome."""

    model_config = ConfigDict(extra="forbid")

    model: str
    model_id: str | None = None
    population: str = "main"
    probe: Literal["each", "all"] | None = None
    task: str
    scenario: str
    round: int
    rule: str
    family: Family
    modality: Modality
    prior: Prior
    lineage: Lineage
    surface: Surface | None
    severity: Severity
    method: Method
    checks: Literal["substance", "form"] = "substance"
    status: Status
    reason: str = ""
    artifact: str | None = None
    judge: JudgeRecord | None = None
    nodeid: str = ""
    duration: float = 0.0
