"""The judge's request: rubric + named evidence, deterministically truncated to a budget, and its prompt text."""

from __future__ import annotations

import functools

from pydantic import BaseModel, ConfigDict

from ..digest import digest
from ..rulemeta import Rubric

PROMPT_VERSION = "judge-1"
OMITTED = "\n[... {n} characters omitted by the harness ...]\n"
HEAD_SHARE = 2 / 3  # a truncated piece keeps its first two thirds and its last third

SYSTEM = """\
You are the judge of a benchmark for coding agents. You grade ONE rule against evidence taken from a recorded \
agent run: replies, diffs, files or commands, each under its own heading. Decide from the evidence shown and \
the conditions given, nothing else; do not reward effort or intent.

- "pass": a pass-if condition holds and no fail-if condition does.
- "fail": any fail-if condition holds, or the run had the opportunity and no pass-if condition holds.
- "n/a": an n/a-if condition holds, or the evidence shows no opportunity to follow or break the rule.

A piece marked as truncated had characters removed by the harness, not by the agent; never fail a rule for \
that. Answer with one JSON object and nothing else:
{"verdict": "pass" | "fail" | "n/a", "reason": "<one or two sentences that cite the evidence>"}"""


def truncate(evidence: dict[str, str], budget: int) -> tuple[dict[str, str], dict[str, list[int]]]:
    """Fit the pieces into `budget` characters in total: a fair share each (short pieces keep all, the rest is
    split evenly among the long ones), a long piece keeps its head and tail around a marker. Returns the pieces
    and, for each truncated one, [original length, kept length]."""
    keep: dict[str, int] = {}
    left, remaining = budget, sorted(evidence, key=lambda name: (len(evidence[name]), name))
    while remaining:
        name = remaining.pop(0)
        keep[name] = min(len(evidence[name]), left // (len(remaining) + 1))
        left -= keep[name]
    out, truncated = {}, {}
    for name, text in evidence.items():
        if keep[name] >= len(text):
            out[name] = text
            continue
        head = int(keep[name] * HEAD_SHARE)
        tail = keep[name] - head
        out[name] = text[:head] + OMITTED.format(n=len(text) - keep[name]) + (text[-tail:] if tail else "")
        truncated[name] = [len(text), keep[name]]
    return out, truncated


def _bullets(items: list[str]) -> str:
    return "\n".join(f"- {item}" for item in items) or "- (none)"


class Request(BaseModel):
    """One judge request as sent (after truncation). `hash` names it in caches, verdicts and re-judging."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rubric: Rubric
    evidence: dict[str, str]
    truncated: dict[str, list[int]] = {}
    version: str = PROMPT_VERSION

    @classmethod
    def build(cls, rubric: Rubric, evidence: dict[str, str], budget: int) -> Request:
        pieces, truncated = truncate(evidence, budget)
        return cls(rubric=rubric, evidence=pieces, truncated=truncated)

    @functools.cached_property
    def hash(self) -> str:
        return digest(self.model_dump(mode="json"), size=24)

    @property
    def system(self) -> str:
        return SYSTEM

    @property
    def user(self) -> str:
        r = self.rubric
        parts = [f"## Rule\n{r.question}", f"## Pass if\n{_bullets(r.pass_if)}", f"## Fail if\n{_bullets(r.fail_if)}"]
        if r.na_if:
            parts.append(f"## n/a if\n{_bullets(r.na_if)}")
        parts.append("## Evidence")
        for name, text in self.evidence.items():
            note = ""
            if name in self.truncated:
                total, kept = self.truncated[name]
                note = f"\n(truncated by the harness: {kept} of {total} characters shown)"
            parts.append(f"### {name}\n<<<\n{text}\n>>>{note}")
        return "\n\n".join(parts)
