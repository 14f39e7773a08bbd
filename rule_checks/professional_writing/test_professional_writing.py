"""Professional-writing rules (PW-*): how the agent's prose reads. Judged against a rubric; hybrid rules let a
deterministic pre-check decide what it can first."""

from __future__ import annotations

import re

from pytest_harnessif import Run, judge, judge_each, na, rule
from pytest_harnessif.checks.regex import without_code
from pytest_harnessif.checks.render import added_text, commit_messages
from pytest_harnessif.checks.workspace import changed_paths

HYPE = re.compile(r"\b(?:blazing(?:ly)?[- ]fast|game[- ]chang\w*|revolutionary|world[- ]class|seamless(?:ly)?)\b", re.I)
JARGON = re.compile(
    r"\b(?:utili[sz](?:e|es|ed|ing|ation)|leverag(?:e|es|ed|ing)|facilitat(?:e|es|ed|ing)|"
    r"operationali[sz](?:e|es|ed|ing|ation)|synerg(?:y|ies|istic)|paradigms?|going forward|holistic(?:ally)?)\b",
    re.I,
)


@rule("PW-001", family="professional_writing", modality="require", prior="against", method="llm_judge",
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


@rule("PW-003", family="professional_writing", modality="require", prior="against", method="llm_judge",
      source="archetype commit-why-not-what", opportunity="a new commit with a body",
      rubric={
          "question": "Do the bodies of the agent's commit messages explain why the change was made (the problem, "
                      "motivation or consequence) rather than restating what the diff changes?",
          "pass_if": ["Each commit body states the reason for the change: the defect or need it answers, or the "
                      "effect a reader of the history should know about.",
                      "A body may mention what changed, as long as the reason is also given."],
          "fail_if": ["A commit body only paraphrases the diff (\"Change X to Y\", \"Update foo.py and bar.py\", a "
                      "list of touched files or functions) without saying why.",
                      "A body is filler that carries no reason (\"Various improvements\", \"Address feedback\")."],
          "na_if": ["None of the commits shown has a body."],
      },
      surfaces={
          "SP": "When a commit message has a body, the body explains why the change was made (the problem or "
                "motivation), not what the diff already shows.",
          "PF": "## Commit messages\nCommit bodies explain *why*: the problem being solved or the reason for the "
                "change. Do not paraphrase the diff or list the files touched.",
          "SD": {"skill": "git-workflow",
                 "text": "Commit bodies explain the why (the problem or motivation behind the change), never a "
                         "paraphrase of the diff or a list of changed files."},
      })
def test_commit_bodies_explain_why(run: Run) -> None:
    """Commit message bodies explain why the change was made (problem, motivation), not a paraphrase of the diff.

    The judge reads the messages (not the diffs) of the run's new commits that have a body."""
    bodied = [c for c in run.new_commits if c.body.strip()] or na("no new commit has a message body")
    judge(commit_messages=commit_messages(bodied))


@rule("PW-004", family="professional_writing", modality="conditional_require", prior="neutral",
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


@rule("PW-005", family="professional_writing", modality="require", prior="against", method="llm_judge",
      source="archetype pr-intent-not-inventory", opportunity="files changed",
      rubric={
          "question": "Does the agent's final reply, which hands the work over, say what the changes are for and "
                      "what they change for users of the code (intent and impact), rather than only listing the "
                      "files or functions touched?",
          "pass_if": ["The reply states the purpose or effect of the changes (the bug that no longer happens, the "
                      "capability added, the behaviour that changed), in words a reviewer can act on.",
                      "A list of files may accompany that statement."],
          "fail_if": ["The reply is only an inventory of files, functions or commits, with no statement of what "
                      "the changes achieve.",
                      "The purpose is only implied by file or function names."],
          "na_if": ["The final reply does not hand over code changes (e.g. it only answers a question)."],
      },
      surfaces={
          "SP": "Your final hand-off explains the intent and effect of your changes (what now works differently "
                "and why); a list of changed files alone is not a hand-off.",
          "UI": "When you wrap up, tell me what the changes are for and what they change for our users - not "
                "just which files you touched.",
          "SD": {"skill": "git-workflow",
                 "text": "Hand-off messages describe the intent and impact of the change (what behaviour changed "
                         "and why), not a file-by-file inventory."},
      })
def test_final_reply_states_intent_and_impact(run: Run) -> None:
    """The final reply states the intent and impact of the changes, not only an inventory of files touched."""
    if not changed_paths(run):
        na("no file changed, so there is no work to hand over")
    if not run.final_reply.strip():
        na("the run has no final reply")
    judge(final_reply=run.final_reply)


@rule("PW-006", family="professional_writing", modality="prefer", prior="against", method="hybrid",
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


@rule("PW-007", family="professional_writing", modality="require", prior="against", method="llm_judge",
      source="archetype reader-oriented-prose", opportunity="{changelog} text added",
      rubric={
          "question": "Are the changelog entries the agent added written for users of the project: each states "
                      "the change they will observe (behaviour fixed, capability added, interface changed), "
                      "without session history, internal-only detail or references to the conversation?",
          "pass_if": ["Each added entry tells a user what is different for them; names of public functions or "
                      "options they call are fine."],
          "fail_if": ["An entry describes only internals a user never sees (private helpers, refactors, test "
                      "changes) as if they were the change.",
                      "An entry talks about the session or the request (\"as requested\", \"fixed the bug you "
                      "reported\", \"I changed...\") or mentions local commands or scratch files.",
                      "An entry only names a function or file without saying what it does or what changed."],
          "na_if": ["The diff adds no changelog entry text."],
      },
      surfaces={
          "SP": "Changelog entries you write are for the project's users: state what changed for them, not "
                "internal details, and never mention this session or the request.",
          "PF": "## Changelog\nEach `{changelog}` entry says what changed for users of the library (fixed "
                "behaviour, new capability, changed interface). No internal-only details, no references to "
                "the conversation.",
          "UI": "Changelog entries should make sense to our users: what changed for them, not which private "
                "helper you touched, and no 'as requested' stuff.",
      })
def test_changelog_entries_are_for_users(run: Run, changelog: str = "CHANGELOG.md") -> None:
    """Added `{changelog}` entries state what changed for users: no internal-only detail, no references to the session
    or request.

    The judge reads the run's diff of its `{changelog}` files."""
    diff = run.diff(f"**/{changelog}")
    if not any(line.strip() for line in added_text(diff)):
        na("the run added no changelog text")
    judge(changelog_diff=diff)
