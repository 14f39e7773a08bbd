"""Bash command parsing: split a recorded command into simple commands and say what each one runs.

`split` cuts a command line into simple commands at unquoted `&&`, `||`, `;`, `|`, `|&`, `&` and newlines,
after dropping heredoc bodies and comments, so `git commit -m "a; git push"` is one `git commit` and the
text of a heredoc is never read as shell. `parse` wraps each piece in a `SimpleCommand`, which knows its
argv behind wrappers (`timeout 60`, `env X=1`, `uv run`, ...), whether it runs pytest or the linter, its
git subcommand and the files it writes. `segments(run)` does the same for every command of a `Run`; a
`Segment` also knows the recorded command it came from, its position in the run and how it ended.

A segment's position `(tool-call order, index in its command)` shares its first number with
`Command.order` and `checks.command.Edit.order`, so edits and commands can be ordered against each other.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass
from functools import cached_property

from ..evidence import Command, Run

Position = tuple[int, int]

HEREDOC = re.compile(r"(?<!<)<<-?\s*(['\"]?)([\w.-]+)\1")
QUOTED = re.compile(r"'[^']*'|\"(?:\\.|[^\"\\])*\"")
ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
SUBSTITUTION = re.compile(r"\$\([^()]*\)|`[^`]*`")
RAW_WORD = re.compile(r"""(?:[^\s'"\\]|\\.|'[^']*'|"(?:\\.|[^"\\])*")+""")  # a shell word as written
DURATION = re.compile(r"^\d+(?:\.\d+)?[smhd]?$")
PYTHON = re.compile(r"^python(?:\d+(?:\.\d+)*)?$")
REDIRECT = re.compile(r"(?<![<>&\w])(?:\d|&)?>>?\|?\s*([^\s&|;<>()]+)")
COMMIT_MADE = re.compile(r"^\[[^\]\n]+ [0-9a-f]{7,}\] ", re.M)
PYTEST_GREEN = re.compile(r"\b\d+ passed\b")
PYTEST_RED = re.compile(r"\b[1-9]\d* (?:failed|errors?)\b")  # "0 failed" is a green summary
WRAPPERS = frozenset({"env", "nohup", "time", "command", "exec", "sudo", "nice"})
RUNNERS = frozenset({"uv", "poetry", "pdm", "pipenv", "hatch"})
INTERPRETERS = frozenset({"node", "sh", "bash", "dash", "zsh", "ruby", "perl", "deno", "bun"})
PACKAGE_MANAGERS = frozenset({"npm", "pnpm", "yarn", "bun"})
TEST_TOOLS = frozenset({"pytest", "py.test", "jest", "vitest", "mocha", "ctest", "bats"})
TEST_TARGETS = frozenset({"test", "tests", "check", "t"})
LINT_TOOLS = frozenset({"eslint", "shellcheck", "cppcheck", "clang-tidy", "flake8", "pylint"})
LINT_TARGETS = frozenset({"lint"})
LINT_SCRIPT = re.compile(r"(?:^|/)tools/lint(?:\.\w+)?$")
GIT_OPTS_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})


@dataclass(frozen=True)
class SimpleCommand:
    """One simple command of a command line, with the operators from it to the end of the line."""

    text: str
    ops_after: tuple[str, ...]

    @cached_property
    def words(self) -> list[str]:
        """The shell words (quotes removed), a command substitution (`$(mktemp -d)`) kept as one word;
        whitespace-split when the quoting is unbalanced."""
        text = SUBSTITUTION.sub(lambda m: m.group(0).replace(" ", "\0"), self.text)
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        return [w.replace("\0", " ") for w in words]

    @cached_property
    def raw_argv(self) -> list[str] | None:
        """`argv` as written, quotes kept (`python -c "import sys"`); None when the text's words do not line up
        with the parsed ones (command substitutions, unbalanced quotes)."""
        raw = RAW_WORD.findall(self.text)
        if len(raw) != len(self.words):
            return None
        return raw[len(self.words) - len(self.argv) :]

    @cached_property
    def unwrapped(self) -> tuple[list[str], str | None]:
        """The program's argv after env assignments and wrappers, and the `timeout` duration if any."""
        words, timeout = self.words, None
        i = 0
        while i < len(words):
            name = posixpath.basename(words[i])
            if ASSIGNMENT.match(words[i]):
                i += 1
            elif name == "timeout":
                i += 1
                while i < len(words) and words[i].startswith("-"):
                    i += 2 if words[i] in ("-s", "-k", "--signal", "--kill-after") else 1
                if i < len(words) and DURATION.match(words[i]):
                    timeout = words[i]
                    i += 1
            elif name in WRAPPERS:
                i += 1
                while i < len(words) and words[i].startswith("-"):
                    i += 2 if (name, words[i]) == ("nice", "-n") else 1
            elif name in RUNNERS and words[i + 1 : i + 2] == ["run"]:
                i += 2
            else:
                break
        return words[i:], timeout

    @property
    def argv(self) -> list[str]:
        return self.unwrapped[0]

    @property
    def program(self) -> str:
        """Basename of the program run (`git`, `python3`, `pytest`), wrappers skipped; '' if none."""
        return posixpath.basename(self.argv[0]) if self.argv else ""

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
    def is_python(self) -> bool:
        return bool(PYTHON.match(self.program))

    @property
    def is_test_run(self) -> bool:
        """Runs a test suite (behind any wrapper): pytest (`pytest`, `py.test`, `python -m pytest`), Node's runner
        (`node --test`), a package script (`npm test`, `npm run test`), jest / vitest / mocha, or a build target
        (`make test`, `make check`), `ctest`, `go test`, `cargo test`."""
        return self._runs_one_of(TEST_TOOLS, TEST_TARGETS, "--test")

    @property
    def is_lint_run(self) -> bool:
        """Runs the project linter: a `tools/lint.*` script (directly or through an interpreter), `ruff check`,
        eslint, a package or build `lint` target (`npm run lint`, `make lint`), shellcheck, cppcheck."""
        if LINT_SCRIPT.search(self.script):
            return True
        return self._runs_one_of(LINT_TOOLS, LINT_TARGETS) or (self.runs == "ruff" and self.tool_args[:1] == ["check"])

    @property
    def script(self) -> str:
        """The script a command runs: the program itself, or the first operand of an interpreter
        (`python tools/lint.py`, `node tools/lint.mjs`, `sh tests/run.sh`)."""
        if self.is_python:
            target = _target(self.argv)[0]
            return "" if target.startswith("-") else target
        if self.program in INTERPRETERS:
            return next((a for a in self.argv[1:] if not a.startswith("-")), "")
        return self.argv[0] if self.argv else ""

    def _runs_one_of(self, tools: frozenset[str], targets: frozenset[str], node_flag: str = "") -> bool:
        """Runs one of `tools` (`python -m` or `npx` included), a package-manager script or build target in
        `targets`, or `node` with `node_flag`."""
        runs, args = self.runs, self.tool_args
        words = [a for a in args if not a.startswith("-")]
        if runs in tools or (runs in ("npx", "pnpx") and words and posixpath.basename(words[0]) in tools):
            return True
        if runs in PACKAGE_MANAGERS:
            script = words[1] if words[:1] == ["run"] and len(words) > 1 else words[0] if words else ""
            return script in targets
        if runs == "make":
            return any(w in targets for w in words)
        if runs in ("go", "cargo"):
            return words[:1] == ["test"] and "test" in targets
        return bool(node_flag) and runs == "node" and node_flag in args

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
    def written_paths(self) -> list[str]:
        """Files this command writes: redirection targets, `tee` files, `sed -i` files (`/dev/*` ignored)."""
        neutral = QUOTED.sub("_", self.text)
        paths = [m.group(1) for m in REDIRECT.finditer(neutral)]
        args = self.argv[1:]
        if self.program == "tee":
            paths += [a for a in args if not a.startswith("-")]
        elif self.program == "sed" and (short_flag(args, "i", "efl") or any(a.startswith("--in-place") for a in args)):
            paths += _sed_files(args)
        return [p for p in paths if not p.startswith("/dev/")]


@dataclass(frozen=True)
class Segment(SimpleCommand):
    """A simple command of a recorded `Command`, with its position in the run and how it ended."""

    command: Command
    index: int

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
        """Known to have exited 0: the command did, and only `&&` links this segment to its end."""
        cmd = self.command
        return cmd.exit_code == 0 and not cmd.timed_out and all(op == "&&" for op in self.ops_after[:-1])

    @property
    def green(self) -> bool:
        """A pytest run known to be green: it exited 0, or its output (e.g. piped to `tail`) says so."""
        if self.succeeded:
            return True
        cmd = self.command
        alone = sum(s.is_test_run for s in segments_of(cmd)) == 1
        out = cmd.output
        return alone and not cmd.timed_out and bool(PYTEST_GREEN.search(out)) and not PYTEST_RED.search(out)

    @property
    def made_commit(self) -> bool:
        """A `git commit` that went through: the command exited 0 or git printed its `[branch sha]` line."""
        return self.is_git("commit") and (self.command.exit_code == 0 or bool(COMMIT_MADE.search(self.command.output)))


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


def _sed_files(args: list[str]) -> list[str]:
    """The file operands of a sed invocation (the script operand dropped unless given by -e/-f)."""
    positional, scripted, skip = [], False, False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("-e", "-f", "--expression", "--file"):
            scripted = skip = True
        elif arg.startswith(("--expression=", "--file=")):
            scripted = True
        elif not arg.startswith("-"):
            positional.append(arg)
    return positional if scripted else positional[1:]


def strip_heredocs(cmd: str) -> str:
    """The command without heredoc bodies (the line that opens a heredoc is kept); line continuations joined."""
    out: list[str] = []
    pending: list[str] = []
    for line in cmd.replace("\\\n", " ").split("\n"):
        if pending:
            if line.strip() == pending[0]:
                pending.pop(0)
            continue
        out.append(line)
        neutral = QUOTED.sub(lambda q: "_" * len(q.group()), line)
        pending = [m.group(2) for m in HEREDOC.finditer(line) if neutral[m.start()] == "<"]
    return "\n".join(out)


def split(cmd: str) -> list[tuple[str, str | None]]:
    """`(simple command, operator after it)` pairs; quotes, heredoc bodies and comments respected.

    Operators are `&&`, `||`, `|` (also for `|&`), `;`, `&` and a newline; the last pair's operator is None.
    Grouping parentheses and braces around a piece are dropped, `2>&1` and `&>` are kept as redirections.
    """
    text = strip_heredocs(cmd)
    out: list[tuple[str, str | None]] = []
    buf: list[str] = []
    quote: str | None = None

    def flush(op: str | None) -> None:
        seg = "".join(buf).strip().strip("(){} \t").strip()
        buf.clear()
        if seg and seg != "!":
            out.append((seg, op))
        elif out and op is None:
            out[-1] = (out[-1][0], None)

    i = 0
    while i < len(text):
        ch, two = text[i], text[i : i + 2]
        if quote:
            buf.append(text[i : i + 2] if ch == "\\" and quote == '"' else ch)
            i += 2 if ch == "\\" and quote == '"' else 1
            quote = None if ch == quote else quote
            continue
        if ch in "'\"":
            quote = ch
        elif ch == "\\":
            buf.append(two)
            i += 2
            continue
        elif ch == "#" and (not buf or buf[-1] in " \t\n;&|("):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif two in ("&&", "||", "|&"):
            flush("|" if two == "|&" else two)
            i += 2
            continue
        elif ch == "&" and (text[i - 1 : i] == ">" or text[i + 1 : i + 2] == ">"):
            pass
        elif ch in ";|&\n":
            flush(ch)
            i += 1
            continue
        buf.append(ch)
        i += 1
    flush(None)
    return out


def _ops(parts: list[tuple[str, str | None]]) -> tuple[str, ...]:
    return tuple(op or "" for _, op in parts)


def parse(cmd: str) -> list[SimpleCommand]:
    """The simple commands of a command line."""
    parts = split(cmd)
    ops = _ops(parts)
    return [SimpleCommand(text, ops[i:]) for i, (text, _) in enumerate(parts)]


def segments_of(cmd: Command) -> list[Segment]:
    """The simple commands of one recorded command."""
    parts = split(cmd.cmd)
    ops = _ops(parts)
    return [Segment(text, ops[i:], cmd, i) for i, (text, _) in enumerate(parts)]


def segments(run: Run, tool: str | None = None) -> list[Segment]:
    """Every simple command the agent ran (only through `tool`, if given), in run order."""
    return [s for cmd in run.commands if tool in (None, cmd.tool) for s in segments_of(cmd)]


TEST_FILE = re.compile(r"\.py(?:::|$)|(?:^|/)(?:test_[^/]*|[^/]*_test|[^/]*\.(?:test|spec))\.[a-z]{1,4}$")
TEST_SELECTORS = ("-k", "--test-name-pattern", "-t", "--testNamePattern", "--grep")


def targets_tests(seg: Segment) -> bool:
    """A test run that names a test file (`tests/test_a.py`, `a.py::test_b`, `test/table.test.js`,
    `tests/test_size.c`) or selects tests by name (`-k`, `--test-name-pattern`, `-t`)."""
    return any(a.startswith(TEST_SELECTORS) or TEST_FILE.search(a) for a in seg.tool_args)


def stages_everything(seg: Segment) -> bool:
    """`git add -A/./--all` or `git commit -a/--all` (also inside short-option clusters like `-am`)."""
    if seg.git is None:
        return False
    sub, args = seg.git
    if sub == "add":
        return short_flag(args, "A") or any(a in ("--all", ".", "./") for a in args)
    if sub == "commit":
        return short_flag(args, "a", "mFcCtS") or "--all" in args
    return False


def lists_tree(seg: Segment) -> bool:
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


def rewrites_history(seg: Segment) -> bool:
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
