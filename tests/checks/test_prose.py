"""checks.prose: the prose a run delivers, and its paragraphs, sentences, headings and list items."""

from __future__ import annotations

from pytest_harnessif.checks.prose import Document, deliverables, documents
from pytest_harnessif.testing import make_run, turn

TEXT = (
    "# Title\n\nFirst sentence here. Second one! Third? yes.\nStill the first paragraph.\n\n- item one\n"
    "- item `two`\n\n```\ncode. Not prose\n```\n## Sub\nLast paragraph. E.g. fine."
)


def test_a_document_splits_into_paragraphs_sentences_headings_and_items() -> None:
    d = Document("memo.md", TEXT)
    assert d.paragraphs == ["First sentence here. Second one! Third? yes. Still the first paragraph.",
                            "Last paragraph. E.g. fine."]
    assert d.sentences == ["First sentence here.", "Second one!", "Third? yes.", "Still the first paragraph.",
                           "Last paragraph.", "E.g. fine."]
    assert d.headings == [(1, "Title"), (2, "Sub")]
    assert d.items == ["item one", "item"]
    assert "code." not in d.prose


def test_deliverables_are_the_documents_written_else_the_final_reply() -> None:
    wrote = make_run(initial={"README.md": "old"}, final={"README.md": "old", "memo.md": "# Memo\n\nHi.", "a.py": "x"},
                     turns=[turn("Write the memo", "Done, see memo.md.")])
    assert [d.where for d in documents(wrote)] == ["memo.md"] and [d.where for d in deliverables(wrote)] == ["memo.md"]
    replied = make_run(turns=[turn("Draft the email", "Dear team,\n\nThe release moves to Friday.")])
    assert [d.where for d in deliverables(replied)] == ["final reply"]
    assert deliverables(make_run(turns=[turn("Draft it", "  ")])) == []


def test_a_markdown_table_is_no_paragraph() -> None:
    table = "| vendor | fee |\n|---|---|\n| Alder Payroll Services Ltd | CHF 12 |"
    doc = Document("memo.md", f"Costs rose.\n\n{table}\n\nWe chose Alder.")
    assert doc.paragraphs == ["Costs rose.", "We chose Alder."]
    assert doc.sentences == ["Costs rose.", "We chose Alder."]
