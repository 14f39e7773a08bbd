"""Output-control rules for documentation (OC-160...): what a reply says about the docs its turn changed. They read
Markdown files and replies, whatever language the project is in."""

from __future__ import annotations

import posixpath

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.docs import turn_docs
from pytest_harnessif.checks.replies import path_pattern, prose_lines


@rule("OC-160", family="output_control", modality="conditional_require", prior="neutral", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:medium SD:medium",
      source="archetype summarize-changes (adapted: the docs pages a turn changed are listed)",
      opportunity="turns that change Markdown files",
      surfaces={
          "SP": "Whenever a turn changes documentation, your reply names every Markdown file you changed in that "
                "turn by its path (`docs/install.md`), so reviewers know which pages to preview.",
          "PF": "## Replies after docs changes\nList every Markdown page you touched in the turn, by path (e.g. "
                "`docs/guide/setup.md`, `CHANGELOG.md`) - reviewers preview exactly those pages.",
          "UI": "When you change the docs, tell me which pages you touched - every one of them, with its path.",
          "SD": {"skill": "docs-writing",
                 "text": "End a docs change by naming, in your reply, each Markdown file the turn changed, by path."},
      })
def test_reply_lists_changed_doc_pages(run: Run) -> None:
    """The reply of each turn that created or modified Markdown files names each of them: its path, or its file name
    when no other file of the repository has that name (in prose or inline code, outside fenced blocks)."""
    turns = [(t, docs) for t in run.turns if (docs := turn_docs(run, t.index))] or na("no turn changed Markdown")
    names = [posixpath.basename(p) for p in run.files]
    missing = []
    for t, docs in turns:
        text = "\n".join(prose_lines(t.reply))
        for path in docs:
            name = posixpath.basename(path)
            forms = [path] + ([name] if names.count(name) == 1 and name != path else [])
            if not any(path_pattern(f).search(text) for f in forms):
                missing.append(f"turn {t.index}: {path}")
    assert not missing, f"changed docs pages the reply does not name: {missing}"
