"""The same agent behaviour written three ways, for rule fixtures: through the tools (`write_file`, `run_tests`,
`run_lint`, `read_file`), as bash one-liners (heredoc and `sed -i` edits, `cd /workspace && timeout 300 ... 2>&1 |
tail`, a `git commit -m "$(cat <<'EOF' ...)"`), and as one `set -euo pipefail` bash script per turn (file reads and
skill loads are their own calls between its parts; a failing step ends the turn, so what follows never happens). A
check that reads what the agent did
must give the three the same verdict (unless the rule is about the way itself, e.g. "run tests only through
run_tests"), so a check tuned to one agent's habits shows up as a fixture that fails.

    steps = [turn_of("Fix the parser", "Fixed; 12 passed.", Edit("src/p.py", FIXED), Tests()),
             turn_of("Commit it", "Committed.", Lint(), Commit("Fix the parser"))]
    runs = ways(steps, initial=FILES, ecosystem=PYTHON)   # {"tool": Run, "oneliner": Run, "script": Run}

An `Ecosystem` says how the repository is tested and linted (Python's pytest and `tools/lint.py`, Node's
`node --test` and `tools/lint.mjs`, C's `make test` and `tools/lint.sh`) and what a green or red run prints.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

from .evidence import Run
from .testing import bash, commit, make_run, tool, turn
from .trajectory import Commit as CommitRecord
from .trajectory import ToolCall

WAYS = ("tool", "oneliner", "script")


@dataclass(frozen=True)
class Ecosystem:
    """How a repository is tested and linted, and what the runs print (`{n}` the count, `{test}` a test's id, `{path}`
    a file with a lint problem); `red_exit` is the exit status of a failing test run."""

    name: str
    test: str
    lint: str
    green: str
    red: str
    failing: str
    lint_clean: str = ""
    lint_dirty: str = "{path}:1: problem"
    red_exit: int = 1


PYTHON = Ecosystem("python", "python -m pytest -q", "python tools/lint.py", "{n} passed in 0.42s",
                   "FAILED {test} - AssertionError\n1 failed, {n} passed in 0.51s", "tests/test_core.py::test_add")
NODE = Ecosystem("node", "node --test", "node tools/lint.mjs",
                 "# tests {n}\n# suites 0\n# pass {n}\n# fail 0\n# cancelled 0\n# skipped 0",
                 "not ok 1 - {test}\n# tests {m}\n# pass {n}\n# fail 1", "sorts rows by date")
C = Ecosystem("c", "make test", "sh tools/lint.sh", "unit: {n} passed\ncli: 4 passed",
              "FAIL {test}: tests/test_core.c:12: got == want\nunit: {n} passed, 1 failed", "test_add",
              lint_clean="lint: ok", red_exit=2)


@dataclass(frozen=True)
class Edit:
    """Write `text` to `path` (create it or replace it); `old`/`new` say which one-line change it is, when it is
    one, so the one-liner way can use `sed -i`."""

    path: str
    text: str
    old: str = ""
    new: str = ""


@dataclass(frozen=True)
class Tests:
    """Run the test suite (or `select`: a file or test name). `ok`: it passes; `n`: how many pass."""

    ok: bool = True
    n: int = 12
    select: str = ""


@dataclass(frozen=True)
class Lint:
    ok: bool = True


@dataclass(frozen=True)
class Commit:
    """Stage `paths` (every change when empty) and commit with `message` (subject, blank line, body); with `empty`,
    stage nothing and commit with `--allow-empty`."""

    message: str
    paths: tuple[str, ...] = ()
    empty: bool = False


@dataclass(frozen=True)
class Read:
    """Read `path`: `read_file`, `sed -n` as a one-liner, `cat` beside the script; with `tool`, `read_file` in every
    way (an agent working in bash may still read through the tool)."""

    path: str
    tool: bool = False


@dataclass(frozen=True)
class Delete:
    """Remove `path` (`rm -f`: no file tool deletes)."""

    path: str


@dataclass(frozen=True)
class Move:
    """Rename `source` to `target`, with `git mv` when `git`, else `mv`."""

    source: str
    target: str
    git: bool = False


@dataclass(frozen=True)
class Skill:
    """Load a skill through the `skill` tool (the same in every way: no command loads one)."""

    name: str


@dataclass(frozen=True)
class Shell:
    """Any other command (`git status`, `curl ...`, a generator), with its output, exit code and the files it writes
    (path -> text): its own bash call, after `cd /workspace &&` as a one-liner, a line of the script."""

    cmd: str
    output: str = ""
    exit_code: int = 0
    writes: dict[str, str] = field(default_factory=dict)


Action = Edit | Tests | Lint | Commit | Read | Delete | Move | Skill | Shell


@dataclass(frozen=True)
class TurnSpec:
    user: str
    reply: str
    actions: tuple[Action, ...]
    intent: str = "new-feature"


def turn_of(user: str, reply: str, *actions: Action, intent: str = "new-feature") -> TurnSpec:
    return TurnSpec(user, reply, actions, intent)


@dataclass
class _State:
    files: dict[str, str]
    commits: list[CommitRecord] = field(default_factory=list)


def _test_output(eco: Ecosystem, t: Tests) -> tuple[str, int]:
    if t.ok:
        return eco.green.format(n=t.n), 0
    return eco.red.format(n=t.n, m=t.n + 1, test=eco.failing), eco.red_exit


def _test_command(eco: Ecosystem, t: Tests) -> str:
    return f"{eco.test} {shlex.quote(t.select)}".strip() if t.select else eco.test


def _lint_output(eco: Ecosystem, lint: Lint, state: _State) -> tuple[str, int]:
    if lint.ok:
        return eco.lint_clean, 0
    return eco.lint_dirty.format(path=next(iter(sorted(state.files)), "src/x")), 1


def _subject(message: str) -> tuple[str, str]:
    subject, _, body = message.partition("\n")
    return subject, body.strip()


def _commit(state: _State, c: Commit) -> str:
    subject, body = _subject(c.message)
    state.commits.append(commit(subject, body))
    return f"[main {len(state.commits):07x}] {subject}" + ("" if c.empty else "\n 1 file changed")


def _tool_calls(action: Action, eco: Ecosystem, state: _State) -> list[ToolCall]:
    if isinstance(action, Edit):
        existed = action.path in state.files
        state.files[action.path] = action.text
        if existed and action.old:
            return [tool("edit_file", path=action.path, old=action.old, new=action.new, output=f"edited {action.path}")]
        return [tool("write_file", path=action.path, content=action.text, output=f"wrote {action.path}")]
    if isinstance(action, Tests):
        output, code = _test_output(eco, action)
        return [tool("run_tests", command=_test_command(eco, action), exit_code=code, is_error=code != 0,
                     output=output, args=action.select)]
    if isinstance(action, Lint):
        output, code = _lint_output(eco, action, state)
        return [tool("run_lint", command=eco.lint, exit_code=code, is_error=code != 0, output=output)]
    if isinstance(action, Commit):
        staged = " ".join(shlex.quote(p) for p in action.paths) or "-A"
        output = _commit(state, action)
        if action.empty:
            return [bash(f"git commit --allow-empty -m {shlex.quote(action.message)}", output=output)]
        return [bash(f"git add {staged}"), bash(f"git commit -m {shlex.quote(action.message)}", output=output)]
    if isinstance(action, Read | Skill):
        return [_own_call(action, state)]
    cmd, output, code = _shell(action, eco, state)
    return [bash(cmd, exit_code=code, output=output)]


def _tool_only(action: Action) -> bool:
    """Whether the action is the same tool call in every way: a skill load, a read through `read_file`."""
    return isinstance(action, Skill) or (isinstance(action, Read) and action.tool)


def _own_call(action: Read | Skill, state: _State) -> ToolCall:
    """The tool call of a read (`read_file`) or a skill load."""
    if isinstance(action, Read):
        return tool("read_file", path=action.path, output=state.files.get(action.path, ""))
    call = tool("skill", output=f"# {action.name}")
    return call.model_copy(update={"args": {"name": action.name}})


def _shell(action: Action, eco: Ecosystem, state: _State) -> tuple[str, str, int]:
    """`(command, output, exit code)` of an action as bash."""
    if isinstance(action, Edit):
        existed = action.path in state.files
        state.files[action.path] = action.text
        if existed and action.old and "\n" not in action.old + action.new and "|" not in action.old + action.new:
            return f"sed -i 's|{action.old}|{action.new}|' {shlex.quote(action.path)}", "", 0
        folder = action.path.rsplit("/", 1)[0] if "/" in action.path else ""
        mkdir = f"mkdir -p {folder} && " if folder and not existed else ""
        return f"{mkdir}cat > {action.path} <<'EOF'\n{action.text.rstrip(chr(10))}\nEOF", "", 0
    if isinstance(action, Tests):
        output, code = _test_output(eco, action)
        return f"timeout 300 {_test_command(eco, action)} 2>&1 | tail -n 25", output, 0
    if isinstance(action, Lint):
        output, code = _lint_output(eco, action, state)
        return eco.lint, output, code
    if isinstance(action, Commit):
        staged = " ".join(shlex.quote(p) for p in action.paths) or "-A"
        output = _commit(state, action)
        if action.empty:
            return f"git commit --allow-empty -m {shlex.quote(action.message)}", output, 0
        return f"git add {staged} && git commit -m \"$(cat <<'EOF'\n{action.message}\nEOF\n)\"", output, 0
    if isinstance(action, Read):
        return f"sed -n '1,200p' {action.path}", state.files.get(action.path, ""), 0
    if isinstance(action, Delete):
        state.files.pop(action.path, None)
        return f"rm -f {shlex.quote(action.path)}", "", 0
    if isinstance(action, Move):
        state.files[action.target] = state.files.pop(action.source, "")
        return f"{'git mv' if action.git else 'mv'} {action.source} {action.target}", "", 0
    assert isinstance(action, Shell)
    state.files.update(action.writes)
    return action.cmd, action.output, action.exit_code


def _oneliners(actions: tuple[Action, ...], eco: Ecosystem, state: _State) -> list[ToolCall]:
    out = []
    for action in actions:
        if _tool_only(action):
            out.append(_own_call(action, state))
            continue
        cmd, output, code = _shell(action, eco, state)
        out.append(bash(f"cd /workspace && {cmd}" if isinstance(action, Tests | Lint | Shell) else cmd, code, output))
    return out


def _script(actions: tuple[Action, ...], eco: Ecosystem, state: _State) -> list[ToolCall]:
    """The turn's actions as `set -euo pipefail` bash scripts, each read (`cat`, or `read_file`) and skill load its own
    call between them, in order: a failing step ends the turn, so the steps after it never happen."""
    out: list[ToolCall] = []
    lines: list[str] = []
    outputs: list[str] = []

    def flush(code: int = 0) -> None:
        if lines:
            out.append(bash("\n".join(["set -euo pipefail", "cd /workspace", *lines]), code,
                            "\n".join(o for o in outputs if o)))
        lines.clear()
        outputs.clear()

    for action in actions:
        if isinstance(action, Read | Skill):
            flush()
            out.append(_own_call(action, state) if _tool_only(action) else
                       bash(f"cat {action.path}", output=state.files.get(action.path, "")))
            continue
        cmd, output, code = _shell(action, eco, state)
        if isinstance(action, Tests):
            cmd, code = _test_command(eco, action), _test_output(eco, action)[1]
        lines.append(cmd)
        outputs.append(output)
        if code:
            flush(code)
            return out
    flush()
    return out


def ways(turns: list[TurnSpec], initial: dict[str, str], ecosystem: Ecosystem = PYTHON,
         bash_timeout: float | None = None, **run_args: Any) -> dict[str, Run]:
    """The run of `turns` played each way (`tool`, `oneliner`, `script`), from the `initial` files (with
    `bash_timeout`, every bash call sets the bash tool's `timeout` argument)."""
    out = {}
    for way in WAYS:
        state = _State(dict(initial))
        records = []
        for spec in turns:
            if way == "tool":
                calls = [c for a in spec.actions for c in _tool_calls(a, ecosystem, state)]
            elif way == "oneliner":
                calls = _oneliners(spec.actions, ecosystem, state)
            else:
                calls = _script(spec.actions, ecosystem, state)
            if bash_timeout is not None:
                calls = [c.model_copy(update={"args": {**c.args, "timeout": bash_timeout}}) if c.name == "bash" else c
                         for c in calls]
            records.append(turn(spec.user, spec.reply, *calls, intent=spec.intent, files=dict(state.files)))
        out[way] = make_run(initial=initial, final=dict(state.files), turns=records, commits=state.commits,
                            **run_args)
    return out
