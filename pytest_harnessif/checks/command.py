"""What the agent ran and edited, in order: test, lint and commit runs, file edits and shell writes.

Recognition works on the simple commands of `checks.shell`, so `pip install pytest`, `grep pytest`,
`cat tools/lint.py` or `git log --grep commit` are not test, lint or commit runs, while
`timeout 60 python -m pytest`, `cd x && ruff check .` and the recorded command of a task tool
(`run_tests`, `run_lint`) are. Edits and commands share one clock: a tool call's `order`, and within a
bash command the index of the simple command (`Position`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..evidence import Command, Run, match
from ..trajectory import ToolCall
from .shell import Position, Segment, parse, segments, workspace_relative
from .workspace import workspace_path

EDIT_TOOLS = ("write_file", "edit_file")


@dataclass(frozen=True)
class Edit:
    """A file edit, in run order: through a file tool (`write_file` / `edit_file`), or a bash write
    (`tool == "bash"`, `index` the simple command within the bash command)."""

    turn: int
    order: int
    tool: str
    path: str
    index: int = 0

    @property
    def position(self) -> Position:
        return (self.order, self.index)


def numbered_calls(run: Run) -> Iterator[tuple[int, int, ToolCall]]:
    """`(order, turn, call)` for every tool call; `order` is the numbering `Command.order` uses."""
    order = 0
    for t in run.turns:
        for call in t.tool_calls:
            yield order, t.index, call
            order += 1


def edits(run: Run, pattern: str = "**") -> list[Edit]:
    """Successful file-tool edits of paths matching `pattern` (paths normalised, `./a` -> `a`), in order."""
    out = []
    for order, turn, call in numbered_calls(run):
        path = call.args.get("path")
        if call.name in EDIT_TOOLS and not call.is_error and isinstance(path, str):
            path = workspace_path(path)
            if match(path, pattern):
                out.append(Edit(turn, order, call.name, path))
    return out


def shell_edits(run: Run, pattern: str = "**") -> list[Edit]:
    """Bash writes (redirections, `tee`, `sed -i`, `perl -pi`, `cp`/`mv`/`touch` targets, `apply_patch`...) into
    workspace paths matching `pattern`, in order (a path after `cd src` is `src/...`)."""
    return [
        Edit(s.command.turn, s.command.order, "bash", path, s.index)
        for s in segments(run, "bash")
        for written in s.written_paths
        if (path := workspace_relative(written)) is not None and match(path, pattern)
    ]


def edit_positions(run: Run, pattern: str, infer: bool = True) -> list[Position]:
    """Where files matching `pattern` were edited (`edits` and `shell_edits`), sorted.

    With `infer`, a turn whose snapshot shows such a file changed but that made no recognised edit counts
    each of its bash commands that is not just test or lint runs as a possible edit (e.g. a python script
    that rewrites the file).
    """
    found = sorted({e.position for e in [*edits(run, pattern), *shell_edits(run, pattern)]})
    if not infer:
        return found
    turn_of = {order: turn for order, turn, _ in numbered_calls(run)}
    bash = segments(run, "bash")
    for t in run.turns:
        if not run.changed_in_turn(t.index, pattern) or any(turn_of[o] == t.index for o, _ in found):
            continue
        in_turn = [s for s in bash if s.command.turn == t.index]
        found.extend(
            {
                (s.command.order, 0)
                for s in in_turn
                if not all(x.is_test_run or x.is_lint_run for x in in_turn if x.command.order == s.command.order)
            }
        )
    return sorted(found)


def ran_tests(run: Run) -> list[Segment]:
    """Every simple command that ran pytest (through bash or a task tool such as `run_tests`)."""
    return [s for s in segments(run) if s.is_test_run]


def suite_runs(run: Run) -> list[Command]:
    """Every command that ran the test suite (through bash or a task tool)."""
    return _commands(ran_tests(run))


def lint_runs(run: Run) -> list[Command]:
    """Every command that ran a linter or a check-only formatter (`tools/lint.py`, `ruff check`, `eslint`,
    `black --check`; a formatter only rewriting files is no lint run)."""
    return _commands(s for s in segments(run) if s.checks_lint)


def commits(run: Run) -> list[Command]:
    """Every command that ran `git commit` (whether or not it went through; see `Segment.made_commit`)."""
    return _commands(s for s in segments(run) if s.is_git("commit"))


def writes_file_via_shell(cmd: str) -> bool:
    """Whether a shell command writes a file (see `SimpleCommand.written_paths`); not `>` inside quotes or a heredoc
    body, nor `2>&1`."""
    return any(sc.written_paths for sc in parse(cmd))


def _commands(segs: Iterable[Segment]) -> list[Command]:
    out: list[Command] = []
    for s in segs:
        if not out or out[-1] is not s.command:
            out.append(s.command)
    return out


def lint_passed_before(commit: Segment, lints: list[Segment], since: tuple[int, int]) -> bool:
    """Whether a lint run between `since` and `commit` exited 0: in an earlier command, or in the same one with the
    commit running only if it succeeded (`lint && ... commit`, `set -e` scripts)."""
    for lint in lints:
        if not since < lint.position < commit.position:
            continue
        if lint.command.order == commit.command.order:
            if commit.requires(lint):
                return True
        elif lint.succeeded:
            return True
    return False


def last_py_edit(run: Run) -> dict[int, Position]:
    """Per turn, the position of its last edit of a `.py` file (edit tools or bash writes)."""
    last: dict[int, Position] = {}
    for e in [*edits(run, "**/*.py"), *shell_edits(run, "**/*.py")]:
        last[e.turn] = max(last.get(e.turn, (-1, -1)), e.position)
    return last


def last_failed(commands: list[Command]) -> bool:
    last = max(commands, key=lambda c: c.order)
    return last.timed_out or last.exit_code != 0
