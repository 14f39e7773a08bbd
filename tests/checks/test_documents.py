"""checks.documents: sections, lists, tables, dates, times, money, numbers, series, spelling, acronyms, links,
quotations, reference ids and email layout of delivered prose."""

from __future__ import annotations

from pytest_harnessif.checks.documents import (
    acronyms,
    bare_urls,
    broken_sentences,
    cells,
    citation_markers,
    clock_times,
    counted_numerals,
    dates,
    documents_text,
    find_section,
    greeting_line,
    links,
    list_blocks,
    lists,
    money,
    normalised,
    numbered_entries,
    opening_summary,
    paragraph_sentences,
    plain_lines,
    quotations,
    reference_ids,
    requested,
    sections,
    series,
    source_material,
    spelled_forms,
    subject_line,
    summary_text,
    table_problem,
    tables,
    title_case_words,
    title_key,
    units,
    word_count,
)
from pytest_harnessif.checks.prose import Document
from pytest_harnessif.testing import make_run, turn

MEMO = """# Q3 review

**TL;DR:** we met the target.

## Summary
Revenue grew. The Berlin office led.

```
## not a heading
```

## Next steps
- Book the room
- Send the invites
  - to the team
  - to the board
1. Approve
2. Order
"""


def test_sections_split_at_every_heading_and_skip_code() -> None:
    doc = Document("memo.md", MEMO)
    assert [(s.level, s.title) for s in sections(doc)] == [(1, "Q3 review"), (2, "Summary"), (2, "Next steps")]
    assert find_section(doc, ("next STEPS:",)) == sections(doc)[2] and find_section(doc, ("Risks",)) is None
    assert sections(doc)[1].body.startswith("Revenue grew.")
    assert title_key("**Summary:**") == "summary"


def test_the_summary_is_found_as_a_section_or_a_labelled_paragraph() -> None:
    doc = Document("memo.md", MEMO)
    assert opening_summary(doc, ("Summary",))
    assert not opening_summary(doc, ("Next steps",))
    assert summary_text(doc, ("Summary",)) is not None and "Revenue grew." in str(summary_text(doc, ("Summary",)))
    assert summary_text(doc, ("TL;DR",)) == "we met the target."
    labelled = Document("reply", "TL;DR: ship on 2024-06-03.\n\nDetails follow.")
    assert opening_summary(labelled, ("TL;DR",)) and summary_text(labelled, ("Summary",)) is None


def test_lists_keep_nesting_and_split_at_a_change_of_marker() -> None:
    doc = Document("memo.md", MEMO)
    assert [[(i.depth, i.text) for i in items] for items in lists(doc)] == [
        [(0, "Book the room"), (0, "Send the invites")],
        [(1, "to the team"), (1, "to the board")],
        [(0, "Approve"), (0, "Order")],
    ]
    wrapped = Document("x", "- first item\n  carries on\n- second\n\nA paragraph.\n\n- another list\n")
    assert [[i.text for i in b] for b in list_blocks(wrapped)] == [["first item carries on", "second"],
                                                                  ["another list"]]
    coded = Document("x", "- Run `make test`\n- Read ```\nblock\n``` twice\n")
    assert [[i.text for i in b] for b in lists(coded)] == [["Run", "Read   twice"]]
    assert [[i.text for i in b] for b in lists(coded, inline_code=True)] == [["Run `make test`", "Read   twice"]]


def test_tables_and_their_problems() -> None:
    doc = Document("t.md", "| a | b |\n|---|:-:|\n| 1 | 2 |\n\ntext\n\n| x | y |\n| 1 | 2 |\n")
    good, bad = tables(doc)
    assert table_problem(good) is None and "no `|---|` row" in str(table_problem(bad))
    assert cells(r"| a \| b | c |") == [r"a \| b", "c"]
    assert "cell count" in str(table_problem(["| a | b |", "|---|---|", "| 1 |"]))


def test_units_sentences_and_words() -> None:
    doc = Document("m.md", "One. Two three.\n\n- item four\n")
    assert units(doc) == ["One.", "Two three.", "item four"]
    assert paragraph_sentences(doc) == [("One. Two three.", ["One.", "Two three."])]
    assert word_count("It's a long-term plan.") == 4


def test_dates_are_told_apart_from_versions_and_months() -> None:
    text = "On 2024-05-03, March 5, 2024, 5 March, 03/05/2024 and 5.3.2024; not 1.2.10, May 2024 or Marketing 3."
    assert dates(text) == [("2024-05-03", True), ("March 5, 2024", False), ("5 March", False),
                           ("03/05/2024", False), ("5.3.2024", False)]
    assert dates("The 2 Marketing leads met.") == []


def test_clock_times_know_their_zone_and_share_it_across_a_range() -> None:
    text = "At 14:00 CET, 9:00-10:30 UTC, 3 pm EST, 2024-05-03T08:00Z, 4 p.m. and 16:9 screens."
    assert clock_times(text) == [("14:00", True), ("9:00", True), ("10:30", True), ("3 pm", True),
                                 ("08:00", True), ("4 p.m.", False)]


def test_money_is_written_with_a_symbol_or_a_code() -> None:
    assert money("Costs: $1,200, USD 3,400 and 50 € or 2 million EUR.", ("$", "€")) == [
        ("$1,200,", True), ("USD 3,400", False), ("50 €", True), ("2 million EUR", False)]
    assert money("Costs: $1,200.", ()) == []


def test_counted_numerals_leave_measures_references_and_dates_alone() -> None:
    text = (
        "3 teams, 12 people, step 3, 5 km, 2.5 hours, 40%, on March 5 the team, at 3 pm, $5 million, (1) a, "
        "(2 rooms)."
    )
    assert counted_numerals(text, 10) == ["3 teams", "2 rooms"]
    assert counted_numerals("10 people and 9 rooms", 11) == ["10 people", "9 rooms"]


def test_series_with_and_without_the_serial_comma() -> None:
    assert series("We need budget, staffing, and travel.") == (["We need budget, staffing, and travel"], [])
    assert series("We invited Anna, Ben and Carl.")[1] == ["We invited Anna, Ben and Carl"]
    assert series("In 2023, sales and profits rose.") == ([], [])
    assert series("If it fails, retry and log.") == ([], [])
    assert series("It shipped on March 5, 2024 and on May 2.") == ([], [])


def test_spelled_forms_find_inflections_but_not_british_words() -> None:
    text = "We organized the colorful Catalogue and the colour centre; organization of colors."
    assert spelled_forms(text, ("organize", "color", "center", "catalog")) == [
        "organized", "organization", "colorful", "colors"]


def test_acronyms_at_first_use_with_their_expansion() -> None:
    doc = Document("m.md", "# SLA\n\nThe service-level agreement (SLA) and KPI (key indicator) and CRM, EUR 5, "
                           "9:00 CET, the SLA (99.9%). TL;DR: fine. The API (v2) too.")
    found = {a.name: a.expanded for a in acronyms(doc, ("OK",))}
    assert found == {"SLA": True, "KPI": True, "CRM": False, "API": False}


def test_links_bare_urls_and_reference_definitions() -> None:
    text = "See [the policy](https://a.example/p), https://b.example/x. and <https://c.example>.\n" \
           "![chart](https://d.example/c.png)\n[ref]: https://e.example\n"
    assert links(text) == [("the policy", "https://a.example/p")]
    assert bare_urls(text) == ["https://b.example/x", "https://c.example"]


def test_citations_and_reference_entries() -> None:
    assert citation_markers("Rose [1], fell [2]; see [docs](x) and [3]: def.") == {"1", "2"}
    assert numbered_entries("1. One\n[2] Two\n3) Three\nnot 4.\n") == {"1", "2", "3"}


def test_quotations_reference_ids_and_normalised_text() -> None:
    text = 'She said "we ship the new dashboard soon" and “it works”; see OPS-12, #45, COVID-19 and UTF-8.'
    assert quotations(text, 4) == ["we ship the new dashboard soon"]
    assert reference_ids(text) == ["OPS-12", "#45"]
    assert normalised("It’s  DONE,\nreally.") == "it s done really"


def test_broken_sentences_spot_hard_wrapping_only() -> None:
    doc = Document("m.md", "A sentence that was\nwrapped here. One per line.\nSecond line.\n- item that\n  wraps "
                           "too\n\nBest regards,\nAnna\n| a |\n| b |\n")
    assert broken_sentences(doc) == ["'A sentence that was' / 'wrapped here. One per line.'",
                                     "'- item that' / 'wraps too'"]


def test_headings_in_title_case_spare_proper_nouns_and_words_after_a_colon() -> None:
    doc = Document("m.md", "# Plan for the Berlin Office\n\nThe Berlin team moves.\n\n## Decision: Keep it\n")
    assert title_case_words(doc) == ["'Plan for the Berlin Office' (Office)"]


def test_email_lines_subject_and_greeting() -> None:
    doc = Document("reply", "**Subject:** Outage resolved\n__To__: team\n\nHi team,\n\nAll clear.")
    assert plain_lines(doc)[:3] == ["Subject: Outage resolved", "To: team", "Hi team,"]
    assert subject_line(doc) == "Outage resolved" and subject_line(doc, "Topic") is None
    assert greeting_line(doc) == "Hi team,"


def test_requests_material_and_judge_text() -> None:
    run = make_run(initial={"notes.txt": "INC-1 notes", "logo.png": "\0binary"},
                   turns=[turn("Please draft an email to the vendor.", "Subject: x")])
    assert requested(run, "email") and not requested(run, "memo") and not requested(run, "release notes")
    assert not requested(run, "faq") and requested(make_run(turns=[turn("Write the FAQs page.", "")]), "faq")
    assert source_material(run) == "Please draft an email to the vendor.\n\nINC-1 notes"
    shown = documents_text([Document("a.md", "Hi\n"), Document("final reply", "Yo")])
    assert shown == "### a.md\nHi\n\n### final reply\nYo"
