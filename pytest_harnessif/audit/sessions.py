"""Find the logs under the audited paths, tell each one's format from its content, import it, and make each session
a task of its own (its turns, the audited rules, the project's commands) with the `Run` its checks receive.

One file is one session. A file that cannot be imported is one `LogError` line (file and line) and never stops the
others."""

from __future__ import annotations

import contextlib
import json
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

from ..digest import digest, digest_bytes
from ..evidence import Run
from ..schema import Intent, RunKey, Task
from ..trajectory import Trajectory
from . import claudecode, codex, generic, minisweagent, openhands, sweagent
from .record import IMPORTER_VERSION, Imported, LogError, json_document
from .rulesfile import AuditRules

IMPORTERS: dict[str, ModuleType] = {
    m.FORMAT: m for m in (minisweagent, sweagent, openhands, claudecode, codex, generic)
}
"""Every format by name, in the order detection tries them."""
SUFFIXES = (".json", ".jsonl", ".traj")
_FILE = re.compile(r"[\w./-]+\.(?:py|jsx?|mjs|cjs|tsx?|go|rs|[ch]|sh|java|rb)\b")
Classify = Callable[[Sequence[str]], list[str]]
LANGUAGES = {".py": "python", ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
             ".ts": "typescript", ".tsx": "typescript", ".go": "go", ".rs": "rust", ".c": "c", ".h": "c",
             ".sh": "bash", ".java": "java", ".rb": "ruby"}  # fmt: skip


def discover(paths: Iterable[Path]) -> list[tuple[Path, Path]]:
    """(file, the folder its session id is taken relative to) of every log under `paths`: a file as named, a
    folder's `*.json`, `*.jsonl` and `*.traj` files at any depth (hidden ones left out), sorted."""
    found: dict[Path, Path] = {}
    for path in paths:
        path = path.resolve()
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                rel = file.relative_to(path)
                if file.is_file() and file.suffix in SUFFIXES and not any(p.startswith(".") for p in rel.parts):
                    found.setdefault(file, path)
        else:
            found.setdefault(path, path.parent)
    return list(found.items())


def detect(source: Path, text: str) -> ModuleType:
    """The importer of a log, told from its content: a whole JSON document, or the first object of JSON lines."""
    candidates: list[Any] = []
    first = next((line for line in text.splitlines() if line.strip()), "")
    for part in (text, first):
        with contextlib.suppress(ValueError):
            candidates.append(json.loads(part))
    for obj in candidates:
        for importer in IMPORTERS.values():
            if importer.sniff(obj):
                return importer
    if not candidates and text.lstrip().startswith(("{", "[")) and first.strip() in ("{", "["):
        json_document(source, text)  # a JSON document broken further down: its error names the line
    if not candidates:
        raise LogError(source, "neither a JSON document nor JSON lines: not a log this plugin reads", 1)
    raise LogError(source, f"not a log format this plugin reads (it reads {', '.join(IMPORTERS)})")


def read(source: Path, format: str = "auto") -> Imported:
    """One log imported (`format`: a name of `IMPORTERS`, or `auto` to detect it); any fault is a `LogError`."""
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise LogError(source, f"cannot read: {exc.strerror or exc}") from None
    text = data.decode("utf-8", errors="replace")
    importer = detect(source, text) if format == "auto" else IMPORTERS[format]
    try:
        imported: Imported = importer.read(source, text)
    except LogError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise LogError(source, f"not a valid {importer.FORMAT} log: {type(exc).__name__}: {exc}") from None
    return Imported(imported.format, source, imported.trajectory, imported.lacks,
                    digest([IMPORTER_VERSION, imported.format, digest_bytes(data)]))  # fmt: skip


def session_ids(files: Sequence[tuple[Path, Path]]) -> list[str]:
    """A task id per file, from its path below its folder (`claude/2f9c.jsonl` -> `claude-2f9c`), unique."""
    ids: list[str] = []
    taken: set[str] = set()
    for file, base in files:
        stem = str(file.relative_to(base).with_suffix(""))
        name = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:80].strip("-") or "session"
        if not name[0].isalnum():
            name = f"s{name}"
        unique, n = name, 2
        while unique in taken:
            unique, n = f"{name}-{n}", n + 1
        taken.add(unique)
        ids.append(unique)
    return ids


@dataclass(frozen=True)
class Session:
    """One imported session as the audit runs it: its id, the key its items are parametrized with, its task."""

    id: str
    imported: Imported
    task: Task
    trajectory: Trajectory

    @property
    def key(self) -> RunKey:
        return self.trajectory.key

    @property
    def fingerprint(self) -> str:
        return self.trajectory.fingerprint

    @cached_property
    def run(self) -> Run:
        """The evidence view a check receives: what the log lacks ends a check n/a (`not in the log`)."""
        return Run(self.trajectory, self.task, _no_snapshot, None, self.imported.lacks)


def _no_snapshot(name: str) -> bytes:
    raise KeyError(f"an imported session has no snapshot {name!r}")


def languages(traj: Trajectory) -> list[str]:
    """The languages of the files a session read, wrote or edited, or named in its shell commands (by extension);
    `text` when none is known."""
    paths = [str(c.args.get("path", "")) for t in traj.turns for s in t.steps for c in s.tool_calls]
    paths += [m.group(0) for t in traj.turns for s in t.steps for c in s.tool_calls if c.command
              for m in _FILE.finditer(c.command)]  # fmt: skip
    found = {LANGUAGES[ext]: None for p in paths if (ext := posixpath.splitext(p)[1]) in LANGUAGES}
    return list(found) or ["text"]


def session(sid: str, imported: Imported, audit: AuditRules, classify: Classify | None = None) -> Session:
    """The session `sid` of an imported log: its turns' intents (the log's own, else `classify`'s, else `other`), a
    task holding the audited rules, and its trajectory keyed `(agent, sid, r1)`."""
    traj = imported.trajectory
    unlabelled = [t.user for t in traj.turns if t.intent not in Intent.__members__.values()]
    labels = iter(classify(unlabelled) if classify and unlabelled else ["other"] * len(unlabelled))
    turns = [t.model_copy(update={"intent": t.intent if t.intent in Intent.__members__.values() else next(labels)})
             for t in traj.turns]  # fmt: skip
    logged = traj.extra.get("audit", {})
    requests = logged.get("requests", [])
    asked = [(requests[t.index] if t.index < len(requests) and requests[t.index] else t.user) or "(empty message)"
             for t in turns]  # fmt: skip
    task = Task(
        id=sid,
        scenario="audit",
        title=f"{imported.format} session {imported.source.name}",
        languages=languages(traj),
        role=traj.system_prompt or "(not in the log)",
        project_file=audit.project_file,
        skills=logged.get("skills", []),
        turns=[{"intent": t.intent, "text": text} for t, text in zip(turns, asked, strict=True)],
        rules=list(audit.rules or ()),
        commands=audit.commands,
    )
    key = RunKey(model=traj.key.model, task=sid, round=1)
    fingerprint = digest([imported.digest, audit.rules, audit.commands, audit.project_file,
                          [t.intent for t in turns]])  # fmt: skip
    trajectory = traj.model_copy(update={"key": key, "turns": turns, "fingerprint": fingerprint})
    return Session(sid, imported, task, trajectory)


def load(paths: Iterable[Path], audit: AuditRules, *, format: str = "auto",
         classify: Classify | None = None) -> tuple[list[Session], list[LogError]]:  # fmt: skip
    """Every session under `paths`, and one error per file that could not be imported."""
    files = discover(paths)
    sessions, errors = [], []
    for (file, _), sid in zip(files, session_ids(files), strict=True):
        try:
            sessions.append(session(sid, read(file, format), audit, classify))
        except LogError as exc:
            errors.append(exc)
    return sessions, errors
