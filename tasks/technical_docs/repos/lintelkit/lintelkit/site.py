"""Build the site: every Markdown page under the source folder becomes an HTML page with the site's nav."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from lintelkit.markdown import render, title_of

TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title} - {site}</title>
<link rel="stylesheet" href="{root}style.css">
</head>
<body>
<nav>
{nav}
</nav>
<main>
{body}</main>
</body>
</html>
"""

STYLE = """body { display: flex; font-family: sans-serif; margin: 0; }
nav { min-width: 14rem; padding: 1rem; background: #f4f4f0; }
nav a { display: block; margin: 0.2rem 0; }
nav a.current { font-weight: bold; }
main { max-width: 46rem; padding: 1rem 2rem; }
pre { background: #272822; color: #f8f8f2; padding: 0.8rem; overflow-x: auto; }
"""


@dataclass(frozen=True)
class Page:
    """One source page: its path relative to the source folder, its title and its Markdown."""

    source: Path
    title: str
    text: str

    @property
    def output(self) -> Path:
        """Where the page goes in the built site, relative to its root."""
        return self.source.with_suffix(".html")


def load_pages(src: Path) -> list[Page]:
    """Every Markdown page under `src`, the index first, then in the order of `nav.txt` or by path."""
    pages = []
    for path in sorted(src.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(src)
        pages.append(Page(rel, title_of(text) or rel.stem.replace("-", " ").capitalize(), text))
    order = nav_order(src)

    def key(page: Page) -> tuple[int, int, str]:
        name = page.source.as_posix()
        if name == "index.md":
            return (0, 0, name)
        return (1, order.index(name), name) if name in order else (2, 0, name)

    return sorted(pages, key=key)


def nav_order(src: Path) -> list[str]:
    """The page order `nav.txt` asks for (one path per line, `#` comments), or none."""
    listing = src / "nav.txt"
    if not listing.is_file():
        return []
    lines = (line.split("#", 1)[0].strip() for line in listing.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def nav_html(pages: list[Page], current: Page) -> str:
    """The nav bar of `current`: one link per page, relative to `current`'s folder."""
    root = "../" * (len(current.source.parts) - 1)
    links = []
    for page in pages:
        attr = ' class="current"' if page == current else ""
        href = root + page.output.as_posix()
        links.append(f'<a href="{href}"{attr}>{html.escape(page.title)}</a>')
    return "\n".join(links)


def build(src: Path, out: Path, site_name: str = "Documentation") -> list[Path]:
    """Render every page under `src` into `out`, with a stylesheet; return the files written."""
    pages = load_pages(src)
    if not pages:
        raise ValueError(f"no Markdown pages under {src}")
    written = []
    for page in pages:
        target = out / page.output
        target.parent.mkdir(parents=True, exist_ok=True)
        root = "../" * (len(page.source.parts) - 1)
        target.write_text(TEMPLATE.format(title=html.escape(page.title), site=html.escape(site_name), root=root,
                                          nav=nav_html(pages, page), body=render(page.text)), encoding="utf-8")
        written.append(target)
    style = out / "style.css"
    style.write_text(STYLE, encoding="utf-8")
    return [*written, style]
