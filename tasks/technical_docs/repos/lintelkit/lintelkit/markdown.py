"""The subset of Markdown lintelkit renders: headings, paragraphs, lists, fenced code, inline code, links."""

from __future__ import annotations

import html
import re

FENCE = re.compile(r"^```\s*([\w+-]*)\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
BULLET = re.compile(r"^[-*]\s+(.*)$")
NUMBERED = re.compile(r"^\d+\.\s+(.*)$")
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`]+)`")
STRONG = re.compile(r"\*\*(.+?)\*\*")
EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def page_href(target: str) -> str:
    """The address a link points to in the built site: a link to another Markdown page goes to its HTML page."""
    if target.endswith(".md") and "://" not in target:
        return target[:-3] + ".html"
    return target


def inline(text: str) -> str:
    """Render the inline markup of one line of prose: code spans, links, strong and emphasis."""
    spans: list[str] = []

    def keep(match: re.Match[str]) -> str:
        spans.append(f"<code>{html.escape(match.group(1))}</code>")
        return f"\x00{len(spans) - 1}\x00"

    text = html.escape(CODE_SPAN.sub(keep, text), quote=False)
    text = LINK.sub(lambda m: f'<a href="{html.escape(page_href(m.group(2)))}">{m.group(1)}</a>', text)
    text = STRONG.sub(r"<strong>\1</strong>", text)
    text = EMPHASIS.sub(r"<em>\1</em>", text)
    return re.sub(r"\x00(\d+)\x00", lambda m: spans[int(m.group(1))], text)


def title_of(text: str) -> str | None:
    """The text of the page's first level-one heading, if it has one."""
    for line in text.splitlines():
        if match := HEADING.match(line):
            if len(match.group(1)) == 1:
                return match.group(2)
    return None


def render(text: str) -> str:
    """Render a Markdown page to an HTML fragment."""
    out: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    list_tag = ""
    code: list[str] | None = None
    language = ""

    def flush() -> None:
        nonlocal list_tag
        if paragraph:
            out.append(f"<p>{inline(' '.join(paragraph))}</p>")
            paragraph.clear()
        if items:
            body = "".join(f"<li>{inline(item)}</li>" for item in items)
            out.append(f"<{list_tag}>{body}</{list_tag}>")
            items.clear()
            list_tag = ""

    for line in text.splitlines():
        if code is not None:
            if line.strip() == "```":
                attr = f' class="language-{language}"' if language else ""
                out.append(f"<pre><code{attr}>" + "\n".join(code) + "</code></pre>")
                code = None
            else:
                code.append(line)
            continue
        if fence := FENCE.match(line):
            flush()
            code, language = [], fence.group(1)
        elif heading := HEADING.match(line):
            flush()
            level = len(heading.group(1))
            out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif (bullet := BULLET.match(line)) or (numbered := NUMBERED.match(line)):
            tag = "ul" if bullet else "ol"
            if paragraph or (items and list_tag != tag):
                flush()
            list_tag = tag
            items.append((bullet or numbered).group(1))
        elif not line.strip():
            flush()
        elif items and line.startswith("  "):
            items[-1] += " " + line.strip()
        else:
            if items:
                flush()
            paragraph.append(line.strip())
    flush()
    if code is not None:
        raise ValueError("a fenced code block is never closed")
    return "\n".join(out) + "\n"
