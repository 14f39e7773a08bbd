"""What the agent's shell commands do, as the checks read them: test and lint runs, git subcommands, files written,
code run, on the simple commands `checks.bash` reads out of a command line.

`parse(line)` gives a line's `SimpleCommand`s; `segments(run)` every simple command the agent ran, each a `Segment`
that also knows the recorded command it came from, its position in the run and how it ended. A `SimpleCommand`
knows its program behind wrappers, whether it runs tests or lints (`checks.runners`, task runners followed through
the repository's `Makefile`, `package.json`, `justfile`, `Taskfile.yml` and `tox.ini`), its git subcommand, the files
it writes (redirections, `tee`, `cp`/`mv`/`touch`/`install`/`ln` targets, `sed -i`/`perl -pi` edits, `dd of=`,
`curl -o`, Codex's `apply_patch`), and the code it runs (`python -c`, `python - <<EOF`, `node -e`).

A segment's position `(tool-call order, index in its command)` shares its first number with `Command.order` and
`checks.command.Edit.order`, so edits and commands can be ordered against each other. `read_command(line)` is the
reading `harnessif read-command` prints: the same one the checks use.
"""

from __future__ import annotations

import posixpath
import re
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from ..evidence import Command, Run
from . import bash
from .code import is_test_path
from .inlinewrites import code_writes
from .projectfiles import EMPTY, Project
from .runners import NONE, PYTHONS, Activity, classify
from .summaries import read_counts
from .workspace import repo_path

Position = tuple[int, int]

INLINE_CODE = {"python": ("-c",), "javascript": ("-e", "--eval", "-p", "--print")}
COMMIT_MADE = re.compile(r"^\[[^\]\n]+ [0-9a-f]{7,}\] ", re.M)
GIT_OPTS_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"})
EDITOR_WRITES = frozenset({"create", "str_replace", "insert", "undo_edit"})  # SWE-agent's editor tool
STATUS_ECHO = re.compile(r"[;\n]\s*echo\s+[^;\n|&<>`]*\$\?[^;\n|&<>`]*$")  # a line ending `; echo "exit=$?"`
PATCH_PATH = re.compile(r"^\*\*\* (?:Add File|Update File|Move to): (.+?)\s*$", re.M)
DIFF_TARGET = re.compile(r"^\+\+\+ (\S+)", re.M)  # a unified diff's new-file line (a tab and a date may follow)
DIFF_DRY_RUN = frozenset({"--check", "--stat", "--numstat", "--summary", "--dry-run"})
PATCH_VALUED = frozenset({"-p", "--strip", "-i", "--input", "-o", "--output", "-d", "--directory", "-r", "-F", "-z",
                          "-B", "-Y", "-V", "-D", "--reject-file", "--fuzz", "--suffix"})
VALUED = {
    "touch": frozenset({"-d", "-r", "-t", "--date", "--reference"}),
    "truncate": frozenset({"-s", "-r", "--size", "--reference"}),
    "install": frozenset({"-m", "-o", "-g", "--mode", "--owner", "--group", "-S", "--suffix"}),
    "cp": frozenset({"-S", "--suffix"}),
    "mv": frozenset({"-S", "--suffix"}),
    "ln": frozenset({"-S", "--suffix"}),
    "tee": frozenset(),
}


@dataclass(frozen=True)
class SimpleCommand:
    """One simple command of a command line, read in the repository `project` (its task runners)."""

    simple: bash.Simple
    line: tuple[bash.Simple, ...]
    project: Project

    # --- words
    @property
    def text(self) -> str:
        return self.simple.text

    @property
    def words(self) -> list[str]:
        """The command's words (quotes removed), wrappers and all."""
        return list(self.simple.words)

    @property
    def argv(self) -> list[str]:
        """The words after env assignments and wrappers (`timeout 60`, `env X=1`, `uv run`, `npx` ...)."""
        return list(self.simple.argv)

    @property
    def raw_argv(self) -> list[str]:
        """`argv` as written, quotes kept (`python -c "import sys"`)."""
        return list(self.simple.raw[len(self.simple.wrappers) :])

    @property
    def wrappers(self) -> list[str]:
        return list(self.simple.wrappers)

    @property
    def timeout(self) -> str | None:
        """The duration of a `timeout` wrapper (`60`, `2m`), if any."""
        return self.simple.timeout

    @property
    def cwd(self) -> str | None:
        """The working directory earlier `cd`s left it in (`""` where the command started; None unknown)."""
        return self.simple.cwd

    @property
    def program(self) -> str:
        """Basename of the program run (`git`, `python3`, `pytest`), wrappers skipped; '' if none."""
        return self.simple.program

    @property
    def is_python(self) -> bool:
        return bool(PYTHONS.match(self.program))

    @property
    def runs(self) -> str:
        """The tool run: the module of `python -m MODULE`, else the program (`python -m pytest` runs `pytest`)."""
        target = _target(self.argv)[0] if self.is_python else ""
        return target.removeprefix("-m ") if target.startswith("-m ") else self.program

    @property
    def tool_args(self) -> list[str]:
        """The arguments after the tool `runs` names (after `python -m MODULE`, else after the program)."""
        target, rest = _target(self.argv) if self.is_python else ("", [])
        return rest if target.startswith("-m ") else self.argv[1:]

    @property
    def payload_host(self) -> bool:
        """A shell whose `-c` string or heredoc was read as commands (they follow it in the line)."""
        return self.simple.payload

    # --- what it runs
    @cached_property
    def activity(self) -> Activity:
        """Tests, lint, fixes: what the command runs for the project's checks (`checks.runners`)."""
        if self.payload_host or not self.argv:
            return NONE
        return classify((self.simple.path, *self.simple.argv[1:]), self.project, self.cwd, 0, self.simple.wrappers)

    @property
    def is_test_run(self) -> bool:
        """Runs tests: pytest in any spelling, unittest, tox, nox, Django's runner, a repository's test script, a task
        runner's test target or script (`make test`, `npm test`, `just test`, followed through the repository's
        files), node --test, jest, vitest, mocha, go test, cargo test, ctest, mvn/gradle... (`--help`,
        `--version`, `--collect-only` run nothing)."""
        return self.activity.tests

    @property
    def is_lint_run(self) -> bool:
        """Runs a linter, formatter or type checker: `ruff`, `flake8`, `mypy`, `eslint`, `prettier`, `tsc --noEmit`,
        `shellcheck`, `cppcheck`, `gofmt`, `cargo clippy`, a `tools/lint.*` script, a task runner's lint target."""
        return self.activity.lint

    @property
    def checks_lint(self) -> bool:
        """A lint run that reports problems (not a formatter only rewriting files: `black .`, `ruff format`)."""
        return self.activity.lint and not self.activity.rewrites_only

    @cached_property
    def git(self) -> tuple[str, list[str]] | None:
        """`(subcommand, arguments)` of a git invocation, global options skipped."""
        if self.program != "git":
            return None
        args = self.argv[1:]
        i = 0
        while i < len(args) and args[i].startswith("-"):
            i += 2 if args[i] in GIT_OPTS_WITH_VALUE else 1
        return (args[i], args[i + 1 :]) if i < len(args) else None

    def is_git(self, sub: str) -> bool:
        return self.git is not None and self.git[0] == sub

    @cached_property
    def code(self) -> tuple[str, str] | None:
        """`(language, code)` of inline code the command runs: `python -c CODE`, `python - <<EOF`, `python <<EOF`,
        `node -e CODE`, `node -p CODE`, `node - <<EOF` (`node -c`/`--check` only checks a file's syntax)."""
        argv = self.argv
        language = "python" if self.is_python else "javascript" if self.program in ("node", "bun", "deno") else ""
        if not language:
            return None
        for i, arg in enumerate(argv[1:], start=1):
            if language == "javascript" and arg in ("-c", "--check"):
                return None
            if arg in INLINE_CODE[language] and i + 1 < len(argv):
                return language, argv[i + 1]
            if arg == "-" or not arg.startswith("-"):
                break
        operands = [a for a in argv[1:] if not a.startswith("-")]
        stdin = self.simple.stdin
        if stdin is not None and (not operands or "-" in argv[1:]):
            return language, stdin
        return None

    @cached_property
    def written_paths(self) -> list[str]:
        """Files this command writes, relative to where the command line started (after any `cd`; absolute paths
        stay absolute): redirection targets, `tee` files, `sed -i`/`perl -pi` files, `cp`/`mv`/`install`/`ln`
        destinations, `touch`/`truncate` operands, `dd of=`, `curl -o`/`wget -O`, `sort -o`, `apply_patch` paths,
        files inline code writes (`checks.inlinewrites`); `/dev/*` left out."""
        paths = [bash.join(r.cwd, r.file) for r in self.simple.redirects if r.file]
        paths += [bash.join(self.cwd, p) for p in _program_writes(self.program, self.argv[1:], self.simple.stdin)]
        if self.is_git("apply") and self.git is not None:
            where = bash.join(self.cwd, _option_value(self.argv[1 : self.argv.index("apply")], "-C") or ".")
            paths += [bash.join(where, p) for p in _git_apply_writes(self.git[1], self.simple.stdin)]
        if self.code is not None:
            paths += [bash.join(self.cwd, p) for p in code_writes(*self.code)]
        return list(dict.fromkeys(p for p in paths if not p.startswith("/dev/")))


@dataclass(frozen=True)
class Segment(SimpleCommand):
    """A simple command of a recorded `Command`, with its position in the run and how it ended; `siblings` are the
    simple commands of the same recorded command, this one included (one list, shared by all of them)."""

    command: Command
    index: int
    siblings: list[Segment] = field(default_factory=list, compare=False, repr=False)

    @property
    def position(self) -> Position:
        return (self.command.order, self.index)

    @property
    def where(self) -> str:
        """`turn N: \\`text\\`` for assertion messages (long commands shortened)."""
        text = self.text if len(self.text) <= 80 else self.text[:77] + "..."
        return f"turn {self.command.turn}: `{text}`"

    @property
    def succeeded(self) -> bool:
        """Known to have exited 0: the command did, and its exit status implies this one's (see `bash.Simple.sure`:
        the last of a pipeline, every link of an `&&` chain, each statement under `set -e`)."""
        cmd = self.command
        if cmd.timed_out:
            return False
        echoed = echoed_status(cmd)
        if echoed is not None and self.index < len(echoed[1]):
            status, sure = echoed
            return status == 0 and sure[self.index]
        return cmd.exit_code == 0 and self.simple.sure

    @property
    def green(self) -> bool:
        """A test run known to be green: it succeeded, or the output's test summaries (one at least per test run of
        the command) report passes and no failure or error."""
        if self.succeeded:
            return True
        cmd = self.command
        if cmd.timed_out:
            return False
        runs = sum(s.is_test_run for s in self.siblings)
        counts = read_counts(cmd.output)
        return counts.summaries >= runs and counts.green

    @property
    def made_commit(self) -> bool:
        """A `git commit` to the workspace's repository that went through: the command exited 0 or git printed its
        `[branch sha]` line (a commit in a scratch repository, `cd /tmp/demo && git commit`, `git -C /tmp/demo
        commit`, is not one)."""
        cmd = self.command
        return self.is_git("commit") and not self.in_other_repository and (
            cmd.exit_code == 0 or bool(COMMIT_MADE.search(cmd.output)))

    @property
    def in_other_repository(self) -> bool:
        """Whether a git command runs in a directory outside the workspace (after a `cd`, or through `git -C`); a
        directory named by a variable (`git -C "$PWD"`) is not known to be outside."""
        places = [self.cwd or ""] + [b for a, b in zip(self.argv[1:], self.argv[2:], strict=False) if a == "-C"]
        return any(p not in ("", ".") and not p.startswith("$") and repo_path(p) is None for p in places)

    def requires(self, other: Segment) -> bool:
        """Whether this command ran only if `other` (of the same recorded command) succeeded: `other && this`,
        an `if other; then this`, a `set -e` script."""
        return other.command is self.command and other.index in self.simple.requires

    @property
    def pipes_into(self) -> list[Segment]:
        """The commands this one pipes into (`a | b | c`: for `a`, `b` and `c`)."""
        return [self.siblings[i] for i in self.simple.pipes_to]

    @property
    def piped_in(self) -> bool:
        """Reads its standard input from a pipe, a heredoc, a here-string or a `<` redirection."""
        return self.simple.piped_in


# --- option helpers -------------------------------------------------------------------------------------------------


def short_flag(args: list[str], letter: str, valued: str = "") -> bool:
    """Whether `-letter` is given, alone or in a cluster (`-am`); in a cluster, letters after one of
    `valued` (an option taking a value, as `m` in `-mA`) are that option's value and do not count."""
    for arg in args:
        if arg == "--":
            return False
        if not arg.startswith("-") or arg.startswith("--"):
            continue
        for ch in arg[1:]:
            if ch == letter:
                return True
            if ch in valued:
                break
    return False


def _target(argv: list[str]) -> tuple[str, list[str]]:
    """What `python [options] ...` runs: `-m MODULE`, `-c`, the script path, or '' - and the rest of argv."""
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg == "-m" and i + 1 < len(argv):
            return f"-m {argv[i + 1]}", argv[i + 2 :]
        if arg.startswith("-m") and len(arg) > 2:
            return f"-m {arg[2:]}", argv[i + 1 :]
        if arg == "-c" or not arg.startswith("-"):
            return arg, argv[i + 1 :]
        i += 2 if arg in ("-X", "-W") else 1
    return "", []


def _operands(args: list[str], valued: frozenset[str] = frozenset()) -> list[str]:
    """Non-option arguments (the values of `valued` options left out; everything after `--` is an operand)."""
    out, skip, rest = [], False, False
    for arg in args:
        if rest:
            out.append(arg)
        elif skip:
            skip = False
        elif arg == "--":
            rest = True
        elif arg in valued:
            skip = True
        elif not arg.startswith("-") or arg == "-":
            out.append(arg)
    return out


def _option_value(args: list[str], *names: str) -> str | None:
    """The value of the first of `names` given: `-o F`, `-oF`, `--output F`, `--output=F`, and a short option ending
    a cluster (`curl -sSLo F`)."""
    for i, arg in enumerate(args):
        following = args[i + 1] if i + 1 < len(args) else None
        for name in names:
            if name.startswith("--"):
                if arg == name and following is not None:
                    return following
                if arg.startswith(name + "="):
                    return arg.split("=", 1)[1]
            elif arg.startswith("-") and not arg.startswith("--") and name[1] in arg[1:]:
                rest = arg[arg.index(name[1], 1) + 1 :]
                if rest:
                    return rest
                if following is not None:
                    return following
    return None


def _program_writes(program: str, args: list[str], stdin: str | None) -> list[str]:
    """Files a program writes by its arguments (its redirections aside)."""
    if program == "tee":
        return _operands(args)
    if program == "sed":
        return _sed_files(args)
    if program == "perl":
        return _perl_files(args)
    if program in ("cp", "mv", "install", "ln"):
        return _copy_targets(program, args)
    if program in ("touch", "truncate"):
        return _operands(args, VALUED[program])
    if program == "dd":
        return [a[3:] for a in args if a.startswith("of=")]
    if program == "curl":
        return [v for v in [_option_value(args, "--output", "-o")] if v and v != "-"]
    if program == "wget":
        return [v for v in [_option_value(args, "--output-document", "-O")] if v and v != "-"]
    if program == "sort":
        return [v for v in [_option_value(args, "--output", "-o")] if v]
    if program in ("apply_patch", "applypatch"):
        text = "\n".join([*args, stdin or ""])
        return PATCH_PATH.findall(text)
    if program == "patch":
        return _patch_writes(args, stdin)
    if program == "str_replace_editor" and args[:1] and args[0] in EDITOR_WRITES:
        return _operands(args[1:], frozenset({"--file_text", "--old_str", "--new_str", "--insert_line",
                                              "--view_range"}))[:1]
    return []


def _diff_targets(diff: str, strip: int | None) -> list[str]:
    """The files a unified diff writes: its `+++` paths less `strip` leading components (None: the base name),
    `/dev/null` (a deletion) left out."""
    out = []
    for path in DIFF_TARGET.findall(diff):
        if path != "/dev/null":
            parts = path.split("/")
            out.append(parts[-1] if strip is None else "/".join(parts[strip:]) or parts[-1])
    return out


def _strip_level(args: list[str], default: int | None) -> int | None:
    value = _option_value(args, "--strip", "-p")
    return int(value) if value is not None and value.isdigit() else default


def _git_apply_writes(args: list[str], stdin: str | None) -> list[str]:
    """Files `git apply` changes with a diff on its stdin (a heredoc; `-pN`, `--directory`); a patch file's are
    not known from the command line, nor are those of `--check`/`--stat` (which apply nothing)."""
    if stdin is None or (DIFF_DRY_RUN & set(args) and "--apply" not in args):
        return []
    if [a for a in _operands(args) if a != "-"]:
        return []
    root = _option_value(args, "--directory")
    targets = _diff_targets(stdin, _strip_level(args, 1))
    return [f"{root.rstrip('/')}/{t}" if root else t for t in targets]


def _patch_writes(args: list[str], stdin: str | None) -> list[str]:
    """Files `patch` changes: its `-o` file, else the file it is given, else those the diff on its stdin names
    (`-pN`; a git diff strips one, no `-p` keeps the base name); nothing for `--dry-run` or a patch read by `-i`."""
    if "--dry-run" in args:
        return []
    root = _option_value(args, "--directory", "-d")
    output = _option_value(args, "--output", "-o")
    operands = _operands(args, PATCH_VALUED)
    if output or operands:
        targets = [output or operands[0]]
    elif stdin is None or _option_value(args, "--input", "-i"):
        return []
    else:
        targets = _diff_targets(stdin, _strip_level(args, 1 if "diff --git " in stdin else None))
    return [f"{root.rstrip('/')}/{t}" if root else t for t in targets]


def sed_in_place(args: list[str]) -> bool:
    """`sed` arguments that edit files in place (`-i`, `-i.bak`, `-ni`, `--in-place`) rather than print them."""
    return short_flag(args, "i", "efl") or any(a.startswith("--in-place") for a in args)


def _sed_files(args: list[str]) -> list[str]:
    """The files `sed -i` edits in place (the script operand dropped unless given by -e/-f; BSD's `-i ''`), and the
    backups `-i.bak` leaves beside them."""
    suffix = next((a[2:] for a in args if a.startswith("-i") and len(a) > 2), None)
    suffix = suffix or next((a.split("=", 1)[1] for a in args if a.startswith("--in-place=")), None)
    if not sed_in_place(args):
        return []
    positional, scripted, skip = [], False, False
    for i, arg in enumerate(args):
        if skip:
            skip = False
        elif arg in ("-e", "-f", "--expression", "--file"):
            scripted = skip = True
        elif arg.startswith(("--expression=", "--file=")):
            scripted = True
        elif arg == "" and i and args[i - 1] == "-i":
            continue
        elif not arg.startswith("-"):
            positional.append(arg)
    files = positional if scripted else positional[1:]
    return files + [f + suffix for f in files] if suffix else files


def _perl_files(args: list[str]) -> list[str]:
    """The files `perl -pi -e '...' FILES` edits in place."""
    if not any(a.startswith("-") and not a.startswith("--") and "i" in a.lstrip("-").split("e")[0] for a in args):
        return []
    out, skip, script_given = [], False, False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("-") and not arg.startswith("--"):
            if arg.rstrip("0123456789.").endswith(("e", "E")):
                skip = script_given = True
        elif not script_given:
            script_given = True
        else:
            out.append(arg)
    return out


def _copy_targets(program: str, args: list[str]) -> list[str]:
    """The destination of `cp`/`mv`/`install`/`ln`: the last operand, or `DIR/<source name>` per source for
    `-t DIR` or a destination ending in `/`."""
    directory = _option_value(args, "--target-directory", "-t")
    valued = VALUED[program] | {"-t", "--target-directory"}
    operands = _operands(args, valued)
    if program == "install" and short_flag(args, "d"):
        return []
    if directory:
        return [posixpath.join(directory, posixpath.basename(s.rstrip("/"))) for s in operands]
    if len(operands) < 2:
        return []
    *sources, dest = operands
    if dest.endswith("/"):
        return [posixpath.join(dest, posixpath.basename(s.rstrip("/"))) for s in sources]
    return [dest]


# --- a command line, a recorded command, a run -----------------------------------------------------------------------


@lru_cache(maxsize=4096)
def echoed_status(cmd: Command) -> tuple[int, tuple[bool, ...]] | None:
    """For a line ending in an echo of `$?` (`make docs; echo "exit=$?"`), the status that echo printed (the last line
    of the output) and, per simple command before it, whether that status is its own (as if the line ended before
    the echo); None for any other line, or when the output does not show the echo's line."""
    text = cmd.cmd.rstrip()
    found = STATUS_ECHO.search(text)
    if found is None:
        return None
    echo, head = parse(found.group(0)[1:]), bash.read(text[: found.start()])
    if len(echo) != 1 or not head:
        return None
    shown = re.escape(" ".join(echo[0].argv[1:])).replace(re.escape("$?"), r"(\d+)")
    lines = [line.strip() for line in cmd.output.splitlines() if line.strip()]
    status = re.fullmatch(shown, lines[-1]) if lines else None
    if status is None:
        return None
    return int(status.group(1)), tuple(s.sure for s in head)


def parse(line: str, project: Project = EMPTY) -> list[SimpleCommand]:
    """The simple commands of a command line, in the order they run."""
    simples = bash.read(line)
    here = _with_written_scripts(simples, project)
    return [SimpleCommand(s, simples, here) for s in simples]


def _with_written_scripts(simples: Iterable[bash.Simple], project: Project) -> Project:
    """The project with the files the line writes from a heredoc (`cat > check.sh <<'EOF'`), so that running them
    later in the line reads what they hold."""
    return project.with_files({bash.join(r.cwd, r.file): s.stdin for s in simples if s.stdin is not None
                               for r in s.redirects if r.file})


_PROJECTS: weakref.WeakKeyDictionary[Run, Project] = weakref.WeakKeyDictionary()
_RUNS: weakref.WeakKeyDictionary[Run, list[Segment]] = weakref.WeakKeyDictionary()
_BARE: dict[Command, list[Segment]] = {}
"""Recorded commands read in no repository: what such a reading gives depends on the command alone."""


def project_of(run: Run) -> Project:
    """The repository a run's commands are read in: its final files, with what it deleted as it was at the start (none
    for a log that keeps no files: its commands are read by their names, no task runner's recipe followed)."""
    if run not in _PROJECTS:
        _PROJECTS[run] = Project({**run.initial_files, **run.files}) if run.has_workspace else EMPTY
    return _PROJECTS[run]


def segments_of(cmd: Command, project: Project = EMPTY) -> list[Segment]:
    """The simple commands of one recorded command, read in `project` (none by default: names speak, no task runner
    is followed; `segments(run)` reads a run's commands in its repository)."""
    if project is EMPTY and cmd in _BARE:
        return _BARE[cmd]
    simples = bash.read(cmd.cmd)
    here = _with_written_scripts(simples, project)
    line: list[Segment] = []
    line += [Segment(s, simples, here, cmd, s.index, line) for s in simples]
    if project is EMPTY:
        if len(_BARE) > 50_000:
            _BARE.clear()
        _BARE[cmd] = line
    return line


def segments(run: Run, tool: str | None = None) -> list[Segment]:
    """Every simple command the agent ran (only through `tool`, if given), in run order, read in the run's repository
    (once per run)."""
    if run not in _RUNS:
        project = project_of(run)
        _RUNS[run] = [s for cmd in run.commands for s in segments_of(cmd, project)]
    return [s for s in _RUNS[run] if tool in (None, s.command.tool)]


def read_command(line: str, project: Project = EMPTY) -> dict[str, Any]:
    """What the checks see in a command line read in `project` (`harnessif read-command`): see `reading`."""
    return reading(parse(line, project))


def reading(commands: Sequence[SimpleCommand]) -> dict[str, Any]:
    """What the checks see in the simple commands of a line: whether it runs tests, lints, its git subcommands, the
    files it writes and the programs it runs."""
    return {
        "runs_tests": any(c.is_test_run for c in commands),
        "runs_lint": any(c.is_lint_run for c in commands),
        "git": [c.git[0] for c in commands if c.git is not None],
        "writes": list(dict.fromkeys(p for c in commands for p in c.written_paths)),
        "programs": list(dict.fromkeys(c.program for c in commands if c.program and not c.payload_host)),
    }


# --- predicates the rules share -------------------------------------------------------------------------------------

ASSIGNED = re.compile(r"^[A-Za-z_]\w*=")
TEST_SELECTORS = ("-k", "--test-name-pattern", "-t", "--testNamePattern", "--grep", "-g", "--filter", "-run",
                  "--tests", "-Dtest=", "--match", "-m", "-R", "--tests-regex", "--testPathPattern")


def named_test_files(seg: SimpleCommand) -> list[str]:
    """The test files a command's arguments name, in each language's naming (`checks.code.is_test_path`):
    `tests/test_a.py::test_b`, `test/unit/parse.js`, `spec/models/user_spec.rb`, `TESTS=tests/unit/crc.c`, and any
    `.py` file (pytest collects a file it is given whatever its name); a node id's `::...` and a `KEY=` dropped."""
    paths = [ASSIGNED.sub("", a).split("::", 1)[0] for a in seg.tool_args if not a.startswith("-")]
    return [p for p in paths if p.endswith(".py") or is_test_path(p)]


def targets_tests(seg: SimpleCommand) -> bool:
    """A test run that names a test file (`named_test_files`: `tests/test_a.py`, `a.py::test_b`, `test/table.test.js`,
    `tests/test_size.c`) or selects tests by name (`-k`, `--test-name-pattern`, `-t`, `--grep`, `go test -run`,
    `ctest -R`, a `cargo test` filter)."""
    if not seg.is_test_run:
        return False
    args = seg.tool_args
    if seg.program == "cargo":
        words = [a for a in args if not a.startswith(("-", "+"))]
        return len(words) > 1 and words[0] in ("test", "t")
    if seg.program == "go" and any(a.startswith("-run") for a in args):
        return True
    selectors = tuple(s for s in TEST_SELECTORS if not (s == "-m" and seg.runs in ("pytest", "py.test")))
    return any(a.startswith(selectors) for a in args) or bool(named_test_files(seg))


def stages_everything(seg: SimpleCommand) -> bool:
    """`git add -A/./--all` or `git commit -a/--all` (also inside short-option clusters like `-am`)."""
    if seg.git is None:
        return False
    sub, args = seg.git
    if sub == "add":
        return short_flag(args, "A") or any(a in ("--all", ".", "./", ":/") for a in args)
    if sub == "commit":
        return short_flag(args, "a", "mFcCtS") or "--all" in args
    return False


def lists_tree(seg: SimpleCommand) -> bool:
    """`ls -R` (any option cluster with R, or --recursive), or `find` over `.` (explicitly or by default)."""
    args = seg.argv[1:]
    if seg.program == "ls":
        return short_flag(args, "R") or "--recursive" in args
    if seg.program == "find":
        starts = []
        for a in args:
            if a.startswith(("-", "(", "!")):
                break
            starts.append(a)
        return not starts or any(a == "." or a.startswith("./") for a in starts)
    return False


def rewrites_history(seg: SimpleCommand) -> bool:
    """`git commit --amend`, `git rebase`, `git reset --hard` or a forced `git push`."""
    if seg.git is None:
        return False
    sub, args = seg.git
    if sub == "commit":
        return "--amend" in args
    if sub == "reset":
        return "--hard" in args
    if sub == "push":
        return short_flag(args, "f", "o") or any(a.startswith(("--force", "+")) for a in args)
    return sub == "rebase"


def workspace_relative(path: str) -> str | None:
    """A written path as a workspace path (`checks.workspace.repo_path`), None for the workspace itself and for
    anything outside (`/tmp/x`, `~/x`, `$HOME/x`, `../x`, `a/../../x`)."""
    return None if (inside := repo_path(path)) in (None, ".") else inside


def chain_operators(cmd: Command) -> list[str]:
    """How the simple commands of `cmd` are joined, pipes left out: `&&`, `||`, `;`, `newline`, `&`, and the
    compound commands a script uses (`for`, `while`, `if`, `case` as `for loop`, ...)."""
    simples = bash.read(cmd.cmd)
    ops = [{"\n": "newline"}.get(s.link, s.link) for s in simples if s.link and s.link != "|"]
    constructs = {n for s in simples for n in s.nesting if n in ("loop", "if", "case", "function")}
    return ops + sorted(f"{c} block" for c in constructs)
