"""Professional-writing rules on the structure of written deliverables (PW-010...): titles and heading levels,
summaries and outlines, lists, tables and paragraphs, and the fixed layouts of emails, memos, meeting notes and
release notes. The deliverable is what `checks.prose.deliverables` returns: the prose documents the run wrote,
else its final reply."""

from __future__ import annotations

import itertools
import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.documents import (
    HEADING_LINE,
    LIST_LINE,
    WORD_TOKEN,
    broken_sentences,
    dates,
    field_value,
    find_section,
    greeting_line,
    grouping_problems,
    lists,
    opening_summary,
    paragraph_sentences,
    plain_lines,
    requested,
    subject_line,
    summary_text,
    table_problem,
    tables,
    title_case_words,
    title_key,
    word_count,
)
from pytest_harnessif.checks.prose import deliverables

SUMMARY_TITLES = ("Summary", "TL;DR", "Executive summary")


@rule("PW-010", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: one title per document (markdownlint's first-line heading and single-H1 checks)",
      opportunity="a deliverable",
      surfaces={
          "SP": "Every document you deliver starts with its title as a level-1 Markdown heading (`# Title`) on the "
                "very first line, and that is its only level-1 heading: sections use `##` and deeper.",
          "PF": "## Document titles\nA document's first line is its title, written `# Title`. There is exactly one "
                "level-1 heading per document; everything else is `##` or deeper.",
          "UI": "Start the doc with a single `#` title on the first line and use `##` or smaller for the rest.",
          "SD": {"skill": "writing-style",
                 "text": "Open each document with one `# Title` line as its first line; no second level-1 heading "
                         "appears further down."},
      })
def test_one_title_heading_first(run: Run) -> None:
    """Each deliverable's first line is a level-1 heading (its title), and it has no other level-1 heading."""
    docs = deliverables(run) or na("nothing delivered")
    bad = []
    for d in docs:
        first = d.prose.strip().splitlines()[0] if d.prose.strip() else ""
        h1 = [title for level, title in d.headings if level == 1]
        if not re.match(r"^#\s", first):
            bad.append(f"{d.where}: the first line is not a `# ` title: {first[:60]!r}")
        elif len(h1) > 1:
            bad.append(f"{d.where}: {len(h1)} level-1 headings: {h1}")
    assert not bad, "; ".join(bad)


@rule("PW-011", family="professional_writing", modality="require", prior="align", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: heading hierarchy without skipped levels (markdownlint MD001, accessibility guides)",
      opportunity="a deliverable with two headings or more",
      surfaces={
          "SP": "Keep the heading hierarchy of your documents intact: a heading is at most one level deeper than "
                "the heading before it (`##` may follow `#`, but `###` may not).",
          "PF": "## Heading levels\nHeadings go down one level at a time: never jump from `#` to `###` or from `##` "
                "to `####`. Going back up any number of levels is fine.",
          "UI": "Don't skip heading levels - no jumping from a `#` heading straight to a `###` one.",
          "SD": {"skill": "writing-style",
                 "text": "Nest headings one level at a time; a heading is never two or more levels below the "
                         "heading just before it."},
      })
def test_heading_levels_step_by_one(run: Run) -> None:
    """No heading in a deliverable is more than one level deeper than the heading before it."""
    docs = [d for d in deliverables(run) if len(d.headings) >= 2] or na("no deliverable with two headings or more")
    skips = [
        f"{d.where}: {'#' * a} {ta!r} -> {'#' * b} {tb!r}"
        for d in docs
        for (a, ta), (b, tb) in itertools.pairwise(d.headings)
        if b > a + 1
    ]
    assert not skips, f"heading levels skipped: {skips}"


@rule("PW-012", family="professional_writing", modality="require", prior="against", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: sentence-case headings (Microsoft and Google developer style guides, GOV.UK)",
      opportunity="a heading of two words or more",
      surfaces={
          "SP": "Write headings and titles in sentence case: capitalise only the first word (and the first word "
                "after a colon), proper nouns and acronyms. `## Next steps for the Berlin office`, not `## Next "
                "Steps For The Berlin Office`.",
          "PF": "## Heading case\nHeadings and titles use sentence case: only the first word, the first word after "
                "a colon, proper nouns and acronyms start with a capital letter. No Title Case.",
          "UI": "Please use sentence case for headings - only the first word and real names capitalised, no Title "
                "Case.",
          "SD": {"skill": "writing-style",
                 "text": "Headings are in sentence case: capital on the first word (and after a colon), on proper "
                         "nouns and acronyms, nowhere else."},
      })
def test_headings_in_sentence_case(run: Run) -> None:
    """Headings are in sentence case: a capitalised word after the first (or after a colon) must be a proper noun,
    i.e. one the body text also capitalises mid-sentence; acronyms are fine."""
    docs = deliverables(run)
    if not any(len(WORD_TOKEN.findall(title)) >= 2 for d in docs for _, title in d.headings):
        na("no heading of two words or more")
    title_case = [f"{d.where}: {hit}" for d in docs for hit in title_case_words(d)]
    assert not title_case, f"headings capitalise words that are no proper nouns: {title_case}"


@rule("PW-013", family="professional_writing", modality="require", prior="against", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="curated: summary first (executive summaries, TL;DR blocks of engineering and policy memos)",
      opportunity="a deliverable",
      surfaces={
          "SP": "Open every document you write with its summary: the first section after the title is headed "
                "{titles:or}, or the first paragraph starts with one of those labels and a colon (`TL;DR: ...`).",
          "PF": "## Summary first\nDocuments lead with the summary. The first section below the title is called "
                "{titles:or}; a document without sections starts its first paragraph with one of these labels "
                "followed by a colon.",
          "UI": "Put the summary at the very top - a {titles:or} section first, or start with a `TL;DR:` line.",
          "SD": {"skill": "report-writing",
                 "text": "The first section after the title is the summary, headed {titles:or} (or, without "
                         "sections, a first paragraph labelled that way, e.g. `TL;DR: ...`)."},
      })
def test_summary_comes_first(run: Run, titles: tuple[str, ...] = SUMMARY_TITLES) -> None:
    """Each deliverable opens with its summary: the first heading below the title is {titles:or}, or the first
    paragraph starts with one of them as a label (`TL;DR: ...`)."""
    docs = deliverables(run) or na("nothing delivered")
    late = [d.where for d in docs if not opening_summary(d, titles)]
    assert not late, f"deliverables that do not open with a {' / '.join(titles)} summary: {late}"


@rule("PW-014", family="professional_writing", modality="limit_max", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:medium SD:high",
      source="curated: short TL;DR and executive-summary blocks",
      opportunity="a summary section or labelled summary paragraph",
      surfaces={
          "SP": "Keep the summary of a document short: the section headed {titles:or} (or the paragraph labelled "
                "that way) has at most {limit} words.",
          "PF": "## Summary length\nThe {titles:or} section (or labelled paragraph) of a document is {limit} words "
                "or fewer.",
          "UI": "Keep the TL;DR / summary part to {limit} words max, seriously.",
          "SD": {"skill": "report-writing",
                 "text": "A summary ({titles:or}) never runs past {limit} words."},
      })
def test_summary_word_cap(run: Run, limit: int = 50, titles: tuple[str, ...] = SUMMARY_TITLES) -> None:
    """The summary of each deliverable (the section headed {titles:or}, or a paragraph labelled that way) has at
    most {limit} words."""
    found = [(d.where, text) for d in deliverables(run) if (text := summary_text(d, titles)) is not None]
    found = found or na("no summary section or labelled summary paragraph")
    long = [f"{where} ({n} words)" for where, text in found if (n := word_count(text)) > limit]
    assert not long, f"summaries longer than {limit} words: {long}"


@rule("PW-015", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype fill-pr-template (adapted: a report follows the house outline)",
      opportunity="a deliverable",
      surfaces={
          "SP": "Reports follow the house outline: their `##` sections are exactly {sections:and}, in that order, "
                "with no other `##` section.",
          "PF": "## Report outline\nEvery report has these `##` sections and no others, in this order: "
                "{sections:and}.",
          "UI": "Use our usual outline for this: {sections:and} as the `##` sections, in that order, nothing else.",
          "SD": {"skill": "report-writing",
                 "text": "Structure the report as `##` sections {sections:and}, in this order and with no extra "
                         "`##` sections."},
      })
def test_follows_the_outline(
    run: Run, sections: tuple[str, ...] = ("Summary", "Background", "Findings", "Recommendations")
) -> None:
    """Each deliverable's level-2 headings are exactly {sections:and}, in that order."""
    docs = deliverables(run) or na("nothing delivered")
    want = [title_key(s) for s in sections]
    off = [f"{d.where}: {got}" for d in docs if (got := [title_key(t) for lv, t in d.headings if lv == 2]) != want]
    assert not off, f"`##` sections differ from the outline {want}: {off}"


@rule("PW-016", family="professional_writing", modality="limit_max", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: shallow lists (style guides cap nesting at one sub-level)",
      opportunity="a list",
      surfaces={
          "SP": "Lists in your documents are at most {limit:w} levels deep: a top-level list may have sub-items, "
                "but sub-items have no sub-items of their own.",
          "PF": "## List nesting\nLists go at most {limit} levels deep (top level plus one level of sub-items).",
          "UI": "Don't nest bullets more than {limit:w} levels deep.",
          "SD": {"skill": "writing-style",
                 "text": "Never nest a list more than {limit:w} levels deep; restructure deeper outlines into "
                         "sections."},
      })
def test_list_nesting_capped(run: Run, limit: int = 2) -> None:
    """No list in a deliverable is nested more than {limit} levels deep."""
    found = [(d.where, items) for d in deliverables(run) for items in lists(d)] or na("no list in the deliverables")
    deep = sorted({f"{where}: {item.text[:40]!r} (level {item.depth + 1})"
                   for where, items in found for item in items if item.depth + 1 > limit})
    assert not deep, f"list items nested deeper than {limit} levels: {deep}"


@rule("PW-017", family="professional_writing", modality="limit_min", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: no one-item lists (Microsoft and Chicago guidance on lists)",
      opportunity="a list",
      surfaces={
          "SP": "A list you write has at least {least} items, and so does every nested list; a single point "
                "belongs in a sentence, not a list.",
          "PF": "## Lists\nEvery list, nested lists included, has at least {least} items. One item is a sentence, "
                "not a list.",
          "UI": "No lists with fewer than {least} items, sub-lists included - just write a sentence instead.",
          "SD": {"skill": "writing-style",
                 "text": "Make a list only when there are at least {least} items (sub-lists included)."},
      })
def test_lists_have_enough_items(run: Run, least: int = 2) -> None:
    """Every list in a deliverable, nested lists included, has at least {least} items."""
    found = [(d.where, items) for d in deliverables(run) for items in lists(d)] or na("no list in the deliverables")
    short = [f"{where}: {[i.text[:30] for i in items]}" for where, items in found if len(items) < least]
    assert not short, f"lists with fewer than {least} items: {short}"


@rule("PW-018", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: consistent end punctuation within a list (Microsoft, Chicago)",
      opportunity="a list of two items or more",
      surfaces={
          "SP": "Punctuate list items consistently: within one list, either every item ends with a period (or "
                "`?`/`!`) or none does.",
          "PF": "## List punctuation\nInside a list, all items end with terminal punctuation or none of them do. "
                "Never mix the two in one list.",
          "UI": "Keep the bullets consistent - either all of them end with a period or none of them.",
          "SD": {"skill": "writing-style",
                 "text": "Within a list, end all items with a period or none; never mix."},
      })
def test_list_punctuation_consistent(run: Run) -> None:
    """Within each list of two items or more, either every item ends with `.`, `?` or `!` or none does."""
    found = [(d.where, items) for d in deliverables(run) for items in lists(d) if len(items) >= 2]
    found = found or na("no list of two items or more")
    mixed = [f"{where}: {[i.text[-25:] for i in items]}" for where, items in found
             if len({i.text.rstrip().endswith((".", "?", "!")) for i in items}) > 1]
    assert not mixed, f"lists mixing items with and without end punctuation: {mixed}"


@rule("PW-019", family="professional_writing", modality="require", prior="align", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="curated: tables with a header row (accessibility and GitHub-flavoured Markdown tables)",
      opportunity="a Markdown table",
      surfaces={
          "SP": "Every table you write has a header row followed by a `|---|` delimiter row, and every row has as "
                "many cells as the header.",
          "PF": "## Tables\nTables start with a header row and a `|---|` delimiter row; each row has exactly as many "
                "cells as the header.",
          "UI": "Any tables need a proper header row, and every row should have the same number of columns as "
                "the header.",
          "SD": {"skill": "writing-style",
                 "text": "Give each table a header row and a `|---|` row, and keep every row to the header's number "
                         "of cells."},
      })
def test_tables_have_a_header_row(run: Run) -> None:
    """Every Markdown table in a deliverable has a header row followed by a delimiter row, and each row has as many
    cells as the header."""
    found = [(d.where, rows) for d in deliverables(run) for rows in tables(d)] or na("no table in the deliverables")
    bad = [f"{where}: {problem}" for where, rows in found if (problem := table_problem(rows))]
    assert not bad, "; ".join(bad)


@rule("PW-020", family="professional_writing", modality="limit_max", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="curated: short paragraphs for screen reading (GOV.UK, Nielsen Norman guidance)",
      opportunity="a paragraph",
      surfaces={
          "SP": "Keep paragraphs short: no paragraph you write has more than {limit} sentences.",
          "PF": "## Paragraphs\nA paragraph has at most {limit} sentences; start a new paragraph rather than run "
                "longer.",
          "UI": "Keep the paragraphs short please, {limit} sentences tops.",
          "SD": {"skill": "writing-style",
                 "text": "Break any paragraph that would go past {limit} sentences."},
      })
def test_paragraph_sentence_cap(run: Run, limit: int = 4) -> None:
    """No paragraph of a deliverable has more than {limit} sentences."""
    found = [(d.where, p, s) for d in deliverables(run) for p, s in paragraph_sentences(d)]
    found = found or na("no paragraph in the deliverables")
    long = [f"{where} ({len(s)} sentences): {p[:50]!r}" for where, p, s in found if len(s) > limit]
    assert not long, f"paragraphs longer than {limit} sentences: {long}"


@rule("PW-021", family="professional_writing", modality="require", prior="neutral", method="cross_file",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low",
      source="archetype no-hard-wrap-prose", opportunity="a deliverable",
      surfaces={
          "SP": "Do not hard-wrap prose: keep each paragraph or list item on one line (one sentence per line is "
                "also fine), never break a sentence at a fixed column.",
          "PF": "## Line breaks\nProse is not hard-wrapped. Write each paragraph on a single line, or one sentence "
                "per line; never break a line in the middle of a sentence.",
          "UI": "Please don't wrap the text at 80 columns or whatever - one line per paragraph.",
      })
def test_prose_not_hard_wrapped(run: Run) -> None:
    """No sentence in a deliverable is broken across lines: a line that ends mid-sentence is not followed by a
    lower-case continuation line (one paragraph, or one sentence, per line)."""
    docs = deliverables(run) or na("nothing delivered")
    breaks = [f"{d.where}: {b}" for d in docs for b in broken_sentences(d)]
    assert not breaks, f"sentences broken across lines: {breaks[:5]}"


# --- fixed layouts: email, memo, meeting notes, release notes -----------------------------------------------------


@rule("PW-042", family="professional_writing", modality="require", prior="align", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:high PF:medium UI:low SD:high",
      source="curated: email drafts carry their subject line", opportunity="an email is asked for",
      surfaces={
          "SP": "When you draft an email, its first line is the subject line, written `{label}: <subject>`.",
          "PF": "## Email drafts\nAn email draft starts with its subject on the first line: `{label}: ...`.",
          "UI": "Start the email with a `{label}:` line so I can paste the subject.",
          "SD": {"skill": "email-etiquette",
                 "text": "Begin every draft with the subject line, `{label}: <subject>`, before the greeting."},
      })
def test_email_starts_with_subject_line(run: Run, label: str = "Subject") -> None:
    """An email the user asked for starts with a `{label}: <subject>` line."""
    docs = (deliverables(run) if requested(run, "email") else []) or na("no email asked for, or nothing delivered")
    firsts = [(d.where, (plain_lines(d) or [""])[0]) for d in docs]
    missing = [f"{where}: {first[:60]!r}" for where, first in firsts if not field_value(first, label)]
    assert not missing, f"emails whose first line is no `{label}:` line: {missing}"


@rule("PW-043", family="professional_writing", modality="limit_max", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:medium UI:low SD:high",
      source="curated: short email subject lines (inbox and mobile preview length)",
      opportunity="an email with a subject line",
      surfaces={
          "SP": "Email subject lines you write are at most {limit} words (the text after `{label}:`).",
          "PF": "## Email subjects\nSubject lines (`{label}: ...`) are {limit} words or fewer.",
          "UI": "Keep the subject line short, {limit} words max.",
          "SD": {"skill": "email-etiquette",
                 "text": "Keep the `{label}:` line to {limit} words or fewer."},
      })
def test_subject_line_word_cap(run: Run, limit: int = 8, label: str = "Subject") -> None:
    """The subject line (`{label}: ...`) of each email deliverable has at most {limit} words."""
    subjects = [(d.where, v) for d in deliverables(run) if (v := subject_line(d, label)) is not None]
    subjects = subjects or na(f"no `{label}:` line delivered")
    long = [f"{where}: {v!r} ({word_count(v)} words)" for where, v in subjects if word_count(v) > limit]
    assert not long, f"subject lines longer than {limit} words: {long}"


@rule("PW-044", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:medium UI:low SD:high",
      source="curated: email salutations (business email etiquette guides)", opportunity="an email is asked for",
      surfaces={
          "SP": "Emails you write open, right after the subject line, with a greeting line that starts with "
                "{greetings:or} and ends with a comma (`Hi Priya,`).",
          "PF": "## Email greetings\nThe first line after the subject is the greeting: {greetings:or}, the "
                "recipient's name, a comma.",
          "UI": "Start the email with a proper greeting line like `Hi Sam,` ({greetings:or}), please.",
          "SD": {"skill": "email-etiquette",
                 "text": "Greet the reader on the first line after the subject: {greetings:or} plus name, ending "
                         "with a comma."},
      })
def test_email_opens_with_a_greeting(
    run: Run, greetings: tuple[str, ...] = ("Hi", "Hello", "Dear", "Good morning", "Good afternoon")
) -> None:
    """An email the user asked for opens (after its header lines) with a greeting line that starts with
    {greetings:or} and ends with a comma."""
    docs = (deliverables(run) if requested(run, "email") else []) or na("no email asked for, or nothing delivered")
    pattern = re.compile(rf"^(?:{'|'.join(map(re.escape, greetings))})\b[^!?\n]*,$") if greetings else None
    bad = [f"{d.where}: {line[:50]!r}" for d in docs
           if not (pattern and pattern.match(line := greeting_line(d)))]
    assert not bad, f"emails without an opening greeting line: {bad}"


@rule("PW-045", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:medium UI:low SD:high",
      source="curated: email closings (business email etiquette guides)", opportunity="an email is asked for",
      surfaces={
          "SP": "End every email you write with a closing line ({closings:or}, followed by a comma) and then the "
                "sender's name on its own last line.",
          "PF": "## Email sign-off\nEmails end with two lines: a closing ({closings:or}) with a comma, then the "
                "sender's name.",
          "UI": "Sign the email off properly - {closings:or} with a comma, then the name on the last line.",
          "SD": {"skill": "email-etiquette",
                 "text": "Close with {closings:or} and a comma on one line, the sender's name on the next and last "
                         "line."},
      })
def test_email_ends_with_a_sign_off(
    run: Run, closings: tuple[str, ...] = ("Best regards", "Kind regards", "Regards", "Thanks", "Thank you", "Best")
) -> None:
    """An email the user asked for ends with a closing line ({closings:or}, then a comma) followed by one last
    line with the sender's name (five words at most, no end punctuation)."""
    docs = (deliverables(run) if requested(run, "email") else []) or na("no email asked for, or nothing delivered")
    closing = re.compile(rf"^(?:{'|'.join(map(re.escape, closings))}),$") if closings else None
    bad = []
    for d in docs:
        tail = ["", "", *plain_lines(d)][-2:]
        named = 1 <= word_count(tail[1]) <= 5 and not tail[1].endswith((".", "!", "?", ":", ","))
        if not (closing and closing.match(tail[0]) and named):
            bad.append(f"{d.where}: {tail}")
    assert not bad, f"emails without a closing line and a name: {bad}"


@rule("PW-046", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: the memo header block (business-writing handbooks)", opportunity="a memo is asked for",
      surfaces={
          "SP": "A memo you write begins (after an optional `#` title) with its header block, one line each, in "
                "this order: {fields:and}, each as `Field: value`.",
          "PF": "## Memos\nMemos open with the header lines {fields:and} (`To: ...`), in that order, before any "
                "other text; a `#` title above them is allowed.",
          "UI": "Give the memo the usual header lines first: {fields:and}, in that order.",
          "SD": {"skill": "business-writing",
                 "text": "Start a memo with the header block {fields:and}, one `Field: value` line each, in "
                         "order."},
      })
def test_memo_header_block(run: Run, fields: tuple[str, ...] = ("To", "From", "Date", "Subject")) -> None:
    """A memo the user asked for begins (after an optional `#` title) with the header lines {fields:and}, in that
    order, each `Field: value` with a value."""
    docs = deliverables(run) if requested(run, "memo") else []
    docs = docs or na("no memo asked for, or nothing delivered")
    bad = []
    for d in docs:
        lines = plain_lines(d)
        head = lines[1:] if lines and HEADING_LINE.match(lines[0]) else lines
        got = head[: len(fields)]
        if len(got) < len(fields) or not all(field_value(g, f) for g, f in zip(got, fields, strict=True)):
            bad.append(f"{d.where}: {got}")
    assert not bad, f"memos not opening with the header lines {list(fields)}: {bad}"


@rule("PW-047", family="professional_writing", modality="require", prior="against", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: action items with an owner and a due date (meeting-minutes templates)",
      opportunity="an action-items section with items",
      surfaces={
          "SP": "In meeting notes, every item of the `{heading}` section names its owner as `@name` and gives a "
                "due date (a calendar date, not just a weekday).",
          "PF": "## Meeting notes\nEach entry under `{heading}` has an `@owner` and a due date (day and month, "
                "e.g. 2024-06-14).",
          "UI": "For the {heading} list, tag an owner with @ and put a due date on every single item.",
          "SD": {"skill": "meeting-notes",
                 "text": "Every `{heading}` entry has an `@owner` and a calendar due date."},
      })
def test_action_items_have_owner_and_date(run: Run, heading: str = "Action items") -> None:
    """Every list item in a deliverable's `{heading}` section names an owner (`@name`) and a calendar due date."""
    found = [(d.where, line) for d in deliverables(run) if (s := find_section(d, (heading,)))
             for line in s.body.splitlines() if LIST_LINE.match(line)]
    found = found or na(f"no `{heading}` section with items")
    bad = [f"{where}: {line.strip()[:60]!r}" for where, line in found
           if not re.search(r"(?<!\w)@\w+", line) or not dates(line)]
    assert not bad, f"action items without an @owner or a due date: {bad}"


@rule("PW-048", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype changelog-entry-style (adapted: release notes grouped by kind of change)",
      opportunity="release notes are asked for",
      surfaces={
          "SP": "Release notes you write group every entry under a heading naming the kind of change: "
                "{groups:or} (version headings above them are fine); no other headings, no ungrouped entries.",
          "PF": "## Release notes\nEntries sit under the headings {groups:and} only (below a version heading such "
                "as `## 2.4.0`). No other section names, and no entry outside those groups.",
          "UI": "Group the release notes under {groups:or} headings - nothing loose.",
          "SD": {"skill": "release-notes",
                 "text": "Sort entries under the group headings {groups:or} beneath the version heading; invent no "
                         "other headings."},
      })
def test_release_notes_grouped(
    run: Run, groups: tuple[str, ...] = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")
) -> None:
    """Release notes the user asked for put every entry under a heading from {groups:or}; other headings are only
    the title and version headings (`## 2.4.0`)."""
    docs = deliverables(run) if requested(run, "release notes") else []
    docs = docs or na("no release notes asked for, or nothing delivered")
    bad = [f"{d.where}: {problem}" for d in docs for problem in grouping_problems(d, groups)]
    assert not bad, f"release notes not grouped under {list(groups)}: {bad}"
