"""Quantitative rules for documentation (QT-160...): counts in the Markdown a run writes - code examples in each
section of a migration guide. They read Markdown files, whatever language the project is in."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.docs import blocks, changed_docs, is_guide, sections

FRAMING = re.compile(r"^(?:overview|introduction|intro|summary|about|prerequisites|requirements|before you \w+|"
                     r"next steps|getting help|help|support|faq|see also|further reading|resources|background|"
                     r"notes?|timeline|checklist|contents|table of contents|who (?:is|should) .*|why .*)\W*$", re.I)


@rule("QT-160", family="quantitative", modality="limit_min", prior="neutral", method="regex",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium SD:high",
      source="archetype docs-with-api-change (adapted: a migration guide shows each change before and after)",
      opportunity="sections added to a migration or upgrade guide",
      surfaces={
          "SP": "When you write a migration or upgrade guide, give each change its own section (a `##` or `###` "
                "heading) with at least {blocks_min} fenced code examples that differ: how the code or config looked "
                "before, and how it looks after. Framing sections (Overview, Prerequisites, Next steps, FAQ) need "
                "none.",
          "PF": "## Migration guides\nEvery breaking change gets its own heading in the migration guide, and under "
                "it at least {blocks_min} different code blocks: the old usage and the new one.",
          "UI": "For the upgrade guide: every change needs its own heading and a before-and-after - at least "
                "{blocks_min} different code snippets per change.",
          "SD": {"skill": "docs-writing",
                 "text": "Migration guides: one `##`/`###` section per change, each with at least {blocks_min} "
                         "distinct fenced examples (before, after)."},
      })
def test_migration_sections_show_before_and_after(run: Run, blocks_min: int = 2) -> None:
    """Each section the run added to a migration or upgrade guide (a Markdown file whose path names `migrat...` or
    `upgrad...`; a heading of level 2 or deeper whose section holds no deeper heading, framing sections such as
    Overview, Prerequisites, Next steps or FAQ aside) has at least {blocks_min} fenced code blocks with different
    contents."""
    guides = changed_docs(run, [p for p in sorted({*run.created(), *run.modified()}) if is_guide(p)])
    found = [(d, n, title, end) for d in guides for level, n, title, end in sections(d.text)
             if level >= 2 and n in d.added and not FRAMING.match(title) and not _has_subsection(d.text, n, end)]
    found = found or na("no section added to a migration guide")
    short = []
    for d, n, title, end in found:
        bodies = {b.lines for b in blocks(d.text) if n < b.line <= end}
        if len(bodies) < blocks_min:
            short.append(f"{d.path}:{n} {title!r}: {len(bodies)} distinct code blocks")
    assert not short, f"migration sections with fewer than {blocks_min} distinct code blocks: {short}"


def _has_subsection(text: str, line: int, end: int) -> bool:
    """Whether the heading at `line` is directly followed by a deeper heading (it is a parent, not a change)."""
    levels = {n: level for level, n, _, _ in sections(text)}
    nxt = end + 1
    return nxt in levels and levels[nxt] > levels[line]
