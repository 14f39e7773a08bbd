"""Turns that fit any agent: a follow-up user turn may name what it asks the agent to create, but it may not present
as existing (in a traceback, a log line, a `path:LINE`, a message, code in backticks) a path, identifier or message
that is absent from the starting repository and the task's earlier turns and present in gold's workspace — a real
model names its code its own way, and the turn would contradict its workspace."""

from __future__ import annotations

import builtins
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .entries import TaskEntry
from .evidence import is_generated
from .sandbox.base import tar_members

_CODE = re.compile(r"```[^\n]*\n(.*?)```|`([^`\n]+)`", re.S)
_PATH = re.compile(r"(?<![\w.-])(/?(?:[\w.-]+/)*[\w-]+\.[A-Za-z]{1,5})(?::\d+)?(?![\w/])")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PROSE = re.compile(r"[a-z]+")
_COMMON = frozenset(dir(builtins))  # `ValueError`, `KeyError`...: what any Python traceback may show
_NGRAM = 5  # words of a message that must appear together in gold's code before the turn counts as quoting it


@dataclass(frozen=True)
class Presumed:
    """One name or message a turn presents as existing that only gold's workspace has."""

    turn: int
    word: str
    kind: str  # "path", "name" or "message"

    def line(self) -> str:
        return (
            f"turns[{self.turn}]: presents the {self.kind} {self.word!r} as existing, but only gold's workspace has it "
            "(not the starting repository nor an earlier turn): describe what the user observes instead"
        )


def _code(text: str) -> str:
    """The code-like parts of a turn: fenced blocks and backticked spans."""
    return "\n".join(a or b for a, b in _CODE.findall(text))


def _names(code: str) -> set[str]:
    """Identifiers a reader takes for code: with an underscore or an inner capital, dotted, or called."""
    names = set()
    for m in _WORD.finditer(code):
        word, after = m.group(), code[m.end() : m.end() + 1]
        if word in _COMMON:
            continue
        if len(word) >= 3 and ("_" in word.strip("_") or re.search(r"[a-z][A-Z]", word) or after == "("):
            names.add(word)
    return names


def _same(a: str, b: str) -> bool:
    """Whether two paths name one file (`/srv/app/src/x.py` and `src/x.py`)."""
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def _ngrams(code: str) -> set[str]:
    words = _PROSE.findall(code.lower())
    return {" ".join(words[i : i + _NGRAM]) for i in range(len(words) - _NGRAM + 1)}


def _prose(text: str) -> str:
    return " ".join(_PROSE.findall(text.lower()))


def presumed(
    turns: Sequence[str], start: Mapping[str, str], gold_before: Sequence[Mapping[str, str]], known: str = ""
) -> list[Presumed]:
    """Every path, name or message a turn presents as existing that neither the starting repository (`start`: path
    to text) nor an earlier turn nor `known` (the task's own text: role, skills) has, but gold's workspace at the
    start of that turn (`gold_before[i]`) does."""
    repo_text = "\n".join([*start.values(), known])
    repo_prose = _prose(repo_text)
    found: list[Presumed] = []
    for i, text in enumerate(turns):
        if i == 0 or i >= len(gold_before):
            continue
        earlier = "\n".join(turns[:i])
        gold_files = {p: t for p, t in gold_before[i].items() if start.get(p) != t}  # what gold added or changed
        gold_text = "\n".join(gold_files.values())
        for path in sorted({m.group(1).lstrip("/") for m in _PATH.finditer(text)}):
            mentioned = path in earlier or path.rsplit("/", 1)[-1] in earlier
            if any(_same(path, p) for p in gold_files) and not any(_same(path, p) for p in start) and not mentioned:
                found.append(Presumed(i, path, "path"))
        code = _code(text)
        for name in sorted(_names(code)):
            if name in gold_text and name not in repo_text and name not in earlier:
                found.append(Presumed(i, name, "name"))
        gold_prose, earlier_prose = _prose(gold_text), _prose(earlier)
        for gram in sorted(_ngrams(code)):
            if gram in gold_prose and gram not in repo_prose and gram not in earlier_prose:
                found.append(Presumed(i, gram, "message"))
                break  # one message per turn is enough to say it quotes gold
    return found


def _texts(files: Mapping[str, bytes]) -> dict[str, str]:
    return {p: d.decode("utf-8", "replace") for p, d in files.items() if not is_generated(p) and b"\0" not in d[:4096]}


def turn_problems(entry: TaskEntry, store: Path) -> list[str]:
    """One line per turn of `entry` that presumes gold's code, read against gold's recorded workspaces in `store`
    (a harness store holding `<config>/gold/<task>/r1/turn-<i>.tar`); none when gold has no complete record there."""
    gold = next(store.glob(f"*/gold/{entry.task.id}/r1"), None)
    turns = entry.task.turns
    if gold is None or not all((gold / f"turn-{i}.tar").is_file() for i in range(len(turns) - 1)):
        return []  # gold did not play every turn: its failure is reported on its own
    start = _texts({p.relative_to(entry.repo).as_posix(): p.read_bytes() for p in entry.repo.rglob("*") if p.is_file()})
    before = [start] + [_texts(tar_members((gold / f"turn-{i}.tar").read_bytes())) for i in range(len(turns) - 1)]
    task = entry.task
    known = "\n".join([task.role, *(s.description + s.body for s in task.skills), *(t.description for t in task.tools)])
    path = entry.dir / "task.yaml"
    return [f"{path}: {p.line()}" for p in presumed([t.text for t in turns], start, before, known)]
