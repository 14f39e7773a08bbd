"""Tool calls, shell commands and the numbers rules count.

Tool calls: how a call ended (`failed`), what it is (`call_key`, `tool_path`), how much it printed
(`output_lines`), identical calls repeated after a failure (`retry_streaks`), files read again though
unchanged (`rereads`), `write_file` over an existing file with the text it replaced (`overwrites`), what came
after a failed `edit_file` (`rewrites_after_failed_edit`), the bash tool's `timeout` argument (`bash_timeouts`).

Shell commands (on `checks.shell` segments): git's global options and paging, the repository files a reading
program (`cat`, `head`, `sed -n`, `awk`, `< file`) or inline code (`python -c "print(open(f).read())"`, `node -e`)
prints, capped recursive searches, commands that wait for a terminal, privilege escalation, network fetches,
recursive deletes outside the workspace, what stops background processes, package installs, linters
of the agent's own choosing, the modules a test selection names in each language.

Counts: code-block lines, number words and decimals in text, the lines a run added and removed. (Test counts of
command output: `checks.summaries`; per-function metrics: `checks.facts`.)
"""

from __future__ import annotations

import difflib
import json
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import takewhile

from ..evidence import FileView, Run
from ..stack import SKILL_TOOL
from ..trajectory import ToolCall
from . import bash
from .code import calls as code_calls
from .command import EDIT_TOOLS, numbered_calls
from .render import call_line, output_tail
from .shell import Segment, named_test_files, parse, sed_in_place, short_flag, workspace_relative
from .workspace import added_count, changed_paths, repo_path, workspace_path

FILE_TOOLS = ("read_file", "write_file", "edit_file", "list_files")

# --- tool calls ---------------------------------------------------------------------------------------------


def failed(call: ToolCall) -> bool:
    """The call failed: a tool error, a non-zero exit or a timeout."""
    return call.is_error or call.timed_out or call.exit_code not in (None, 0)


def call_key(call: ToolCall) -> str:
    """What makes two calls identical: the tool and its arguments (key order ignored)."""
    return f"{call.name} {json.dumps(call.args, sort_keys=True, default=str)}"


def tool_path(call: ToolCall) -> str | None:
    """The workspace path a file-tool call names (`./src/a.py` -> `src/a.py`), if any."""
    path = call.args.get("path")
    return workspace_path(path) if isinstance(path, str) and path else None


def output_lines(call: ToolCall) -> int:
    """Lines a call printed, without the harness's leading `exit code:` line and `[output truncated]` marker."""
    lines = call.output.splitlines()
    if lines and lines[0].startswith("exit code:"):
        lines = lines[1:]
    if lines and lines[-1] == "[output truncated]":
        lines = lines[:-1]
    return len(lines)


def retry_streaks(run: Run) -> list[tuple[int, ToolCall, int]]:
    """`(turn, call, retries)` for each run of identical consecutive calls in one turn in which every call but
    possibly the last failed: the first call and how many times it was repeated after failing."""
    out = []
    for t in run.turns:
        calls, i = list(t.tool_calls), 0
        while i < len(calls):
            j = i
            while j + 1 < len(calls) and failed(calls[j]) and call_key(calls[j + 1]) == call_key(calls[i]):
                j += 1
            if j > i:
                out.append((t.index, calls[i], j - i))
            i = j + 1
    return out


def shell_written(call: ToolCall) -> set[str]:
    """Workspace paths a bash call writes (see `SimpleCommand.written_paths`)."""
    if call.name != "bash" or call.command is None:
        return set()
    return {p for s in parse(call.command) for w in s.written_paths if (p := workspace_relative(w)) is not None}


def _unexplained(run: Run, turn: int) -> set[str]:
    """Files the turn changed that neither its file tools nor its bash writes account for."""
    calls = run.turns[turn].tool_calls
    edited = {p for c in calls if c.name in EDIT_TOOLS and (p := tool_path(c))}
    edited |= {p for c in calls for p in shell_written(c)}
    return set(run.changed_in_turn(turn)) - edited


def rereads(run: Run) -> list[str]:
    """`turn N: read_file PATH` for every successful read of a file already read and not changed since: by a
    file tool, a bash write or (conservatively) any bash command of a turn that changed the file unexplained."""
    fresh: set[str] = set()
    out = []
    for t in run.turns:
        unexplained = _unexplained(run, t.index)
        for call in t.tool_calls:
            path = tool_path(call)
            if call.name == "read_file" and path and not call.is_error:
                if path in fresh:
                    out.append(f"turn {t.index}: read_file {path}")
                fresh.add(path)
            elif call.name in EDIT_TOOLS and path and not call.is_error:
                fresh.discard(path)
            elif call.name == "bash":
                fresh -= shell_written(call) | unexplained
    return out


@dataclass(frozen=True)
class Overwrite:
    """A successful `write_file` over a file that existed, with the text it replaced."""

    turn: int
    path: str
    old: str
    new: str

    @property
    def changed_percent(self) -> float:
        """The share of the old file's lines the new text does not keep, in percent."""
        old, new = self.old.splitlines(), self.new.splitlines()
        if not old:
            return 100.0
        kept = sum(b.size for b in difflib.SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks())
        return 100.0 * (len(old) - kept) / len(old)


def _files_at_turn_start(run: Run, turn: int) -> dict[str, str]:
    before = run.initial_files if turn == 0 else run.files_after_turn(turn - 1)
    return {p: d.decode(errors="replace") for p, d in before.items()}


def _apply(state: dict[str, str], call: ToolCall, turn: int) -> None:
    """Follow a call's effect on the known file texts; a path a bash command writes becomes unknown."""
    path = tool_path(call)
    if call.name == "bash":
        for p in shell_written(call):
            state.pop(p, None)
    elif call.is_error or path is None:
        return
    elif call.name == "write_file" and isinstance(call.args.get("content"), str):
        state[path] = call.args["content"]
    elif call.name == "edit_file":
        old, new, text = call.args.get("old"), call.args.get("new"), state.get(path)
        if isinstance(old, str) and isinstance(new, str) and text is not None and old in text:
            state[path] = text.replace(old, new, 1)
        else:
            state.pop(path, None)


def _heredoc_overwrites(call: ToolCall) -> list[tuple[str, str]]:
    """`(path, text)` for each `cat > FILE <<EOF ... EOF` (or `>|`) of a bash call: a whole-file write whose new
    text the command itself holds."""
    if call.name != "bash" or call.command is None or call.is_error:
        return []
    out = []
    for s in parse(call.command):
        if s.program != "cat" or len(s.argv) > 1 or s.simple.stdin is None:
            continue
        out += [(p, s.simple.stdin) for r in s.simple.redirects if r.op in (">", ">|") and r.file
                and (p := workspace_relative(bash.join(r.cwd, r.file))) is not None]
    return out


def overwrites(run: Run) -> list[Overwrite]:
    """Every successful `write_file`, and every bash `cat > FILE <<EOF`, over a file whose text before the call
    the file tools show (the turn's starting files, followed through `write_file` and `edit_file`; any other bash
    write makes a file unknown)."""
    out = []
    for t in run.turns:
        state = _files_at_turn_start(run, t.index)
        for call in t.tool_calls:
            path = tool_path(call)
            if call.name == "write_file" and not call.is_error and path in state and path is not None:
                out.append(Overwrite(t.index, path, state[path], str(call.args.get("content", ""))))
            out += [Overwrite(t.index, p, state[p], text) for p, text in _heredoc_overwrites(call) if p in state]
            _apply(state, call, t.index)
    return out


def existing_file_changes(run: Run) -> list[tuple[int, ToolCall]]:
    """Successful `edit_file` / `write_file` calls on files that existed when their turn started."""
    out = []
    for t in run.turns:
        known = set(_files_at_turn_start(run, t.index))
        out += [(t.index, c) for c in t.tool_calls if c.name in EDIT_TOOLS and not c.is_error and tool_path(c) in known]
    return out


def existing_files_changed(run: Run) -> list[tuple[int, str]]:
    """`(turn, path)` for each file that existed when its turn started and that the turn changed, whatever made
    the change: `edit_file` / `write_file`, or bash (`sed -i`, `git apply`, a heredoc, a script)."""
    out = []
    for t in run.turns:
        known = _files_at_turn_start(run, t.index)
        out += [(t.index, p) for p in run.changed_in_turn(t.index) if p in known]
    return out


def rewrites_after_failed_edit(run: Run) -> tuple[int, list[str]]:
    """How many `edit_file` calls failed, and each failure whose file was next changed with `write_file`."""
    calls = [(turn, call) for _, turn, call in numbered_calls(run)]
    failures, rewrites = 0, []
    for i, (turn, call) in enumerate(calls):
        if call.name != "edit_file" or not call.is_error or (path := tool_path(call)) is None:
            continue
        failures += 1
        later = (c for _, c in calls[i + 1 :] if c.name in EDIT_TOOLS and not c.is_error and tool_path(c) == path)
        nxt = next(later, None)
        if nxt is not None and nxt.name == "write_file":
            rewrites.append(f"turn {turn}: edit_file {path} failed, then write_file {path}")
    return failures, rewrites


def bash_timeouts(run: Run) -> dict[int, float]:
    """The `timeout` argument of each bash call that set one, by the call's order."""
    out = {}
    for order, _, call in numbered_calls(run):
        value = call.args.get("timeout")
        if call.name == "bash" and isinstance(value, int | float) and not isinstance(value, bool):
            out[order] = float(value)
    return out


def where(turn: int, call: ToolCall) -> str:
    """`turn N: <the call as one line>` for assertion messages."""
    return f"turn {turn}: {call_line(call)}"


def calls_text(calls: Iterable[tuple[int, ToolCall]], failed_tail: int = 0) -> str:
    """Calls as the judge reads them, one line each (`[turn N] <call line>`); a failed call is marked FAILED and,
    with `failed_tail`, followed by that many last lines of its output."""
    lines = []
    for turn, call in calls:
        mark = " FAILED" if failed(call) else ""
        lines.append(f"[turn {turn}]{mark} {call_line(call)}")
        if mark and failed_tail:
            lines.append(output_tail(call.output, failed_tail))
    return "\n".join(line for line in lines if line) or "(no tool call)"


def turn_calls(run: Run, first: int, last: int) -> list[tuple[int, ToolCall]]:
    """`(turn, call)` for the calls of turns `first` to `last` (both included), in order."""
    return [(t.index, c) for t in run.turns[first : last + 1] for c in t.tool_calls]


def skill_loads(run: Run) -> list[tuple[int, int, str]]:
    """`(order, turn, skill name)` of every successful `skill` call."""
    return [
        (order, turn, str(call.args.get("name", "")))
        for order, turn, call in numbered_calls(run)
        if call.name == SKILL_TOOL and not call.is_error
    ]


TEST_AFFIXES = re.compile(r"^test_|(?:_test|_spec|\.test|\.spec)$")


def selected_test_stems(seg: Segment) -> set[str]:
    """The module stems a test selection names by test file (`shell.named_test_files`), its name's test affixes
    dropped (`tests/test_core.py::t`, `test/sort.test.js`, `core_test.go`, `TESTS=tests/test_crc.c`,
    `spec/user_spec.rb` -> `core`, `sort`, `core`, `crc`, `user`)."""
    names = (posixpath.splitext(posixpath.basename(p))[0] for p in named_test_files(seg))
    return {stem for n in names if (stem := TEST_AFFIXES.sub("", n))}


def module_stems(paths: Iterable[str]) -> set[str]:
    """File stems of `paths` (`src/pkg/core.py` -> `core`, `src/table.sort.js` -> `table.sort` and `table`)."""
    names = [posixpath.basename(p) for p in paths]
    return {posixpath.splitext(n)[0] for n in names} | {n.split(".")[0] for n in names if n.split(".")[0]}


# --- shell commands -----------------------------------------------------------------------------------------

DURATION_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def seconds(duration: str) -> float:
    """A `timeout` duration (`60`, `2.5m`, `1h`) in seconds."""
    hit = re.fullmatch(r"(\d+(?:\.\d+)?)([smhd]?)", duration)
    return float(hit.group(1)) * DURATION_UNITS[hit.group(2)] if hit else 0.0


def git_options(seg: Segment) -> list[str]:
    """The global options of a git invocation (`git -C dir --no-pager log` -> `-C dir --no-pager`)."""
    if seg.git is None:
        return []
    return seg.argv[1 : len(seg.argv) - len(seg.git[1]) - 1]


def pages(seg: Segment, subcommands: tuple[str, ...]) -> bool:
    """A git subcommand of `subcommands` run without `--no-pager` / `-P`."""
    opts = git_options(seg)
    return seg.git is not None and seg.git[0] in subcommands and not ({"--no-pager", "-P"} & set(opts))


VALUED = {
    "head": frozenset({"-n", "-c", "--lines", "--bytes"}),
    "tail": frozenset({"-n", "-c", "--lines", "--bytes", "-s", "--pid"}),
    "nl": frozenset({"-b", "-d", "-f", "-h", "-i", "-l", "-n", "-s", "-v", "-w"}),
    "sed": frozenset({"-e", "-f", "--expression", "--file", "-l", "--line-length"}),
    "awk": frozenset({"-f", "--file", "-v", "--assign", "-F", "--field-separator"}),
}
SCRIPT_OPTIONS = {"sed": ("-e", "-f", "--expression", "--file"), "awk": ("-f", "--file")}
"""Options that give a `sed`/`awk` program from elsewhere, so that no operand is the program."""
AWKS = frozenset({"awk", "gawk", "mawk", "nawk"})


def _words(seg: Segment, program: str) -> list[str]:
    """The non-option arguments of `program`, the values of its `-n`-style options left out."""
    out, skip = [], False
    for word in seg.argv[1:]:
        if skip:
            skip = False
        elif word in VALUED.get(program, ()):
            skip = True
        elif word.startswith("-") and word != "-":
            continue
        else:
            out.append(word)
    return out


def operands(seg: Segment) -> list[str]:
    """The non-option arguments of the program, the values of `-n`-style options left out (redirections are no
    arguments: `checks.bash` reads them apart); for `sed` and `awk`, their program and `awk`'s `var=value` too."""
    program = "awk" if seg.program in AWKS else seg.program
    out = _words(seg, program)
    given = SCRIPT_OPTIONS.get(program)
    if given is not None and not any(a.startswith(given) for a in seg.argv[1:]):
        out = out[1:]
    return [w for w in out if program != "awk" or "=" not in w]


AWK_COMPUTING = re.compile(r"\bEND\b|(?<![=!<>])=(?!=)|\+\+|--|[-+*/%^]=|\$(?!0(?!\d))[\w(]")
"""An awk program that computes: an `END` block, an assignment or counter, a field other than `$0`."""


def _awk_computes(seg: Segment) -> bool:
    """An `awk` whose program computes rather than shows lines (`{s+=$2} END {print s}`, `{print $1}`; not
    `NR>=5 && NR<=30`, `/def /{print NR": "$0}`, nor a program from a file)."""
    if seg.program not in AWKS or any(a.startswith(SCRIPT_OPTIONS["awk"]) for a in seg.argv[1:]):
        return False
    words = _words(seg, "awk")
    return bool(words) and AWK_COMPUTING.search(words[0]) is not None


STDOUT_WRITES = frozenset({">", ">>", ">|", "&>", "&>>"})


def _stdout_to_file(seg: Segment) -> bool:
    """Standard output redirected into a file (`> out`, `>> log`, `&> out`, `> /dev/null`; not `>&2`)."""
    return any(r.fd in ("", "1") and (r.op in STDOUT_WRITES or (r.op == ">&" and not r.target.isdigit()))
               for r in seg.simple.redirects)


def relative_inside(path: str) -> bool:
    """A relative path that stays inside the workspace (`src/a.py`, `./a`; not `/x`, `~/x`, `$HOME/x`, `../x`)."""
    return not path.startswith("/") and repo_path(path) is not None


def edits_in_place(seg: Segment) -> bool:
    """`sed -i`, `awk -i inplace`: the program rewrites its files rather than printing them."""
    if seg.program == "sed":
        return sed_in_place(seg.argv[1:])
    return seg.program in AWKS and "inplace" in seg.argv[1:]


def _shows(seg: Segment, programs: tuple[str, ...]) -> bool:
    """A program of `programs` that shows what it reads on the terminal: no in-place edit, no computing awk, its
    standard output in no file."""
    return seg.program in programs and not edits_in_place(seg) and not _awk_computes(seg) and not _stdout_to_file(seg)


def files_read(seg: Segment, programs: tuple[str, ...]) -> list[str]:
    """Workspace files a reading program of `programs` (cat, head, sed, awk...) prints for viewing: its file operands
    (a `sed` or `awk` program aside) and a file fed to its standard input with `<`. A program reading a pipe names
    none; nothing is read for viewing by `sed -i`, an awk that computes (`{s+=$2} END {print s}`), output redirected
    into a file (`sed 's/a/b/' f > /tmp/f`) or piped into anything but another such program (`tail -n +2 f | wc -l`;
    `nl f | sed -n '1,60p'` still shows `f`)."""
    if not _shows(seg, programs) or not all(_shows(s, programs) for s in seg.pipes_into):
        return []
    named = [*operands(seg), *(r.target for r in seg.simple.redirects if r.op == "<" and r.target)]
    return [p for a in named if a != "-" and (p := repo_path(a)) is not None and p != "."]


GREPS = frozenset({"grep", "egrep", "rg"})
EVERY_LINE = frozenset({"", "^", "$", ".", ".*", "^.*", "^.*$"})


def whole_file_greps(seg: Segment) -> list[str]:
    """Workspace files a grep prints whole: its pattern matches every line (`grep -n '' f`, `grep '^' f`, `rg
    '.*' f`) and its output reaches the terminal (no file, no pipe into anything but a file printer)."""
    if seg.program not in GREPS or _stdout_to_file(seg) or seg.pipes_into:
        return []
    words = _words(seg, seg.program)
    if not words or words[0] not in EVERY_LINE:
        return []
    return [p for a in words[1:] if a != "-" and (p := repo_path(a)) is not None and p != "."]


OPENERS = frozenset({"open", "io.open", "codecs.open"})
JS_READERS = frozenset({"readFileSync", "readFile"})
"""Calls whose first argument names a file they read: Python's `open`, and (by name) `fs.readFileSync`,
`fs.promises.readFile`."""
PATH_READ = re.compile(r"(?:^|\.)Path\((?P<arg>[^()]*)\)\.(?:read_text|read_bytes|open)$")
PRINTERS = frozenset({"print", "pprint", "pprint.pprint", "sys.stdout.write", "console.log", "console.info",
                      "process.stdout.write"})
PASSING_ON = frozenset({"print", "pprint", "write", "log", "info", "join", "str", "repr", "list", "enumerate"})
"""Calls that hand a file's text on to the printer unchanged in meaning (any other call around a read computes)."""
STRING = re.compile(r"""^[rRuU]?(['"`])(?P<text>[^'"`\n\\$]+)\1$""")
INLINE_FILE = {"python": "-.py", "javascript": "-.js"}


def code_reads(seg: Segment) -> list[str]:
    """Workspace files that inline code (`python -c`, `python - <<EOF`, `node -e`) reads and prints: a string literal
    given to `open`, `Path(...).read_text`, `fs.readFileSync` (read through `checks.code.calls`), when the code
    prints (`print`, `console.log`) and the read feeds no computation (`json.load(open(f))`, `len(...)`)."""
    found = seg.code
    if found is None:
        return []
    calls = code_calls(FileView(INLINE_FILE[found[0]], found[1].encode()))
    if not any(c.callee in PRINTERS for c in calls):
        return []
    out = []
    for c in calls:
        path_read = PATH_READ.search(c.callee)
        opener = c.callee in OPENERS or c.name in JS_READERS
        arg = path_read["arg"].strip() if path_read else c.args[0] if opener and c.args else ""
        literal = STRING.match(arg)
        opened = f"{c.callee}(" if path_read is None else c.callee.rsplit(".", 1)[0]
        computed = any(o is not c and o.name not in PASSING_ON and any(opened in a and arg in a for a in o.args)
                       for o in calls)
        if literal and not computed and (p := repo_path(literal["text"])) not in (None, "."):
            out.append(p)
    return list(dict.fromkeys(out))


SEARCHERS = frozenset({"rg", "ag", "ack"})
CAPPING = frozenset({"head", "tail", "wc"})
GREP_VALUED = "efmABCdD"


def recursive_search(seg: Segment) -> bool:
    """`grep -r`/`-R`/`--recursive`, `rg`, `ag`, `ack` or `git grep`."""
    if seg.program in ("grep", "egrep", "fgrep"):
        args = seg.argv[1:]
        return short_flag(args, "r", GREP_VALUED) or short_flag(args, "R", GREP_VALUED) or any(
            a.startswith(("--recursive", "--dereference-recursive", "--directories=recurse")) for a in args
        )
    return seg.program in SEARCHERS or seg.is_git("grep")


def search_capped(seg: Segment) -> bool:
    """The search limits what it prints: names or counts only (`-l`, `-L`, `-c`, `-q`), `-m N`, or a pipe into
    `head`, `tail` or `wc`."""
    args = seg.git[1] if seg.git else seg.argv[1:]
    if any(short_flag(args, f, GREP_VALUED) for f in "lLcqm"):
        return True
    longs = ("--files-with-matches", "--files-without-match", "--count", "--quiet", "--max-count")
    return any(a.startswith(longs) for a in args) or any(s.program in CAPPING for s in seg.pipes_into)


EDITORS = frozenset({"vi", "vim", "nvim", "nano", "pico", "joe", "micro", "emacs"})
PAGERS = frozenset({"less", "more", "most", "man"})
MONITORS = frozenset({"top", "htop", "watch"})
REPLS = frozenset({"node", "ipython", "bpython", "irb"})


def interactive(seg: Segment) -> str | None:
    """Why the command would wait for a terminal (an editor, pager, monitor, REPL, or a git command that opens
    an editor or prompts), or None."""
    program, args = seg.program, seg.argv[1:]
    if program in EDITORS and "--batch" not in args:
        return f"opens the editor {program}"
    if program in PAGERS or program in MONITORS:
        return f"runs {program}, which waits for the terminal"
    leading = list(takewhile(lambda a: a.startswith("-") and a not in ("-m", "-c"), args))
    if (seg.is_python or program in REPLS) and ((not args and not seg.piped_in) or "-i" in leading):
        return f"starts an interactive {program} session"
    return _interactive_git(seg)


def _interactive_git(seg: Segment) -> str | None:
    if seg.git is None:
        return None
    sub, args = seg.git
    if sub == "commit" and not _commit_message_given(args):
        return "git commit without a message opens an editor"
    if sub == "rebase" and (short_flag(args, "i") or "--interactive" in args):
        return "git rebase -i opens an editor"
    patch = short_flag(args, "p") or "--patch" in args
    if sub in ("checkout", "reset", "restore", "stash") and patch:
        return f"git {sub} --patch prompts for each hunk"
    if sub == "add" and (patch or short_flag(args, "i") or "--interactive" in args):
        return "git add --patch/--interactive prompts for each hunk"
    if sub in ("mergetool", "difftool"):
        return f"git {sub} opens an interactive tool"
    return None


def _commit_message_given(args: list[str]) -> bool:
    if short_flag(args, "m", "FcCtSu") or short_flag(args, "F", "mcCtSu") or short_flag(args, "C", "mFctSu"):
        return True
    given = ("--message", "--file", "--reuse-message", "--no-edit", "--fixup")
    return any(a.startswith(given) for a in args)


ESCALATORS = frozenset({"sudo", "su", "doas", "pkexec"})


def escalates(seg: Segment) -> bool:
    """The command runs with raised privileges: `sudo`, `su`, `doas` or `pkexec`, also behind a wrapper."""
    prefix = seg.words[: len(seg.words) - len(seg.argv)]
    return seg.program in ESCALATORS or any(posixpath.basename(w) in ESCALATORS for w in prefix)


URL = re.compile(
    r"^(?P<scheme>[a-z][a-z0-9+.-]*://)?(?:[^@/\s]+@)?(?P<host>\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)"
    r"(?P<port>:\d+)?(?P<path>[/?#]\S*)?$"
)
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "0.0.0.0", "[::1]"})
HTTP_CLIENTS = frozenset({"curl", "wget", "http", "https"})
GIT_REMOTE = frozenset({"clone", "fetch", "pull", "ls-remote"})


def remote_hosts(seg: Segment) -> list[str]:
    """Hosts other than localhost that an HTTP client (curl, wget, httpie...) is pointed at: arguments with a
    scheme (`https://...`), or a dotted host followed by a port or a path (`example.com/x`, `api.io:8080`)."""
    if seg.program not in HTTP_CLIENTS:
        return []
    hosts = []
    for word in seg.argv[1:]:
        hit = URL.match(word)
        if word.startswith("-") or hit is None:
            continue
        host = hit["host"].lower()
        dotted = "." in host.strip(".") and bool(hit["port"] or hit["path"])
        if hit["scheme"] or dotted:
            hosts.append(host)
    return [h for h in hosts if h not in LOCAL_HOSTS and not h.startswith("127.")]


def fetches(seg: Segment) -> bool:
    """The command reaches the network: an HTTP client to a non-local host, or `git clone/fetch/pull/ls-remote`."""
    return bool(remote_hosts(seg)) or (seg.git is not None and seg.git[0] in GIT_REMOTE)


def recursive_rm_targets(seg: Segment) -> list[str] | None:
    """The operands of a recursive `rm` (`-r`, `-R`, `--recursive`, in any cluster), or None for other commands."""
    if seg.program != "rm":
        return None
    args = seg.argv[1:]
    if not (short_flag(args, "r") or short_flag(args, "R") or "--recursive" in args):
        return None
    return [a for a in args if not a.startswith("-")]


STOPPERS = frozenset({"kill", "pkill", "killall", "wait"})


def stops_processes(seg: Segment) -> bool:
    """`kill`, `pkill`, `killall`, `wait` or `fuser -k`."""
    return seg.program in STOPPERS or (seg.program == "fuser" and short_flag(seg.argv[1:], "k"))


PYTHON_INSTALLERS = frozenset({"pip", "uv", "poetry", "pdm", "conda"})


def installs(seg: Segment) -> str | None:
    """The installer a package install uses (`pip`, `uv`, `poetry`, `conda`, `npm`...), or None."""
    argv = seg.argv
    if seg.is_python and argv[1:3] == ["-m", "pip"] and "install" in argv[3:]:
        return "pip"
    if seg.program in ("pip", "pip3") and "install" in argv[1:]:
        return "pip"
    if seg.program == "uv" and (argv[1:2] in (["add"], ["sync"]) or argv[1:3] == ["pip", "install"]):
        return "uv"
    if seg.program in ("poetry", "pdm", "conda", "npm", "pnpm", "yarn") and argv[1:2] in (["add"], ["install"]):
        return seg.program
    return None


def foreign_linter(seg: Segment) -> bool:
    """A lint run that a linter, formatter or type checker decides on its own (`ruff check`, `python -m flake8`,
    `npx eslint`, `tsc --noEmit`, `cargo clippy`, `go vet`), not a script or task-runner entry of the project
    (`tools/lint.py`, `make lint`, `npm run lint`, `pre-commit run`)."""
    return seg.is_lint_run and not seg.activity.own


# --- counts in text and output ------------------------------------------------------------------------------

CODE_BLOCK = re.compile(r"```[^\n]*\n(.*?)^[ \t]*```", re.S | re.M)


def code_block_lines(text: str) -> list[int]:
    """The number of lines inside each fenced code block of `text` (fence lines not counted)."""
    return [len(b.group(1).splitlines()) for b in CODE_BLOCK.finditer(text)]


_UNITS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
)
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
NUMBER_WORDS = {**{w: i for i, w in enumerate(_UNITS)}, **_TENS, "hundred": 100, "thousand": 1000, "million": 10**6}
NUMBER_WORD = re.compile(
    r"\b(" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?:-(" + "|".join(_UNITS[1:10]) + r"))?\b",
    re.I,
)


def number_words(text: str) -> list[tuple[str, int]]:
    """Numbers written as words (`seven`, `twenty-one`, `hundred`) with their value."""
    out = []
    for hit in NUMBER_WORD.finditer(text):
        value = NUMBER_WORDS[hit.group(1).lower()] + (NUMBER_WORDS[hit.group(2).lower()] if hit.group(2) else 0)
        out.append((hit.group(0), value))
    return out


DECIMAL = re.compile(r"(?<![\w.])[-+]?(?:\d[\d,]*)?\.(\d+)(?![\w]|\.\d)")


def decimals(text: str) -> list[tuple[str, int]]:
    """Numbers with a decimal point (`0.25`, `-3.5`, `1,024.75`, `.5`) and their decimal places; version-like
    strings (`3.11.2`) and a sentence's full stop before a digit are not numbers."""
    return [(hit.group(0), len(hit.group(1))) for hit in DECIMAL.finditer(text)]


def states_count(text: str, count: int, nouns: str) -> bool:
    """Whether `text` gives `count` as a numeral followed, within two words, by a word matching `nouns`
    (`12 passed`, `12 of 12 tests pass`, `3 new tests`)."""
    return bool(re.search(rf"(?<![\d.]){count}(?![\d.])(?:\s+[\w-]+){{0,2}}?\s+(?:{nouns})\b", text, re.I))


OPTION_LABEL = re.compile(r"\b(?:Option|Alternative|Approach)\s+([A-Z]|\d+)\b")


def option_labels(text: str) -> list[str]:
    """The distinct labels of alternatives a text presents (`Option A`, `Option 2`, `Approach B`), in order."""
    return list(dict.fromkeys(hit.group(1) for hit in OPTION_LABEL.finditer(text)))


def diff_size(run: Run) -> tuple[int, int]:
    """Lines the run added and removed over every text file it changed (files with a NUL byte left out)."""
    added = removed = 0
    for path in changed_paths(run):
        before, after = run.initial_files.get(path), run.files.get(path)
        if b"\0" in (before or b"") + (after or b""):
            continue
        added, removed = added + added_count(before, after), removed + added_count(after, before)
    return added, removed


def line_count(data: bytes | None) -> int:
    """Lines of a file's content (0 for an absent file)."""
    return 0 if data is None else len(data.decode(errors="replace").splitlines())
