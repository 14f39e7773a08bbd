"""Check the relative links of the Markdown pages: every linked file must exist."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lintelkit.markdown import FENCE, LINK


@dataclass(frozen=True)
class BrokenLink:
    """A link whose target does not exist: the page, its line and the target as written."""

    page: Path
    line: int
    target: str

    def __str__(self) -> str:
        return f"{self.page.as_posix()}:{self.line}: broken link to {self.target}"


def is_external(target: str) -> bool:
    """Whether a link leaves the site: a URL with a scheme, or a mail address."""
    return bool(re.match(r"[a-z][a-z0-9+.-]*:", target))


def page_links(text: str) -> list[tuple[int, str]]:
    """`(line, target)` of every link in a page's prose; fenced code is skipped."""
    found = []
    in_code = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line) or (in_code and line.strip() == "```"):
            in_code = not in_code
            continue
        if not in_code:
            found += [(number, match.group(2)) for match in LINK.finditer(re.sub(r"`[^`]*`", "", line))]
    return found


def check(src: Path) -> list[BrokenLink]:
    """Every relative link under `src` whose file does not exist, page by page."""
    broken = []
    for page in sorted(src.rglob("*.md")):
        for line, target in page_links(page.read_text(encoding="utf-8")):
            path = target.split("#", 1)[0]
            if is_external(target) or not path:
                continue
            if not (page.parent / path).exists():
                broken.append(BrokenLink(page.relative_to(src), line, target))
    return broken
