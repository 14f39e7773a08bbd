"""`Run`: the read-only view of one recorded trajectory that a rule check receives."""

from __future__ import annotations

import difflib
import fnmatch
import functools
import posixpath
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from itertools import takewhile

import libcst as cst
import pathspec

from .authoring import MissingArtifact, NotInLog
from .sandbox.base import ExecResult, Sandbox, tar_members
from .schema import Task
from .trajectory import Commit, GitState, ToolCall, Trajectory, TurnRecord


def match(path: str, pattern: str) -> bool:
    """Glob match where `**/` also matches zero directories (so `src/**/*.py` matches `src/a.py`)."""
    if fnmatch.fnmatchcase(path, pattern):
        return True
    return "**/" in pattern and fnmatch.fnmatchcase(path, pattern.replace("**/", ""))


@functools.lru_cache(maxsize=512)
def _parse_module(data: bytes) -> cst.Module:
    """Parse once per content: libcst modules are immutable, so every rule can share them."""
    return cst.parse_module(data.decode(errors="replace"))


@dataclass(frozen=True)
class FileView:
    """One file of a workspace state."""

    path: str
    data: bytes

    @property
    def text(self) -> str:
        return self.data.decode(errors="replace")

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @cached_property
    def module(self) -> cst.Module:
        """The libcst module of a Python file; a file that does not parse raises a failing assertion."""
        try:
            return _parse_module(self.data)
        except cst.ParserSyntaxError as exc:
            raise AssertionError(f"{self.path} is not valid Python: {exc.message}") from None


EVIDENCE = {
    "workspace": "the workspace's files (the log keeps no snapshot of them)",
    "exit_codes": "the exit code of a command (the log does not keep it)",
    "git": "the repository's git history (the log does not keep it)",
    "replies": "a reply to the user (the agent's messages in this log are not addressed to the user)",
}
"""The evidence an imported log may lack (`Run.lacks`), as the n/a reason names it."""


class UnloggedExit:
    """An exit code the log did not keep: a check that compares it ends n/a (`not in the log`), never pass or fail.
    `failed=True` is a command the log marks as failed without its code: it is not 0 (nor None), and any other
    comparison ends n/a."""

    def __init__(self, failed: bool) -> None:
        self.failed = failed

    def _unknown(self, *_: object) -> bool:
        raise NotInLog(EVIDENCE["exit_codes"])

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if self.failed and (other is None or other == 0):
            return False
        return self._unknown()

    def __ne__(self, other: object) -> bool:
        return not self == other

    __lt__ = __le__ = __gt__ = __ge__ = __bool__ = __int__ = __index__ = _unknown
    __hash__ = object.__hash__

    def __format__(self, spec: str) -> str:
        return "? (failed)" if self.failed else "?"

    def __repr__(self) -> str:
        return format(self)

    __str__ = __repr__


UNLOGGED, UNLOGGED_FAILURE = UnloggedExit(failed=False), UnloggedExit(failed=True)


@dataclass(frozen=True)
class Command:
    """A shell command the agent ran (through bash or a command-backed task tool)."""

    turn: int
    order: int
    tool: str
    cmd: str
    exit_code: int | None
    output: str
    timed_out: bool


@dataclass(frozen=True)
class TurnView:
    """One user turn as a check sees it. `user` is the message as the agent received it (with any rule placed on
    the user surface appended); `request` is the task's own text of that turn, without them — what a check that
    triggers on what the user asked for must read, so that no rule's wording creates another's opportunity.
    `reply` is the agent's reply (in an imported log whose agent never addresses the user, asking for it ends the
    check n/a: not in the log)."""

    index: int
    intent: str
    user: str
    logged_reply: str | None
    tool_calls: tuple[ToolCall, ...]
    commands: tuple[Command, ...]
    request: str

    @property
    def reply(self) -> str:
        if self.logged_reply is None:
            raise NotInLog(EVIDENCE["replies"])
        return self.logged_reply


class Run:
    """Evidence of one trajectory: replies, tool calls, commands, files before/after, git, and `exec`.

    A run imported from another harness's log (`--harness-audit`) `lacks` what the log does not hold (keys of
    `EVIDENCE`): asking for it ends the check n/a with the reason `not in the log: ...` (`NotInLog`), and an exit
    code the log did not keep is an `UnloggedExit`."""

    def __init__(
        self,
        trajectory: Trajectory,
        task: Task,
        snapshots: Callable[[str], bytes],
        sandbox_factory: Callable[[], Sandbox] | None = None,
        lacks: frozenset[str] = frozenset(),
    ) -> None:
        self.trajectory = trajectory
        self.task = task
        self.lacks = lacks
        self._snapshots = snapshots
        self._sandbox_factory = sandbox_factory
        self._exec_cache: dict[tuple[str, float], ExecResult] = {}
        self._states: dict[str, dict[str, bytes]] = {}

    def _need(self, evidence: str) -> None:
        if evidence in self.lacks:
            raise NotInLog(EVIDENCE[evidence])

    @property
    def has_workspace(self) -> bool:
        """Whether the workspace's files are known (always, except in an imported log that keeps none)."""
        return "workspace" not in self.lacks

    # --- conversation -------------------------------------------------------------------------
    @cached_property
    def turns(self) -> list[TurnView]:
        views = []
        order = 0
        unlogged = "exit_codes" in self.lacks
        for t in self.trajectory.turns:
            cmds, calls = [], []
            for call in _calls(t):
                if unlogged and call.command is not None and call.exit_code is None and not call.timed_out:
                    call = call.model_copy(update={"exit_code": UNLOGGED_FAILURE if call.is_error else UNLOGGED})
                calls.append(call)
                if call.command is not None:
                    cmds.append(
                        Command(t.index, order, call.name, call.command, call.exit_code, call.output, call.timed_out)
                    )
                order += 1
            asked = self.task.turns[t.index].text if t.index < len(self.task.turns) else t.user
            reply = None if "replies" in self.lacks else t.reply
            views.append(TurnView(t.index, t.intent, t.user, reply, tuple(calls), tuple(cmds), asked))
        return views

    def turns_with(self, *intents: str) -> list[TurnView]:
        """The turns whose intent is one of `intents` (e.g. `run.turns_with("bug-fix")`), in order. A check with
        no such turn has no opportunity: `turns = run.turns_with("explain") or na("no explain turn")`."""
        return [t for t in self.turns if t.intent in intents]

    @property
    def replied_turns(self) -> list[TurnView]:
        """The turns the agent answered with text (a reply-format rule has no opportunity without one)."""
        return [t for t in self.turns if t.reply.strip()]

    @property
    def replies(self) -> list[str]:
        return [t.reply for t in self.turns]

    @property
    def final_reply(self) -> str:
        return self.turns[-1].reply if self.turns else ""

    @property
    def tool_calls(self) -> list[ToolCall]:
        return [c for t in self.turns for c in t.tool_calls]

    @property
    def commands(self) -> list[Command]:
        return [c for t in self.turns for c in t.commands]

    def commands_matching(self, pattern: str) -> list[Command]:
        """Commands whose text matches the regex `pattern` (search, not full match)."""
        rx = re.compile(pattern)
        return [c for c in self.commands if rx.search(c.cmd)]

    @property
    def placement(self) -> dict[str, str]:
        """Surface each injected rule was placed on in this run."""
        return self.trajectory.placement

    # --- files --------------------------------------------------------------------------------
    @cached_property
    def initial_files(self) -> dict[str, bytes]:
        return self._state(self.trajectory.initial_snapshot)

    @cached_property
    def files(self) -> dict[str, bytes]:
        return self._state(self.trajectory.final_snapshot)

    def files_after_turn(self, index: int) -> dict[str, bytes]:
        """Workspace files as they were when turn `index` ended."""
        return self._state(self.trajectory.turns[index].snapshot)

    def changed_in_turn(self, index: int, pattern: str = "**") -> list[str]:
        """Paths matching `pattern` created, modified or deleted during turn `index`."""
        before = self.initial_files if index == 0 else self.files_after_turn(index - 1)
        after = self.files_after_turn(index)
        return sorted(p for p in set(before) | set(after) if match(p, pattern) and before.get(p) != after.get(p))

    def _state(self, snapshot: str) -> dict[str, bytes]:
        """The workspace files of one snapshot, parsed once per run (rules of a key share one Run)."""
        self._need("workspace")
        if snapshot not in self._states:
            self._states[snapshot] = _workspace_files(self._snapshots(snapshot))
        return self._states[snapshot]

    def file(self, path: str) -> FileView | None:
        data = self.files.get(path)
        return None if data is None else FileView(path, data)

    def require_file(self, path: str) -> FileView:
        """The final file at `path`, or a MissingArtifact failure naming it."""
        view = self.file(path)
        if view is None:
            raise MissingArtifact(path, "the file does not exist at the end of the run")
        return view

    def glob(self, pattern: str = "**") -> list[FileView]:
        return [FileView(p, d) for p, d in sorted(self.files.items()) if match(p, pattern)]

    def changed(self, pattern: str = "**") -> list[FileView]:
        """Final files matching `pattern` that were created or modified."""
        return [
            FileView(p, d)
            for p, d in sorted(self.files.items())
            if match(p, pattern) and self.initial_files.get(p) != d
        ]

    def created(self, pattern: str = "**") -> list[str]:
        return sorted(p for p in self.files if match(p, pattern) and p not in self.initial_files)

    def modified(self, pattern: str = "**") -> list[str]:
        return sorted(
            p
            for p, d in self.files.items()
            if match(p, pattern) and p in self.initial_files and self.initial_files[p] != d
        )

    def deleted(self, pattern: str = "**") -> list[str]:
        return sorted(p for p in self.initial_files if match(p, pattern) and p not in self.files)

    def diff(self, pattern: str = "**", context: int = 3, keep: Callable[[str], bool] | None = None) -> str:
        """Unified diff from the initial to the final workspace, restricted to paths matching `pattern` (a glob:
        `pages/[id].js` is a character class there) and `keep`, when given (`keep={"pages/[id].js"}.__contains__`
        takes exact paths), with `context` lines around each hunk."""
        paths = sorted(set(self.files) | set(self.initial_files))
        out: list[str] = []
        for p in paths:
            if not match(p, pattern) or (keep is not None and not keep(p)):
                continue
            a, b = self.initial_files.get(p), self.files.get(p)
            if a == b:
                continue
            out.extend(
                difflib.unified_diff(
                    _lines(a),
                    _lines(b),
                    "/dev/null" if a is None else f"a/{p}",
                    "/dev/null" if b is None else f"b/{p}",
                    n=context,
                )
            )
        return "".join(out)

    def diff_of(self, paths: Iterable[str], context: int = 3) -> str:
        """`diff` of exactly these files (a path is no glob here: `pages/[id].js` is that file)."""
        return self.diff(context=context, keep=set(paths).__contains__)

    def added_lines(self, pattern: str = "**") -> list[tuple[str, str]]:
        """(path, line) for every line the run added in files matching `pattern`."""
        out = []
        for view in self.changed(pattern):
            old, new = _lines(self.initial_files.get(view.path)), _lines(view.data)
            for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
                if tag in ("insert", "replace"):
                    out.extend((view.path, line.rstrip("\n")) for line in new[j1:j2])
        return out

    # --- git ----------------------------------------------------------------------------------
    @property
    def git(self) -> GitState:
        self._need("git")
        return self.trajectory.git

    @property
    def new_commits(self) -> list[Commit]:
        """Commits made during the run (those after the repository's history, or after its one initial import in a
        record without a base), oldest first."""
        commits = self.git.commits
        if self.git.base and any(c.sha == self.git.base for c in commits):
            return list(reversed(list(takewhile(lambda c: c.sha != self.git.base, commits))))
        return list(reversed(commits[:-1])) if commits else []

    # --- execution ----------------------------------------------------------------------------
    def exec(self, cmd: str, timeout: float = 120.0) -> ExecResult:
        """Run `cmd` in a fresh sandbox restored from the final snapshot (cached per command)."""
        self._need("workspace")
        key = (cmd, timeout)
        if key not in self._exec_cache:
            with self.workspace() as box:
                self._exec_cache[key] = box.exec(cmd, timeout=timeout)
        return self._exec_cache[key]

    def snapshot(self, name: str) -> bytes:
        """A snapshot tar of the run by name (`initial_snapshot`, a turn's `snapshot`, `final_snapshot`)."""
        self._need("workspace")
        return self._snapshots(name)

    @contextmanager
    def workspace(self, snapshot: str | None = None) -> Iterator[Sandbox]:
        """A fresh sandbox restored from a snapshot of the run (default: the final one), closed afterwards; what
        is done in it changes nothing recorded."""
        self._need("workspace")
        if self._sandbox_factory is None:
            raise RuntimeError("this Run has no sandbox to execute in")
        box = self._sandbox_factory()
        try:
            box.restore(self._snapshots(snapshot or self.trajectory.final_snapshot))
            yield box
        finally:
            box.close()


def _calls(turn: TurnRecord) -> Iterable[ToolCall]:
    return [c for s in turn.steps for c in s.tool_calls]


GENERATED_DIRS = frozenset(
    {".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis", ".tox", ".venv"}
)


def is_generated(path: str) -> bool:
    """Not the agent's work product: git internals, tool caches, virtualenvs, tox, egg-info, coverage data."""
    *dirs, name = path.split("/")
    return (
        any(d in GENERATED_DIRS or d.endswith(".egg-info") for d in dirs)
        or name.endswith((".pyc", ".pyo"))
        or name == ".coverage"
    )


def _workspace_files(tar: bytes) -> dict[str, bytes]:
    """The files of a snapshot that a check judges: everything the agent could have authored, less what the
    workspace's own `.gitignore` files ignore (build output, scratch folders: never part of the work)."""
    return without_ignored({p: d for p, d in tar_members(tar).items() if not is_generated(p)})


def without_ignored(files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` less those matched by a `.gitignore` among them (each applies below its own folder, with git's
    pattern rules). Files force-added to git despite an ignore pattern are left out too."""
    specs = [
        (posixpath.dirname(path), pathspec.GitIgnoreSpec.from_lines(data.decode(errors="replace").splitlines()))
        for path, data in files.items()
        if posixpath.basename(path) == ".gitignore"
    ]
    if not specs:
        return files

    def ignored(path: str) -> bool:
        return any(
            spec.match_file(path[len(base) + 1 :] if base else path)
            for base, spec in specs
            if not base or path.startswith(base + "/")
        )

    return {p: d for p, d in files.items() if not ignored(p)}


def _lines(data: bytes | None) -> list[str]:
    return [] if data is None else data.decode(errors="replace").splitlines(keepends=True)
