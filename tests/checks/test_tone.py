"""checks.tone: the writer's own words in a deliverable, phrase lists, openings, pronouns, passive voice, reading
ease, requests, and the dates and figures of the material a run was given."""

from __future__ import annotations

from pytest_harnessif.checks.prose import Document
from pytest_harnessif.checks.tone import (
    as_evidence,
    asked_for,
    bare_pronoun_start,
    carries_line,
    date_mentions,
    described,
    first_person,
    flagged,
    given_text,
    is_passive,
    multi_sentence_paragraphs,
    numbers,
    opening,
    own_text,
    phrase_hits,
    reading_ease,
    request_text,
    sentences,
    syllables,
    third_person_directives,
    ticket_keys,
    word_family,
)
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

EMAIL = (
    "Subject: Launch date\n\n---\n\nHi Ana,\n\nHere is the draft:\n\nI hope you are well. The launch moves.\n\n"
    "> The customer wrote: this is really slow.\n\nShe said it was \"very late\" and set `very = 1`.\n\n"
    "- One item. Two."
)


def test_own_text_leaves_out_code_block_quotes_and_quoted_speech() -> None:
    text = own_text(Document("final reply", EMAIL))
    assert "really" not in text and "very" not in text and "She said it was" in text


def test_sentences_cover_paragraphs_and_items_without_header_fields_or_greetings() -> None:
    assert sentences(Document("final reply", EMAIL)) == [
        "Here is the draft:", "I hope you are well.", "The launch moves.", 'She said it was "very late" and set  .',
        "One item.", "Two.",
    ]


def test_opening_skips_subject_greeting_and_lead_in_and_strips_an_inline_greeting() -> None:
    assert opening(Document("final reply", EMAIL)) == "I hope you are well."
    assert opening(Document("m.md", "# Title\n\nHi Ana, I hope this helps. More.")) == "I hope this helps."
    assert opening(Document("m.md", "- only\n- a list")) == ""


def test_phrases_match_whole_words_with_their_inflections() -> None:
    text = "We made a decision, delving into etc and e.g that; circled back. Whitelisted. Evergreen, very."
    found = phrase_hits(text, ("make a decision", "delve", "etc.", "e.g.", "circle back", "whitelist", "ever", "very"))
    assert found == ["made a decision", "delving", "etc", "e.g", "circled back", "whitelisted", "very"]
    assert phrase_hits("low hanging fruit and man hours", ("low-hanging fruit", "man-hours")) == [
        "low hanging fruit", "man hours"]
    assert phrase_hits("We are in compliance with it. Don’t hesitate to call.", ("is in compliance with",
                                                                                 "don't hesitate to")) == [
        "are in compliance with", "don’t hesitate to"]
    assert phrase_hits("anything", ()) == []


def test_flagged_names_each_deliverable_and_its_phrases() -> None:
    docs = [Document("a.md", "It is very, very late."), Document("b.md", "On time."), Document("c.md", "Really.")]
    found = flagged(docs, ("very", "really"))
    assert found == {"a.md": ["very"], "c.md": ["really"]}
    assert described(found) == "a.md: 'very'; c.md: 'really'"


def test_word_family_matches_word_starts() -> None:
    pattern = word_family(("instruction", "guide", "how-to"))
    assert [m.group(0) for m in pattern.finditer("A how-to, some guidance, the instructions; misguided")] == [
        "how-to", "guidance", "instructions"]
    assert not word_family(()).search("anything")
    assert not word_family(("tone",)).search("Email Tony tonight") and word_family(("tone",)).search("Tones")


def test_requests_and_the_material_a_run_was_given() -> None:
    run = make_run(
        initial={"notes.txt": "Launch on 12 March.", "logo.png": "\0binary", "AGENTS.md": "by Friday"},
        turns=[turn("Write the customer reply.", "Done.", tool("read_ticket", output="Refund in 5 days"),
                    bash("cat > x.md <<EOF\nmade up\nEOF", output="made up"),
                    tool("read_file", output="by Friday", path="AGENTS.md"),
                    tool("read_file", output="our draft says 63%", path="draft.md"),
                    ToolCall(id="s", name="skill", args={"name": "support"}, output="within 24 hours"), intent="other"),
               turn("Make it shorter", "Done.", intent="other")],
    )
    assert [t.index for t in asked_for(run, ("customer",))] == [0]
    assert request_text(run) == "Write the customer reply.\n\nMake it shorter"
    given = given_text(run)
    assert "12 March" in given and "Refund in 5 days" in given
    assert not any(text in given for text in ("made up", "binary", "by Friday", "within 24 hours", "63%"))


def test_first_person_finds_the_capital_i_and_other_forms() -> None:
    assert first_person("I'm sure; my team. Phase Ii, I/O, imagine", ("I", "me", "my")) == ["I", "my"]
    assert first_person("We agree.", ("I", "me", "my")) == []


def test_carries_line_ignores_case_emphasis_and_the_final_period() -> None:
    assert carries_line("Memo.\n\n*drafted with AI assistance*\n", "Drafted with AI assistance.")
    assert not carries_line("Memo. Drafted with AI assistance.", "Drafted with AI assistance.")


def test_third_person_directives_and_bare_pronoun_openers() -> None:
    text = "The user should log in. Users must wait. Readers like it. The user can't."
    assert third_person_directives(text, ("the user", "users", "readers")) == ["the user should", "users must",
                                                                                "the user can"]
    assert third_person_directives(text, ()) == []
    assert bare_pronoun_start("This means a delay.", ("This",))
    assert bare_pronoun_start('"That was late."', ("That",))
    assert not bare_pronoun_start("This delay means a week.", ("This",))
    assert not bare_pronoun_start("That is, a week.", ("That",))
    assert not bare_pronoun_start("This means a delay.", ())


def test_ticket_keys_of_the_named_projects() -> None:
    assert ticket_keys("See OPS-12, ENG-3, ISO-8601 and OPS-12 again.", ("OPS", "ENG")) == ["OPS-12", "ENG-3"]
    assert ticket_keys("OPS-12", ()) == []


def test_passive_voice_heuristic() -> None:
    assert is_passive("The report was written by Ana.") and is_passive("Costs were not cut.")
    assert is_passive("It is already approved.")
    assert not is_passive("Ana wrote the report.") and not is_passive("The light is red.")


def test_syllables_and_reading_ease() -> None:
    assert [syllables(w) for w in ("the", "table", "readability", "approved", "rhythm")] == [1, 2, 5, 2, 1]
    assert round(reading_ease(["The cat sat on the mat."]) or 0) == 116
    assert reading_ease([]) is None


def test_date_mentions_share_a_key_across_formats() -> None:
    found = date_mentions("by Friday, on March 3rd, 3 March or 2025-03-03, within 48 hours, end of the week, May 2024")
    assert found == {"friday": "Friday", "03-03": "March 3rd", "within 48 hours": "within 48 hours",
                     "end of the week": "end of the week"}


def test_numbers_and_figures() -> None:
    text = "Up 12.50% to 1,250 units in 2024 with 3 options (ref 03)."
    assert numbers(text, figures_only=True) == {"12.5%": "12.50%", "1250": "1,250", "2024": "2024", "3": "03"}
    assert "3" in numbers("3 options")
    assert numbers("8 percent or 8%") == {"8%": "8 percent"} and "8%" not in numbers("(7-8)")


def test_multi_sentence_paragraphs_and_evidence_text() -> None:
    doc = Document("memo.md", "One. Two.\n\nThree.\n\n> Four. Five.")
    assert multi_sentence_paragraphs(doc) == ["One. Two."]
    assert as_evidence([doc, Document("final reply", " Hi. ")]) == (
        "### memo.md\nOne. Two.\n\nThree.\n\n> Four. Five.\n\n### final reply\nHi.")


def test_numbers_written_in_words_are_numbers() -> None:
    text = "forty-eight and twelve per cent of two hundred and ten; fifteen thousand euros; one of three options"
    assert numbers(text, figures_only=True) == {
        "48": "forty-eight", "12%": "twelve per cent", "210": "two hundred and ten", "15000": "fifteen thousand"
    }
    assert set(numbers(text)) == {"48", "12%", "210", "15000", "1", "3"}
