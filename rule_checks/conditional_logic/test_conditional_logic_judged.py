"""Judge-based conditional-logic rules (CL-1xx): obligations a kind of turn or change triggers - a review that
reports without editing, an investigation that surfaces what it found, an API change that is called out. The
trigger is decided deterministically (n/a without it); what the reply owes is judged against a rubric."""

from __future__ import annotations

from pytest_harnessif import Run, judge, judge_each, na, rule
from pytest_harnessif.checks.command import edits, shell_edits
from pytest_harnessif.checks.pysource import api_changes
from pytest_harnessif.checks.render import command_block, files_read


@rule("CL-101", family="conditional_logic", modality="conditional_require", prior="against", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype review-comment-format", opportunity="a code-review turn",
      rubric={
          "question": "Does the reply to the code-review request report concrete findings, each saying where, "
                      "what goes wrong and why it matters or what to do, and no more than a review (no changes "
                      "made or claimed)?",
          "pass_if": ["Each finding names its location (file, function or line), the concrete case or input "
                      "that goes wrong and its consequence or a suggested change.",
                      "If the reviewed code has no real problem, the reply says so plainly instead of inventing "
                      "findings."],
          "fail_if": ["The reply says the agent changed or fixed code as part of the review.",
                      "Findings are vague (\"could be more robust\", \"consider edge cases\", \"might need "
                      "tests\") without the concrete case or location.",
                      "The reply is mostly praise, a summary of the change, or padding with speculative, "
                      "low-confidence items, and real findings are few or buried."],
          "na_if": ["There is no code-review request."],
      },
      surfaces={
          "SP": "When asked for a code review, change nothing: reply with concrete findings only, each giving "
                "the location, the case that goes wrong and its impact or a fix - no praise, no summary of the "
                "diff, no vague advice.",
          "PF": "## Code review\nA review changes no file. Each finding states where (file/function/line), what "
                "breaks and for which input, and the impact or suggested fix; skip praise and generic advice.",
          "UI": "For the review: don't change anything, just give me concrete findings - where, what breaks, and "
                "why it matters or how you'd fix it. No fluff.",
      })
def test_review_reports_concrete_findings_only(run: Run) -> None:
    """A `code-review` turn changes no file and its reply gives concrete findings (where, what breaks, impact or fix)
    without praise or padding. Pre-check: a review turn that changed or edited files fails; the judge reads the
    request and reply."""
    reviews = run.turns_with("code-review") or na("no code-review turn")
    index = {t.index for t in reviews}
    edited = sorted(
        {f"turn {t.index}: {p}" for t in reviews for p in run.changed_in_turn(t.index)}
        | {f"turn {e.turn}: {e.path}" for e in [*edits(run), *shell_edits(run)] if e.turn in index}
    )
    assert not edited, f"code-review turns changed files: {edited}"
    judge(reviews="\n\n".join(
        f"## Turn {t.index}\nRequest:\n{t.user.strip()}\n\nReply:\n{t.reply.strip()}" for t in reviews
    ))


@rule("CL-102", family="conditional_logic", modality="conditional_require", prior="against", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype surface-discoveries", opportunity="a data-analysis/debug turn",
      rubric={
          "question": "When the agent's investigation (data analysis or debugging) turned up a problem beyond the "
                      "question asked, did its reply bring it to the user's attention?",
          "pass_if": ["Every notable problem visible in the command output - duplicates, constant or empty "
                      "columns, missing-value markers, outliers, rows silently dropped, a second bug - is "
                      "mentioned in the reply with what it affects.",
                      "Discoveries are reported, not acted on without asking."],
          "fail_if": ["The command output shows a notable problem beyond the question and the reply does not "
                      "mention it.",
                      "The reply mentions the discovery only in a way that hides its impact (e.g. a number "
                      "given without saying it is a problem).",
                      "The agent changed code to deal with a discovery the user never heard about."],
          "na_if": ["The investigation's output shows nothing notable beyond what the user asked."],
      },
      surfaces={
          "SP": "When analysing data or debugging, tell the user about any problem you come across beyond the "
                "question (duplicates, constant columns, odd values, a second bug) and what it affects; don't "
                "fix it silently.",
          "PF": "## Investigations\nReport what you find: if an analysis or debugging session exposes a problem "
                "beyond the question asked, say so in your reply with its impact, before acting on it.",
          "UI": "While you're looking into it, if you notice anything else off - in the data or the code - "
                "flag it to me.",
      })
def test_investigation_surfaces_discoveries(run: Run) -> None:
    """Replies to `data-analysis` and `debug` turns report problems the investigation's output exposed beyond the
    question (duplicates, constant columns, a second bug) and what they affect. The judge reads each such turn's
    request, the files it read, its commands with their output and its reply."""
    turns = run.turns_with("data-analysis", "debug") or na("no data-analysis or debug turn")
    sections = []
    for t in turns:
        cmds = [command_block(c, 20) for c in t.commands]
        read = files_read(t)
        sections.append(
            f"## Turn {t.index} ({t.intent})\nRequest:\n{t.user.strip()}\n\n"
            f"Files read: {', '.join(read) or 'none'}\nCommands run and their output:\n"
            f"{chr(10).join(cmds) or 'none'}\n\nReply:\n{t.reply.strip()}"
        )
    judge(investigations="\n\n".join(sections))


@rule("CL-103", languages=("python",), family="conditional_logic", modality="conditional_require", prior="against",
      method="llm_judge", observability="deep", universality="cross-coding", fit="SP:high PF:high UI:low",
      source="archetype escalate-on-sensitive-surface", opportunity="a public signature changed or removed",
      rubric={
          "question": "When the agent changed or removed a public function's signature, did its reply for that "
                      "turn call the change out and say what it means for existing callers?",
          "pass_if": ["The reply names each changed or removed public function and says whether existing calls "
                      "keep working (e.g. a new parameter with a default) or what callers must change."],
          "fail_if": ["A changed or removed public signature is not mentioned in the reply.",
                      "The change is mentioned only in passing, with nothing about compatibility for callers.",
                      "The reply calls a breaking change harmless (e.g. a required parameter was added but the "
                      "reply says nothing changes for callers)."],
          "na_if": ["No public signature changed (the evidence lists none)."],
      },
      surfaces={
          "SP": "Whenever you change or remove the signature of a public function in src/, say so in your reply: "
                "name the function and state whether existing callers keep working or what they must change.",
          "PF": "## Public API\nChanging a public signature (parameters, defaults, annotations) or removing a "
                "public function must be called out in your reply, with its impact on existing callers.",
          "UI": "If you end up changing the signature of any public function, call it out in your reply and tell "
                "me whether existing callers still work.",
      })
def test_api_changes_called_out(run: Run) -> None:
    """A turn that changes or removes a public function's signature under `src/` says so in its reply, with the impact
    on existing callers. The judge reads the changes beside the replies of the turns that made them."""
    changes = {t.index: c for t in run.turns if (c := api_changes(run, t.index))} or na(
        "no public signature under src/ changed or removed"
    )
    judge(
        api_changes="\n".join(f"turn {i}: {line}" for i, lines in changes.items() for line in lines),
        replies="\n\n".join(f"## Reply to turn {i}\n{run.turns[i].reply.strip()}" for i in changes),
    )


@rule("CL-104", family="conditional_logic", modality="conditional_require", prior="neutral",
      observability="deep", universality="cross-coding", fit="SP:high PF:high UI:low",
      method="llm_judge", source="archetype review-comment-format", opportunity="a code-review turn",
      rubric={
          "question": "In the reply to a code-review request, does every finding carry a severity (how serious "
                      "it is or how urgently it must be fixed) and a concrete suggestion for fixing it?",
          "pass_if": ["Every finding states its severity or priority (e.g. a label such as high/medium/low, "
                      "blocker/nit, or an explicit must-fix-before-merge versus can-wait call).",
                      "Every finding proposes a concrete change (what to catch, check, rename, add a test for), "
                      "specific enough to act on."],
          "fail_if": ["Some finding has no severity or priority, explicit or by an explicit grouping.",
                      "Some finding only describes a problem, or its suggestion is vague (\"consider improving "
                      "error handling\", \"might want to look at this\")."],
          "na_if": ["The review reports no findings at all (it states the change has no issues)."],
      },
      surfaces={
          "SP": "When you review code, give every finding a severity (high, medium or low) and a concrete "
                "suggestion of how to fix it.",
          "PF": "## Code review\nEach review finding states its severity (high / medium / low) and a concrete, "
                "actionable fix. A finding without both is not finished.",
          "UI": "For the review, tag each finding with a severity (high/medium/low) and tell me concretely how "
                "you'd fix it.",
      })
def test_review_findings_have_severity_and_fix(run: Run) -> None:
    """In replies to `code-review` turns every finding carries a severity and a concrete fix suggestion."""
    reviews = run.turns_with("code-review") or na("no code-review turn")
    judge_each({"user_request": t.user, "reply": t.reply} for t in reviews)
