"""Git history and the triggers of conditional rules: commit messages (prefixes, imperative subjects, trailers,
issue references, AI credits), commits as the agent's commands show them (which turn made which subject), what the
final state says was committed (porcelain lines, `.gitignore`), renames, reads of a file, red test runs and the names
a failing test goes by in every runner, the locations error traces of any language point at, and the Python facts
conditional rules trigger on (imports and the modules they name, environment reads, CLI flags, names a module binds,
third-party imports, Markdown sections).

A run's commits (`Run.new_commits`) carry a subject, a body and an author, not the files they touched nor the turn
that made them; `turn_commit_subjects` recovers the turn from the `git commit` commands (git prints
`[branch sha] subject`), and `committed_paths` recovers what was committed from the final state: a changed path
that is neither in `git status` nor ignored must have been committed.
"""

from __future__ import annotations

import difflib
import fnmatch
import re
import sys
from collections.abc import Callable, Iterable

import libcst as cst
import libcst.matchers as m

from ..evidence import Command, Run
from ..trajectory import Commit
from .ast import callee, calls, dotted, findall, imports
from .command import edits, numbered_calls, shell_edits
from .project import dependency_lists
from .pysource import parse
from .shell import Segment, segments, segments_of
from .summaries import read_counts
from .workspace import changed_paths, workspace_path

# --- commit messages -------------------------------------------------------------------------------------------

TRAILER = re.compile(r"^([A-Za-z][A-Za-z0-9-]*):[ \t]+(\S.*)$")

PREFIX = re.compile(r"^([\w./-]+(?:\([^()\s]+\))?!?):\s+(.*)$")

ISSUE_REF = re.compile(r"(?<![\w&/])#(\d{1,7})\b|/issues/(\d{1,7})\b|\bissue\s+(?:no\.?\s*)?#?(\d{1,7})\b", re.I)

PARAGRAPH = re.compile(r"\n[ \t]*\n")

_VERBS = (
    "accept add adjust allow apply avoid bump cache call cap cast catch change check clamp clean clear close "
    "compute convert copy correct count create deduplicate define delete deprecate detect disable document drop "
    "emit enable ensure expose extend extract fail filter fix flag format guard handle hide ignore implement "
    "import improve include increase initialise initialize introduce keep limit load log make mark merge move "
    "normalise normalize open parse pass pin prevent print raise read reduce refactor reject release reload "
    "remove rename reorder replace report require reserve reset resolve restore restrict retry return reuse "
    "revert rewrite run save separate set show sign simplify skip sort split start stop store strip support "
    "switch test tidy treat trim tweak update upgrade use validate verify warn wrap write"
)

BASE_VERBS = frozenset(_VERBS.split())
"""Base forms of verbs commit subjects commonly start with."""

_BASE_LOOKALIKES = (
    "bed bleed breed embed exceed feed heed led need proceed red seed shed shred speed succeed wed weed "
    "bring ceiling during evening nothing ping ring sing something spring string swing thing wing"
)

NOT_INFLECTED = frozenset(_BASE_LOOKALIKES.split())
"""Words ending in -ed or -ing that are no past or -ing form."""


def _inflections(verb: str) -> set[str]:
    """Third-person, past and -ing forms of a regular verb (`fix` -> fixes, fixed, fixing)."""
    stem = verb[:-1] if verb.endswith("e") else verb
    doubled = verb + verb[-1] if re.search(r"[^aeiou][aeiou][bdgmnprt]$", verb) and len(verb) <= 4 else verb
    forms = {verb + "s", verb + "es", stem + "ed", doubled + "ed", stem + "ing", doubled + "ing", verb + "ing"}
    if verb.endswith("y") and verb[-2:-1] not in tuple("aeiou"):
        forms |= {verb[:-1] + "ies", verb[:-1] + "ied"}
    return forms - {verb}


INFLECTED = frozenset(form for verb in BASE_VERBS for form in _inflections(verb)) - BASE_VERBS


def message(commit: Commit) -> str:
    """A commit's whole message: the subject, a blank line and the body."""
    return f"{commit.subject}\n\n{commit.body}".strip()


def trailers(body: str) -> list[tuple[str, str]]:
    """Git trailers: the `Key: value` lines of the body's last paragraph, when every line of that paragraph is a
    trailer or an indented continuation; otherwise none."""
    paragraphs = [p for p in PARAGRAPH.split(body.strip()) if p.strip()]
    if not paragraphs:
        return []
    found: list[tuple[str, str]] = []
    for line in paragraphs[-1].splitlines():
        hit = TRAILER.match(line.strip())
        if hit:
            found.append((hit.group(1), hit.group(2).strip()))
        elif not (found and line[:1].isspace()):
            return []
    return found


def body_text(body: str) -> str:
    """The body without its trailer paragraph."""
    paragraphs = [p for p in PARAGRAPH.split(body.strip()) if p.strip()]
    if paragraphs and trailers(paragraphs[-1]):
        paragraphs = paragraphs[:-1]
    return "\n\n".join(paragraphs)


def split_prefix(subject: str) -> tuple[str, str]:
    """`("fix(retry)", "cap the delay")` for `fix(retry): cap the delay`; `("", subject)` without a prefix."""
    hit = PREFIX.match(subject.strip())
    return (hit.group(1), hit.group(2)) if hit else ("", subject.strip())


def first_word(text: str) -> str:
    """The first word of `text`, punctuation around it dropped."""
    words = re.findall(r"[A-Za-z][\w'-]*", text)
    return words[0] if words else ""


def is_imperative(word: str) -> bool:
    """False for a past, -ing or third-person form (`Added`, `Fixing`, `Updates`): an inflection of a common
    commit verb, or an -ed/-ing word that is not a base form itself (`embed`, `string`)."""
    low = word.lower()
    if low in INFLECTED:
        return False
    if low in BASE_VERBS or low in NOT_INFLECTED:
        return True
    return not (len(low) > 4 and low.endswith(("ed", "ing")))


def conventional(subject: str, types: Iterable[str]) -> bool:
    """Whether `subject` is `type(scope)!: summary` (scope and `!` optional) with one of `types`."""
    kinds = "|".join(re.escape(t) for t in types)
    return bool(kinds) and re.match(rf"^(?:{kinds})(?:\([\w./-]+\))?!?: \S", subject) is not None


def issue_numbers(text: str) -> set[str]:
    """Issue numbers `text` names: `#12`, `issue 12`, `.../issues/12`."""
    return {next(g for g in hit.groups() if g) for hit in ISSUE_REF.finditer(text)}


def references_issue(text: str, number: str, keywords: Iterable[str]) -> bool:
    """Whether `text` has `<keyword> #<number>` (`Fixes #12`, `closes: #12`), keyword case ignored."""
    kinds = "|".join(re.escape(k) for k in keywords)
    return bool(kinds) and re.search(rf"\b(?:{kinds}):?\s+#{number}\b", text, re.I) is not None


ATTRIBUTION = re.compile(r"^\s*(?:co-authored-by|assisted-by|generated-by|helped-by)\s*:|\bgenerated\s+(?:with|by)\b",
                         re.I)


def credits_ai(line: str, names: Iterable[str]) -> bool:
    """Whether a message line credits one of `names` (an AI assistant): a Co-authored-by / Assisted-by /
    Generated-by trailer or a "generated with/by" line that names it (whole word, case ignored)."""
    if not ATTRIBUTION.search(line):
        return False
    return any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", line, re.I) for n in names)


# --- git commands: commits, inspections, undos -----------------------------------------------------------------

COMMIT_LINE = re.compile(r"^\[[^\]\n]+ [0-9a-f]{7,}\] (.+)$", re.M)


def made_commits(run: Run) -> list[Segment]:
    """The `git commit` simple commands that went through, in run order."""
    return [s for s in segments(run) if s.made_commit]


def message_argument(seg: Segment) -> str | None:
    """The first `-m` / `--message` value of a `git commit` (also in a cluster such as `-am`)."""
    args = seg.git[1] if seg.git else []
    for i, arg in enumerate(args):
        if arg.startswith("--message="):
            return arg.split("=", 1)[1]
        if arg == "--message" or (arg.startswith("-") and not arg.startswith("--") and arg.endswith("m")):
            return args[i + 1] if i + 1 < len(args) else None
    return None


def commit_subject(seg: Segment) -> str | None:
    """The subject a `git commit` recorded: from git's `[branch sha] subject` line, else from its `-m` value (None
    when that is built by the shell, e.g. `-m "$(cat <<'EOF' ...)"`)."""
    printed = COMMIT_LINE.findall(seg.command.output)
    if printed:
        return printed[0].strip()
    text = message_argument(seg)
    if not text or not text.strip() or "$(" in text or "<<" in text:
        return None
    return text.strip().splitlines()[0]


def turn_commit_subjects(run: Run) -> dict[int, list[str]]:
    """Per turn, the subjects of the commits its commands made. When the `git commit`s that went through match the
    run's new commits one for one, the subjects come from the history (in order); otherwise from each command
    (`commit_subject`), commits whose subject is unknown left out."""
    made = made_commits(run)
    history = run.new_commits
    subjects = [c.subject for c in history] if len(history) == len(made) else [commit_subject(s) for s in made]
    out: dict[int, list[str]] = {}
    for seg, subject in zip(made, subjects, strict=True):
        if subject:
            out.setdefault(seg.command.turn, []).append(subject)
    return out


def inspects_changes(seg: Segment) -> bool:
    """`git status` or `git diff` in any form (`--staged`, `--cached`, `--stat`, paths)."""
    return seg.is_git("status") or seg.is_git("diff")


COMMITISH = re.compile(r"^(?:(?:HEAD|@)(?:[~^]\d*)+|ORIG_HEAD|[0-9a-f]{7,40})$")


def undoes_commit(seg: Segment) -> str | None:
    """How a simple command undoes a commit: `"revert"` (`git revert`), `"reset"` (`git reset` to an earlier
    commit: `HEAD~1`, `HEAD^`, a sha), or None (unstaging paths with `git reset HEAD file` is no undo)."""
    if seg.is_git("revert"):
        return "revert"
    if seg.is_git("reset") and seg.git is not None and any(COMMITISH.match(a) for a in seg.git[1]):
        return "reset"
    return None


def last_edits(run: Run, pattern: str = "**") -> dict[int, tuple[int, int]]:
    """Per turn, the position of its last recognised edit of a file matching `pattern` (file tools, bash writes)."""
    last: dict[int, tuple[int, int]] = {}
    for e in [*edits(run, pattern), *shell_edits(run, pattern)]:
        last[e.turn] = max(last.get(e.turn, (-1, -1)), e.position)
    return last


# --- what the final state says was committed, renames, credentials ---------------------------------------------

def porcelain_path(line: str) -> str:
    """The path of one `git status --porcelain` line (the new path of a rename, quotes removed)."""
    path = line[3:] if len(line) > 3 and line[2] == " " else line.split(maxsplit=1)[-1]
    return path.split(" -> ")[-1].strip().strip('"')


def dirty_paths(run: Run) -> list[str]:
    """Paths `git status --porcelain` listed at the end (untracked directories end in `/`)."""
    return [porcelain_path(line) for line in run.git.dirty if line.strip()]


def gitignore_patterns(run: Run) -> list[str]:
    """The final root `.gitignore`'s patterns (comments, blank lines and negations left out)."""
    data = run.files.get(".gitignore", b"").decode(errors="replace")
    lines = (line.strip() for line in data.splitlines())
    return [line for line in lines if line and not line.startswith(("#", "!"))]


def ignored(path: str, patterns: Iterable[str]) -> bool:
    """Whether a `.gitignore` pattern matches `path` or one of its directories (`*`, `/anchored`, `dir/`)."""
    parts = path.split("/")
    for raw in patterns:
        dir_only, pattern = raw.endswith("/"), raw.strip("/")
        anchored = raw.startswith("/") or "/" in pattern
        last = len(parts) - 1 if dir_only else len(parts)
        if anchored and any(fnmatch.fnmatchcase("/".join(parts[: i + 1]), pattern) for i in range(last)):
            return True
        if not anchored and any(fnmatch.fnmatchcase(part, pattern) for part in parts[:last]):
            return True
    return False


def committed_paths(run: Run) -> list[str]:
    """Paths the run changed (created, modified or deleted) and committed: not listed by `git status` at the end
    (nor inside a listed directory) and not ignored by `.gitignore`. Empty when the run made no commit."""
    if not run.new_commits:
        return []
    dirty = dirty_paths(run)
    patterns = gitignore_patterns(run)
    return [
        p
        for p in changed_paths(run)
        if p not in dirty and not any(d.endswith("/") and p.startswith(d) for d in dirty) and not ignored(p, patterns)
    ]


def renames(run: Run, similarity: float = 0.5) -> list[tuple[str, str]]:
    """`(old, new)` for each deleted file whose text lives on in a created file with the same extension (a line
    similarity of at least `similarity`)."""
    out = []
    created = run.created()
    for old in run.deleted():
        before = run.initial_files[old].decode(errors="replace").splitlines()
        ext = old.rsplit(".", 1)[-1] if "." in old else ""
        for new in created:
            if (new.rsplit(".", 1)[-1] if "." in new else "") != ext:
                continue
            after = run.files[new].decode(errors="replace").splitlines()
            if difflib.SequenceMatcher(None, before, after, autojunk=False).ratio() >= similarity:
                out.append((old, new))
                break
    return out


SECRET_TOKENS = re.compile(
    r"-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b"
    r"|\bgithub_pat_\w{20,}|\bxox[baprs]-[A-Za-z0-9-]{10,}|\bsk-(?:ant-)?[A-Za-z0-9_-]{20,}"
)

PLACEHOLDER = re.compile(r"example|change-?me|dummy|placeholder|xxx|your[-_]|<|\$\{|\{\{|\*\*\*|redacted", re.I)
ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
"""An environment variable's name (`DROPSHELF_SECRET_KEY`): what a setting names to read the secret from, not one."""


def secret_assignment(line: str, names: Iterable[str]) -> str | None:
    """The quoted literal of 8+ characters a line assigns to a credential-like name (`API_KEY = "..."`,
    `password: '...'`, C's `#define API_TOKEN "..."`), unless it looks like a placeholder or is the name of the
    environment variable holding the secret (`SECRET_ENV = "APP_SECRET_KEY"`); None otherwise."""
    kinds = "|".join(re.escape(n) for n in names)
    if not kinds:
        return None
    hit = re.search(rf"(?i)\b\w*(?:{kinds})\w*[\"']?\s*[:=]\s*[\"']([^\"'\s]{{8,}})[\"']", line) or re.match(
        rf"(?i)\s*#\s*define\s+\w*(?:{kinds})\w*\s+\"([^\"\s]{{8,}})\"", line)
    if hit is None or PLACEHOLDER.search(hit.group(1)) or ENV_NAME.fullmatch(hit.group(1)):
        return None
    return hit.group(1)


# --- commands and test runs ------------------------------------------------------------------------------------

def runs(seg: Segment, command: str) -> bool:
    """Whether the simple command runs `command` (`ruff format`, `uv add`): its argv (wrappers skipped) starts with
    those words, also as `python -m ruff format`."""
    words = command.split()
    argv = seg.argv
    if seg.is_python and argv[1:2] == ["-m"]:
        argv = argv[2:]
    return bool(words) and [a.rsplit("/", 1)[-1] if i == 0 else a for i, a in enumerate(argv[: len(words)])] == words


def wrapped_in(seg: Segment, wrapper: str) -> bool:
    """Whether `wrapper` (e.g. `uv run`) precedes the program among the command's words."""
    words, lead = wrapper.split(), seg.wrappers
    return any(lead[i : i + len(words)] == words for i in range(len(lead)))


READERS = frozenset({"cat", "head", "tail", "less", "more", "nl", "bat", "sed", "awk", "grep", "rg"})


def read_orders(run: Run, path: str) -> list[int]:
    """Tool-call orders of the calls that read `path`: `read_file` on it, or a reading bash command naming it."""
    found = [
        order
        for order, _, call in numbered_calls(run)
        if call.name == "read_file" and not call.is_error and workspace_path(str(call.args.get("path", ""))) == path
    ]
    for seg in segments(run, "bash"):
        if seg.program in READERS and any(workspace_path(a) == path for a in seg.argv[1:] if not a.startswith("-")):
            found.append(seg.command.order)
    return sorted(set(found))


def red(seg: Segment) -> bool:
    """A test run known to have failed: it timed out, its output's test summaries report failures or errors, or it
    exited non-zero without output that shows it green."""
    cmd = seg.command
    return cmd.timed_out or read_counts(cmd.output).red or (cmd.exit_code != 0 and not seg.green)


FAILING_FILE = re.compile(r"^([\w./-]+\.\w+)::")


def failing_file(test_id: str) -> str | None:
    """The file a failing test's id names (`tests/a.py::TestX::test_y[p]` -> `tests/a.py`), if it names one."""
    hit = FAILING_FILE.match(test_id)
    return hit.group(1) if hit else None


def failing_names(test_id: str) -> list[str]:
    """The names a failing test goes by, as `summaries.failing_tests` reports it, most specific first: pytest's
    qualname and function (`tests/a.py::TestX::test_y[p]` -> `TestX.test_y`, `test_y`), unittest's dotted suffixes
    (`pkg.test_a.TestX.test_y` -> ..., `TestX.test_y`, `test_y`), a jest/vitest title path's last title
    (`Sorting › keeps ties`), a go subtest's test (`TestSort/ties` -> `TestSort`), else the id (a TAP title, a C
    test function)."""
    if "::" in test_id:
        qualname = test_id.split("::", 1)[1].split("[", 1)[0].replace("::", ".")
        return list(dict.fromkeys([qualname, qualname.rsplit(".", 1)[-1]]))
    for separator in (" › ", " > "):
        if separator in test_id:
            return [test_id, test_id.rsplit(separator, 1)[-1].strip()]
    if re.fullmatch(r"\w+(?:\.\w+)+", test_id):
        parts = test_id.split(".")
        return [".".join(parts[i:]) for i in range(len(parts))]
    if re.fullmatch(r"Test\w*/\S+", test_id):
        return [test_id, test_id.split("/", 1)[0]]
    return [test_id]


def stashed_baseline(seg: Segment) -> bool:
    """A test run that follows, in the same command, a `git stash` or a checkout of other code (`git checkout`,
    `git switch`, `git worktree`): a run against the code as it was."""
    earlier = seg.siblings[: seg.index]
    return any(s.is_git("stash") or s.is_git("checkout") or s.is_git("switch") or s.is_git("worktree")
               for s in earlier)


ENV_ERRORS = re.compile(
    r"command not found|No module named|ModuleNotFoundError|Permission denied|No such file or directory"
    r"|unrecognized arguments|not a git repository|externally-managed-environment",
)


def _program(cmd: Command) -> str:
    """The tool a recorded command runs (`SimpleCommand.runs`): its last simple command's, `cd`/`export`/`echo`
    skipped."""
    progs = [s.runs for s in segments_of(cmd) if s.program not in ("cd", "export", "echo", "true", "")]
    return progs[-1] if progs else ""


def workarounds(run: Run) -> list[tuple[Command, Command]]:
    """`(failed, working)` command pairs: a bash command that failed with an environment error (module or command
    not found, missing file, bad arguments, permissions...) and a later, different bash command running the same
    tool that exited 0 (`pytest` and `python -m pytest` run the same tool)."""
    bash = [c for c in run.commands if c.tool == "bash"]
    out = []
    for i, failed in enumerate(bash):
        if failed.exit_code in (0, None) or not ENV_ERRORS.search(failed.output) or not _program(failed):
            continue
        fix = next((c for c in bash[i + 1 :] if c.exit_code == 0 and c.cmd != failed.cmd
                    and _program(c) == _program(failed)), None)
        if fix is not None:
            out.append((failed, fix))
    return out


# --- Python facts conditional rules trigger on -----------------------------------------------------------------

def module_name(path: str) -> str:
    """The dotted module of a `.py` path (`src/` layout folded): `src/pkg/a.py` -> `pkg.a`, `pkg/__init__.py` ->
    `pkg`."""
    parts = path.removesuffix(".py").split("/")
    if parts[0] == "src" and len(parts) > 1:
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _base(path: str, level: int) -> list[str]:
    """The package a relative import of `level` dots resolves against, from the importing file's path."""
    package = module_name(path).split(".")
    if not path.endswith("__init__.py"):
        package = package[:-1]
    return package[: len(package) - level + 1] if level else package


def import_targets(path: str, module: cst.Module) -> set[str]:
    """Absolute dotted modules a file imports, relative imports resolved: `from pkg import a` names `pkg` and
    `pkg.a` (the imported name may be a module)."""
    out: set[str] = set()
    for node in imports(module):
        if isinstance(node, cst.Import):
            out |= {dotted(alias.name) for alias in node.names}
            continue
        level = len(node.relative)
        head = ".".join([*(_base(path, level) if level else []), *([dotted(node.module)] if node.module else [])])
        out.add(head)
        if not isinstance(node.names, cst.ImportStar):
            out |= {f"{head}.{dotted(alias.name)}".lstrip(".") for alias in node.names}
    return out - {""}


def dunder_all(module: cst.Module) -> set[str]:
    """The names a module's top-level `__all__` lists (assigned or extended with string literals)."""
    out: set[str] = set()
    for statement in module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else (
                [small.target] if isinstance(small, cst.AugAssign | cst.AnnAssign) else [])
            value = getattr(small, "value", None)
            if any(isinstance(t, cst.Name) and t.value == "__all__" for t in targets) and isinstance(
                    value, cst.List | cst.Tuple):
                out |= {v for e in value.elements if (v := _literal(e.value))}
    return out


def registers(init_path: str, data: bytes, module: str) -> bool:
    """Whether a package's `__init__.py` imports `module` (`from . import m`, `from .m import x`, `import pkg.m`) or
    lists it in `__all__`; a mention in a comment or a string elsewhere is no registration."""
    src = parse(init_path, data)
    if src is None:
        return False
    return module in import_targets(init_path, src.module) or module.rsplit(".", 1)[-1] in dunder_all(src.module)


ENV_CALLS = frozenset({"os.getenv", "os.environ.get", "os.environ.setdefault"})


def _literal(node: cst.BaseExpression) -> str | None:
    """The value of a plain (non-bytes) string literal, else None."""
    value = node.evaluated_value if isinstance(node, cst.SimpleString) else None
    return value if isinstance(value, str) else None


def _from_os(module: cst.Module) -> dict[str, str]:
    """Local names bound by `from os import ...`, mapped to what they import (`from os import environ as env`)."""
    return {dotted(a.asname.name) if a.asname else dotted(a.name): dotted(a.name)
            for node in imports(module) if isinstance(node, cst.ImportFrom) and node.module is not None
            and not node.relative and dotted(node.module) == "os" and not isinstance(node.names, cst.ImportStar)
            for a in node.names}


def env_reads(module: cst.Module) -> set[str]:
    """Environment variable names read with a literal: `os.getenv("X")`, `os.environ.get("X")`, `os.environ["X"]`.

    A bare `environ`/`getenv` counts only when imported from `os`: a WSGI handler's `environ` parameter is the
    request (`environ.get("HTTP_X_KEY")` reads a header), not the process environment."""
    local = {name: f"os.{target}" for name, target in _from_os(module).items()}

    def resolved(name: str) -> str:
        head, _, rest = name.partition(".")
        return local[head] + (f".{rest}" if rest else "") if head in local else name

    names = {_literal(c.args[0].value) for c in calls(module) if resolved(callee(c)) in ENV_CALLS and c.args}
    for sub in findall(module, m.Subscript()):
        if isinstance(sub, cst.Subscript) and resolved(dotted(sub.value)) == "os.environ":
            index = sub.slice[0].slice if sub.slice else None
            if isinstance(index, cst.Index):
                names.add(_literal(index.value))
    return {n for n in names if n}


def cli_flags(module: cst.Module) -> set[str]:
    """Long options a module declares: `--name` literals passed to `add_argument(...)` or `click.option(...)`."""
    out: set[str] = set()
    for call in calls(module):
        if callee(call).rsplit(".", 1)[-1] in ("add_argument", "option"):
            out |= {v for a in call.args if (v := _literal(a.value)) and v.startswith("--")}
    return out


def _bound(node: cst.CSTNode) -> set[str]:
    """Names one statement binds in its own scope (a def, class, assignment or import), recursing into the
    blocks of `if`/`try`/`with`/loops but not into function or class bodies."""
    if isinstance(node, cst.FunctionDef | cst.ClassDef):
        return {node.name.value}
    if isinstance(node, cst.SimpleStatementLine):
        return {name for small in node.body for name in _bound(small)}
    if isinstance(node, cst.Assign):
        return {t.target.value for t in node.targets if isinstance(t.target, cst.Name)}
    if isinstance(node, cst.AnnAssign | cst.AugAssign):
        return {node.target.value} if isinstance(node.target, cst.Name) else set()
    if isinstance(node, cst.Import | cst.ImportFrom) and not isinstance(node.names, cst.ImportStar):
        return {dotted(a.asname.name) if a.asname else dotted(a.name).split(".")[0] for a in node.names}
    if isinstance(node, cst.BaseCompoundStatement):
        return {name for child in node.children for name in _bound(child)}
    if isinstance(node, cst.BaseSuite | cst.Else | cst.ExceptHandler | cst.Finally | cst.If):
        return {name for child in node.children for name in _bound(child)}
    return set()


def top_level_bindings(module: cst.Module) -> set[str]:
    """Names a module binds at its top level (also inside top-level `if`/`try`/`with`): defs, classes,
    assignments and imports (by the name they bind)."""
    return {name for stmt in module.body for name in _bound(stmt)}


def added_facts(run: Run, pattern: str, fact: Callable[[cst.Module], set[str]]) -> dict[str, set[str]]:
    """Per changed Python file matching `pattern` (that parses), the facts (`env_reads`, `cli_flags`...) its final
    version has and its initial version had not."""
    out: dict[str, set[str]] = {}
    for view in run.changed(pattern):
        new = parse(view.path, view.data)
        if new is None:
            continue
        old = parse(view.path, run.initial_files.get(view.path))
        if found := fact(new.module) - (fact(old.module) if old else set()):
            out[view.path] = found
    return out


DISTRIBUTIONS = {
    "yaml": "pyyaml", "PIL": "pillow", "sklearn": "scikit-learn", "cv2": "opencv-python", "bs4": "beautifulsoup4",
    "dateutil": "python-dateutil", "dotenv": "python-dotenv", "jwt": "pyjwt", "attr": "attrs",
}


def normalise(name: str) -> str:
    """A distribution name in its normal form (PEP 503: lowercase, runs of `-_.` as `-`)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_names(requirements: Iterable[str]) -> set[str]:
    """Normalised distribution names of requirement strings (`"httpx>=0.27"` -> `httpx`)."""
    return {normalise(hit.group(0)) for r in requirements if (hit := re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", r))}


def distribution(module: str) -> str:
    """The distribution that usually provides a top-level import (`yaml` -> `pyyaml`)."""
    return normalise(DISTRIBUTIONS.get(module, module))


def declared_distributions(pyproject: bytes | None) -> set[str]:
    """Normalised names of every distribution a pyproject declares: project dependencies, optional dependencies,
    dependency groups, build requirements and Poetry dependencies."""
    found: list[str] = []
    for table, value in dependency_lists(pyproject).items():
        if table == "tool.poetry.dependencies" and isinstance(value, dict):
            found += [k for k in value if k != "python"]
        elif isinstance(value, list):
            found += value
        elif isinstance(value, dict):
            found += [v for vs in value.values() if isinstance(vs, list) for v in vs if isinstance(v, str)]
    return requirement_names(found)


def third_party(module: str, local: Iterable[str]) -> bool:
    """Whether a top-level import name is neither the standard library nor one of the project's `local` names."""
    return module not in sys.stdlib_module_names and module not in set(local) and module != "__future__"


def local_modules(run: Run) -> set[str]:
    """Top-level import names the project itself provides: packages and modules under `src/` and at the root."""
    names = set()
    for path in {*run.initial_files, *run.files}:
        parts = path.removeprefix("src/").split("/")
        if len(parts) > 1 or parts[0].endswith(".py"):
            names.add(parts[0].removesuffix(".py"))
    return names


TRACE_LOCATIONS = (
    re.compile(r'^\s*File "([^"]+)", line (\d+)', re.M),                                     # Python traceback
    re.compile(r"^\s*at (?:[^()\n]*\()?(?:file://)?([^\s()]+?):(\d+):\d+\)?\s*$", re.M),         # JS stack frame
    re.compile(r"^(?:In file included from )?([^\s:]+\.\w+):(\d+):(?:\d+:)?\s*"              # compiler diagnostic
               r"(?:fatal error|error|warning|note|runtime error)\b", re.M),
    re.compile(r"^\S+: ([^\s:]+\.\w+):(\d+): .*Assertion .* failed", re.M),                   # C assert()
    re.compile(r"^\s*#\d+\s+.*?\s(?:at\s+)?([^\s():]+\.\w+):(\d+)(?::\d+)?\)?\s*$", re.M),      # sanitizer/gdb frame
    re.compile(r"^==\d+==\s+(?:at|by) 0x[0-9A-Fa-f]+: .*? \(([^\s():]+\.\w+):(\d+)\)", re.M),  # valgrind frame
)


def trace_frames(text: str) -> list[tuple[str, int]]:
    """`(path, line)` of each location an error trace in `text` points at: Python traceback frames (`File "x.py",
    line 8`), JavaScript stack frames (`at f (src/a.js:3:5)`), compiler diagnostics (`src/a.c:12:5: error: ...`),
    C assertion failures (`prog: src/a.c:12: f: Assertion ... failed`), sanitizer, gdb and valgrind frames
    (`#0 0x4005 in f src/a.c:12:5`, `at 0x4C2: f (a.c:12)`), in order, once each."""
    found = sorted((hit.start(), hit.group(1), int(hit.group(2))) for pattern in TRACE_LOCATIONS
                   for hit in pattern.finditer(text))
    return list(dict.fromkeys((path, line) for _, path, line in found))


def project_path(path: str, files: Iterable[str]) -> str | None:
    """The workspace file a path names (as is, `./`-relative, absolute with the workspace file as its tail, or a bare
    file name that one workspace file has)."""
    rel = workspace_path(path)
    files = list(files)
    for f in files:
        if rel == f or rel.endswith("/" + f):
            return f
    named = [f for f in files if "/" not in rel and f.rsplit("/", 1)[-1] == rel]
    return named[0] if len(named) == 1 else None


# --- requests, replies and Markdown ----------------------------------------------------------------------------

PR_REQUEST = re.compile(
    r"\b(?:PR|pull[- ]request)\s+(?:description|body|summary|text|write-?up)\b"
    r"|\bdescription\s+(?:for|of)\s+(?:the|a|this|my)\s+(?:PR|pull[- ]request)\b",
    re.I,
)

PREEXISTING = re.compile(
    r"\bpre-?existing\b|\balready\s+(?:fail|broken|red)\w*|\bwas\s+(?:already\s+)?failing\s+before\b"
    r"|\bunrelated\s+to\s+(?:my|this|the|these|our)\s+(?:change|fix|edit)s?\b|\bnot\s+caused\s+by\s+(?:my|this|the)\b",
    re.I,
)

CORRECTION = re.compile(
    r"^\s*no[,.!]|\bthat'?s\s+(?:not|wrong)\b|\bthat\s+is\s+(?:not|wrong)\b|\bnot\s+what\s+I\s+(?:asked|meant|wanted)\b"
    r"|\bI\s+(?:meant|said)\b|\byou\s+(?:misunderstood|broke|forgot|missed)\b|\b(?:revert|undo)\s+that\b"
    r"|^\s*actually,",
    re.I | re.M,
)


def word_in(name: str, text: str) -> bool:
    """Whether `name` occurs in `text` as a whole identifier."""
    return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text) is not None


def todo_comment(line: str, markers: Iterable[str]) -> bool:
    """Whether a line holds a comment (`#`, `//`, `/*`, `<!--`) with one of `markers` as a word (`TODO`)."""
    kinds = "|".join(re.escape(k) for k in markers)
    return bool(kinds) and re.search(rf"(?:#|//|/\*|<!--).*?\b(?:{kinds})\b", line) is not None


ENTRY_FILLER = frozenset(re.split(r"\s+", (
    "the and for with from into this that its are was were has have been update updates updated change changes changed "
    "fix fixes fixed misc various minor stuff code tweak tweaks improvement improvements bug bugs see above below more "
    "other work done")))


def added_entries(before: bytes | None, after: bytes) -> list[str]:
    """The lines a changelog gained (`before` -> `after`) that are not blank and not headings, stripped."""
    old, new = ((text or b"").decode(errors="replace").splitlines() for text in (before, after))
    added = [line[2:].strip() for line in difflib.ndiff(old, new) if line[:2] == "+ "]
    return [line for line in added if line and not line.startswith("#")]


def describes_a_change(entry: str, least: int = 2) -> bool:
    """Whether a changelog entry has at least `least` words of its own: 3 letters or more, not filler (`update`,
    `fixes`, `misc`, `the`...)."""
    return len({w for w in re.findall(r"[a-z][a-z0-9_]{2,}", entry.lower()) if w not in ENTRY_FILLER}) >= least


def heading_above(lines: list[str], number: int, level: int) -> str | None:
    """The text of the nearest Markdown heading of exactly `level` above line `number` (1-based), stopping at a
    heading of a higher level; None if there is none."""
    for line in reversed(lines[: number - 1]):
        hit = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if hit and len(hit.group(1)) == level:
            return hit.group(2).strip("[] ")
        if hit and len(hit.group(1)) < level:
            return None
    return None


def section_text(text: str, heading: str, level: int = 2) -> str | None:
    """The lines under the Markdown heading `heading` (exactly that level, case ignored) up to the next heading of
    the same or a higher level; None if the heading is missing."""
    lines = text.splitlines()
    marks = "#" * level
    start = next((i for i, line in enumerate(lines)
                  if re.match(rf"^{marks}\s+{re.escape(heading)}\s*#*\s*$", line.strip(), re.I)), None)
    if start is None:
        return None
    end = next((j for j in range(start + 1, len(lines)) if re.match(rf"^#{{1,{level}}}\s", lines[j])), len(lines))
    return "\n".join(lines[start + 1 : end]).strip()


def passages(text: str, names: Iterable[str], context: int = 2) -> str:
    """The lines of `text` that mention one of `names` (as a whole identifier), with `context` lines around each,
    numbered; runs of kept lines separated by `...`."""
    lines = text.splitlines()
    hits = {i for i, line in enumerate(lines) if any(word_in(n, line) for n in names)}
    keep = sorted({j for i in hits for j in range(max(0, i - context), min(len(lines), i + context + 1))})
    out: list[str] = []
    for k, j in enumerate(keep):
        if k and j != keep[k - 1] + 1:
            out.append("...")
        out.append(f"{j + 1}: {lines[j]}")
    return "\n".join(out)
