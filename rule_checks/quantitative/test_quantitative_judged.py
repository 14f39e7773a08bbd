"""Judge-based quantitative rules (QT-101...): limits a count alone cannot settle. A hybrid rule's pre-check
enforces the hard number; the judge reads what is left."""

from __future__ import annotations

from pytest_harnessif import Run, judge_each, na, rule
from pytest_harnessif.checks.regex import words


@rule("QT-101", family="quantitative", modality="limit_max", prior="against", method="hybrid",
      observability="deep", universality="universal", fit="SP:high PF:medium UI:medium",
      source="archetype concise-replies", opportunity="an explain/question turn",
      rubric={
          "question": "Is the reply to the user's question concise: it answers up front, and every sentence "
                      "adds information the user asked for or needs?",
          "pass_if": ["The answer comes first and the rest supports it; no sentence could be removed without "
                      "losing information the user asked for or needs."],
          "fail_if": ["The reply pads: it restates the question, gives generic background the user did not ask "
                      "for, repeats points, ends with a summary of what it just said, or offers further help.",
                      "The answer is buried after a long lead-in."],
          "na_if": ["The user's message asks no question."],
      },
      surfaces={
          "SP": "Keep answers to questions short: at most {limit} words (code blocks not counted), answer first, "
                "no restating the question, no recap and no offers of more help.",
          "PF": "## Answers\nAnswers to questions stay under {limit} words (code blocks excluded): answer first, "
                "then only what supports it. No recaps, no padding.",
          "UI": "Keep your answers tight - {limit} words max (code doesn't count), straight to the point, no "
                "recap at the end.",
      })
def test_answers_are_concise(run: Run, limit: int = 250) -> None:
    """Replies to `explain` and `question` turns are concise. Pre-check: over {limit} words (code blocks
    excluded) fails; the judge reads the rest for padding."""
    asked = run.turns_with("explain", "question") or na("no explain or question turn")
    long = {t.index: n for t in asked if (n := words(t.reply)) > limit}
    assert not long, f"answers over {limit} words (turn: words): {long}"
    judge_each({"user_request": t.user, "reply": t.reply} for t in asked)
