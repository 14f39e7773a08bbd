"""Corpus loaders: every source becomes a list of `Session`s (ordered user messages, labels when known).

Formats: generic JSONL (also what `harnessif taskflow classify` writes), DataClaw `conversations.jsonl`, SpecStory
markdown exports, SWE-chat `conversations` tables, the ECP cluster samples (labels only, mapped to our intents) and
the Harness-IF task panel (`tasks/`, turn intents as labels).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, get_args

import pandas as pd
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from ..files import atomic_write
from ..library import LibraryError, load_rules, load_tasks
from ..schema import Intent, field_errors

Format = Literal["jsonl", "dataclaw", "specstory", "swechat", "ecp", "panel"]
FORMATS: tuple[str, ...] = get_args(Format)


class CorpusError(ValueError):
    """Unreadable corpus input; the message names the file (and line or field)."""


class Message(BaseModel):
    """One user message: its text (empty when the source has none) and its intent label when known."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str = ""
    label: Intent | None = None


class Session(BaseModel):
    """One session's user messages, in order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    messages: list[Message]

    @model_validator(mode="after")
    def _not_empty(self) -> Session:
        if not self.messages:
            raise ValueError("a session needs at least one user message")
        return self

    @property
    def labelled(self) -> bool:
        return all(m.label is not None for m in self.messages)

    @property
    def labels(self) -> list[Intent]:
        """The label sequence; raises `CorpusError` if any message is unlabelled."""
        if not self.labelled:
            raise CorpusError(f"session {self.id}: has unlabelled messages (classify the corpus first)")
        return [m.label for m in self.messages if m.label is not None]

    def with_labels(self, labels: list[Intent]) -> Session:
        """A copy with these labels, one per message."""
        if len(labels) != len(self.messages):
            raise ValueError(f"session {self.id}: {len(labels)} labels for {len(self.messages)} messages")
        return Session(id=self.id, messages=[Message(text=m.text, label=lab) for m, lab in zip(self.messages, labels,
                                                                                                  strict=True)])


def label_sequences(sessions: list[Session]) -> list[list[Intent]]:
    """Every session's label sequence (all sessions must be labelled)."""
    return [s.labels for s in sessions]


# --- generic JSONL ------------------------------------------------------------------------------------------------

def _jsonl(path: Path) -> Iterator[tuple[int, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read: {exc.strerror}") from None
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as exc:
                raise CorpusError(f"{path}:{number}: not valid JSON: {exc.msg}") from None


def load_jsonl(path: Path) -> list[Session]:
    """One session per line: `{"id": ..., "messages": [{"text": ..., "label": ...} | "text", ...]}`."""
    sessions = []
    for number, row in _jsonl(path):
        try:
            if isinstance(row, dict) and isinstance(row.get("messages"), list):
                row = {**row, "messages": [{"text": m} if isinstance(m, str) else m for m in row["messages"]]}
            sessions.append(Session.model_validate(row))
        except ValidationError as exc:
            raise CorpusError(f"{path}:{number}: {field_errors(exc, '(line)')}") from None
    return sessions


def write_jsonl(sessions: list[Session], path: Path) -> None:
    """Write sessions in the generic JSONL format (`load_jsonl` reads it back)."""
    atomic_write(path, "".join(s.model_dump_json(exclude_none=True) + "\n" for s in sessions))


# --- DataClaw -----------------------------------------------------------------------------------------------------

def load_dataclaw(path: Path) -> list[Session]:
    """DataClaw `conversations.jsonl`: one session per line, the `role == "user"` entries of `messages`."""
    sessions = []
    for number, row in _jsonl(path):
        if not isinstance(row, dict) or not isinstance(row.get("messages"), list):
            raise CorpusError(f"{path}:{number}: messages: expected a DataClaw session with a messages list")
        texts = [m["content"] for m in row["messages"]
                 if isinstance(m, dict) and m.get("role") == "user" and isinstance(m.get("content"), str)
                 and m["content"].strip()]
        if texts:
            sessions.append(Session(id=str(row.get("session_id", f"line-{number}")),
                                    messages=[Message(text=t) for t in texts]))
    return sessions


# --- SpecStory ----------------------------------------------------------------------------------------------------

_SPECSTORY_HEADER = re.compile(r"^_\*\*(User|Assistant|Agent)\b([^*]*)\*\*_\s*$", re.MULTILINE)


def _specstory_session(path: Path) -> Session | None:
    text = path.read_text(encoding="utf-8")
    headers = list(_SPECSTORY_HEADER.finditer(text))
    messages = []
    for i, header in enumerate(headers):
        if header.group(1) != "User" or "sidechain" in header.group(2):
            continue
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        body = re.sub(r"(\n\s*---\s*)+\s*$", "", text[header.end():end]).strip()
        if body:
            messages.append(Message(text=body))
    return Session(id=path.stem, messages=messages) if messages else None


def load_specstory(path: Path) -> list[Session]:
    """SpecStory markdown: one file per session (or a folder of them, e.g. `.specstory/history`); user blocks
    start at `_**User**_` (any suffix such as a timestamp) and end at the next role header; sub-agent
    (`sidechain`) turns are skipped."""
    files = sorted(path.rglob("*.md")) if path.is_dir() else [path]
    sessions = [s for f in files if (s := _specstory_session(f)) is not None]
    if not sessions:
        raise CorpusError(f"{path}: no SpecStory user messages (_**User**_ blocks) found")
    return sessions


# --- SWE-chat -----------------------------------------------------------------------------------------------------

_SWECHAT_COLUMNS = ("session_id", "turn_number", "turn_type", "content")


def _table(path: Path) -> pd.DataFrame:
    try:
        if path.suffix == ".parquet":
            return pd.read_parquet(path)
        if path.suffix == ".csv":
            return pd.read_csv(path)
        return pd.read_json(path, lines=True)
    except (OSError, ValueError) as exc:
        raise CorpusError(f"{path}: cannot read the table: {exc}") from None


def load_swechat(path: Path) -> list[Session]:
    """A SWE-chat `conversations` table (parquet, CSV or JSONL, one row per transcript entry): the rows with
    `turn_type == "user_prompt"`, minus `is_continuation` ones (context-compaction restarts), ordered by
    `turn_number` within each `session_id`."""
    frame = _table(path)
    missing = [c for c in _SWECHAT_COLUMNS if c not in frame.columns]
    if missing:
        raise CorpusError(f"{path}: missing SWE-chat column(s): {', '.join(missing)}")
    prompts = frame[frame["turn_type"] == "user_prompt"]
    if "is_continuation" in prompts.columns:
        prompts = prompts[~prompts["is_continuation"].fillna(False).astype(bool)]
    prompts = prompts[prompts["content"].fillna("").astype(str).str.strip() != ""]
    sessions = []
    for session_id, group in prompts.sort_values(["session_id", "turn_number"], kind="stable").groupby(
            "session_id", sort=False):
        sessions.append(Session(id=str(session_id), messages=[Message(text=str(t)) for t in group["content"]]))
    return sessions


# --- ECP cluster samples ------------------------------------------------------------------------------------------

ECP_MAPPING: dict[str, Intent] = {
    "1.1 New Implementation": Intent.new_feature,
    "1.2 Iterative Modification": Intent.new_feature,
    "1.3 Alignment Correction": Intent.new_feature,
    "2.1 Log Paste": Intent.bug_fix,
    "2.2 Symptom Description": Intent.bug_fix,
    "2.3 Error Persistence": Intent.bug_fix,
    "3.1 Planning & Decision Consultation": Intent.planning,
    "3.2 Project Comprehension": Intent.explain,
    "3.3 General Knowledge Query": Intent.question,
    "4.1 Information Injection": Intent.other,
    "4.2 Behavior Specification": Intent.new_feature,
    "5.1 Code Review": Intent.code_review,
    "5.2 Runtime Inspection": Intent.debug,
    "6.1 Documentation": Intent.generate_docs,
    "6.2 Toolchain Operation": Intent.execute,
    "7.1 Confirmation": Intent.other,
    "7.2 Continuation": Intent.other,
    "7.3 Deferred Debugging": Intent.bug_fix,
    "7.4 Deferred Implementation": Intent.new_feature,
    "7.5 Sentiment Expression": Intent.other,
}
"""ECP's 20 sub-categories to our intents (a heuristic from neither paper; see docs/taskflow.md). A multi-label
ECP message takes the mapping of its first-listed (dominant) label."""

_ECP_EXAMPLE = re.compile(r"^\s+Example (\d+)\s+\(dist to medoid: [0-9.]+\)")
_ECP_SHA = re.compile(r"^\s+SHA: (\w+)")
_ECP_TURN = re.compile(r"^\s+\[(\d+)\] (.+?)\s*$")


def load_ecp(path: Path, mapping: dict[str, Intent] = ECP_MAPPING) -> list[Session]:
    """ECP `cluster_samples.txt` (labels only, no message text): one session per example, each message labelled
    with the mapping of its first-listed ECP sub-category."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read: {exc.strerror}") from None
    examples: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        if _ECP_EXAMPLE.match(line):
            examples.append({"id": f"{path.stem}:{number}", "messages": []})
        elif (sha := _ECP_SHA.match(line)) and examples:
            examples[-1]["id"] = sha.group(1)
        elif (turn := _ECP_TURN.match(line)) and examples:
            first = turn.group(2).split(" + ")[0].strip()
            if first not in mapping:
                raise CorpusError(f"{path}:{number}: unknown ECP sub-category {first!r}")
            examples[-1]["messages"].append(Message(label=mapping[first]))
    if not examples:
        raise CorpusError(f"{path}: no ECP cluster-sample sessions found")
    return [Session.model_validate(example) for example in examples]


# --- the Harness-IF panel -----------------------------------------------------------------------------------------

def load_panel(tasks_dir: Path, rules_dir: Path | None = None) -> list[Session]:
    """The coding panel via `load_tasks`: one session per coding task (the non-coding cases are no coding-agent
    sessions), its turns labelled with their intents. The rule library is `rules_dir` (default: `rule_checks/`
    beside `tasks_dir`)."""
    try:
        tasks = load_tasks(tasks_dir, load_rules(rules_dir or tasks_dir.resolve().parent / "rule_checks"))
    except LibraryError as exc:
        raise CorpusError(str(exc)) from None
    return [Session(id=task_id, messages=[Message(text=t.text, label=t.intent) for t in entry.task.turns])
            for task_id, entry in tasks.items() if entry.task.kind == "coding"]


# --- dispatch -----------------------------------------------------------------------------------------------------

def detect_format(path: Path) -> Format:
    """Guess a corpus format from the path (and the first JSONL line)."""
    if path.is_dir():
        if any(path.glob("*/*/task.yaml")):
            return "panel"
        if any(path.rglob("*.md")):
            return "specstory"
    elif path.suffix == ".md":
        return "specstory"
    elif path.suffix == ".txt":
        return "ecp"
    elif path.suffix in (".parquet", ".csv"):
        return "swechat"
    elif path.suffix in (".jsonl", ".json"):
        first = next(_jsonl(path), (0, None))[1]
        if isinstance(first, dict) and "turn_type" in first:
            return "swechat"
        messages = first.get("messages") if isinstance(first, dict) else None
        if isinstance(messages, list) and any(isinstance(m, dict) and "role" in m for m in messages):
            return "dataclaw"
        return "jsonl"
    raise CorpusError(f"{path}: cannot tell the corpus format; pass one of: {', '.join(FORMATS)}")


def load_corpus(path: Path, fmt: str = "auto") -> list[Session]:
    """Load a corpus in the given format (one of FORMATS) or the detected one (`auto`)."""
    if not path.exists():
        raise CorpusError(f"{path}: no such file or directory")
    loaders: dict[str, Callable[[Path], list[Session]]] = {
        "jsonl": load_jsonl, "dataclaw": load_dataclaw, "specstory": load_specstory, "swechat": load_swechat,
        "ecp": load_ecp, "panel": load_panel}
    if fmt != "auto" and fmt not in loaders:
        raise CorpusError(f"{path}: unknown corpus format {fmt!r}; known: {', '.join(FORMATS)}")
    return loaders[detect_format(path) if fmt == "auto" else fmt](path)
