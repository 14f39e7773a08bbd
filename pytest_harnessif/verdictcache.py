"""Verdicts of checks kept beside their trajectory (`<store entry>/verdicts.json`), so re-scoring a recorded panel
does not run a check again whose inputs did not change: the same recording (its record's and snapshots' sizes
and modification times, and the run's fingerprint) and the same code (every module of the package and the rule's
own file). A verdict the judge decided is never kept (the judge has its own cache), nor an error; an unjudged one
is re-used only while there is no judge. `--harness-recheck` runs every check again."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from .digest import digest, digest_bytes
from .files import atomic_write
from .store import RECORD

FILE = "verdicts.json"
PACKAGE = Path(__file__).resolve().parent


@functools.cache
def package_digest() -> str:
    """Every Python module of the installed package, path and content: any change of a check helper counts."""
    return digest_bytes(*(p.relative_to(PACKAGE).as_posix().encode() + p.read_bytes()
                          for p in sorted(PACKAGE.rglob("*.py"))))  # fmt: skip


@functools.cache
def code_digest(rule_file: Path) -> str:
    """The code a rule's verdict depends on: the package and the rule's own module."""
    return digest([package_digest(), digest_bytes(rule_file.read_bytes())])


def _stamp(entry: Path) -> str | None:
    """The recording as it is on disk: name, size and modification time of its record and every snapshot (a
    truncated or replaced tar changes it, so the store's own check of the entry runs again)."""
    try:
        files = sorted((p.name, p.stat()) for p in entry.iterdir() if p.name != FILE and p.is_file())
    except OSError:
        return None
    if not any(name == RECORD for name, _ in files):
        return None
    return digest([[name, st.st_size, st.st_mtime_ns] for name, st in files])


class VerdictCache:
    """The kept verdicts of one store entry (a trajectory), valid only for that exact recording."""

    def __init__(self, entry: Path, fingerprint: str) -> None:
        self.entry, self.fingerprint = entry, fingerprint
        self.stamp = _stamp(entry)
        self.data: dict[str, Any] = {"rules": {}}
        self.dirty = False
        try:
            found = json.loads((entry / FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return  # none yet, or unreadable: checks run again and a new file is written
        if isinstance(found, dict) and found.get("record") == self.stamp and found.get("fingerprint") == fingerprint:
            self.data = found

    @property
    def model_id(self) -> str | None:
        return self.data.get("model_id")

    def get(self, rule_id: str, code: str) -> dict[str, Any] | None:
        """The kept verdict (status, reason, artifact) of `rule_id` when it was made by the same code."""
        hit = self.data["rules"].get(rule_id)
        return hit if isinstance(hit, dict) and hit.get("code") == code else None

    def put(self, rule_id: str, code: str, verdict: dict[str, Any], model_id: str | None) -> None:
        """Keep a verdict in memory (`save` writes the entry's file once)."""
        if self.stamp is None:
            return
        self.data.update(record=self.stamp, fingerprint=self.fingerprint, model_id=model_id)
        self.data["rules"][rule_id] = {"code": code, **verdict}
        self.dirty = True

    def save(self) -> None:
        """Write the kept verdicts, when there are new ones and the recording on disk is still the one they judged."""
        if self.dirty and _stamp(self.entry) == self.stamp:
            atomic_write(self.entry / FILE, json.dumps(self.data, sort_keys=True))
        self.dirty = False
