"""SWE-TaskFlow's answer judge (taskflow spec 7): one call at temperature 0 compares the agent's text answer with the
question's hidden reference answer and evidence chain, and answers `{"correct": bool, "rationale": str}`. Answers
are cached by content hash (re-scoring is free); an answer that does not parse is no grade, never a pass."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..agents.base import Message
from ..agents.registry import AgentContext, client_factory, endpoint
from ..agents.settings import ModelSettings
from ..digest import digest
from ..files import DiskCache
from .answer import json_objects
from .service import RAW_KEPT, RETRY_FIELDS, LazyClient

PROMPT_VERSION = "qa-judge-1"
MAX_TOKENS = 1024
SYSTEM = """\
You grade an AI coding agent's answer to a question about a software repository. You are given the question, \
the hidden reference answer, the evidence chain behind it (files and symbols) and the agent's answer. The answer is \
correct if it states every key fact of the reference answer and contradicts none of them; extra detail is fine as \
long as it does not contradict the reference or the evidence. Wording does not matter, facts do. An answer that \
evades the question, asks for more information or only describes how it would find out is not correct.

Answer with one JSON object and nothing else:
{"correct": true | false, "rationale": "<one or two sentences naming the key facts found or missing>"}"""


class QAVerdict(BaseModel):
    """The judge's structured answer."""

    model_config = ConfigDict(extra="ignore", strict=True)

    correct: bool
    rationale: str = Field(min_length=1)


@dataclass(frozen=True)
class Grade:
    """One graded answer: `correct` is None when the judge's answer was unusable (`problem` says why)."""

    correct: bool | None
    rationale: str
    judge: str
    request: str
    raw: str = ""
    cached: bool = False
    problem: str | None = None

    def record(self) -> dict[str, object]:
        return {"judge": self.judge, "request": self.request, "correct": self.correct, "rationale": self.rationale,
                "raw": self.raw, "cached": self.cached, "problem": self.problem}  # fmt: skip


def parse(text: str) -> QAVerdict:
    """The first JSON object in `text` that is a valid verdict; ValueError otherwise."""
    problems = []
    for value in json_objects(text):
        try:
            return QAVerdict.model_validate(value)
        except ValidationError as exc:
            problems.append(str(exc.errors()[0]["msg"]))
    raise ValueError(f"no {{correct, rationale}} object in the answer{': ' + problems[0] if problems else ''}")


def prompt(question: str, reference: str, evidence: list[str], answer: str) -> str:
    chain = "\n".join(f"- {e}" for e in evidence) or "- (none)"
    return (f"## Question\n{question}\n\n## Reference answer (hidden from the agent)\n{reference}\n\n"
            f"## Evidence chain\n{chain}\n\n## The agent's answer\n{answer or '(empty reply)'}\n")  # fmt: skip


class AnswerJudge:
    """Grades answers with one model client at temperature 0; `calls` and `hits` count model calls and cache hits."""

    def __init__(self, name: str, client: LazyClient, cache: DiskCache | None = None, rejudge: bool = False) -> None:
        self.name, self.client, self.cache, self.rejudge = name, client, cache, rejudge
        self.calls = self.hits = 0

    @classmethod
    def from_spec(cls, spec: str, *, calls: ModelSettings | None = None, cache_dir: Path | None = None,
                  rejudge: bool = False) -> AnswerJudge:  # fmt: skip
        retries = (calls or ModelSettings()).model_dump(include=set(RETRY_FIELDS))
        ctx = AgentContext(settings=ModelSettings(temperature=0, max_tokens=MAX_TOKENS, **retries))
        name = endpoint(spec).name
        cache = DiskCache(cache_dir) if cache_dir is not None else None
        return cls(name, LazyClient(client_factory(spec, ctx), name), cache, rejudge)

    def grade(self, question: str, reference: str, evidence: list[str], answer: str) -> Grade:
        user = prompt(question, reference, evidence, answer)
        request = digest([PROMPT_VERSION, SYSTEM, user], size=32)
        key = digest([request, self.name, 0, MAX_TOKENS], size=32)
        hit = None if self.cache is None or self.rejudge else self.cache.get(key)
        if isinstance(hit, dict) and isinstance(hit.get("raw"), str):
            self.hits += 1
            raw, cached = hit["raw"], True
        else:
            self.calls += 1
            try:
                raw = self.client.complete(SYSTEM, [Message("user", user)], []).text
            except Exception as exc:  # the call failed after its retries: no grade, not cached
                return Grade(None, "", self.name, request, problem=f"call failed: {type(exc).__name__}: {exc}"[:500])
            cached = False
            if self.cache is not None:
                self.cache.put(key, {"raw": raw, "judge": self.name, "request": request})
        try:
            verdict = parse(raw)
        except ValueError as exc:
            return Grade(None, "", self.name, request, raw[:RAW_KEPT], cached, f"unparseable: {exc}")
        return Grade(verdict.correct, verdict.rationale, self.name, request, raw[:RAW_KEPT], cached)

    def close(self) -> None:
        self.client.close()
