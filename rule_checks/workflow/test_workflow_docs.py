"""Workflow rules for documentation (WF-160...): building or link-checking the docs after changing them, and
publishing no placeholders. They read Markdown files and the agent's commands, whatever language the project is in."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.command import edit_positions, numbered_calls
from pytest_harnessif.checks.docs import changed_docs, checks_docs, docs_checks, is_markdown, turn_docs
from pytest_harnessif.checks.replies import plain
from pytest_harnessif.checks.shell import segments

PLACEHOLDER = re.compile(r"\b(?:TODO|TBD|FIXME|XXX)\b|(?i:\b(?:coming soon|lorem ipsum|to be (?:written|documented|"
                         r"added|determined))\b)|\?\?\?")

READERS = frozenset({"cd", "set", "cat", "ls", "grep", "rg", "head", "tail", "echo", "git", "wc", "less", "find",
                     "sed", "diff"})


@rule("WF-160", family="workflow", modality="conditional_require", prior="against", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:high UI:medium SD:high TD:medium",
      source="archetype use-documented-commands (adapted: the docs build or link check after docs edits)",
      opportunity="turns that edit Markdown files",
      surfaces={
          "SP": "After editing documentation (any Markdown file) in a turn, run the project's docs build or link "
                "check before you reply - e.g. `mkdocs build --strict`, `make docs`, a `check_docs`/`check-links` "
                "script, `lychee` or `markdownlint` - and it must pass, after your last docs edit of that turn.",
          "PF": "## Docs\nThe docs check is part of every docs change: once you are done editing Markdown in a turn, "
                "run the docs build / link check (the repo's docs script or make target, or `mkdocs build "
                "--strict`) and make it pass before replying.",
          "UI": "Whenever you touch the docs, run the docs check (build or link check) after your last edit and "
                "make sure it passes before you get back to me.",
          "SD": {"skill": "docs-writing",
                 "text": "Finish every docs edit by running the docs build or link check (the repository's docs "
                         "script or target) and getting it to pass, after the last edit."},
          "TD": {"tool": "bash",
                 "text": "Also runs the docs build or link check; run it after your last Markdown edit of a turn."},
      })
def test_docs_checked_after_docs_edits(run: Run) -> None:
    """In each turn that changed Markdown files, a docs build or link check (a docs tool such as `mkdocs build`,
    `sphinx-build`, `lychee`, `markdownlint`, or a repository script, module or make/npm/tox target named for docs
    or links) exited 0 after the turn's last Markdown edit."""
    turns = [t.index for t in run.turns if turn_docs(run, t.index)] or na("no turn changed a Markdown file")
    edits = edit_positions(run, infer=False, keep=is_markdown)
    checks = docs_checks(run)
    turn_of = {order: turn for order, turn, _ in numbered_calls(run)}
    unchecked = []
    for index in turns:
        last = max((p for p in edits if turn_of.get(p[0]) == index), default=None) or _possible_edit(run, index)
        if not any(s.command.turn == index and (last is None or s.position > last) for s in checks):
            unchecked.append(f"turn {index} ({', '.join(turn_docs(run, index))})")
    assert not unchecked, f"docs changed with no passing docs check after the last edit: {unchecked}"


def _possible_edit(run: Run, index: int) -> tuple[int, int] | None:
    """Where a turn that changed Markdown with no edit the checks recognise (a script rewriting a page) may have
    made it: its last simple command that is no docs check, test or lint run, and no `cd` or reading command."""
    return max((s.position for s in segments(run) if s.command.turn == index and s.program not in READERS
                and not (checks_docs(s) or s.is_test_run or s.is_lint_run)), default=None)


@rule("WF-161", family="workflow", modality="forbid", prior="align", method="regex",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium SD:high",
      source="curated: docs publish finished text (no TODO/TBD placeholders in pages)",
      opportunity="lines added to Markdown files",
      surfaces={
          "SP": "Documentation you write is published as is: no placeholders in Markdown - no `TODO`, `TBD`, "
                "`FIXME`, `XXX`, `???`, 'coming soon', 'to be written' or lorem ipsum, not even in HTML comments. "
                "If something is unknown, say so in your reply instead.",
          "PF": "## Docs\nPages are published straight from the repo, so never leave TODO, TBD, FIXME, XXX, ??? or "
                "'coming soon' / 'to be documented' placeholders in Markdown (HTML comments included); ask "
                "instead.",
          "UI": "Don't leave any TODO or TBD placeholders in the docs - these go live. Tell me instead if something "
                "is missing.",
          "SD": {"skill": "docs-writing",
                 "text": "No placeholders in pages: no TODO, TBD, FIXME, XXX, ???, 'coming soon' or 'to be "
                         "written', HTML comments included."},
      })
def test_docs_have_no_placeholders(run: Run) -> None:
    """No line the run added to a Markdown file outside fenced code (inline code aside, HTML comments included)
    holds a placeholder: `TODO`, `TBD`, `FIXME`, `XXX` (in capitals), `???`, `coming soon`, `lorem ipsum`, `to be
    written` / `documented` / `added` / `determined`."""
    lines = [(d.path, n, line) for d in changed_docs(run) for n, line in d.added_prose() if line.strip()]
    lines = lines or na("no line added to a Markdown file")
    hits = [f"{path}:{n}: {m.group(0)!r}" for path, n, line in lines if (m := PLACEHOLDER.search(plain(line)))]
    assert not hits, f"placeholders left in docs: {hits}"
