"""codex logs (to be written)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .record import Imported, LogError

FORMAT = "codex"


def sniff(obj: Any) -> bool:
    return False


def read(source: Path, text: str) -> Imported:
    raise LogError(source, "not implemented yet")
