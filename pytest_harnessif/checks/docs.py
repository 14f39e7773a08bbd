"""Markdown documentation as the docs rules read it: which files are docs, the lines and fenced blocks a run added
to them (with their line numbers), headings and their GitHub anchors, relative links, shell examples, and the
commands that build or link-check documentation. Plain line reading, no Markdown library: fences, ATX headings and
inline links are all the rules need."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote

from ..evidence import Command, Run
from .comments import added_line_numbers
from .replies import FENCE_OPEN, HEADING_LINE, normal, plain, segment_texts
from .shell import Segment, segments, segments_of
from .workspace import files_before_turn

MARKDOWN = re.compile(r"\.(?:md|markdown|mdx)$", re.I)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+[\"'(].*)?$")
SCHEME = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)
SHELL_TAGS = frozenset({"sh", "bash", "shell", "zsh", "console", "shell-session", "sh-session", "terminal"})
SESSION_TAGS = frozenset({"console", "shell-session", "sh-session", "terminal"})
PROMPT = re.compile(r"^\s*[$%]\s+")
DOC_TOOLS = frozenset({"mkdocs", "sphinx-build", "sphinx", "mdbook", "lychee", "markdown-link-check", "markdownlint",
                       "markdownlint-cli2", "mdl", "linkchecker", "hugo", "docusaurus", "vitepress", "pandoc"})
DOC_NAME = re.compile(r"doc|link", re.I)
NOT_DOC_CHECKS = frozenset({"pydoc", "godoc", "doctoc", "docker", "docker-compose"})
GENERATOR = re.compile(r"^(?:gen|generate|regen|update|write|sync|fmt|format)(?:[-_:]|$)|[-_:](?:gen|generate)$", re.I)
INTERPRETERS = re.compile(r"^(?:python[\d.]*|node|deno|bun|sh|bash|zsh|ruby|perl)$")
GUIDE = re.compile(r"migrat|upgrad", re.I)
RUNNERS = frozenset({"make", "just", "task", "tox", "nox", "npm", "pnpm", "yarn", "bun"})


def is_markdown(path: str) -> bool:
    """Whether a path is a Markdown document."""
    return bool(MARKDOWN.search(path))


def changed_markdown(run: Run) -> list[str]:
    """The Markdown files the run created or modified, sorted."""
    return sorted(p for p in {*run.created(), *run.modified()} if is_markdown(p))


def text_of(data: bytes | None) -> str:
    return "" if data is None else data.decode(errors="replace")


@dataclass(frozen=True)
class Block:
    """A fenced code block of a document: the 1-based line of its opening fence, its tag, its lines."""

    line: int
    lang: str
    lines: tuple[str, ...]


def blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown text, in order (an unclosed fence runs to the end)."""
    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        opened = FENCE_OPEN.match(lines[i])
        if not opened:
            i += 1
            continue
        marker, start = opened.group(1), i
        close = re.compile(rf"^ {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}\s*$")
        i += 1
        while i < len(lines) and not close.match(lines[i]):
            i += 1
        out.append(Block(start + 1, opened.group(2).lower(), tuple(lines[start + 1:i])))
        i += 1
    return out


def prose_numbers(text: str) -> set[int]:
    """1-based numbers of the lines outside fenced blocks (the fences themselves excluded)."""
    inside: set[int] = set()
    for b in blocks(text):
        inside.update(range(b.line, b.line + len(b.lines) + 2))
    return set(range(1, len(text.splitlines()) + 1)) - inside


@dataclass(frozen=True)
class Doc:
    """A Markdown file the run changed: its path, its final text and the numbers of the lines the run added."""

    path: str
    text: str
    added: frozenset[int]

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    def added_blocks(self) -> list[Block]:
        """The fenced blocks whose opening fence the run added."""
        return [b for b in blocks(self.text) if b.line in self.added]

    def added_prose(self) -> list[tuple[int, str]]:
        """(number, line) of each added line outside fenced blocks."""
        lines = self.lines
        return [(n, lines[n - 1]) for n in sorted(self.added & prose_numbers(self.text)) if n <= len(lines)]


def changed_docs(run: Run, paths: Iterable[str] | None = None) -> list[Doc]:
    """The Markdown files the run changed (or `paths`), each with the lines it added to them."""
    out = []
    for path in changed_markdown(run) if paths is None else paths:
        view = run.file(path)
        if view is not None:
            out.append(Doc(path, text_of(view.data), frozenset(added_line_numbers(run.initial_files.get(path),
                                                                                  view.data))))
    return out


def turn_docs(run: Run, index: int) -> list[str]:
    """The Markdown files turn `index` created or modified."""
    before, after = files_before_turn(run, index), run.files_after_turn(index)
    return sorted(p for p, data in after.items() if is_markdown(p) and before.get(p) != data)


# --- headings and links ---------------------------------------------------------------------------------------------


def slug(title: str) -> str:
    """The anchor GitHub gives a heading: inline code and emphasis marks dropped, lower case, punctuation removed,
    spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text.replace("`", ""))
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a Markdown text's headings (GitHub's: a repeated slug gets `-1`, `-2`...) and of its explicit
    `id="..."` / `name="..."` HTML anchors."""
    seen: dict[str, int] = {}
    out = set(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", text))
    lines = text.splitlines()
    for n in sorted(prose_numbers(text)):
        if hit := HEADING_LINE.match(lines[n - 1]):
            base = slug(hit.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(line: str) -> list[str]:
    """The targets of a prose line's inline links and images and of a reference definition (code spans aside)."""
    bare = plain(line)
    out = [m.group(1) for m in LINK.finditer(bare)]
    if ref := REFERENCE.match(bare):
        out.append(ref.group(1))
    return out


def is_relative(target: str) -> bool:
    """A link into the repository: no URL scheme (`https:`, `mailto:`), no `//host`."""
    return not SCHEME.match(target)


def broken_link(run: Run, source: str, target: str) -> str | None:
    """Why a relative link from `source` does not resolve in the final workspace (None: it does): its path names no
    file or folder, or its `#anchor` no heading of the Markdown file it points at."""
    path, _, anchor = unquote(target).partition("#")
    files = run.files
    if path:
        base = "" if path.startswith("/") else posixpath.dirname(source)
        resolved = posixpath.normpath(posixpath.join(base, path.lstrip("/")))
        if resolved.startswith("../"):
            return f"{target!r} leaves the repository"
        if resolved not in files and not any(p.startswith(resolved.rstrip("/") + "/") for p in files):
            return f"{target!r}: no {resolved}"
    else:
        resolved = source
    if anchor and is_markdown(resolved) and resolved in files and anchor.lower() not in anchors(
            text_of(files[resolved])):
        return f"{target!r}: no heading with anchor #{anchor} in {resolved}"
    return None


# --- shell examples and docs checks ---------------------------------------------------------------------------------


ASSIGNMENTS = re.compile(r"(?:(?:export\s+)?[A-Za-z_]\w*=(?:'[^']*'|\"[^\"]*\"|[^\s;&|'\"]*)\s*)+;?")
"""A line that only sets shell variables (`range='^2.3'`, `export VERSION=2.4.0`): it runs nothing by itself."""


def example_commands(block: Block) -> list[str]:
    """The command lines of a shell example: in a session block (`console`) the lines after a `$ ` prompt, in a
    script block every line that is no comment; continuation lines joined, the prompt dropped; a line that only sets
    variables is no command (the lines using them are)."""
    session = block.lang in SESSION_TAGS or any(PROMPT.match(line) for line in block.lines)
    out: list[str] = []
    pending = ""
    for line in block.lines:
        if pending:
            pending = f"{pending} {line.strip()}"
        elif session:
            if not PROMPT.match(line):
                continue
            pending = PROMPT.sub("", line, count=1).strip()
        elif line.strip() and not line.lstrip().startswith("#"):
            pending = line.strip()
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        if pending:
            out.append(" ".join(pending.split()))
        pending = ""
    if pending:
        out.append(" ".join(pending.split()))
    return [line for line in out if not ASSIGNMENTS.fullmatch(line)]


def _names(seg: Segment) -> list[str]:
    """What a command is called for telling a docs check: its program, the script or module an interpreter runs,
    the target a task runner builds (`make docs`, `npm run check-links`, `tox -e docs`)."""
    argv = seg.argv
    names = [seg.program]
    if seg.program in RUNNERS:
        names += [a for a in argv[1:] if not a.startswith("-") and a not in ("run", "exec")]
    elif INTERPRETERS.match(seg.program) or (argv[1:2] == ["run"] and seg.program == "go"):
        rest = [a for a in argv[1:] if a not in ("run", "-m") and not a.startswith("-")]
        names += [posixpath.basename(rest[0].rstrip("/"))] if rest else []
        names.append(seg.runs)
    return [n for n in names if n]


def checks_docs(seg: Segment) -> bool:
    """Whether a command builds or link-checks documentation: a docs tool (`mkdocs build`, `sphinx-build`, `lychee`,
    `markdownlint`...), or a repository script, module or task-runner target named for docs or links
    (`tools/check_docs.py`, `make docs`, `npm run check-links`, `tox -e docs`, `go run ./tools/doclint`) that is no
    generator (`gen_docs.py`, `make update-docs`)."""
    names = _names(seg)
    if "mkdocs" in names and "build" not in seg.argv:
        return False
    stems = [posixpath.splitext(n)[0] for n in names]
    if any(stem.lower() in NOT_DOC_CHECKS or GENERATOR.search(stem) for stem in stems):
        return False
    return any(n in DOC_TOOLS for n in names) or any(DOC_NAME.search(n) for n in names[1:]) or (
        bool(DOC_NAME.search(seg.program)) and seg.program not in RUNNERS and "/" in (seg.argv or [""])[0])


def docs_checks(run: Run) -> list[Segment]:
    """Every docs build or link check the agent ran that succeeded, in run order."""
    return [s for s in segments(run) if checks_docs(s) and s.succeeded]


def ran_successfully(run: Run) -> set[str]:
    """The ways a page may quote a command the agent ran and that exited 0: the whole line, and each of its simple
    commands with and without wrappers and redirections (`replies.segment_texts`), whitespace collapsed."""
    out = {normal(c.cmd) for c in run.commands if c.exit_code == 0 and not c.timed_out}
    for seg in segments(run):
        if seg.command.exit_code == 0 and not seg.command.timed_out:
            out |= segment_texts(seg)
    return out


# --- migration guides and changelogs --------------------------------------------------------------------------------


def is_guide(path: str) -> bool:
    """A migration or upgrade guide: a Markdown file whose path names migrating or upgrading."""
    return is_markdown(path) and bool(GUIDE.search(path))


def sections(text: str) -> list[tuple[int, int, str, int]]:
    """`(level, heading line, title, end line)` of each heading outside code: its section runs to the line before the
    next heading (of any level) or to the end."""
    lines = text.splitlines()
    found = [(n, hit) for n in sorted(prose_numbers(text)) if (hit := HEADING_LINE.match(lines[n - 1]))]
    out = []
    for i, (n, hit) in enumerate(found):
        end = found[i + 1][0] - 1 if i + 1 < len(found) else len(lines)
        out.append((len(hit.group(1)), n, hit.group(2).strip(), end))
    return out


def example_ran(example: str, ran: set[str]) -> bool:
    """Whether a shell example's command line is one the agent ran (`ran`: `ran_successfully`): the whole line, or
    each of its simple commands but `cd` (`cd docs && make html` ran as `cd /workspace/docs && make html`)."""
    if example in ran:
        return True
    line = Command(turn=-1, order=-1, tool="example", cmd=example, exit_code=None, output="", timed_out=False)
    parts = [s for s in segments_of(line) if s.program not in ("cd", "pushd", "popd")]
    return bool(parts) and all(segment_texts(s) & ran for s in parts)
