"""A shell command line read as bash reads it (tree-sitter-bash): every simple command wherever it sits, with its
words, wrappers, redirections, working directory and how its exit status relates to the line's.

`read(line)` gives the simple commands of a line in the order they run: those of a `$(...)`, backquote or `<(...)`
before the command that uses them, the commands of pipelines, `&&`/`||` lists, subshells, `{ ...; }` groups,
`for`/`while`/`until`/`if`/`case` bodies and conditions, function bodies, `find -exec` commands, and the payloads of
shells given a `-c` string or a heredoc (`bash -lc '...'`, `sh -c "..."`, `bash <<'EOF'`), read again as commands.
Quoted text, comments and heredoc bodies are words, never commands (a heredoc fed to a shell aside).

Each `Simple` knows:
- `words` (values: quotes removed, expansions kept as written) and `raw` (as written), its environment
  `assignments`, and `argv`: the words after command wrappers (`timeout 60`, `env X=1`, `nice -n 5`, `sudo`, `xargs`,
  `uv run`, `poetry run`, `npx`, `bundle exec`, ...), with the wrappers skipped in `wrappers` and a `timeout`
  duration if one was given; `program`, the basename of `argv[0]` (Windows-style `.venv\\Scripts\\python.exe` is
  `python`);
- its `redirects` (a heredoc's or here-string's text as the body of a `<<`/`<<<` redirect), and `cwd`, the working
  directory `cd`/`pushd` earlier in the line left it in (`""` where the line started; None when it cannot be known);
- `sure` (the line exited 0, so this command did), `requires` (the commands that must have succeeded for it to run:
  the left side of `&&`, an `if` condition, what ran before it under `set -e`), `pipes_to`, `piped_in`,
  `background`, `link` (the operator between it and the next simple command), `nesting` (the constructs around it)
  and `payload` (a shell whose `-c` string or heredoc was read as commands: they follow it).

tree-sitter-bash mis-parses a line that continues after a heredoc operator (`python - <<EOF 2>&1 | tail`, a known
limit of its grammar), so heredocs are cut out first: each becomes a `<__heredoc_N__` redirect whose text is kept
aside, and the line is parsed again.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from tree_sitter import Node

from . import syntax
from .toolnames import LINT_TOOLS, TEST_TOOLS

SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh"})
SEQUENCES = frozenset({"program", "do_group", "compound_statement", "subshell", "else_clause", "case_item", "ERROR"})
TERMINATORS = frozenset({";", "&", ";;", ";&", ";;&"})
WRITE_OPS = frozenset({">", ">>", ">|", "&>", "&>>", "<>"})
PLACEHOLDER = re.compile(r"__heredoc_(\d+)__")
SHOWN_PLACEHOLDER = re.compile(r"<__heredoc_(\d+)__")
DQ_ESCAPE = re.compile(r'\\([$`"\\\n])')
UNBOUND = "\0"  # a redirection's directory before the command it belongs to is known
WORD_ESCAPE = re.compile(r"\\(.)", re.S)
C_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0", "e": "\x1b", "a": "\a"}
ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*\+?=")
DURATION = re.compile(r"^\d+(?:\.\d+)?[smhd]?$")
EXECUTABLE_SUFFIX = re.compile(r"\.(?:exe|cmd|bat|ps1)$", re.I)


@dataclass(frozen=True)
class Redirect:
    """One redirection: the operator (`>`, `>>`, `&>`, `<`, `<<` for a heredoc, `<<<`, `>&` ...), the file
    descriptor written before it ('' if none), the target's value ('' for a heredoc or here-string), the text of a
    heredoc or here-string (`body`), whether a heredoc's delimiter was quoted (its body is not expanded), and the
    working directory the target is relative to."""

    op: str
    fd: str
    target: str
    body: str | None = None
    quoted: bool = False
    cwd: str | None = ""

    @property
    def file(self) -> str | None:
        """The file this redirection writes (`> f`, `>> f`, `2> f`, `&> f`, `>& f`), or None (input, fd
        duplication such as `2>&1`, `/dev/*`)."""
        writes = self.op in WRITE_OPS or (self.op == ">&" and not self.target.isdigit() and self.target != "-")
        if not writes or not self.target or self.target.startswith("/dev/"):
            return None
        return self.target


@dataclass(frozen=True)
class Simple:
    """One simple command of a command line (see the module docstring for its fields)."""

    index: int
    text: str
    words: tuple[str, ...]
    raw: tuple[str, ...]
    assignments: tuple[str, ...] = ()
    redirects: tuple[Redirect, ...] = ()
    wrappers: tuple[str, ...] = ()
    timeout: str | None = None
    cwd: str | None = ""
    nesting: tuple[str, ...] = ()
    sure: bool = False
    requires: frozenset[int] = frozenset()
    pipes_to: tuple[int, ...] = ()
    piped_in: bool = False
    background: bool = False
    link: str = ""
    payload: bool = False

    @property
    def argv(self) -> tuple[str, ...]:
        """The words after the command wrappers."""
        return self.words[len(self.wrappers) :]

    @property
    def path(self) -> str:
        """The program as written, wrappers skipped, quotes dropped and Windows separators as `/`
        (`.venv\\Scripts\\python.exe` -> `.venv/Scripts/python.exe`); '' for none."""
        if not self.argv:
            return ""
        first = self.raw[len(self.wrappers)] if len(self.raw) > len(self.wrappers) else self.argv[0]
        return first.strip("'\"").replace("\\", "/")

    @property
    def program(self) -> str:
        """The basename of the program run, wrappers skipped ('' for none): `/usr/bin/python3` -> `python3`,
        `.venv\\Scripts\\python.exe` -> `python`."""
        return command_name(self.path)

    @property
    def stdin(self) -> str | None:
        """The text a heredoc or here-string feeds this command, if any."""
        return next((r.body for r in self.redirects if r.body is not None), None)


# --- words -------------------------------------------------------------------------------------------------------


def value(node: Node) -> str:
    """A word's value as the command receives it: quotes and backslash escapes removed; parameter expansions,
    command substitutions and globs kept as written."""
    text = syntax.text(node)
    kind = node.type
    if kind == "raw_string":
        return text[1:-1]
    if kind == "string":
        return DQ_ESCAPE.sub(lambda m: "" if m.group(1) == "\n" else m.group(1), text[1:-1])
    if kind == "translated_string":
        return DQ_ESCAPE.sub(lambda m: "" if m.group(1) == "\n" else m.group(1), text[2:-1])
    if kind == "ansi_c_string":
        return re.sub(r"\\(.)", lambda m: C_ESCAPES.get(m.group(1), "\\" + m.group(1)), text[2:-1])
    if kind == "concatenation":
        return "".join(value(c) for c in node.children)
    if kind == "word":
        return WORD_ESCAPE.sub(lambda m: "" if m.group(1) == "\n" else m.group(1), text)
    return text


# --- wrappers ----------------------------------------------------------------------------------------------------

PLAIN_WRAPPERS = frozenset({"nohup", "time", "command", "exec", "chronic", "unbuffer", "builtin"})
VALUED_OPTIONS = {
    "timeout": frozenset({"-s", "--signal", "-k", "--kill-after"}),
    "env": frozenset({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}),
    "nice": frozenset({"-n", "--adjustment"}),
    "ionice": frozenset({"-c", "-n", "-p", "-t"}),
    "sudo": frozenset({"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "--user", "--group"}),
    "doas": frozenset({"-u", "-C"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}),
    "xargs": frozenset({"-n", "-I", "-L", "-P", "-d", "-E", "-s", "-a", "--max-args", "--max-procs", "--delimiter",
                        "--arg-file", "-i"}),
    "npx": frozenset({"-p", "--package", "-c", "--call"}),
    "uvx": frozenset({"--from", "--with", "--python", "-p"}),
    "pnpx": frozenset({"-p", "--package"}),
    "bunx": frozenset({"-p", "--package"}),
}
RUN_WRAPPERS = {  # a tool followed by its run subcommand, then a command
    "uv": ("run", "tool run"), "pipx": ("run",), "poetry": ("run",), "pdm": ("run",), "pipenv": ("run",),
    "hatch": ("run",), "rye": ("run",), "bundle": ("exec",), "pnpm": ("exec", "dlx"), "npm": ("exec",),
    "yarn": ("dlx", "exec"), "conda": ("run",), "micromamba": ("run",), "mamba": ("run",), "pixi": ("run",),
}
RUN_VALUED = frozenset({"-n", "--name", "-p", "--prefix", "-e", "--env", "--with", "--python", "--package",
                        "--directory", "--project", "--group", "--extra", "--from", "--environment"})


def command_name(word: str) -> str:
    """A command word as a name: its basename (`/` or Windows `\\` separators), `.exe`/`.cmd`/`.bat` dropped."""
    return EXECUTABLE_SUFFIX.sub("", re.split(r"[/\\]", word.strip("'\""))[-1])


def unwrap(words: tuple[str, ...]) -> tuple[int, str | None]:
    """How many leading words are command wrappers (and their options), and the `timeout` duration if one is
    among them. A wrapper with nothing after it is the program (`env` alone prints the environment), and so is
    `command -v` (it looks a name up)."""
    i, timeout = 0, None
    while i < len(words):
        name = command_name(words[i])
        valued = VALUED_OPTIONS.get(name, frozenset())
        if name == "command" and words[i + 1 : i + 2] in (("-v",), ("-V",)):
            break
        if name in VALUED_OPTIONS or name in PLAIN_WRAPPERS:
            i += 1
            while i < len(words) and words[i].startswith("-") and words[i] not in ("-", "--"):
                i += 2 if words[i] in valued else 1
            if i < len(words) and words[i] == "--":
                i += 1
            if name == "env":
                while i < len(words) and ASSIGNMENT.match(words[i]):
                    i += 1
            if name == "timeout" and i < len(words) and DURATION.match(words[i]):
                timeout = words[i]
                i += 1
        elif name in RUN_WRAPPERS and (sub := _run_subcommand(name, words[i + 1 :])):
            i += 1 + len(sub.split())
            while i < len(words) and words[i].startswith("-") and words[i] != "--":
                i += 2 if words[i] in RUN_VALUED and "=" not in words[i] else 1
            if i < len(words) and words[i] == "--":
                i += 1
        elif name == "yarn" and words[i + 1 : i + 2] and words[i + 1] in TEST_TOOLS | LINT_TOOLS:
            i += 1
        else:
            break
    return (0, None) if i >= len(words) else (i, timeout)


def _run_subcommand(name: str, rest: tuple[str, ...]) -> str:
    """The run subcommand of a wrapper (`run`, `tool run`) that `rest` starts with, or ''."""
    return next((sub for sub in RUN_WRAPPERS[name] if list(rest[: len(sub.split())]) == sub.split()), "")


def shell_payload(argv: tuple[str, ...]) -> str | None:
    """The command string a shell runs with `-c` (`bash -lc 'cd x && make'`, `sh -ec "..."`), or None."""
    if not argv or posixpath.basename(argv[0]) not in SHELLS:
        return None
    for i, arg in enumerate(argv[1:], start=1):
        if arg == "--":
            return None
        if not arg.startswith("-") and not arg.startswith("+"):
            return None
        if not arg.startswith("--") and "c" in arg[1:]:
            return argv[i + 1] if i + 1 < len(argv) else None
    return None


def reads_script_from_stdin(argv: tuple[str, ...]) -> bool:
    """A shell with no script operand (`bash`, `sh -s`, `bash -e`): it runs what its standard input holds."""
    if not argv or posixpath.basename(argv[0]) not in SHELLS:
        return False
    operands = [a for a in argv[1:] if not a.startswith(("-", "+"))]
    return not operands or "-s" in argv[1:]


def find_exec(argv: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The commands `find` runs with `-exec`/`-execdir`/`-ok` (up to `;` or `+`)."""
    if not argv or posixpath.basename(argv[0]) != "find":
        return []
    out, i = [], 1
    while i < len(argv):
        if argv[i] in ("-exec", "-execdir", "-ok", "-okdir"):
            j = i + 1
            while j < len(argv) and argv[j] not in (";", "+"):
                j += 1
            if j > i + 1:
                out.append(argv[i + 1 : j])
            i = j
        i += 1
    return out


# --- heredocs ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Heredoc:
    """A heredoc cut out of a line: its operator as written (`<<'EOF'`), body and whether its delimiter was quoted;
    `node` is its body in the first parse (command substitutions of an unquoted heredoc run)."""

    operator: str
    body: str
    quoted: bool
    node: Node | None
    end: str = ""

    @property
    def written(self) -> str:
        """The heredoc as written: operator, body and closing delimiter."""
        return f"{self.operator}\n{self.body}{self.end}"


def cut_heredocs(line: str) -> tuple[str, list[Heredoc]]:
    """The line with every heredoc replaced by a `<__heredoc_N__` redirect and its body removed, and the heredocs.

    One heredoc is cut per parse (the grammar reads a second heredoc on the same line wrongly until the first is
    gone)."""
    source = line.encode()
    heredocs: list[Heredoc] = []
    while len(heredocs) < 100:
        tree = syntax.parse("bash", source)
        node = next(iter(syntax.descendants(tree.root_node, "heredoc_redirect")), None)
        parts = {c.type: c for c in node.children} if node is not None else {}
        start = parts.get("heredoc_start")
        if node is None or start is None:
            break
        body, end = parts.get("heredoc_body"), parts.get("heredoc_end")
        quoted = syntax.text(start)[:1] in ("'", '"', "\\")
        operator = source[node.start_byte : start.end_byte].decode(errors="replace")
        heredocs.append(Heredoc(operator, syntax.text(body), quoted, body, syntax.text(end)))
        cuts = [(node.start_byte, start.end_byte, f"<__heredoc_{len(heredocs) - 1}__".encode())]
        first, last = body or end, end or body
        if first is not None and last is not None:
            newline = source.rfind(b"\n", start.end_byte, first.start_byte + 1)
            cuts.append((newline if newline >= 0 else first.start_byte, last.end_byte, b""))
        for begin, stop, replacement in sorted(cuts, reverse=True):
            source = source[:begin] + replacement + source[stop:]
    return source.decode(errors="replace"), heredocs


# --- the reader ------------------------------------------------------------------------------------------------------


@dataclass
class _Scope:
    """The working directory of a run of statements (a subshell or `$(...)` gets a copy)."""

    cwd: str | None = ""
    stack: list[str | None] = field(default_factory=list)

    def copy(self) -> _Scope:
        return _Scope(self.cwd, list(self.stack))


@dataclass(frozen=True)
class _Context:
    scope: _Scope
    sure: bool = True
    requires: frozenset[int] = frozenset()
    nesting: tuple[str, ...] = ()
    errexit: bool = False
    pipefail: bool = False
    piped_in: bool = False
    background: bool = False

    def but(self, **changes: object) -> _Context:
        return replace(self, **changes)  # type: ignore[arg-type]

    def inside(self, construct: str, **changes: object) -> _Context:
        return replace(self, nesting=(*self.nesting, construct), **changes)  # type: ignore[arg-type]


class _Reader:
    """Walks one parsed line (and the payloads it contains), emitting `Simple`s."""

    def __init__(self) -> None:
        self.out: list[Simple] = []
        self.links: dict[int, str] = {}

    # --- statements
    def line(self, text: str, ctx: _Context) -> set[int]:
        clean, heredocs = cut_heredocs(text)
        tree = syntax.parse("bash", clean.encode())
        return _Line(self, heredocs).sequence(tree.root_node.children, ctx)

    def emit(self, simple: Simple) -> int:
        index = len(self.out)
        self.out.append(replace(simple, index=index))
        return index

    def finish(self) -> tuple[Simple, ...]:
        last = len(self.out) - 1
        return tuple(replace(s, link=self.links.get(s.index, "") if s.index < last else "") for s in self.out)


class _Line:
    """One parse (the top line or a payload) of the reader."""

    def __init__(self, reader: _Reader, heredocs: list[Heredoc]) -> None:
        self.reader = reader
        self.heredocs = heredocs

    def shown(self, node: Node) -> str:
        """A node's source with each heredoc placeholder back as the operator that was written."""
        return SHOWN_PLACEHOLDER.sub(lambda m: self._operator(int(m.group(1))), syntax.text(node))

    def restore(self, text: str) -> str:
        """A word's text with each heredoc placeholder back as the whole heredoc (`$(cat <<'EOF' ... EOF)`)."""
        return SHOWN_PLACEHOLDER.sub(
            lambda m: self.heredocs[int(m.group(1))].written if int(m.group(1)) < len(self.heredocs) else m.group(0),
            text)

    def _operator(self, i: int) -> str:
        return self.heredocs[i].operator if i < len(self.heredocs) else f"<__heredoc_{i}__"

    def mark_link(self, op: str) -> None:
        if self.reader.out:
            self.reader.links[len(self.reader.out) - 1] = op

    def sequence(self, children: Iterable[Node], ctx: _Context) -> set[int]:
        """A list of statements (`a; b`, lines of a script, a `{ }` or `( )` body, a loop body)."""
        items: list[tuple[Node, str]] = []
        for child in children:
            if child.type in TERMINATORS and items:
                items[-1] = (items[-1][0], child.type)
            elif child.is_named and child.type not in ("comment", "heredoc_body", "heredoc_start", "heredoc_end"):
                items.append((child, "\n"))
        implied_all: set[int] = set()
        last: set[int] = set()
        requires = ctx.requires
        errexit, pipefail = ctx.errexit, ctx.pipefail
        for i, (node, term) in enumerate(items):
            final = i == len(items) - 1
            background = term == "&"
            here = ctx.but(sure=ctx.sure and not background and (final or errexit), requires=requires,
                           errexit=errexit, pipefail=pipefail, background=ctx.background or background,
                           scope=ctx.scope.copy() if background else ctx.scope)
            implied = self.statement(node, here)
            if not final:
                self.mark_link(term if term != ";;" else ";")
            if background:
                implied = set()
            if node.type in ("command", "redirected_statement") and self.reader.out:
                errexit, pipefail = _set_options(self.reader.out[-1], errexit, pipefail)
            if errexit:
                requires = requires | implied
                implied_all |= implied
            last = implied
        return (implied_all | last) if errexit else last

    def statement(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...] = ()) -> set[int]:
        kind = node.type
        if kind == "command":
            return self.command(node, ctx, redirects)
        if kind == "redirected_statement":
            return self.redirected(node, ctx, redirects)
        if kind == "list":  # a redirection written after a list or pipeline belongs to its last command
            return self.and_or(node, ctx, redirects)
        if kind == "pipeline":
            return self.pipeline(node, ctx, redirects)
        if kind == "negated_command":
            for child in node.named_children:
                self.statement(child, ctx.but(sure=False))
            return set()
        if kind == "subshell":
            return self.group(node, ctx.inside("subshell", scope=ctx.scope.copy()), redirects)
        if kind == "compound_statement":
            return self.group(node, ctx.inside("group"), redirects)
        if kind == "if_statement":
            return self.conditional(node, ctx, redirects)
        if kind in ("while_statement", "until_statement", "for_statement", "c_style_for_statement",
                    "select_statement"):
            return self.loop(node, ctx, redirects)
        if kind == "case_statement":
            return self.case(node, ctx, redirects)
        if kind == "function_definition":
            body = node.child_by_field_name("body")
            if body is not None:
                self.statement(body, ctx.inside("function", sure=False, scope=ctx.scope.copy()))
            return set()
        if kind in ("variable_assignment", "variable_assignments"):
            self.substitutions([node], ctx)
            return set()
        if kind in ("declaration_command", "unset_command", "test_command"):
            return self.builtin(node, ctx, redirects)
        if kind in SEQUENCES:
            return self.sequence(node.children, ctx)
        self.substitutions([node], ctx)
        return set()

    def group(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...]) -> set[int]:
        start, cwd = len(self.reader.out), ctx.scope.cwd
        implied = self.sequence(node.children, ctx)
        self.attach(start, redirects, cwd)
        return implied

    def attach(self, start: int, redirects: tuple[Redirect, ...], cwd: str | None) -> None:
        """Give a compound statement's redirections to its first simple command (their paths relative to where the
        compound statement started)."""
        if redirects and start < len(self.reader.out):
            first = self.reader.out[start]
            self.reader.out[start] = replace(first, redirects=(*first.redirects, *_bound(redirects, cwd)),
                                             piped_in=first.piped_in or any(r.body is not None for r in redirects))

    def redirected(self, node: Node, ctx: _Context, outer: tuple[Redirect, ...]) -> set[int]:
        body = node.child_by_field_name("body")
        own = tuple(r for c in node.children if c.type.endswith("_redirect") for r in self.redirect(c, ctx))
        if body is None:  # `> file` alone creates the file
            return {self.reader.emit(Simple(0, self.shown(node), (), (), redirects=_bound(own, ctx.scope.cwd),
                                            cwd=ctx.scope.cwd, nesting=ctx.nesting, sure=ctx.sure,
                                            requires=ctx.requires, background=ctx.background))}
        return self.statement(body, ctx, (*own, *outer))

    def and_or(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...] = ()) -> set[int]:
        parts = [c for c in node.children if c.type != "comment"]
        left, op, right = parts[0], parts[1].type, parts[-1]
        if op == "&&":
            implied = self.statement(left, ctx)
            self.mark_link("&&")
            return implied | self.statement(right, ctx.but(requires=ctx.requires | implied), redirects)
        self.statement(left, ctx.but(sure=False))
        self.mark_link("||")
        self.statement(right, ctx.but(sure=False), redirects)
        return set()

    def pipeline(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...] = ()) -> set[int]:
        elements = [c for c in node.children if c.is_named and c.type != "comment"]
        head = _list_head(elements[0]) if elements else None
        if head is not None:  # `a && b 2>&1 | c` is `a && (b 2>&1 | c)`: the grammar groups it the other way
            left, op, last, own = head
            return self.and_or_then_pipe(left, op, last, own, elements[1:], ctx, redirects)
        return self.pipe(elements, ctx, (), redirects)

    def and_or_then_pipe(self, left: Node, op: str, last: Node, redirects: tuple[Node, ...], rest: list[Node],
                         ctx: _Context, last_redirects: tuple[Redirect, ...]) -> set[int]:
        own = tuple(r for n in redirects for r in self.redirect(n, ctx))
        if op == "&&":
            implied = self.statement(left, ctx)
            self.mark_link("&&")
            return implied | self.pipe([last, *rest], ctx.but(requires=ctx.requires | implied), own, last_redirects)
        self.statement(left, ctx.but(sure=False))
        self.mark_link("||")
        self.pipe([last, *rest], ctx.but(sure=False), own, last_redirects)
        return set()

    def pipe(self, elements: list[Node], ctx: _Context, first_redirects: tuple[Redirect, ...],
             last_redirects: tuple[Redirect, ...] = ()) -> set[int]:
        spans: list[range] = []
        implied: set[int] = set()
        for k, element in enumerate(elements):
            final = k == len(elements) - 1
            start = len(self.reader.out)
            here = ctx.but(sure=ctx.sure and (final or ctx.pipefail), piped_in=ctx.piped_in or k > 0)
            given = (first_redirects if k == 0 else ()) + (last_redirects if final else ())
            got = self.statement(element, here, given)
            spans.append(range(start, len(self.reader.out)))
            if final or ctx.pipefail:
                implied |= got
            if not final:
                self.mark_link("|")
        for k, span in enumerate(spans):
            later = tuple(i for s in spans[k + 1 :] for i in s)
            for i in span:
                self.reader.out[i] = replace(self.reader.out[i], pipes_to=later)
        return implied

    def conditional(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...]) -> set[int]:
        """`if` (or `elif`): the condition, then its body (which runs only if the condition succeeded), then any
        `elif`/`else` clauses, in the order they are written."""
        start, cwd = len(self.reader.out), ctx.scope.cwd
        condition: list[Node] = []
        body: list[Node] = []
        clauses: list[Node] = []
        stage = condition
        for child in node.children:
            if child.type == "then" and stage is condition:
                stage = body
            elif child.type in ("elif_clause", "else_clause"):
                clauses.append(child)
            else:
                stage.append(child)
        implied = self.sequence(condition, ctx.inside("condition", sure=False))
        self.sequence(body, ctx.inside("if", sure=False, requires=ctx.requires | implied))
        for clause in clauses:
            if clause.type == "elif_clause":
                self.conditional(clause, ctx, ())
            else:
                self.sequence(clause.children, ctx.inside("if", sure=False))
        self.attach(start, redirects, cwd)
        return set()

    def loop(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...]) -> set[int]:
        start, cwd = len(self.reader.out), ctx.scope.cwd
        inside = ctx.inside("loop", sure=False)
        for child in node.children:
            name = child.type
            if name == "do_group":
                self.sequence(child.children, inside)
            elif child.is_named and name not in ("variable_name", "comment"):
                if name in ("command", "list", "pipeline", "redirected_statement", "compound_statement",
                            "test_command", "negated_command", "subshell"):
                    self.statement(child, inside.inside("condition"))
                else:
                    self.substitutions([child], inside)
        self.attach(start, redirects, cwd)
        return set()

    def case(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...]) -> set[int]:
        start, cwd = len(self.reader.out), ctx.scope.cwd
        value_node = node.child_by_field_name("value")
        if value_node is not None:
            self.substitutions([value_node], ctx)
        for item in node.children:
            if item.type == "case_item":
                close = next((i for i, c in enumerate(item.children) if c.type == ")"), -1)
                self.sequence(item.children[close + 1 :], ctx.inside("case", sure=False))
        self.attach(start, redirects, cwd)
        return set()

    def substitutions(self, nodes: Iterable[Node], ctx: _Context) -> None:
        """Run the commands of the `$(...)`, backquote and `<(...)` substitutions inside `nodes`."""
        for node in nodes:
            stack = [node]
            while stack:
                current = stack.pop()
                if current.type in ("command_substitution", "process_substitution"):
                    inner = [c for c in current.children if c.is_named]
                    self.sequence(inner, ctx.inside("substitution", sure=False, scope=ctx.scope.copy(),
                                                    piped_in=False))
                    continue
                stack.extend(reversed(current.children))

    def redirect(self, node: Node, ctx: _Context) -> list[Redirect]:
        """The redirections of a `file_redirect` / `herestring_redirect` / `heredoc_redirect` node."""
        named = [c for c in node.children if c.is_named]
        fd = next((syntax.text(c) for c in named if c.type == "file_descriptor"), "")
        ops = [c.type for c in node.children if not c.is_named]
        op = ops[0] if ops else "<"
        dest = node.child_by_field_name("destination") or next((c for c in named if c.type != "file_descriptor"),
                                                               None)
        self.substitutions([c for c in named if c.type != "file_descriptor"], ctx)
        if node.type == "herestring_redirect":
            return [Redirect("<<<", fd, "", value(named[-1]) if named else "", True, UNBOUND)]
        if node.type == "heredoc_redirect":
            body = next((c for c in node.children if c.type == "heredoc_body"), None)
            return [Redirect("<<", fd, "", syntax.text(body), False, UNBOUND)]
        target = value(dest) if dest is not None else ""
        placeholder = PLACEHOLDER.fullmatch(target)
        if op == "<" and placeholder and int(placeholder.group(1)) < len(self.heredocs):
            heredoc = self.heredocs[int(placeholder.group(1))]
            if heredoc.node is not None and not heredoc.quoted:
                self.substitutions([heredoc.node], ctx)
            return [Redirect("<<", fd, "", heredoc.body, heredoc.quoted, UNBOUND)]
        return [Redirect(op, fd, target, None, False, UNBOUND)]

    def builtin(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...]) -> set[int]:
        """`export X=1`, `local`, `declare`, `unset`, `[ ... ]`, `[[ ... ]]`: a simple command of their own."""
        self.substitutions(node.children, ctx)
        words = tuple(syntax.text(c) for c in node.children if c.type != "comment")
        if words[:1] == ("[[",):  # a shell keyword, not a command
            return set()
        return {self.reader.emit(Simple(0, self.shown(node), words, words, redirects=_bound(redirects, ctx.scope.cwd),
                                        cwd=ctx.scope.cwd, nesting=ctx.nesting, sure=ctx.sure,
                                        requires=ctx.requires, piped_in=ctx.piped_in, background=ctx.background))}

    def command(self, node: Node, ctx: _Context, redirects: tuple[Redirect, ...]) -> set[int]:
        assignments: list[str] = []
        words: list[str] = []
        raw: list[str] = []
        own: list[Redirect] = list(redirects)
        statements: list[Node] = []
        for child in node.children:
            if child.type == "variable_assignment":
                self.substitutions([child], ctx)
                assignments.append(syntax.text(child))
            elif child.type.endswith("_redirect"):
                own += self.redirect(child, ctx)
            elif child.type in ("subshell", "compound_statement"):
                statements.append(child)
            elif child.is_named and child.type != "comment":
                target = child.named_children[0] if child.type == "command_name" and child.named_children else child
                self.substitutions([target], ctx)
                words.append(self.restore(value(target)))
                raw.append(self.restore(syntax.text(target)))
        own = list(_bound(own, ctx.scope.cwd))
        skipped, timeout = unwrap(tuple(words))
        if (skipped == len(words) or (statements and set(words) <= PLAIN_WRAPPERS)) and not own:
            for statement in statements:
                self.statement(statement, ctx.inside("group"))
            return set()
        simple = Simple(0, self.shown(node.parent if node.parent and node.parent.type == "redirected_statement"
                                      and node.parent.child_by_field_name("body") == node else node),
                        tuple(words), tuple(raw), tuple(assignments), tuple(own), tuple(words[:skipped]), timeout,
                        ctx.scope.cwd, ctx.nesting, ctx.sure, ctx.requires, (),
                        ctx.piped_in or any(r.op in ("<", "<<", "<<<") for r in own), ctx.background)
        index = self.reader.emit(simple)
        implied = {index}
        argv = simple.argv
        payload = shell_payload(argv)
        if payload is None and reads_script_from_stdin(argv) and simple.stdin is not None:
            payload = simple.stdin
        if payload is not None:
            self.reader.out[index] = replace(self.reader.out[index], payload=True)
            inner = ctx.inside("payload", scope=ctx.scope.copy(), requires=ctx.requires, piped_in=False)
            implied |= self.reader.line(payload, inner)
        for exec_argv in find_exec(argv):
            self.reader.emit(Simple(0, " ".join(exec_argv), exec_argv, exec_argv, cwd=ctx.scope.cwd,
                                    nesting=(*ctx.nesting, "exec"), requires=ctx.requires | {index},
                                    background=ctx.background))
        for statement in statements:
            self.statement(statement, ctx.inside("group"))
        _track_directory(ctx.scope, argv)
        return implied


def _bound(redirects: Iterable[Redirect], cwd: str | None) -> tuple[Redirect, ...]:
    """Redirections whose directory is not known yet, given `cwd`."""
    return tuple(replace(r, cwd=cwd) if r.cwd == UNBOUND else r for r in redirects)


def _list_head(node: Node) -> tuple[Node, str, Node, tuple[Node, ...]] | None:
    """For a pipeline's first element that is an `&&`/`||` list (possibly with redirections), the list's left part,
    its operator, its last statement and the redirections."""
    redirects: tuple[Node, ...] = ()
    if node.type == "redirected_statement":
        body = node.child_by_field_name("body")
        if body is None or body.type != "list":
            return None
        redirects = tuple(c for c in node.children if c.type.endswith("_redirect"))
        node = body
    if node.type != "list":
        return None
    parts = [c for c in node.children if c.type != "comment"]
    return parts[0], parts[1].type, parts[-1], redirects


def _set_options(simple: Simple, errexit: bool, pipefail: bool) -> tuple[bool, bool]:
    """`errexit` and `pipefail` after a `set` command (`set -e`, `set -euo pipefail`, `set -o errexit`, `set +e`)."""
    if simple.program != "set":
        return errexit, pipefail
    args = simple.argv[1:]
    for i, arg in enumerate(args):
        if arg[:1] not in ("-", "+") or arg.startswith("--"):
            continue
        on = arg.startswith("-")
        errexit = on if "e" in arg else errexit
        if "o" in arg and i + 1 < len(args):
            errexit = on if args[i + 1] == "errexit" else errexit
            pipefail = on if args[i + 1] == "pipefail" else pipefail
    return errexit, pipefail


def _track_directory(scope: _Scope, argv: tuple[str, ...]) -> None:
    """Follow `cd DIR`, `pushd DIR` and `popd` (an unknowable target makes the directory unknown)."""
    if not argv:
        return
    name = argv[0]
    if name == "popd":
        scope.cwd = scope.stack.pop() if scope.stack else None
        return
    if name not in ("cd", "pushd", "chdir"):
        return
    operands = [a for a in argv[1:] if not a.startswith("-") or a == "-"]
    if name == "pushd":
        scope.stack.append(scope.cwd)
    target = operands[0] if operands else None
    if target is None or target == "-" or target.startswith("~") or "$" in target or "`" in target:
        scope.cwd = None
    elif target.startswith("/"):
        scope.cwd = posixpath.normpath(target)
    elif scope.cwd is not None:
        joined = posixpath.normpath(posixpath.join(scope.cwd, target)) if scope.cwd else posixpath.normpath(target)
        scope.cwd = "" if joined == "." else joined


@functools.lru_cache(maxsize=4096)
def read(line: str) -> tuple[Simple, ...]:
    """The simple commands of a command line, in the order they run (see the module docstring)."""
    reader = _Reader()
    reader.line(line, _Context(_Scope()))
    return reader.finish()


def join(cwd: str | None, path: str) -> str:
    """`path` as seen from where the line started: joined with the directory `cwd` (`""` the start, None unknown:
    the path is kept as written), normalised (`./a` -> `a`); absolute paths stay absolute."""
    if path.startswith("/") or cwd is None or "$" in path or "`" in path:
        return posixpath.normpath(path) if path.startswith("/") else path
    joined = posixpath.normpath(posixpath.join(cwd, path)) if cwd else posixpath.normpath(path)
    return "" if joined == "." else joined
