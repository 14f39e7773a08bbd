"""The judge's on-disk answer cache: one JSON file per (request, judge, settings, vote index) content hash."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import Any


class JudgeCache:
    """`<dir>/<aa>/<key>.json`, written atomically; an unreadable entry is warned about and treated as absent."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        path = self._path(key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            warnings.warn(f"judge cache entry {path} is unreadable ({exc}); judging again", stacklevel=2)
            return None
        if not isinstance(data, dict) or not isinstance(data.get("raw"), str):
            warnings.warn(f"judge cache entry {path} has no 'raw' answer; judging again", stacklevel=2)
            return None
        return data

    def put(self, key: str, data: dict[str, Any]) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
