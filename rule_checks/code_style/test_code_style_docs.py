"""Code-style rules for documentation (CS-160...): the form of the Markdown a run writes - tagged code fences,
relative links that resolve, one sentence per line. They read Markdown files, whatever language the project is in."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.docs import broken_link, changed_docs, is_relative, links
from pytest_harnessif.checks.replies import HEADING_LINE, label, plain

SENTENCE_END = re.compile(r"(\S*)[.!?][\"')\]*_]*\s+(?=[\"'(*_`\[]*[A-Z0-9`])")
ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "al", "approx", "incl", "no", "mr", "ms", "dr", "st"})
NOT_PROSE = re.compile(r"^\s*(?:\||<|\[[^\]]+\]:|[-*_=]{3,}\s*$)")


@rule("CS-160", family="code_style", modality="require", prior="neutral", method="regex",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high SD:high",
      source="archetype markdown-output (adapted: fenced blocks in docs name their language)",
      opportunity="fenced code blocks added to Markdown files",
      surfaces={
          "SP": "In Markdown files you write (README, docs pages, guides), every fenced code block names its "
                "language after the opening fence: ```bash, ```go, ```python, ```yaml, ```text for plain output.",
          "PF": "## Docs formatting\nCode fences in our Markdown always carry a language tag (```sh, ```toml, "
                "```json, ```text for output). An untagged ``` fence fails the docs lint.",
          "SD": {"skill": "docs-writing",
                 "text": "Tag every fenced block you add to a page with its language (```bash, ```python, "
                         "```text for output); never leave a bare ``` fence."},
      })
def test_docs_fences_have_a_language(run: Run) -> None:
    """Every fenced code block whose opening fence the run added to a Markdown file names a language (```bash,
    ```text...)."""
    added = [(d.path, b) for d in changed_docs(run) for b in d.added_blocks()]
    added = added or na("no fenced code block added to a Markdown file")
    bare = [f"{path}:{b.line}" for path, b in added if not b.lang]
    assert not bare, f"fenced blocks without a language tag: {bare}"


@rule("CS-161", family="code_style", modality="require", prior="neutral", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:high PF:high UI:medium SD:high",
      source="curated: docs link checks (relative links and heading anchors resolve in the repository)",
      opportunity="relative links added to Markdown files",
      surfaces={
          "SP": "Relative links you add to Markdown must resolve in the repository: the linked file or folder "
                "exists (paths are relative to the page), and a `#anchor` matches a heading of the target page "
                "(GitHub's anchor: lower case, punctuation dropped, spaces as hyphens).",
          "PF": "## Links\nRelative links in docs are checked: `[text](../guide/config.md#timeouts)` must name a "
                "file that exists, relative to the page, and `#timeouts` must be the anchor of one of its "
                "headings. External URLs are not checked.",
          "UI": "When you link between doc pages, double-check the links actually work - right file path and a "
                "heading anchor that really exists.",
          "SD": {"skill": "docs-writing",
                 "text": "Every relative link you add must resolve: the file exists relative to the page, and any "
                         "`#anchor` is a heading slug of that page."},
      })
def test_docs_relative_links_resolve(run: Run) -> None:
    """Every relative link (inline, image or reference definition) on a line the run added to a Markdown file
    resolves in the final workspace: its path names a file or folder (relative to the page, or to the repository
    root with a leading `/`), and its `#anchor` is the GitHub anchor of a heading of the Markdown page it names."""
    found = [(d.path, n, target) for d in changed_docs(run) for n, line in d.added_prose()
             for target in links(line) if is_relative(target)]
    found = found or na("no relative link added to a Markdown file")
    broken = [f"{path}:{n}: {why}" for path, n, target in found if (why := broken_link(run, path, target))]
    assert not broken, f"relative links that do not resolve: {broken}"


def _sentences_in(line: str) -> int:
    """How many sentence ends a prose line has before its last word (inline code blanked, list marker dropped)."""
    text = label(plain(line)).rstrip()
    words = [w.strip("*_(\"'").lower() for w in SENTENCE_END.findall(text)]
    return sum(1 for w in words if w not in ABBREVIATIONS and not re.fullmatch(r"[a-z]", w))


@rule("CS-162", family="code_style", modality="require", prior="against", method="regex",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high SD:high",
      source="archetype no-hard-wrap-prose (one sentence per line)",
      opportunity="prose lines added to Markdown files",
      surfaces={
          "SP": "Docs use semantic line breaks: in Markdown you write, put each sentence on its own line (a "
                "paragraph is consecutive lines; Markdown joins them). Never put two sentences on one line, and "
                "don't hard-wrap a sentence at a fixed column either.",
          "PF": "## Docs line breaks\nOne sentence per line in all Markdown (semantic line breaks). Start a new "
                "line after every `.`, `?` or `!` that ends a sentence, so diffs show the sentence that changed. "
                "Headings, tables and code blocks are exempt.",
          "SD": {"skill": "docs-writing",
                 "text": "Write one sentence per line: every sentence you add starts on a new line (headings, "
                         "tables and code blocks aside)."},
      })
def test_docs_one_sentence_per_line(run: Run) -> None:
    """Each prose line the run added to a Markdown file holds one sentence at most: no sentence end (`.`, `?`, `!`
    followed by a capitalised word, a digit or code) before its last word. Headings, tables, HTML, reference
    definitions, code blocks and inline code do not count; `e.g.`, `i.e.`, `etc.` and initials are no sentence
    ends."""
    lines = [(d.path, n, line) for d in changed_docs(run) for n, line in d.added_prose()
             if line.strip() and not HEADING_LINE.match(line) and not NOT_PROSE.match(line)]
    lines = lines or na("no prose line added to a Markdown file")
    joined = [f"{path}:{n}: {line.strip()[:70]!r}" for path, n, line in lines if _sentences_in(line)]
    assert not joined, f"lines holding more than one sentence: {joined}"
