"""What the agent ran and edited, in order: test, lint and commit runs, the task's own commands, file edits, shell
writes and the text each of them wrote.

Recognition works on the simple commands of `checks.shell`, so `pip install pytest`, `grep pytest`,
`cat tools/lint.py` or `git log --grep commit` are not test, lint or commit runs, while
`timeout 60 python -m pytest`, `npm test`, `make test`, `cd x && ruff check .` and the recorded command of a task
tool (`run_tests`, `run_lint`) are, in every ecosystem `checks.runners` knows. Edits and commands share one clock: a
tool call's `order`, and within a bash command the index of the simple command (`Position`).
"""

from __future__ import annotations

import posixpath
import re
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..authoring import NotInLog
from ..evidence import Command, Run, match
from ..trajectory import ToolCall
from .shell import Position, Segment, SimpleCommand, parse, project_of, sed_in_place, segments, workspace_relative
from .summaries import read_counts
from .workspace import files_before_turn, workspace_path

EDIT_TOOLS = ("write_file", "edit_file")
Keep = Callable[[str], bool]


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


def _kept(path: str, pattern: str, keep: Keep | None) -> bool:
    return match(path, pattern) and (keep is None or keep(path))


def edits(run: Run, pattern: str = "**", keep: Keep | None = None) -> list[Edit]:
    """Successful file-tool edits of paths matching `pattern` (and `keep`, when given; paths normalised, `./a` ->
    `a`), in order."""
    out = []
    for order, turn, call in numbered_calls(run):
        path = call.args.get("path")
        if call.name in EDIT_TOOLS and not call.is_error and isinstance(path, str):
            path = workspace_path(path)
            if _kept(path, pattern, keep):
                out.append(Edit(turn, order, call.name, path))
    return out


def shell_edits(run: Run, pattern: str = "**", keep: Keep | None = None) -> list[Edit]:
    """Bash writes (redirections, `tee`, `sed -i`, `perl -pi`, `cp`/`mv`/`touch` targets, `apply_patch`...) into
    workspace paths matching `pattern` (and `keep`), in order (a path after `cd src` is `src/...`)."""
    return [
        Edit(s.command.turn, s.command.order, "bash", path, s.index)
        for s in segments(run, "bash")
        for written in s.written_paths
        if (path := workspace_relative(written)) is not None and _kept(path, pattern, keep)
    ]


def edit_positions(run: Run, pattern: str = "**", infer: bool = True, keep: Keep | None = None) -> list[Position]:
    """Where files matching `pattern` (and `keep`) were edited (`edits` and `shell_edits`), sorted.

    With `infer`, a turn whose snapshot shows such a file changed but that made no recognised edit counts
    each of its bash commands as a possible edit (e.g. a python script that rewrites the file), except those that
    only run tests or lint or only look (`git status`, `git commit`, `cat`, `sed -n`, `ls`: `only_looks`).
    """
    found = sorted({e.position for e in [*edits(run, pattern, keep), *shell_edits(run, pattern, keep)]})
    if not infer:
        return found
    turn_of = {order: turn for order, turn, _ in numbered_calls(run)}
    bash = segments(run, "bash")
    for t in run.turns:
        changed = [p for p in run.changed_in_turn(t.index, pattern) if keep is None or keep(p)]
        if not changed or any(turn_of[o] == t.index for o, _ in found):
            continue
        in_turn = [s for s in bash if s.command.turn == t.index]
        found.extend(
            {
                (s.command.order, 0)
                for s in in_turn
                if not all(x.is_test_run or x.is_lint_run or only_looks(x)
                           for x in in_turn if x.command.order == s.command.order)
            }
        )
    return sorted(found)


LOOKERS = frozenset({"cat", "head", "tail", "less", "more", "nl", "wc", "ls", "tree", "grep", "egrep", "fgrep", "rg",
                     "diff", "pwd", "echo", "printf", "which", "type", "stat", "file", "du", "date", "true", "cd",
                     "sort", "uniq", "cut", "column", "jq"})
LOOKING_GIT = frozenset({"status", "log", "diff", "show", "add", "commit", "rev-parse", "blame", "grep", "ls-files",
                         "shortlog", "describe", "remote", "config"})
FIND_ACTIONS = ("-exec", "-execdir", "-delete", "-ok", "-okdir", "-fprint", "-fprintf", "-fls")


def only_looks(seg: Segment) -> bool:
    """A simple command that cannot change a workspace file: a reader or lister (`cat`, `ls`, `grep`, `sed` without
    `-i`, `find` without `-exec`/`-delete`) or a git subcommand that leaves the work tree alone (`status`, `log`,
    `diff`, `add`, `commit`...), writing nothing through a redirection or `tee`."""
    if seg.written_paths:
        return False
    if seg.program == "sed":
        return not sed_in_place(seg.argv[1:])
    if seg.program == "find":
        return not any(a in FIND_ACTIONS for a in seg.argv[1:])
    if seg.git is not None:
        return seg.git[0] in LOOKING_GIT
    return seg.program in LOOKERS


def ran_tests(run: Run) -> list[Segment]:
    """Every simple command that ran tests, any runner (`pytest`, `npm test`, `node --test`, `make test`,
    `go test`...), through bash or a task tool such as `run_tests`."""
    return [s for s in segments(run) if s.is_test_run]


NO_TEST_RAN = re.compile(r"\bno tests ran\b|\bcollected 0 items\b|^\d+ tests? collected", re.M | re.I)


def ran_a_test(seg: Segment) -> bool:
    """Whether a test command ran some test: not a collection or help (`--collect-only`, `--co`, `--version`), and
    its output's summaries count a test (or it printed none: a cut output), pytest's `no tests ran`, a selection
    that deselected everything and exit status 5 aside."""
    if any(a in ("--collect-only", "--co", "--version", "--help", "-h") for a in seg.argv[1:]):
        return False
    output = seg.command.output
    counts = read_counts(output)
    if counts.summaries:
        return bool(counts.passed or counts.failed or counts.errors or counts.uncounted_ok)
    return seg.command.exit_code != 5 and not NO_TEST_RAN.search(output)


def suite_runs(run: Run) -> list[Command]:
    """Every command that ran tests (through bash or a task tool)."""
    return _commands(ran_tests(run))


def commits(run: Run) -> list[Command]:
    """Every command that ran `git commit` (whether or not it went through; see `Segment.made_commit`)."""
    return _commands(s for s in segments(run) if s.is_git("commit"))


# --- the task's own commands ----------------------------------------------------------------------------------------


def _runner(seg: SimpleCommand) -> str:
    """What a command runs for the project's checks, as one name (`pytest`, `node --test`, `make test`,
    `tools/lint.py`), or '' when it runs none."""
    runner = seg.activity.runner if seg.activity.any else ""
    return posixpath.normpath(runner) if "/" in runner else runner


_REFERENCES: weakref.WeakKeyDictionary[Run, dict[str, SimpleCommand | None]] = weakref.WeakKeyDictionary()


def _reference(run: Run, name: str) -> SimpleCommand | None:
    """The simple command of the task's `commands.<name>` that does the work (a leading `cd` skipped), read once per
    run in its repository."""
    known = _REFERENCES.setdefault(run, {})
    if name not in known:
        line = run.task.commands.get(name)
        found = [s for s in parse(line, project_of(run)) if s.program not in ("", "cd")] if line else []
        known[name] = next((s for s in found if s.activity.any), found[0] if found else None)
    return known[name]


RECIPE_RUNNERS = frozenset({"make", "npm", "yarn", "pnpm", "just", "tox", "nox", "task", "invoke", "rake"})
"""Programs that run a recipe written in the repository (a Makefile target, a package.json script...)."""


def recipes_followed(run: Run) -> None:
    """Before a check concludes that no command ran something: in an imported log without the repository's files, a
    task runner's recipe (`make lint`, `npm run check`) may have run it, unseen; the check then ends n/a (not in the
    log)."""
    if not run.has_workspace:
        hidden = next((s for s in segments(run) if s.program in RECIPE_RUNNERS), None)
        if hidden is not None:
            raise NotInLog(f"what `{hidden.text}` runs (its recipe is in the repository's files, which the log does "
                           "not keep)")  # fmt: skip


def runs_task_command(run: Run, seg: Segment, name: str) -> bool:
    """Whether `seg` runs the task's `commands.<name>` (`test`, `lint`): through the task's tool for it, or typed
    in a shell in any spelling (the same runner: `python3 ./tools/lint.py src` runs `python tools/lint.py`,
    `pytest -x` runs `python -m pytest -q`; wrappers and extra arguments aside). In an imported log without the
    repository's files, a task runner's recipe cannot be followed: the check ends n/a (not in the log)."""
    tool = run.task.field(f"{name}_tool")
    if tool is not None and seg.command.tool == tool:
        return True
    ref = _reference(run, name)
    if ref is None or seg.payload_host:
        return False
    if _runner(ref):
        if _runner(seg) == _runner(ref):
            return True
        if not run.has_workspace and seg.program in RECIPE_RUNNERS:
            raise NotInLog(f"what `{seg.text}` runs (its recipe is in the repository's files, which the log does "
                           "not keep)")  # fmt: skip
        return False
    return seg.argv[: len(ref.argv)] == ref.argv


def task_runs(run: Run, name: str) -> list[Segment]:
    """The simple commands that ran the task's `commands.<name>` (see `runs_task_command`), in run order."""
    return [s for s in segments(run) if runs_task_command(run, s, name)]


# --- the text edits wrote -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """Lines one edit wrote into a file that the file did not hold when its turn started: a `write_file`'s content,
    an `edit_file`'s new text, a heredoc or `echo`/`printf` redirected into the file, a `sed`/`perl` substitution's
    replacement."""

    turn: int
    order: int
    path: str
    lines: tuple[str, ...]
    where: str


SUBSTITUTION = re.compile(r"(?:^|[;{\s])s(?P<d>[^\w\s\\])(?:\\.|(?!(?P=d)).)*(?P=d)"
                          r"(?P<new>(?:\\.|(?!(?P=d)).)*)(?P=d)")
INSERTION = re.compile(r"(?:^|[/;}\d$])\s*[aic](?:\\\n?|\s)\s*(?P<new>.+)$", re.S)
PRINTERS = frozenset({"echo", "printf"})


def _bash_text(seg: Segment) -> str:
    """The text a writing bash command puts into its files: heredoc or here-string bodies, the words `echo`/`printf`
    print, the replacements and inserted lines of `sed -i`/`perl -pi` scripts, the added lines of a patch."""
    if seg.program in ("sed", "perl"):
        hits = [h for a in seg.argv[1:] for rx in (SUBSTITUTION, INSERTION) for h in rx.finditer(a)]
        return "\n".join(h.group("new").replace("\\n", "\n") for h in hits)
    if seg.program in PRINTERS:
        return " ".join(seg.argv[1:]).replace("\\n", "\n")
    if seg.program in ("apply_patch", "applypatch") or seg.program == "patch" or seg.is_git("apply"):
        body = "\n".join([*seg.argv[1:], seg.simple.stdin or ""])
        return "\n".join(line[1:] for line in body.splitlines() if line.startswith("+") and not line.startswith("+++"))
    return seg.simple.stdin or ""


def _call_text(call: ToolCall) -> str:
    if call.name == "write_file":
        return str(call.args.get("content", ""))
    return str(call.args.get("new", ""))


def written_texts(run: Run, keep: Keep) -> list[Written]:
    """What each edit of a file `keep` accepts wrote, edit by edit (file tools and bash), in run order: the lines
    that file did not hold when the turn started, so an edit a later one reverted still shows."""
    writers: dict[int, list[Segment]] = {}
    for s in segments(run, "bash"):
        writers.setdefault(s.command.order, []).append(s)
    out = []
    for order, turn, call in numbered_calls(run):
        pieces: list[tuple[str, str, str]] = []
        path = workspace_path(call.args["path"]) if isinstance(call.args.get("path"), str) else ""
        if call.name in EDIT_TOOLS and not call.is_error and path and keep(path):
            pieces.append((path, _call_text(call), f"turn {turn}: {call.name} {path}"))
        pieces += [(p, _bash_text(s), s.where) for s in writers.get(order, []) for w in s.written_paths
                   if (p := workspace_relative(w)) is not None and keep(p)]
        before = files_before_turn(run, turn) if pieces else {}
        for p, text, where in pieces:
            known = set(before.get(p, b"").decode(errors="replace").splitlines())
            lines = tuple(line for line in text.splitlines() if line not in known and line.strip())
            if lines:
                out.append(Written(turn, order, p, lines, where))
    return out


# --- helpers --------------------------------------------------------------------------------------------------------


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

