"""Link storage: one JSON object per line in a file that several worker processes share."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger(__name__)


class SlugTaken(Exception):
    """A slug that another link already uses."""


@dataclass
class Link:
    """A short link. `owner` is the name of the API token that created it."""

    slug: str
    url: str
    owner: str
    created_at: str
    clicks: int = 0


class LinkStore:
    """Links kept in memory and in a JSON Lines file.

    Every read first reloads the file if another process changed it since we last looked (its
    modification time moved), so all workers see the same links.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._links: dict[str, Link] = {}
        self._mtime: float | None = None
        self._load()

    def _load(self) -> None:
        links = {}
        if self.path.exists():
            with self.path.open(encoding="utf-8") as handle:
                for line in handle:
                    if line.strip():
                        record = json.loads(line)
                        links[record["slug"]] = Link(**record)
            self._mtime = self.path.stat().st_mtime
        self._links = links

    def _refresh(self) -> None:
        """Reload the file if another process has written it since our last load."""
        if self.path.exists() and self.path.stat().st_mtime != self._mtime:
            log.debug("reloading %s", self.path)
            self._load()

    def _rewrite(self) -> None:
        with self.path.open("w", encoding="utf-8") as handle:
            for link in self._links.values():
                handle.write(json.dumps(asdict(link)) + "\n")
        self._mtime = self.path.stat().st_mtime

    def add(self, link: Link) -> None:
        """Store a new link; SlugTaken if its slug is in use."""
        self._refresh()
        if link.slug in self._links:
            raise SlugTaken(f"slug {link.slug!r} is already in use")
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(asdict(link)) + "\n")
        self._links[link.slug] = link
        self._mtime = self.path.stat().st_mtime

    def get(self, slug: str) -> Link | None:
        """The link with this slug, or None."""
        self._refresh()
        return self._links.get(slug)

    def all(self) -> list[Link]:
        """Every link, oldest first."""
        self._refresh()
        return list(self._links.values())

    def record_click(self, slug: str) -> None:
        """Count one redirect through `slug`."""
        self._refresh()
        self._links[slug].clicks += 1
        self._rewrite()

    def delete(self, slug: str) -> bool:
        """Remove a link; False if there was none."""
        self._refresh()
        if self._links.pop(slug, None) is None:
            return False
        self._rewrite()
        return True
