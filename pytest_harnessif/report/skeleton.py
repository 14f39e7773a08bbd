"""How much the panel's tasks share a skeleton: closers, issue numbers and people reused across tasks, near-duplicate
turns, session lengths, repository histories and lint scripts. The panel test holds the bounds; `harnessif panel`
prints the measures."""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..entries import TaskEntry
from ..sandbox.history import load_history

NEAR = 0.8  # difflib ratio above which two turns of different tasks are near-duplicates
CLOSER_NEAR = 0.6  # ... and two closers are the same closer
LINT_NEAR = 0.6  # ... and two repositories' lint scripts are one (line by line)
ISSUE = re.compile(r"(?<![\w&])#(\d{2,})\b")
NAME = re.compile(r"(?<![.!?:]\s)\b([A-Z][a-z]{2,})\b")
ASKS = {
    "tests": r"\btests?\b",
    "lint": r"\blint",
    "commit": r"\bcommit",
    "branch": r"\bbranch",
    "pr": r"\b(?:PR|pull request)\b",
}


@dataclass(frozen=True)
class Skeleton:
    """The measures; each list names what breaks a bound."""

    turns: int
    near_duplicates: list[tuple[str, str, float]]  # ("task#i", "task#j", ratio) across tasks
    closer_groups: list[list[str]]  # tasks whose closers are one closer, largest first
    reused_issues: dict[str, list[str]]  # "#214" -> tasks
    reused_names: dict[str, list[str]]  # "Priya" -> tasks
    long_sessions: int  # tasks of 9-10 turns
    thin_histories: list[str]  # repositories without several commits by several authors over days
    shared_lint: list[list[str]]  # repositories whose lint scripts are one script (`_shared_lint`)

    @property
    def near_share(self) -> float:
        """The share of turns that have a near-duplicate in another task."""
        involved = {a for a, _, _ in self.near_duplicates} | {b for _, b, _ in self.near_duplicates}
        return len(involved) / self.turns if self.turns else 0.0


def _closer_signature(entry: TaskEntry) -> tuple[str, frozenset[str]]:
    last = entry.task.turns[-1]
    return str(last.intent), frozenset(k for k, rx in ASKS.items() if re.search(rx, last.text, re.I))


def _groups(ids: list[str], same: Mapping[tuple[str, str], bool]) -> list[list[str]]:
    parent = {i: i for i in ids}

    def root(i: str) -> str:
        while parent[i] != i:
            i = parent[i]
        return i

    for (a, b), joined in same.items():
        if joined:
            parent[root(a)] = root(b)
    groups: dict[str, list[str]] = defaultdict(list)
    for i in ids:
        groups[root(i)].append(i)
    return sorted((sorted(g) for g in groups.values() if len(g) > 1), key=len, reverse=True)


def _vocabulary(tasks: Mapping[str, TaskEntry]) -> set[str]:
    """Capitalised words a turn may share with another without naming a person: what the repositories, roles and
    skills of the panel say (product names, tools, places in code)."""
    texts = [t for e in tasks.values() for t in (e.task.role, *(s.body + s.description for s in e.task.skills))]
    for repo in {e.repo for e in tasks.values()}:  # a shared repository is read once
        texts += [p.read_text(errors="replace") for p in repo.rglob("*") if p.is_file() and p.stat().st_size < 200_000]
    words: set[str] = set()
    for text in texts:
        words.update(re.findall(r"\b[A-Z][a-z]{2,}\b", text))
    return words


def _lint_lines(repo: Path) -> list[str]:
    """The lines of the repository's lint scripts (files with `lint` in their name), [] when it has none."""
    files = sorted(
        p for p in repo.rglob("*") if p.is_file() and "lint" in p.name.lower() and "node_modules" not in p.parts
    )
    return [line.strip() for p in files for line in p.read_text(encoding="utf-8", errors="replace").splitlines()]


def _shared_lint(repos: list[Path]) -> list[list[str]]:
    """Repositories whose lint scripts are one script: their lines' difflib ratio above `LINT_NEAR` (a copy with the
    names swapped is still a copy)."""
    names = {r: f"{r.parent.parent.name}/{r.name}" for r in repos}
    lines = {r: found for r in repos if (found := _lint_lines(r))}
    same = {}
    for i, a in enumerate(lines):
        for b in list(lines)[i + 1 :]:
            matcher = difflib.SequenceMatcher(None, lines[a], lines[b], autojunk=False)
            same[(names[a], names[b])] = matcher.quick_ratio() > LINT_NEAR and matcher.ratio() > LINT_NEAR
    return _groups([names[r] for r in lines], same)


def _thin(repo: Path) -> bool:
    history = load_history(repo)
    if history is None:
        return True
    authors = {c.author for c in history.commits}
    span = history.commits[-1].date - history.commits[0].date
    return len(history.commits) < 3 or len(authors) < 2 or span.days < 7


CALENDAR = frozenset(
    {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March",
     "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)
"""Capitalised words no one's name is counted as, whatever the panel's repositories say."""


def measure(tasks: Mapping[str, TaskEntry], stop: frozenset[str] = CALENDAR) -> Skeleton:
    """The skeleton measures of a panel; `stop` lists capitalised words that are no one's name (by default the
    days and months)."""
    ids = sorted(tasks)
    turns = [(f"{t}#{i}", t, turn.text) for t in ids for i, turn in enumerate(tasks[t].task.turns)]
    near = []
    for a in range(len(turns)):
        for b in range(a + 1, len(turns)):
            (ka, ta, xa), (kb, tb, xb) = turns[a], turns[b]
            if ta == tb:
                continue
            matcher = difflib.SequenceMatcher(None, xa, xb, autojunk=False)
            if matcher.real_quick_ratio() > NEAR and matcher.quick_ratio() > NEAR and (r := matcher.ratio()) > NEAR:
                near.append((ka, kb, round(r, 3)))
    same = {}
    for a in range(len(ids)):
        for b in range(a + 1, len(ids)):
            x, y = tasks[ids[a]], tasks[ids[b]]
            sx, sy = _closer_signature(x), _closer_signature(y)
            ratio = difflib.SequenceMatcher(None, x.task.turns[-1].text, y.task.turns[-1].text).ratio()
            same[(ids[a], ids[b])] = ratio > CLOSER_NEAR or (sx == sy and len(sx[1]) >= 2)
    issues: dict[str, set[str]] = defaultdict(set)
    names: dict[str, set[str]] = defaultdict(set)
    known = _vocabulary(tasks) | stop
    for _, task_id, text in turns:
        for n in ISSUE.findall(text):
            issues[f"#{n}"].add(task_id)
        for m in NAME.finditer(text):
            opens_line = not text[text.rfind("\n", 0, m.start()) + 1 : m.start()].strip()
            if m.group(1) not in known and not opens_line:
                names[m.group(1)].add(task_id)
    repos = sorted({e.repo for e in tasks.values()})
    return Skeleton(
        turns=len(turns),
        near_duplicates=near,
        closer_groups=_groups(ids, same),
        reused_issues={k: sorted(v) for k, v in sorted(issues.items()) if len(v) > 1},
        reused_names={k: sorted(v) for k, v in sorted(names.items()) if len(v) > 1},
        long_sessions=sum(9 <= len(e.task.turns) <= 10 for e in tasks.values()),
        thin_histories=[f"{r.parent.parent.name}/{r.name}" for r in repos if _thin(r)],
        shared_lint=_shared_lint(repos),
    )


def skeleton_line(s: Skeleton) -> str:
    """The measures in one line, what breaks a bound named."""
    largest = max((len(g) for g in s.closer_groups), default=1)
    parts = [
        f"near-duplicate turns {100 * s.near_share:.1f}% of {s.turns}",
        f"largest shared closer {largest} tasks",
        f"{s.long_sessions} sessions of 9-10 turns",
        f"issue numbers reused: {', '.join(s.reused_issues) or 'none'}",
        f"people reused: {', '.join(s.reused_names) or 'none'}",
        f"repositories without a history: {', '.join(s.thin_histories) or 'none'}",
        f"shared lint scripts: {'; '.join(' = '.join(g) for g in s.shared_lint) or 'none'}",
    ]
    return "skeleton: " + "; ".join(parts)
