"""SWE-bench style issue instances and the multi-turn flows made from them (taskflow spec 9-10): the plain data the
dataset builder (`taskflow/`), the run mode (`flowdata`, `flowitems`) and the offline gold agent all read."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .digest import digest
from .schema import Intent, Strict

DEFAULT_TEST_CMD = "python -m pytest -rA -p no:cacheprovider"
"""How the original tests run when an instance names no `test_cmd`: pytest with one result line per test (`-rA`),
the test ids appended."""
CONFIG_NAMES = ("single", "split", "concat", "qa-first", "qa-last", "qa-random", "qa-only", "tfas")
"""The configurations a dataset holds (taskflow spec 9; `taskflow.configs` builds them)."""
JOIN = "\n\n"
"""Between joined turns: the Concat message and merged split turns (spec 5 [R])."""


class Instance(BaseModel):
    """One issue instance as SWE-bench and SWE-Bench Pro ship it; fields this plugin does not use are ignored.

    `FAIL_TO_PASS` / `PASS_TO_PASS` are test ids (a JSON-encoded list, as SWE-bench stores them, is accepted);
    `patch` is the gold patch and `test_patch` adds the verifying tests; `requirements` and `interface` are Pro's.
    `test_cmd` (ours) runs tests from the repository root with the test ids appended; its output is read as pytest's
    `-rA` summary."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    instance_id: Annotated[str, Field(min_length=1)]
    repo: Annotated[str, Field(min_length=1)]
    base_commit: Annotated[str, Field(pattern=r"^[0-9a-f]{7,40}$")]
    problem_statement: Annotated[str, Field(min_length=1)]
    requirements: str | None = None
    interface: str | None = None
    patch: Annotated[str, Field(min_length=1)]
    test_patch: str = ""
    FAIL_TO_PASS: Annotated[list[str], Field(min_length=1)]
    PASS_TO_PASS: list[str] = []
    test_cmd: Annotated[str, Field(min_length=1)] = DEFAULT_TEST_CMD
    language: Annotated[str, Field(pattern=r"^[a-z][a-z0-9+#-]*$")] = "python"

    @field_validator("FAIL_TO_PASS", "PASS_TO_PASS", mode="before")
    @classmethod
    def _json_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                raise ValueError("expected a list of test ids or a JSON-encoded list") from None
        return value

    @field_validator("language", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.lower() if isinstance(value, str) else value

    @model_validator(mode="before")
    @classmethod
    def _pro_language(cls, data: Any) -> Any:
        """SWE-Bench Pro names the language `repo_language`."""
        if isinstance(data, dict) and "language" not in data and isinstance(data.get("repo_language"), str):
            return {**data, "language": data["repo_language"]}
        return data

    @property
    def prompt(self) -> str:
        """The original one-message prompt: the problem statement, or for a Pro instance the statement, requirements
        and interface as Pro's own `create_problem_statement` joins them."""
        if self.requirements is None and self.interface is None:
            return self.problem_statement
        return (
            f"{self.problem_statement}\n\nRequirements:\n{self.requirements or ''}\n\n"
            f"New interfaces introduced:\n{self.interface or ''}"
        )

    @property
    def task_id(self) -> str:
        """The instance id as a task id: lower case, runs of other characters as one dash."""
        return re.sub(r"[^a-z0-9]+", "-", self.instance_id.lower()).strip("-")

    @property
    def tests(self) -> list[str]:
        """FAIL_TO_PASS then PASS_TO_PASS, each once."""
        return list(dict.fromkeys([*self.FAIL_TO_PASS, *self.PASS_TO_PASS]))


class FlowTurn(Strict):
    """One user turn of a flow: part of the issue, or a repository question with its hidden reference answer and
    evidence chain (never shown to the agent)."""

    kind: Literal["issue", "question"]
    text: Annotated[str, Field(min_length=1)]
    intent: Intent
    question: str | None = None
    reference: str | None = None
    evidence: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _question_fields(self) -> FlowTurn:
        asked = self.kind == "question"
        if asked and not (self.question and self.reference):
            raise ValueError("a question turn needs its question id and reference answer")
        if not asked and (self.question or self.reference or self.evidence):
            raise ValueError("an issue turn carries no question, reference or evidence")
        return self


class Flow(Strict):
    """One task of one configuration: its ordered turns and their content hash."""

    task: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]
    instance: str
    config: str
    turns: Annotated[list[FlowTurn], Field(min_length=1)]
    hash: str

    @model_validator(mode="after")
    def _hash_matches(self) -> Flow:
        if self.hash != turns_hash(self.turns):
            raise ValueError("hash: does not match the turns (edited by hand?); rebuild the configuration")
        return self

    @property
    def issue_turns(self) -> list[int]:
        return [i for i, t in enumerate(self.turns) if t.kind == "issue"]

    @property
    def question_turns(self) -> list[int]:
        return [i for i, t in enumerate(self.turns) if t.kind == "question"]


def turns_hash(turns: list[FlowTurn]) -> str:
    """The content hash of a flow's turns (hidden fields included)."""
    return digest([t.model_dump(mode="json") for t in turns], size=16)


def make_flow(instance: Instance, config: str, turns: list[FlowTurn]) -> Flow:
    return Flow(task=instance.task_id, instance=instance.instance_id, config=config, turns=turns,
                hash=turns_hash(turns))  # fmt: skip


_FILE = re.compile(r"^diff --git ", re.M)
_HUNK = re.compile(r"^@@ ", re.M)


def hunks(patch: str) -> list[str]:
    """A unified diff cut into one standalone patch per hunk (its file header repeated), in patch order; a file
    diff without hunks (a mode change, a binary or an empty new file) stays whole."""
    out: list[str] = []
    starts = [m.start() for m in _FILE.finditer(patch)] or [0]
    for a, b in zip(starts, [*starts[1:], len(patch)], strict=True):
        part = patch[a:b]
        cuts = [m.start() for m in _HUNK.finditer(part)]
        if not cuts:
            if part.strip():
                out.append(part)
            continue
        header = part[: cuts[0]]
        out += [header + part[c:d] for c, d in zip(cuts, [*cuts[1:], len(part)], strict=True)]
    return [p if p.endswith("\n") else p + "\n" for p in out]


def spread(items: list[str], parts: int) -> list[list[str]]:
    """`items` in order over `parts` >= 1 consecutive groups, as even as possible (earlier groups take the extra)."""
    size, extra = divmod(len(items), parts)
    groups, start = [], 0
    for k in range(parts):
        end = start + size + (k < extra)
        groups.append(items[start:end])
        start = end
    return groups
