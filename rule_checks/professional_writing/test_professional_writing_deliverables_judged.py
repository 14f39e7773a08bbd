"""Judge-based professional-writing rules on the structure of written deliverables (PW-110...): whether lists are
parallel, summaries and subject lines carry the point, headings and sections match, requests carry a deadline and
steps, comparisons and next steps take the form the reader needs. Hybrid rules let a deterministic pre-check decide
the clear cases first."""

from __future__ import annotations

import re

from pytest_harnessif import Run, judge, judge_each, na, rule
from pytest_harnessif.checks.documents import (
    dates,
    documents_text,
    find_section,
    list_blocks,
    lists,
    plain_lines,
    requested,
    sections,
    subject_line,
    summary_text,
    title_key,
)
from pytest_harnessif.checks.prose import deliverables

SUMMARY_TITLES = ("Summary", "TL;DR", "Executive summary")
ASK = re.compile(r"\b(?:please|could you|can you|would you|kindly)\b", re.I)
WEEKDAY = re.compile(r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b")
SEQUENCE_WORD = re.compile(r"^(?:first(?:ly)?|then|next|after that|finally|lastly|step \d+)\b", re.I)
QUESTION_LINE = re.compile(r"^(?:[-*+]\s+|\d+[.)]\s+|[*_]{2}|Q\s*[:.])[^\n]*\?[*_]*$")
SEQUENCE_OPENER = re.compile(r"(?:^|[.!?]\s+)(?:First(?:ly)?|Then|Next|After that|Finally|Lastly)\b")


@rule("PW-110", family="professional_writing", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: parallel list items (Chicago Manual of Style, Microsoft style guide)",
      opportunity="a list of {least} items or more",
      rubric={
          "question": "Are the items of each list grammatically parallel: does every item of one list take the same "
                      "form (all start with a verb in the same form, all are noun phrases, or all are full "
                      "sentences)?",
          "pass_if": ["Within every list shown, all items share one grammatical form, e.g. each starts with an "
                      "imperative verb ('Book the room', 'Send the invites') or each is a noun phrase."],
          "fail_if": ["Some list mixes forms, e.g. 'Book the room', 'Catering', 'We should send the invites'.",
                      "Items of one list switch verb forms, e.g. 'Reviewing the budget' next to 'Approve the plan'."],
          "na_if": ["No list shown has {least:w} items or more."],
      },
      surfaces={
          "SP": "Keep list items parallel: every item of a list takes the same grammatical form (all start with a "
                "verb in the same form, or all are noun phrases, or all are full sentences).",
          "PF": "## Parallel lists\nItems of a list share one grammatical form: all imperative verbs, all noun "
                "phrases or all full sentences. Don't mix them in one list.",
          "UI": "Make the bullet points parallel - same kind of phrase for each one.",
          "SD": {"skill": "writing-style",
                 "text": "Write the items of each list in one grammatical form (same verb form, or all noun "
                         "phrases, or all sentences)."},
      })
def test_list_items_are_parallel(run: Run, least: int = 3) -> None:
    """The items of every list of {least} or more items in a deliverable share one grammatical form.

    The judge reads those lists, each under the deliverable it comes from."""
    found = [(d.where, items) for d in deliverables(run) for items in lists(d, inline_code=True) if len(items) >= least]
    found = found or na(f"no list of {least} items or more")
    judge(lists="\n\n".join(f"### {where}\n" + "\n".join(f"- {i.text}" for i in items) for where, items in found))


@rule("PW-111", family="professional_writing", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="archetype reader-oriented-prose (adapted: a summary that stands alone)",
      opportunity="a summary section or labelled summary paragraph",
      rubric={
          "question": "Can the summary be understood by a reader who reads nothing else: does it avoid terms, "
                      "acronyms, code names or labels that are explained only later in the document, and avoid "
                      "sending the reader to later sections for its point?",
          "pass_if": ["Everything in the summary is understandable without the body: its terms are plain or "
                      "explained in the summary itself."],
          "fail_if": ["The summary relies on something defined only further down (an acronym, a project code "
                      "name, 'Option B', 'the second scenario').",
                      "The summary points elsewhere for its substance ('see Findings for what we recommend')."],
          "na_if": [],
      },
      surfaces={
          "SP": "Write the summary ({titles:or}) so it stands alone: someone who reads only the summary understands "
                "it, so it uses no acronym, code name or option label that is explained only further down and "
                "never sends the reader to a later section for the point.",
          "PF": "## Summaries\nThe {titles:or} section is self-contained: no term, acronym or label that only the "
                "body explains, and no 'see section X' in place of the point.",
          "UI": "Make the summary readable on its own - no jargon or 'Option B' stuff that's only explained later.",
          "SD": {"skill": "report-writing",
                 "text": "The summary ({titles:or}) must stand alone: nothing in it depends on definitions or "
                         "sections further down."},
      })
def test_summary_stands_alone(run: Run, titles: tuple[str, ...] = SUMMARY_TITLES) -> None:
    """The summary of each deliverable ({titles:or}) can be understood on its own: it relies on no term or label
    explained only later and does not defer its point to later sections.

    The judge reads each summary together with the whole deliverable."""
    found = [(d, text) for d in deliverables(run) if (text := summary_text(d, titles) or "").strip()]
    found = found or na("no summary section or labelled summary paragraph with text")
    judge_each({"summary": text, "document": documents_text([d])} for d, text in found)


@rule("PW-112", family="professional_writing", modality="prefer", prior="against", method="hybrid",
      severity="should", observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: informative headings (GOV.UK and plain-language guidance on headings)",
      opportunity="two section headings or more",
      rubric={
          "question": "Do the section headings tell the reader what each section says (its point or its specific "
                      "subject) rather than name a generic slot?",
          "pass_if": ["Headings are specific to this document ('Checkout failed for 40 minutes', 'Refunds go out "
                      "on 2024-05-06'); expected labels such as Summary, Sources or Action items may sit among "
                      "them."],
          "fail_if": ["Most headings are generic labels that would fit any document ('Background', 'Analysis', "
                      "'Discussion', 'Conclusion')."],
          "na_if": ["The document has fewer than two section headings."],
      },
      surfaces={
          "SP": "Prefer headings that say something: name the point or the specific subject of the section "
                "('Refunds go out on 2024-05-06'), not a generic slot. Never use {generic:or} as a heading.",
          "PF": "## Headings\nPrefer informative headings that carry the section's point. Generic headings "
                "({generic:or}) are not used.",
          "UI": "Make the headings actually say something, not just 'Overview' or 'Details'.",
          "SD": {"skill": "writing-style",
                 "text": "Write headings that state the section's point; avoid empty labels such as "
                         "{generic:or}."},
      })
def test_headings_are_informative(
    run: Run,
    generic: tuple[str, ...] = ("Overview", "Details", "Miscellaneous", "Other", "Notes", "More information",
                                "General", "Introduction"),
) -> None:
    """Prefer section headings that state the section's point or its specific subject over generic labels.

    Pre-check: a heading that is one of {generic:or} fails; the judge reads the rest."""
    docs = [d for d in deliverables(run) if sum(s.level > 1 for s in sections(d)) >= 2]
    docs = docs or na("no deliverable with two section headings or more")
    keys = {title_key(g) for g in generic}
    empty = [f"{d.where}: {s.title!r}" for d in docs for s in sections(d) if title_key(s.title) in keys]
    assert not empty, f"generic headings: {empty}"
    judge(document=documents_text(docs))


@rule("PW-113", family="professional_writing", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:medium UI:low SD:high",
      source="curated: subject lines that carry the news or the ask (business email guides)",
      opportunity="an email with a subject line",
      rubric={
          "question": "Does the email's subject line tell the reader what the email is about and what, if anything, "
                      "they need to do (the news or the ask), so it can be acted on from the inbox?",
          "pass_if": ["The subject names the specific topic and the ask or the news ('Approve Q3 travel budget by "
                      "2024-06-07', 'Checkout outage resolved, refunds on 2024-05-06')."],
          "fail_if": ["The subject is a vague label that would fit many emails ('Update on things', 'A few "
                      "questions', 'Team news').",
                      "The subject is about something other than the main point of the body."],
          "na_if": ["The email has no subject line."],
      },
      surfaces={
          "SP": "Write email subject lines that carry the point: the specific topic plus the news or the ask "
                "('Approve the Q3 travel budget by 2024-06-07'). Never a bare label such as {generic:or}.",
          "PF": "## Email subjects\nThe `{label}:` line states the topic and the ask or news. Generic subjects "
                "({generic:or}) are not allowed.",
          "UI": "Make the subject line say what it's actually about - no 'Update' or 'Quick question'.",
          "SD": {"skill": "email-etiquette",
                 "text": "The `{label}:` line names the topic and the ask; never just {generic:or}."},
      })
def test_subject_line_carries_the_point(
    run: Run,
    label: str = "Subject",
    generic: tuple[str, ...] = ("Update", "Quick question", "Question", "Follow up", "Follow-up", "Checking in",
                                "FYI", "Hello", "Hi", "Important", "Meeting"),
) -> None:
    """The subject line of each email deliverable states its topic and its news or ask.

    Pre-check: an empty subject or one of {generic:or} fails; the judge reads each subject with its email."""
    emails = [(d, v) for d in deliverables(run) if (v := subject_line(d, label)) is not None]
    emails = emails or na(f"no email with a `{label}:` line")
    keys = {title_key(g) for g in generic}
    empty = [f"{d.where}: {v!r}" for d, v in emails if not v or title_key(v.rstrip(".!?")) in keys]
    assert not empty, f"subject lines that say nothing: {empty}"
    judge_each({"subject": v, "email": documents_text([d])} for d, v in emails)


@rule("PW-114", family="professional_writing", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:medium UI:medium SD:high",
      source="curated: a call to action with a deadline (business email and memo guides)",
      opportunity="an email or memo is asked for",
      rubric={
          "question": "Where the email or memo asks the reader to do something, does it say exactly what to do and "
                      "by when (a date, or a day with a time)?",
          "pass_if": ["Every request to the reader names the action and a deadline ('Please approve the budget by "
                      "2024-06-07')."],
          "fail_if": ["The reader is asked to act with no deadline, or only a vague one ('soon', 'when you can', "
                      "'at your earliest convenience').",
                      "The action is too vague to carry out ('let me know your thoughts')."],
          "na_if": ["The message asks the reader to do nothing; it only informs."],
      },
      surfaces={
          "SP": "When an email or memo you write asks the reader to do something, say exactly what and by when: a "
                "date, or a day and time ('Please approve the budget by 2024-06-07').",
          "PF": "## Requests\nEvery request in an email or memo names the action and its deadline (a date or a day "
                "and time). No 'when you get a chance'.",
          "UI": "If the email asks people to do something, give them a clear deadline.",
          "SD": {"skill": "email-etiquette",
                 "text": "Pair every ask with a concrete deadline: the action plus a date (or day and time)."},
      })
def test_requests_carry_a_deadline(run: Run) -> None:
    """Every request to the reader in an email or memo names the action and a deadline (a date, or a day and time).

    Pre-check: a deliverable that asks (`please`, `could you`...) but holds no date and no weekday fails; the judge
    reads the rest."""
    asked = requested(run, "email") or requested(run, "memo")
    docs = (deliverables(run) if asked else []) or na("no email or memo asked for, or nothing delivered")
    undated = [d.where for d in docs if ASK.search(d.prose) and not dates(d.prose) and not WEEKDAY.search(d.prose)]
    assert not undated, f"requests with no date or weekday anywhere: {undated}"
    judge(document=documents_text(docs))


@rule("PW-115", family="professional_writing", modality="prefer", prior="neutral", method="hybrid",
      severity="should", observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: numbered lists for sequential steps (Microsoft and Google style guides)",
      opportunity="a deliverable",
      rubric={
          "question": "Are steps the reader must carry out in order written as a numbered list, one action per "
                      "item, with unordered material (options, facts, notes) left as bullets or prose?",
          "pass_if": ["Every sequence of steps is a numbered list (1., 2., 3.) with one action per item."],
          "fail_if": ["Ordered steps are run together in a paragraph ('First..., then..., finally...').",
                      "Ordered steps sit in a bulleted list.",
                      "A numbered list is used for items with no order while real steps go unnumbered."],
          "na_if": ["The deliverable has no sequence of steps for the reader to follow."],
      },
      surfaces={
          "SP": "Prefer numbered lists for steps: whenever the reader has to do things in order, write them as "
                "`1.`, `2.`, `3.`, one action per item; keep bullets for unordered points.",
          "PF": "## Steps\nProcedures are numbered lists with one action per step. Bullets are for unordered "
                "points; no 'first..., then..., finally...' paragraphs.",
          "UI": "If there are steps to follow, number them please.",
          "SD": {"skill": "writing-style",
                 "text": "Number ordered steps (`1.`, `2.`...), one action each; bullets only for unordered "
                         "items."},
      })
def test_steps_are_numbered(run: Run) -> None:
    """Prefer numbered lists, one action per item, for steps the reader follows in order.

    Pre-check: a bulleted item opening with a sequence word (`First`, `Then`, `Next`, `Finally`, `Step 2`) or a
    paragraph with three such openers fails; the judge reads the rest."""
    docs = deliverables(run) or na("nothing delivered")
    bulleted = [f"{d.where}: {i.text[:40]!r}" for d in docs for block in list_blocks(d) for i in block
                if not i.ordered and SEQUENCE_WORD.match(i.text)]
    narrated = [f"{d.where}: {p[:40]!r}" for d in docs for p in d.paragraphs if len(SEQUENCE_OPENER.findall(p)) >= 3]
    assert not bulleted + narrated, f"steps not in a numbered list: {bulleted + narrated}"
    judge(document=documents_text(docs))


@rule("PW-116", family="professional_writing", modality="prefer", prior="neutral", method="llm_judge",
      severity="should", observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: tables for comparisons (Microsoft style guide, report-writing handbooks)",
      opportunity="a deliverable",
      rubric={
          "question": "When the deliverable compares three or more options on the same attributes (cost, time, "
                      "risk...), does it present that comparison as a table?",
          "pass_if": ["A comparison of three or more options on shared attributes is a table with one row per "
                      "option and one column per attribute."],
          "fail_if": ["Three or more options are compared on the same attributes in paragraphs or nested bullets "
                      "instead of a table."],
          "na_if": ["The deliverable compares fewer than three options, or compares nothing."],
      },
      surfaces={
          "SP": "Prefer a table for comparisons: when you compare three or more options on the same attributes, "
                "give one row per option and one column per attribute instead of paragraphs.",
          "PF": "## Comparisons\nComparisons of three or more options on the same criteria go in a table (rows: "
                "options, columns: criteria), not in prose.",
          "UI": "If you compare the options, put them in a table.",
          "SD": {"skill": "report-writing",
                 "text": "Compare three or more options in a table: one row per option, one column per "
                         "criterion."},
      })
def test_comparisons_in_tables(run: Run) -> None:
    """Prefer tables for comparisons: three or more options compared on the same attributes are laid out as a
    table.

    The judge reads the deliverables."""
    docs = deliverables(run) or na("nothing delivered")
    judge(document=documents_text(docs))


@rule("PW-117", family="professional_writing", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="curated: content filed under the heading it belongs to (report-writing handbooks)",
      opportunity="a deliverable with two headed sections or more",
      rubric={
          "question": "Does the text under each heading deal with what that heading announces, with nothing filed "
                      "under a heading it does not belong to?",
          "pass_if": ["Each section's content matches its heading, and material sits under the heading it belongs "
                      "to."],
          "fail_if": ["A section holds content its heading does not cover (e.g. risks discussed under 'Timeline', "
                      "the decision hidden under 'Background').",
                      "A heading announces something its section never delivers (e.g. 'Cost' with no figure)."],
          "na_if": ["The document has fewer than two headed sections."],
      },
      surfaces={
          "SP": "Make each section deliver what its heading announces, and file every point under the heading it "
                "belongs to.",
          "PF": "## Sections\nA section contains what its heading says and nothing that belongs under another "
                "heading.",
          "UI": "Make sure each section actually covers what its heading says.",
          "SD": {"skill": "report-writing",
                 "text": "Check each section against its heading: nothing missing, nothing misfiled."},
      })
def test_sections_match_their_headings(run: Run) -> None:
    """The text under each heading of a deliverable covers what the heading announces and nothing filed elsewhere.

    The judge reads each deliverable with two sections or more below its title."""
    docs = [d for d in deliverables(run) if sum(s.level > 1 for s in sections(d)) >= 2]
    docs = docs or na("no deliverable with two headed sections")
    judge_each({"document": documents_text([d])} for d in docs)


@rule("PW-118", family="professional_writing", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: decisions kept apart from discussion (meeting-minutes templates)",
      opportunity="a {heading} section",
      rubric={
          "question": "Does the {heading} section of the notes list only decisions actually taken, each stated as "
                      "a settled outcome, without discussion points, open questions or action items?",
          "pass_if": ["Each item states what was decided ('We keep the current vendor until 2025-01-01')."],
          "fail_if": ["Items are topics or opinions ('Talked about the vendor', 'Anna thinks costs are high').",
                      "Open or undecided questions are listed as decisions.",
                      "Action items (who does what by when) are listed as decisions."],
          "na_if": ["The {heading} section states that no decision was taken."],
      },
      surfaces={
          "SP": "In meeting notes, the `{heading}` section lists only decisions actually taken, each written as the "
                "outcome; discussion, open questions and action items go elsewhere.",
          "PF": "## Meeting notes\n`{heading}` holds settled outcomes only. Discussion points, open questions and "
                "action items have their own sections.",
          "UI": "Only put real decisions under {heading}, not stuff we just talked about.",
          "SD": {"skill": "meeting-notes",
                 "text": "Record under `{heading}` only what was decided, phrased as the outcome."},
      })
def test_decisions_are_decisions(run: Run, heading: str = "Decisions") -> None:
    """The `{heading}` section of a deliverable lists only decisions actually taken, stated as outcomes.

    The judge reads the section with the whole deliverable."""
    found = [(d, s) for d in deliverables(run) if (s := find_section(d, (heading,)))] or na(f"no {heading} section")
    judge_each({"decisions": s.body, "notes": documents_text([d])} for d, s in found)


@rule("PW-119", family="professional_writing", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: FAQ pages with question headings answered first (GOV.UK and help-centre style guides)",
      opportunity="an FAQ is asked for",
      rubric={
          "question": "In this FAQ, does the first sentence under each question heading answer that question "
                      "directly (yes or no, the fact, or the action to take), with any detail after it?",
          "pass_if": ["Under every question heading, the first sentence is the answer itself ('Yes: refunds reach "
                      "your card within five working days.')."],
          "fail_if": ["An answer opens with background, repeats the question or hedges before answering.",
                      "A question heading has no direct answer under it."],
          "na_if": [],
      },
      surfaces={
          "SP": "When you write an FAQ, make every question a heading that ends with a question mark, and answer it "
                "in the first sentence under that heading; detail comes after.",
          "PF": "## FAQs\nEach question is a heading ending in `?`. The first sentence below it is the answer (yes/no, "
                "the fact or the action), then any detail.",
          "UI": "For the FAQ, make each question a heading and answer it straight away in the first line.",
          "SD": {"skill": "help-centre",
                 "text": "FAQ entries: the question as a heading ending in `?`, the direct answer as the first "
                         "sentence under it."},
      })
def test_faq_answers_each_question_first(run: Run) -> None:
    """In an FAQ the user asked for, every question is a heading ending in `?` and the first sentence under it
    answers it directly.

    Pre-check: an FAQ with no heading ending in `?`, or with questions written as list items or bold lines, fails;
    the judge reads the rest."""
    docs = (deliverables(run) if requested(run, "faq") else []) or na("no FAQ asked for, or nothing delivered")
    unheaded = [d.where for d in docs if not any(title.endswith("?") for _, title in d.headings)
                or any(QUESTION_LINE.match(line) for line in plain_lines(d))]
    assert not unheaded, f"FAQs whose questions are not headings ending in `?`: {unheaded}"
    judge(faq=documents_text(docs))


@rule("PW-120", family="professional_writing", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="curated: a closing next-steps section of concrete actions (memo and report templates)",
      opportunity="a deliverable",
      rubric={
          "question": "Does the closing {heading} section list concrete actions, each saying what will be done and "
                      "by whom or by when?",
          "pass_if": ["Every item is a specific action with an owner or a date ('Anna sends the revised budget by "
                      "2024-06-07')."],
          "fail_if": ["Items are vague intentions ('Continue monitoring', 'Keep improving communication').",
                      "Items restate findings instead of saying what happens next."],
          "na_if": [],
      },
      surfaces={
          "SP": "End every document you write with a `## {heading}` section listing concrete actions, each with "
                "what will be done and by whom or by when.",
          "PF": "## Closing section\nDocuments end with `## {heading}`: concrete actions with an owner or a date, "
                "not vague intentions.",
          "UI": "Finish with a {heading} section - real actions with names or dates.",
          "SD": {"skill": "report-writing",
                 "text": "Close with `## {heading}`: each item an action with its owner or date."},
      })
def test_ends_with_next_steps(run: Run, heading: str = "Next steps") -> None:
    """Each deliverable ends with a `{heading}` section of concrete actions (what, and by whom or by when).

    Pre-check: a deliverable whose last section is not `{heading}` fails; the judge reads the section."""
    docs = deliverables(run) or na("nothing delivered")
    last = {d.where: ([s for s in sections(d) if s.level > 1] or [None])[-1] for d in docs}
    wrong = [f"{w}: {s.title if s else 'no section'!r}" for w, s in last.items()
             if s is None or title_key(s.title) != title_key(heading)]
    assert not wrong, f"deliverables not ending with a {heading} section: {wrong}"
    judge_each({"next_steps": s.body, "document": documents_text([d])} for d in docs if (s := last[d.where]))
