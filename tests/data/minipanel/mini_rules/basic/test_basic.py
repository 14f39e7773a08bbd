"""Three tiny rules for the plugin's own tests."""

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.ast import calls_to


@rule("MP-001", family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high UI:high",
      source="curated: mini panel", opportunity="a final reply",
      surfaces={"SP": "End your final reply with the word DONE.", "PF": "## Replies\nEnd the final reply with DONE.",
                "UI": "Finish your last message with DONE please."})
def test_final_reply_ends_with_done(run: Run) -> None:
    """The final reply ends with DONE."""
    assert run.final_reply.rstrip().endswith("DONE"), "the final reply does not end with DONE"


@rule("MP-002", family="code_style", modality="forbid", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:high TD:high",
      source="curated: mini panel", opportunity="src/ changed",
      surfaces={"SP": "Never call print() in src/.", "TD": {"tool": "write_file", "text": "No print() in src/."}})
def test_no_print(run: Run) -> None:
    """No changed file under src/ calls print()."""
    changed = run.changed("src/**/*.py")
    if not changed:
        na("no file under src/ changed")
    assert not [f.path for f in changed if calls_to(f.module, "print")], "print() in src/"


@rule("MP-003", family="conditional_logic", modality="conditional_require", prior="neutral", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high UI:high",
      source="curated: mini panel", opportunity="an explain turn",
      surfaces={"SP": "Answer explain questions with a file:line citation.", "UI": "Cite file:line when explaining."})
def test_explain_cites(run: Run) -> None:
    """Replies to explain turns cite a file:line."""
    turns = run.turns_with("explain") or na("no explain turn")
    assert all(":" in t.reply for t in turns)
