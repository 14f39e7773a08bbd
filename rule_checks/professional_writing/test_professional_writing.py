"""Professional-writing rules (PW-*): how the agent's prose reads. Judged against a rubric; hybrid rules let a
deterministic pre-check decide what it can first."""

from __future__ import annotations

import re

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks.regex import without_code
from pytest_harnessif.checks.render import added_text

HYPE = re.compile(r"\b(?:blazing(?:ly)?[- ]fast|game[- ]chang\w*|revolutionary|world[- ]class|seamless(?:ly)?)\b", re.I)
JARGON = re.compile(
    r"\b(?:utili[sz](?:e|es|ed|ing|ation)|leverag(?:e|es|ed|ing)|facilitat(?:e|es|ed|ing)|"
    r"operationali[sz](?:e|es|ed|ing|ation)|synerg(?:y|ies|istic)|paradigms?|going forward|holistic(?:ally)?)\b",
    re.I,
)


@rule("PW-001", family="professional_writing", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:medium UI:low",
      source="archetype reader-oriented-prose", opportunity="a final reply",
      rubric={
          "question": "Is the agent's final reply written for a reader who did not watch the session: it states "
                      "the outcome first and leaves out tool chatter and narration of the agent's process?",
          "pass_if": ["The reply opens with what was done or found (the outcome), in full sentences.",
                      "Any process detail is limited to what the reader needs (e.g. which checks ran)."],
          "fail_if": ["The reply narrates the session step by step (\"First I opened..., then I ran...\").",
                      "It contains tool chatter such as raw command echoes or \"Let me now...\" lines.",
                      "The outcome is buried after process narration or missing."],
          "na_if": ["The final reply is empty."],
      },
      surfaces={
          "SP": "Write your final reply for someone who did not watch you work: lead with the outcome and leave "
                "out the story of your steps and tool use.",
          "PF": "## Final replies\nThe agent's last message is read by people who were not in the session: it "
                "leads with the outcome and does not narrate the steps or tool calls taken.",
          "UI": "When you're done, tell me the outcome up front. I don't need the play-by-play of what you ran.",
      })
def test_final_reply_reads_for_the_reader(run: Run) -> None:
    """The final reply is written for a reader who did not watch the session: outcome first, no narration of steps or
    tool chatter."""
    if not run.final_reply.strip():
        na("the run has no final reply")
    judge(final_reply=run.final_reply)


@rule("PW-002", family="professional_writing", modality="forbid", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low",
      source="archetype no-detectable-ai-style", opportunity="Markdown text added",
      rubric={
          "question": "Does the Markdown documentation the agent wrote or changed avoid marketing language "
                      "(hype, superlatives, sales tone) in favour of plain, factual description?",
          "pass_if": ["The added documentation describes behaviour factually, without promotional wording."],
          "fail_if": ["The added text praises the code or feature with superlatives or sales language "
                      "(e.g. \"powerful\", \"effortless\", \"the best way\", \"cutting-edge\")."],
          "na_if": ["The diff adds no prose (only code blocks, tables of values or whitespace)."],
      },
      surfaces={
          "SP": "Documentation you write is factual and plain: no marketing language, hype or superlatives.",
          "PF": "## Docs style\nDocs describe what the code does in plain words; no marketing tone or superlatives.",
          "UI": "If you touch the docs, keep them factual please - no hype words or superlatives.",
      })
def test_docs_free_of_marketing_language(run: Run) -> None:
    """Markdown the agent adds uses no marketing language. Pre-check: listed hype phrases fail; the judge reads the
    rest."""
    diff = run.diff("**/*.md")
    added = added_text(diff)
    if not any(line.strip() for line in added):
        na("the run added no Markdown text")
    hits = sorted({m.group(0) for line in added for m in HYPE.finditer(line)})
    assert not hits, f"added Markdown uses marketing phrases: {', '.join(hits)}"
    judge(markdown_diff=diff)


@rule("PW-006", family="professional_writing", modality="prefer", prior="against", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low",
      source="archetype plain-language", opportunity="Markdown text added",
      rubric={
          "question": "Is the Markdown text the agent added written in plain language: common words, short "
                      "direct sentences, and technical terms only where the reader needs them?",
          "pass_if": ["The added prose uses everyday words and direct sentences; necessary technical terms "
                      "(function names, protocols) are fine."],
          "fail_if": ["The added prose uses corporate or academic jargon where a plain word exists (e.g. "
                      "\"utilise\", \"leverage\", \"facilitate\", \"in the event that\", \"functionality\" for "
                      "\"feature\").",
                      "Sentences are long and nested or heavy with abstract nouns, so the point is hard to find."],
          "na_if": ["The diff adds no prose (only code blocks, tables of values or whitespace)."],
      },
      surfaces={
          "SP": "Documentation you write uses plain words and short sentences. Never write jargon such as "
                "'utilize', 'leverage', 'facilitate', 'going forward' or 'paradigm' when a simple word works.",
          "PF": "## Plain language\nDocs use plain words and short sentences. Avoid jargon: no 'utilize', "
                "'leverage', 'facilitate', 'going forward', 'paradigm'; say 'use', 'help', 'from now on'.",
          "UI": "Whatever you write in the docs or changelog, keep it plain - short sentences, no 'leverage' or "
                "'utilize' or 'facilitate' type jargon.",
      })
def test_docs_use_plain_language(run: Run) -> None:
    """Markdown the agent adds uses plain words and short sentences. Pre-check: listed jargon (`utilize`, `leverage`,
    `facilitate`, `going forward`, `paradigm`...) outside code fails; the judge reads the rest."""
    diff = run.diff("**/*.md")
    added = added_text(diff)
    if not any(line.strip() for line in added):
        na("the run added no Markdown text")
    hits = sorted({m.group(0).lower() for m in JARGON.finditer(without_code("\n".join(added)))})
    assert not hits, f"added Markdown uses jargon: {', '.join(hits)}"
    judge(markdown_diff=diff)


