"""Files on disk, one folder per account under the storage root."""

from __future__ import annotations

from pathlib import Path


class Storage:
    """Reads and writes the files of each account below `root`."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path_for(self, owner: str, name: str) -> Path:
        """Where the file `name` of `owner` lives."""
        return self.root / owner / name

    def save(self, owner: str, name: str, data: bytes) -> int:
        """Store `data` as `name` of `owner`, replacing any file of that name; return its size."""
        path = self.path_for(owner, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return len(data)

    def read(self, owner: str, name: str) -> bytes:
        """The content of `name`; FileNotFoundError if there is no such file."""
        return self.path_for(owner, name).read_bytes()

    def names(self, owner: str) -> list[str]:
        """The names of the files of `owner`, sorted."""
        folder = self.root / owner
        if not folder.is_dir():
            return []
        return sorted(p.name for p in folder.iterdir() if p.is_file())
