"""Judge-based quantitative rules (QT-102...): numbers a count alone cannot vouch for - performance claims backed
by measurements, data findings sized in numbers, plans that weigh a minimum number of alternatives. A hybrid
rule's pre-check enforces what is countable; the judge reads the rest."""

from __future__ import annotations

import re

from pytest_harnessif import Run, judge_each, na, rule
from pytest_harnessif.checks.regex import without_code
from pytest_harnessif.checks.render import command_block
from pytest_harnessif.checks.toolcalls import option_labels

PERFORMANCE = re.compile(r"\b(?:faster|slower|quicker|speed-?ups?|sped up|slow(?:s|ed)? down|latency|throughput)\b",
                         re.I)
MEASURED = re.compile(
    r"\d[\d,]*(?:\.\d+)?\s*(?:ms|µs|us|ns|s|secs?|seconds?|min(?:utes?)?|%|x|×|times|ops/s|req/s|[kKMG]B)(?!\w)"
)


@rule("QT-102", family="quantitative", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:high PF:medium UI:medium",
      source="archetype changes-need-evidence (adapted: performance claims come with measurements)",
      opportunity="a reply claiming a speed change",
      rubric={
          "question": "Is every claim the reply makes about speed (faster, slower, latency, throughput) backed by "
                      "numbers the agent measured in the session?",
          "pass_if": ["Each speed claim gives measured numbers (timings, rates or ratios with their unit) and the "
                      "commands shown produced those numbers (before and after, or against a stated baseline)."],
          "fail_if": ["A speed claim carries numbers that no command shown measured (estimated, remembered or "
                      "invented).",
                      "The reply claims more than its numbers show (e.g. `much faster` from a 2% difference, or a "
                      "general speed-up from a single run of one case)."],
          "na_if": ["The reply makes no claim about the speed of the code (the words appear in another sense)."],
      },
      surfaces={
          "SP": "Never claim that something got faster or slower (speed, latency, throughput) without measuring it: "
                "give the measured numbers with their unit, before and after.",
          "PF": "## Performance claims\nAny statement that code is faster or slower cites measured numbers with units "
                "(`120 ms -> 45 ms`), taken in the session.",
          "UI": "If you tell me something got faster or slower, show me the numbers you actually measured.",
      })
def test_speed_claims_are_measured(run: Run) -> None:
    """Claims that code got faster or slower are backed by numbers measured in the session. Pre-check: a reply
    talking about speed with no number and unit in it fails; the judge reads each such reply beside the commands
    run so far and their output."""
    claims = [t for t in run.replied_turns if PERFORMANCE.search(without_code(t.reply))]
    claims = claims or na("no reply talks about speed")
    bare = [t.index for t in claims if not MEASURED.search(t.reply)]
    assert not bare, f"speed claims without any measured number and unit: turns {bare}"
    judge_each(
        {"commands_so_far": "\n".join(command_block(c, 8) for c in run.commands if c.turn <= t.index)
         or "(no command was run)", "reply": t.reply}
        for t in claims
    )


@rule("QT-103", family="quantitative", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="specific", scenarios=("data_ml",), fit="SP:high PF:medium SD:medium",
      source="curated: quantified findings", opportunity="a data-analysis turn",
      rubric={
          "question": "Does the reply size each finding about the data with numbers (counts, shares, rates, "
                      "differences, ranges) rather than with vague quantifiers?",
          "pass_if": ["Every finding about the data says how much or how many in numbers (e.g. `312 of 4,100 rows "
                      "(7.6%)`, `median 41`, `up 12% on last month`)."],
          "fail_if": ["A finding is sized only with vague words (many, most, a few, a lot, significant, rarely) "
                      "where the data gives a number.",
                      "Some findings carry numbers while others the analysis measured are left vague."],
          "na_if": ["The reply reports no finding about the data (e.g. it only asks a clarifying question)."],
      },
      surfaces={
          "SP": "When you report what the data shows, size every finding in numbers - counts, shares, rates, "
                "differences - never with words like `many`, `most` or `significant` alone.",
          "PF": "## Reporting data\nEvery finding is quantified (`312 of 4,100 rows, 7.6%`); no bare `many`, `most`, "
                "`a few` or `significant`.",
          "SD": {"skill": "data-analysis",
                 "text": "Quantify every finding you report (count, share, rate or difference); vague quantifiers "
                         "alone are not enough."},
      })
def test_data_findings_are_quantified(run: Run) -> None:
    """Replies to `data-analysis` turns size every finding in numbers, not vague quantifiers; the judge reads each
    request and reply."""
    turns = run.turns_with("data-analysis") or na("no data-analysis turn")
    judge_each({"user_request": t.user, "reply": t.reply} for t in turns)


@rule("QT-104", family="quantitative", modality="limit_min", prior="against", method="hybrid",
      observability="deep", universality="universal", fit="SP:high PF:medium UI:low",
      source="curated: alternatives in plans", opportunity="a planning turn",
      rubric={
          "question": "Does the planning reply present at least {least} genuinely different approaches, each labelled "
                      "`Option ...`, with the trade-offs of each?",
          "pass_if": ["The labelled options are distinct approaches (not variations of one step, not a strawman "
                      "nobody would pick), and each states what it costs or risks and what it gains compared with "
                      "the others."],
          "fail_if": ["Options differ only in naming or minor detail, or one exists only to be rejected.",
                      "An option comes without its trade-offs (cost, risk or limitation)."],
          "na_if": ["The request leaves no real choice of approach (e.g. it asks for the steps of a fixed "
                    "procedure)."],
      },
      surfaces={
          "SP": "When asked how to approach something, lay out at least {least} alternatives, each labelled "
                "`Option A`, `Option B`..., each with its trade-offs.",
          "PF": "## Plans\nA plan weighs at least {least} alternatives, labelled `Option A`, `Option B`..., each with "
                "its costs and risks.",
          "UI": "Give me at least {least} options (Option A, Option B...), each with its trade-offs.",
      })
def test_plans_weigh_alternatives(run: Run, least: int = 2) -> None:
    """Replies to `planning` turns present at least {least} labelled alternatives (`Option A`, `Option 2`,
    `Approach B`...). Pre-check: fewer labels fails; the judge reads whether they are real alternatives with
    trade-offs."""
    turns = run.turns_with("planning") or na("no planning turn")
    few = {t.index: labels for t in turns if len(labels := option_labels(without_code(t.reply))) < least}
    assert not few, f"planning replies with fewer than {least} labelled options (turn: labels): {few}"
    judge_each({"user_request": t.user, "reply": t.reply} for t in turns)
