"""Professional-writing rules (PW-*): how the agent's prose reads. Judged against a rubric; hybrid rules let a
deterministic pre-check decide what it can first."""

from __future__ import annotations

import re

from pytest_harnessif import Run, judge, na, rule

HYPE = re.compile(r"\b(?:blazing(?:ly)?[- ]fast|game[- ]chang\w*|revolutionary|world[- ]class|seamless(?:ly)?)\b", re.I)


@rule("PW-001", family="professional_writing", modality="require", prior="against", method="llm_judge",
      source="archetype reader-oriented-prose",
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
    """The judge reads the final reply against the reader-oriented rubric."""
    if not run.final_reply.strip():
        na("the run has no final reply")
    judge(final_reply=run.final_reply)


@rule("PW-002", family="professional_writing", modality="forbid", prior="neutral", method="hybrid",
      source="archetype no-detectable-ai-style",
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
    """Pre-check: no changed Markdown is n/a; a listed hype phrase is a fail. The judge reads the rest."""
    diff = run.diff("**/*.md")
    added = [line[1:] for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    if not any(line.strip() for line in added):
        na("the run added no Markdown text")
    hits = sorted({m.group(0) for line in added for m in HYPE.finditer(line)})
    assert not hits, f"added Markdown uses marketing phrases: {', '.join(hits)}"
    judge(markdown_diff=diff)
