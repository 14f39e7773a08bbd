"""Writing files so that a reader never sees half of one: atomic file and directory writes, and the JSON disk
cache built on them (judge answers, classifier answers)."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .digest import digest


class CacheWarning(UserWarning):
    """A disk-cache entry could not be read; it is treated as absent and written again."""


def atomic_write(path: Path, data: bytes | str) -> Path:
    """Write `path` through a temporary file beside it and a rename: readers see the old content or the new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode() if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


@contextmanager
def atomic_dir(path: Path) -> Iterator[Path]:
    """Fill a temporary directory beside `path`; on success it replaces `path` whole, on an exception it is
    removed and `path` is left as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"))
    try:
        yield tmp
        old = tmp.with_suffix(".old")
        if path.exists():
            path.rename(old)
        tmp.rename(path)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


class DiskCache:
    """JSON values under `<root>/<key[:2]>/<key>.json`, written atomically (safe across threads and processes).
    An entry that cannot be read is warned about, naming its file, and is a miss (the next `put` replaces it)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Any | None:
        path = self.path(key)
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            warnings.warn(CacheWarning(f"cache entry {path} is unreadable ({exc}); computing it again"), stacklevel=2)
            return None

    def put(self, key: str, value: Any) -> None:
        atomic_write(self.path(key), json.dumps(value, sort_keys=True))


def safe_segment(name: str) -> str:
    """A path segment for a name like `openai/gpt-5.5@http://host:8000/v1`: itself when already safe, else a
    cleaned prefix and a digest of the name (distinct names stay distinct)."""
    clean = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_")
    return clean if clean == name and clean.strip(".") else f"{clean[:60]}-{digest(name)[:8]}"


def load_yaml(text: str) -> Any:
    """YAML as `yaml.safe_load` reads it, through libyaml's C parser when PyYAML has it (a panel's task and gold
    files are parsed by every session and every xdist worker)."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def jsonl_objects(text: str, where: object, error: type[Exception]) -> list[tuple[int, dict[str, Any]]]:
    """The JSON objects of JSONL text with their line numbers (blank lines skipped); a line that is not one raises
    `error` naming `where:line`."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise error(f"{where}:{n}: not JSON ({exc})") from None
        if not isinstance(value, dict):
            raise error(f"{where}:{n}: expected a JSON object")
        out.append((n, value))
    return out
