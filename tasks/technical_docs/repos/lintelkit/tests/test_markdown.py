"""The Markdown subset: block structure and inline markup."""

import pytest

from lintelkit.markdown import inline, page_href, render, title_of


def test_headings_and_paragraphs() -> None:
    html = render("# Title\n\nOne line\nand the next.\n\n## Part\n")
    assert html == "<h1>Title</h1>\n<p>One line and the next.</p>\n<h2>Part</h2>\n"


def test_lists_bulleted_and_numbered() -> None:
    html = render("- a\n- b\n\n1. one\n2. two\n")
    assert html == "<ul><li>a</li><li>b</li></ul>\n<ol><li>one</li><li>two</li></ol>\n"


def test_fenced_code_keeps_its_language() -> None:
    html = render("```python\nx = 1\n```\n")
    assert html == '<pre><code class="language-python">x = 1</code></pre>\n'


def test_unclosed_fence_is_an_error() -> None:
    with pytest.raises(ValueError):
        render("```\nopen")


def test_inline_markup() -> None:
    assert inline("use `a < b` and **bold** *em*") == "use <code>a &lt; b</code> and <strong>bold</strong> <em>em</em>"


def test_links_to_pages_go_to_html() -> None:
    assert inline("[guide](guide.md)") == '<a href="guide.html">guide</a>'
    assert page_href("https://example.org/x.md") == "https://example.org/x.md"


def test_title_is_the_first_level_one_heading() -> None:
    assert title_of("## Not this\n# This one\n") == "This one"
    assert title_of("no heading") is None
