"""Replies as Markdown, and the run facts a reply is checked against.

A reply splits into fenced code blocks (`fences`, each with its language tag) and prose lines (`prose_lines`:
everything outside fences, inline code kept). On the prose side: inline code spans, headings, labelled lines
(`Branch: ...`), questions, list markers, repository paths, `path:LINE` citations and figures (numerals, spoken
decimals, fractions in words). On the run side: the command lines of a turn as a reply may quote them, the counts a
test runner's summary printed, the numbers outputs printed, programs or modules a command found missing, code lines
the run wrote, public functions a turn added (any language the checks read), dependencies a run added.

Fences follow CommonMark: an opening line of three or more backticks or tildes (up to three spaces indented)
and a closing line of the same character at least as long; an unclosed fence runs to the end of the text.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import get_args

from tree_sitter import Node

from ..evidence import Command, FileView, Run, TurnView
from ..schema import LANGUAGE_ALIASES, Language
from . import c, code, javascript, syntax
from .bash import Redirect
from .project import dependency_lists
from .shell import Segment, segments, segments_of
from .summaries import CARGO, MOCHA, NODE, PYTEST, Summary, summaries
from .workspace import files_before_turn

FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)")
INLINE = re.compile(r"(`+)(.+?)\1")
HEADING_LINE = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
DECORATION = re.compile(r"^(?:\s*(?:>|#{1,6}\s|[-*+•]\s|\d+[.)]\s))*\s*")
EMPHASIS = re.compile(r"^[*_]+|[*_]+$")
BULLET_MARK = re.compile(r"^\s*([-*+])\s+\S")
QUESTION = re.compile(r"\?(?=[\s*_)\"'”]|$)")
CITE = re.compile(r"(?<![\w/.:-])((?:[\w.-]+/)*[\w.-]+\.[A-Za-z]\w*):(\d+)(?:\s*[-–]\s*(\d+))?")
REL_PATH = re.compile(r"^(?:\./)?((?:[\w.-]+/)+[\w.-]+\.[A-Za-z]\w*)(?::\d+(?:[-–]\d+)?)?$")
LINE_PHRASE = re.compile(
    r"\blines?\s+\d+(?:\s*(?:-|–|to)\s*\d+)?\s+(?:of|in)\s+(?:the\s+file\s+)?`?[\w./-]*\.[A-Za-z]\w*"
    r"|\.[A-Za-z]\w*`?\s*,?\s+(?:at\s+|on\s+)?lines?\s+\d+",
    re.I,
)
NUMERAL = re.compile(
    r"(?<![\w.])(?P<sign>[-+\u2212](?=\.?\d))?"
    r"(?P<mantissa>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?P<exp>[eE][-+]?\d+)?(?!\d|\.\d)"
)
UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
WHOLE_WORDS = rf"(?:(?:{'|'.join(TENS)})(?:[\s-](?:{'|'.join(UNITS[1:10])}))?|{'|'.join(UNITS)})"
SPOKEN = re.compile(rf"\b(?P<whole>{WHOLE_WORDS})\s+point(?P<digits>(?:[\s-]+(?:{'|'.join(UNITS[:10])})\b)+)", re.I)
PARTS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
         "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
         "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10}
FRACTION = re.compile(
    rf"\b(?P<count>an?|{'|'.join(UNITS[1:10])})[\s-]+(?P<part>{'|'.join(PARTS)})\b(?=\s+of\b|\s*[.,;:)!?]|\s*$)"
    r"|(?<![\w-])(?P<half>half)(?=\s+(?:of|the|all|our|their|its|these|those)\b)",
    re.I,
)
NOT_A_HALF = re.compile(r"\b(?:first|second|other|last|top|bottom|upper|lower|back|front)\s+$", re.I)
SCAFFOLDING = frozenset({"cd", "set"})
"""Commands that set a shell up without doing anything (`cd /workspace && ...`, a script's `set -euo pipefail`)."""
COUNT_PAIR = re.compile(r"\d+%?(?: tests?)? [A-Za-z]+")
LOG_TAG = re.compile(r"^\s*\[\w+\]\s*")
"""A log level before a summary line (Maven's `[INFO] `)."""
NODE_QUOTED = frozenset({"pass", "fail", "cancelled", "skipped", "todo"})
"""The count lines of node's runner a reply quotes (`tests`, `suites` and `duration_ms` aside)."""
MISSING = (
    re.compile(r"([A-Za-z][\w.+-]*): (?:command )?not found"),
    re.compile(r"No module named '?([\w.]+)'?"),
    re.compile(r"Cannot find (?:module|package) '([^'./][^']*)'"),
    re.compile(r"fatal error: ([\w./+-]+\.h): No such file or directory"),
)
FENCE_LANGUAGES = {**{lang: lang for lang in get_args(Language)}, **LANGUAGE_ALIASES, "mjs": "javascript",
                   "cjs": "javascript"}
"""Fence tags and the language whose grammar reads the block (a key of `checks.syntax.GRAMMARS`)."""
C_BODY = "void __snippet(void) {{\n{}\n}}\n"


# --- Markdown structure -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fence:
    """A fenced code block: its language tag ('' when the opening line has none) and its lines."""

    lang: str
    lines: tuple[str, ...]

    @property
    def body(self) -> str:
        """The block's lines joined."""
        return "\n".join(self.lines)


def _split(text: str) -> tuple[list[Fence], list[str]]:
    """The fenced blocks of a text and the lines outside them."""
    fences: list[Fence] = []
    prose: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opened = FENCE_OPEN.match(lines[i])
        if not opened:
            prose.append(lines[i])
            i += 1
            continue
        marker = opened.group(1)
        close = re.compile(rf"^ {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}\s*$")
        body: list[str] = []
        i += 1
        while i < len(lines) and not close.match(lines[i]):
            body.append(lines[i])
            i += 1
        fences.append(Fence(opened.group(2).lower(), tuple(body)))
        i += 1
    return fences, prose


def fences(text: str) -> list[Fence]:
    """The fenced code blocks of a reply, in order."""
    return _split(text)[0]


def prose_lines(text: str) -> list[str]:
    """The lines of a reply outside fenced code blocks (inline code kept)."""
    return _split(text)[1]


def longest_fence(text: str) -> int:
    """The number of lines of a reply's longest fenced block (0 without one)."""
    return max((len(f.lines) for f in fences(text)), default=0)


def inline_code(line: str) -> list[str]:
    """The contents of the inline code spans of one line."""
    return [m.group(2).strip() for m in INLINE.finditer(line)]


def plain(line: str) -> str:
    """One line with its inline code spans blanked out."""
    return INLINE.sub(lambda m: " " * len(m.group(0)), line)


def label(line: str) -> str:
    """A line without its Markdown decoration: blockquote, heading hashes, list marker and emphasis around it."""
    return EMPHASIS.sub("", DECORATION.sub("", line).strip()).strip()


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of each Markdown heading outside code, emphasis and a trailing colon dropped from the title."""
    out = []
    for line in prose_lines(text):
        if m := HEADING_LINE.match(line):
            out.append((len(m.group(1)), EMPHASIS.sub("", m.group(2)).strip().rstrip(":").strip()))
    return out


def heading_positions(text: str) -> list[tuple[int, str]]:
    """(index into `prose_lines`, title) of each Markdown heading of a reply."""
    return [(i, label(line).rstrip(":").strip()) for i, line in enumerate(prose_lines(text))
            if HEADING_LINE.match(line)]


def labelled(text: str, name: str) -> list[str]:
    """The values of the prose lines that start with `name` (e.g. `Branch:`; case ignored, decoration dropped);
    an empty value is replaced by the next non-empty line when that is a list item."""
    lines = prose_lines(text)
    out = []
    for i, line in enumerate(lines):
        text_of = label(line)
        if not text_of.lower().startswith(name.lower()):
            continue
        value = EMPHASIS.sub("", text_of[len(name) :]).strip().strip("`").strip()
        if not value:
            rest = [x for x in lines[i + 1 :] if x.strip()]
            value = label(rest[0]) if rest and DECORATION.match(rest[0]).group(0).strip() else ""
        out.append(value)
    return out


def bullet_markers(text: str) -> list[str]:
    """The marker (`-`, `*` or `+`) of every bulleted list line outside code."""
    return [m.group(1) for line in prose_lines(text) if (m := BULLET_MARK.match(line))]


def glyph_lines(text: str, glyphs: Iterable[str]) -> list[str]:
    """Prose lines that start with one of `glyphs` (typographic bullets), stripped."""
    marks = tuple(glyphs)
    return [line.strip() for line in prose_lines(text) if marks and line.strip().startswith(marks)]


def has_list(text: str, glyphs: Iterable[str] = ()) -> bool:
    """Whether a reply's prose has a list: a bulleted or numbered Markdown item, or a line led by a glyph."""
    numbered = any(re.match(r"^\s*\d+[.)]\s", line) for line in prose_lines(text))
    return numbered or bool(bullet_markers(text)) or bool(glyph_lines(text, glyphs))


def option_ids(text: str, name: str, described: int = 0) -> set[str]:
    """The ids of the option lines of a reply (`Option A: ...`, `**Option 2 -** ...` for `name="Option"`; the id
    lower-cased), decoration around the line ignored; with `described`, only options with at least that many words
    after the label (on its line, or the next line when the label stands alone)."""
    rx = re.compile(rf"^{re.escape(name)}\s+([A-Za-z0-9]{{1,2}})\s*(?:[:.)]|\s[-–—])", re.I)
    lines = prose_lines(text)
    out = set()
    for i, line in enumerate(lines):
        if m := rx.match(label(line)):
            rest = label(line)[m.end() :] or (label(lines[i + 1]) if i + 1 < len(lines) else "")
            if len(re.findall(r"\w+", rest)) >= described:
                out.add(m.group(1).lower())
    return out


def questions(text: str) -> list[int]:
    """Indexes (into `prose_lines`) of the prose lines that ask a question: a `?` ends a sentence outside
    inline code; blockquoted lines (quotations) do not count."""
    return [
        i
        for i, line in enumerate(prose_lines(text))
        if not line.lstrip().startswith(">") and QUESTION.search(plain(line))
    ]


def questions_gathered(text: str, heading: str) -> bool:
    """Whether every question of a reply comes after a heading titled `heading` (case ignored) that is the
    reply's last heading."""
    marks = heading_positions(text)
    asked = questions(text)
    if not marks or marks[-1][1].lower() != heading.lower():
        return False
    return not asked or min(asked) > marks[-1][0]


def first_word(reply: str) -> str:
    """The first word of a reply's prose, Markdown decoration and punctuation dropped."""
    for line in prose_lines(reply):
        if m := re.search(r"[A-Za-z']+", label(line)):
            return m.group(0)
    return ""


def code_errors(text: str, tags: Iterable[str]) -> list[str]:
    """`a ```TAG block: line N` for each fenced block tagged one of `tags` that does not parse in its language
    (`FENCE_LANGUAGES`; tags of no language the checks read are skipped). A C block may be a whole file or the
    statements of a function body."""
    out = []
    for f in fences(text):
        grammar = FENCE_LANGUAGES.get(f.lang) if f.lang in set(tags) else None
        if grammar is None:
            continue
        sources = [f.body] + ([C_BODY.format(f.body)] if grammar == "c" else [])
        trees = [syntax.parse(grammar, source.encode()) for source in sources]
        if all(tree.root_node.has_error for tree in trees):
            out.append(f"a ```{f.lang} block: line {_first_error(trees[0].root_node)}")
    return out


def _first_error(node: Node) -> int:
    """The 1-based line of the first error or missing node under `node`."""
    broken = [n for n in syntax.walk(node) if n.is_error or n.is_missing]
    return (broken[0] if broken else node).start_point[0] + 1


# --- Words, names and figures -------------------------------------------------------------------------------------


def straight(text: str) -> str:
    """Curly apostrophes as straight ones (`I’ll` reads as `I'll`)."""
    return text.replace("\u2019", "'")


def phrase_pattern(words: Iterable[str], tail: str = "") -> re.Pattern[str]:
    """Any of `words` as whole words (case ignored), followed by `tail`; matches nothing when `words` is empty."""
    alternatives = "|".join(re.escape(w) for w in words) or r"(?!x)x"
    return re.compile(rf"(?<![\w'])(?:{alternatives}){tail}(?![\w'])", re.I)


def spelled_locations(text: str) -> list[str]:
    """Code locations spelled out in prose ('line 4 of core.py', 'core.py, line 4') rather than `path:LINE`."""
    return [m.group(0) for line in prose_lines(text) for m in LINE_PHRASE.finditer(line)]


def bare_names(text: str, names: Iterable[str]) -> list[str]:
    """Which of the code `names` a reply's prose writes outside inline code. A name that reads as a plain word
    (no underscore, no inner capital: `add`) counts only when written as a call (`add()`)."""
    prose = "\n".join(plain(line) for line in prose_lines(text))
    out = []
    for name in sorted(set(names)):
        wordy = "_" in name or re.search(r"[a-z][A-Z]", name)
        tail = r"(?:\(\))?" if wordy else r"\(\)"
        if re.search(rf"(?<![\w.`]){re.escape(name)}{tail}(?![\w`])", prose):
            out.append(name)
    return out


def coded_names(text: str, names: Iterable[str]) -> list[str]:
    """Which of the code `names` a reply writes inside inline code (`name`, `name()`, `obj.name`)."""
    spans = [span for line in prose_lines(text) for span in inline_code(line)]
    return sorted({n for n in names for s in spans if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", s)})


@dataclass(frozen=True)
class Figure:
    """A figure a reply states: as written, its exact value and its decimal places as written (None for a fraction
    in words, which is exact: `a third`)."""

    text: str
    value: Fraction
    places: int | None


def _numeral(hit: re.Match[str]) -> tuple[Fraction, int]:
    """The value and decimal places of a `NUMERAL` match (`-1,024.50` -> -1024.5 and 2, `.5`, `1.5e-05`)."""
    mantissa = hit.group("mantissa").replace(",", "")
    places = len(mantissa.partition(".")[2])
    exponent = int(hit.group("exp")[1:]) if hit.group("exp") else 0
    value = Fraction(mantissa) * Fraction(10) ** exponent
    return (-value if hit.group("sign") in ("-", "\u2212") else value), places - exponent


def printed_numbers(texts: Iterable[str]) -> list[tuple[Fraction, int]]:
    """Every number the texts print, as (value, decimal places): integers, decimals (`.5` too), thousands
    separators, signs and exponents read as numbers; version-like strings (`3.11.2`) are no numbers."""
    return [_numeral(hit) for text in texts for hit in NUMERAL.finditer(text)]


def _spoken(hit: re.Match[str]) -> Figure:
    """`twelve point five` -> 12.5 (one decimal place)."""
    whole = sum(UNITS.index(w) if w in UNITS else 20 + 10 * TENS.index(w)
                for w in re.split(r"[\s-]+", hit.group("whole").lower()))
    digits = "".join(str(UNITS.index(w)) for w in re.split(r"[\s-]+", hit.group("digits").lower().strip(" -")))
    return Figure(hit.group(0), Fraction(f"{whole}.{digits}"), len(digits))


def _fraction(text: str, hit: re.Match[str]) -> Figure | None:
    """`a third`, `two thirds`, `half the rows` as an exact fraction (None for `the second half of`)."""
    if hit.group("half"):
        return None if NOT_A_HALF.search(text[: hit.start()]) else Figure(hit.group(0), Fraction(1, 2), None)
    count = hit.group("count").lower()
    numerator = 1 if count in ("a", "an") else UNITS.index(count)
    return Figure(hit.group(0), Fraction(numerator, PARTS[hit.group("part").lower()]), None)


def stated_figures(text: str) -> list[Figure]:
    """The figures of a reply's prose (inline code included): numerals with a decimal point or an exponent
    (`0.873`, `.5`, `-3.25`, `1,024.75`, `1.5e-05`, the `12.5` of `12.5%`), decimals spoken in words (`twelve point
    five`) and fractions in words (`a third of`, `two thirds`, `half the rows`)."""
    out: list[Figure] = []
    for line in prose_lines(text):
        for hit in NUMERAL.finditer(line):
            if "." in hit.group("mantissa") or hit.group("exp"):
                value, places = _numeral(hit)
                out.append(Figure(hit.group(0), value, places))
        out += [_spoken(hit) for hit in SPOKEN.finditer(line)]
        out += [f for hit in FRACTION.finditer(line) if (f := _fraction(line, hit))]
    return out


def _cut(value: Fraction, places: int) -> Fraction:
    """`value` with the digits after `places` decimal places dropped (towards zero)."""
    scale = Fraction(10) ** places
    return Fraction(math.trunc(value * scale)) / scale


def _rounded(value: Fraction, places: int) -> Fraction:
    """`value` rounded half up to `places` decimal places."""
    scale = Fraction(10) ** places
    return Fraction(math.floor(value * scale + Fraction(1, 2))) / scale


def figure_shown(figure: Figure, printed: Iterable[tuple[Fraction, int]]) -> bool:
    """Whether some printed number is `figure`, compared as numbers: equal, or printed with more decimal places
    that the figure drops (`0.873` of `0.8731`, never `0.874`). A fraction in words is shown by a printed
    proportion (two places or more) or percentage (one or more) it rounds or truncates to (`a third`: `0.33`,
    `33.3`), or by its exact value."""
    for value, places in printed:
        if figure.places is None:
            for scaled, least in ((figure.value, 2), (figure.value * 100, 1)):
                if value == scaled or (places >= least and value in (_cut(scaled, places), _rounded(scaled, places))):
                    return True
        elif value == figure.value or (places > figure.places and _cut(value, figure.places) == figure.value):
            return True
    return False


def yes_no_question(message: str, openers: frozenset[str]) -> bool:
    """Whether a user message asks exactly one question and it opens with one of `openers` (is, does, can...);
    a request put as a question (`Can you fix it?`) does not count."""
    asked = [s for s in re.split(r"(?<=[.!?])\s+", " ".join(message.split())) if s.endswith("?")]
    if len(asked) != 1:
        return False
    question = asked[0].split(":")[-1].strip()
    if re.match(r"(?:can|could|would|will)\s+you\b", question, re.I):
        return False  # a request put politely, not a question
    first = re.match(r"[A-Za-z']+", question)
    return bool(first) and first.group(0).lower() in openers


# --- Repository paths and citations -------------------------------------------------------------------------------


def path_pattern(path: str) -> re.Pattern[str]:
    """A repository path as a word: not part of a longer path or name (`./` before it allowed)."""
    return re.compile(rf"(?<![\w./-])(?:\./)?{re.escape(path)}(?![\w/-]|\.\w)")


def path_mentions(text: str, paths: Iterable[str]) -> list[tuple[str, bool]]:
    """(path, in_code) for each prose line mentioning a repository path: in_code when it sits in inline code."""
    out = []
    patterns = [(p, path_pattern(p)) for p in sorted(set(paths))]
    for line in prose_lines(text):
        bare, code = plain(line), " ".join(inline_code(line))
        for path, pattern in patterns:
            if pattern.search(bare):
                out.append((path, False))
            if pattern.search(code):
                out.append((path, True))
    return out


def absolute_mentions(text: str, paths: Iterable[str]) -> list[str]:
    """Absolute spellings (`/workspace/src/a.py`, `~/repo/a.py`) of repository paths in a reply's prose."""
    joined = "\n".join(prose_lines(text))
    out = []
    for path in sorted(set(paths)):
        rx = re.compile(rf"(?<![\w.:/-])~?/(?:[\w.@+-]+/)*{re.escape(path)}(?![\w/-]|\.\w)")
        out += [m.group(0) for m in rx.finditer(joined)]
    return out


def repo_paths(run: Run) -> set[str]:
    """Every path the repository held at some point: at the start, at the end of any turn, at the end."""
    paths = set(run.initial_files) | set(run.files)
    for t in run.turns:
        paths |= set(run.files_after_turn(t.index))
    return paths


def backticked_paths(text: str) -> list[str]:
    """Relative file paths with a directory part written in inline code (`src/a.py`, `src/a.py:3`), bare."""
    out = []
    for line in prose_lines(text):
        out += [m.group(1) for span in inline_code(line) if (m := REL_PATH.match(span))]
    return out


def citations(text: str) -> list[tuple[str, int, int]]:
    """(path, first line, last line) of each `path:LINE` or `path:START-END` citation in a reply's prose."""
    out = []
    for line in prose_lines(text):
        for m in CITE.finditer(line):
            first = int(m.group(2))
            out.append((m.group(1).removeprefix("./"), first, int(m.group(3) or first)))
    return out


def file_at_turn(run: Run, index: int, path: str) -> bytes | None:
    """The file at `path` as turn `index` left it, else as it was when that turn started (None: neither)."""
    after = run.files_after_turn(index)
    return after[path] if path in after else files_before_turn(run, index).get(path)


# --- Commands a reply quotes or reports ---------------------------------------------------------------------------


def normal(text: str) -> str:
    """Whitespace collapsed, a leading `$ ` prompt dropped."""
    return " ".join(text.split()).removeprefix("$ ")


def segment_texts(seg: Segment) -> set[str]:
    """The ways a reply may quote one simple command: as run, without its wrappers (`timeout 60 python -m pytest`
    also as `python -m pytest`), and without its redirections too (`... -q 2>&1` also as `... -q`); the shorter
    forms both as written (quotes kept) and as parsed."""
    forms = {normal(seg.text), normal(" ".join([*seg.raw_argv, *(_redirection(r) for r in seg.simple.redirects)]))}
    for argv in (seg.argv, seg.raw_argv):
        forms.add(normal(" ".join(argv)))
    return forms - {""}


def _redirection(redirect: Redirect) -> str:
    """A redirection as written (`2>&1`, `> out.txt`)."""
    return f"{redirect.fd}{redirect.op}{redirect.target}" if redirect.body is None else redirect.op


def command_texts(commands: Iterable[Command]) -> set[str]:
    """The ways a reply may quote these commands: each whole command line, each of its simple commands as
    `segment_texts` spells them, and each pipeline as written (`make test 2>&1 | tail -n 4`, also when it is one line
    of a longer script)."""
    out = set()
    for cmd in commands:
        out.add(normal(cmd.cmd))
        segs = segments_of(cmd)
        piped = {(t.command.order, t.index) for seg in segs for t in seg.pipes_into}
        for seg in segs:
            out |= segment_texts(seg)
            if seg.pipes_into and (seg.command.order, seg.index) not in piped:
                out.add(normal(" | ".join(s.text for s in (seg, *seg.pipes_into))))
    return out - {""}


def quoted_lines(text: str, langs: tuple[str, ...] | None = None) -> list[str]:
    """Lines a reply quotes as code: fence lines (of fences tagged one of `langs`, if given) and inline spans."""
    out = [normal(line) for f in fences(text) if langs is None or f.lang in langs for line in f.lines]
    if langs is None:
        out += [normal(span) for line in prose_lines(text) for span in inline_code(line)]
    return out


def only_prints(command: Command, programs: Iterable[str]) -> bool:
    """Whether a command only prints: every simple command of it, a `cd` or `set` before them aside, runs one of
    `programs` (`echo`, `printf`; so nothing is piped into another program) and none writes a file."""
    segs = [s for s in segments_of(command) if s.program not in SCAFFOLDING]
    names = set(programs)
    return bool(segs) and all(s.program in names and not s.written_paths for s in segs)


def summary_counts(output: str) -> list[str]:
    """The counts of every test summary in a command's output, as printed, that a reply quoting them contains:
    pytest's counts (`3 passed, 1 skipped`, the timing left out), the count lines of node's runner (`pass 12`,
    `fail 0`, and skipped/cancelled/todo when not 0), mocha's (`12 passing`), unittest's `Ran 12 tests` and its
    `OK` / `FAILED (failures=1)` line, and the counts span of a one-line summary (jest's `1 failed, 11 passed, 12
    total`, cargo's `12 passed; 0 failed; 0 ignored`, a C harness's `35 passed, 2 failed`). `go test` and plain TAP
    print no counts, so they give none."""
    lines = output.splitlines()
    return [count for found in summaries(output) for count in _counts_of(found, lines[found.start : found.line + 1])]


def _counts_of(found: Summary, span: list[str]) -> list[str]:
    """The quoted counts of one summary, read from the lines it spans."""
    last = span[-1].strip()
    if found.format == "pytest":
        return [hit.group(1).rstrip(", ") for hit in [PYTEST.match(last)] if hit]
    if found.format == "mocha":
        return [f"{hit.group(1)} {hit.group(2)}" for line in span if (hit := MOCHA.match(line))]
    if found.format == "node":
        counts = [hit.groups() for line in span if (hit := NODE.match(line.strip()))]
        return [f"{kind} {n}" for kind, n in counts if kind in ("pass", "fail") or (kind in NODE_QUOTED and n != "0")]
    if found.format == "unittest":
        return [span[0].strip().partition(" in ")[0], last]
    if found.format in ("go", "tap"):
        return []
    if found.format == "cargo" and (hit := CARGO.match(last)):
        return [last[hit.start(1) : hit.end()]]
    text = LOG_TAG.sub("", last)
    pairs = list(COUNT_PAIR.finditer(text))
    return [text[pairs[0].start() : pairs[-1].end()] if pairs else text]


def quotes_counts(reply: str, counts: str) -> bool:
    """Whether a reply contains `counts` as printed (case and runs of spaces aside, no digit right before or after)."""
    return re.search(rf"(?<!\d){re.escape(normal(counts))}(?!\d)", normal(reply), re.I) is not None


def last_test_command(run: Run, index: int) -> Command | None:
    """The last command of turn `index` that ran tests (any runner: pytest, `npm test`, `make test`, a task
    tool)."""
    runs = [s.command for s in segments(run) if s.is_test_run and s.command.turn == index]
    return max(runs, key=lambda c: c.order) if runs else None


def missing_names(command: Command) -> list[str]:
    """Programs (`ruff: command not found`) or top-level modules (`No module named 'pandas'`) a command found
    missing; for exit code 127 with no such message, the program it tried to run."""
    names = [m.group(1).split(".")[0] for rx in MISSING for m in rx.finditer(command.output)]
    if not names and command.exit_code == 127:
        segs = segments_of(command)
        names = [segs[-1].program] if segs and segs[-1].program else []
    return list(dict.fromkeys(names))


def _retried(cmd: Command, name: str, later: Iterable[Command]) -> bool:
    """Whether a later command that exited 0 names `name` or runs the failed command again (e.g. with an
    environment variable or a wrapper before it)."""
    segs = segments_of(cmd)
    core = normal(" ".join(segs[-1].argv)) if segs else ""
    named = re.compile(rf"\b{re.escape(name)}\b")
    return any(c.exit_code == 0 and (named.search(c.cmd) or (core and core in normal(c.cmd))) for c in later)


def unresolved_missing(turn: TurnView) -> list[tuple[Command, str]]:
    """(command, name) for each program or module missing in a turn that no later command of the turn got
    running (`_retried`)."""
    out = []
    for i, cmd in enumerate(turn.commands):
        out += [(cmd, name) for name in missing_names(cmd) if not _retried(cmd, name, turn.commands[i + 1 :])]
    return out


# --- What the run wrote -------------------------------------------------------------------------------------------


def _added(before: bytes | None, after: bytes | None) -> list[str]:
    """The lines `after` adds to `before`, as a line diff finds them."""
    old = [] if before is None else before.decode(errors="replace").splitlines()
    new = [] if after is None else after.decode(errors="replace").splitlines()
    ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    return [line for tag, _, _, j1, j2 in ops if tag in ("insert", "replace") for line in new[j1:j2]]


def written_lines(run: Run, index: int) -> set[str]:
    """The code lines (stripped, with a letter or digit) the run had added to any file by the end of turn
    `index`, compared with the start of the run."""
    start, now = run.initial_files, run.files_after_turn(index)
    out: set[str] = set()
    for path, data in now.items():
        if start.get(path) != data and b"\0" not in data:
            out |= {line.strip() for line in _added(start.get(path), data) if re.search(r"\w", line)}
    return out


def echoed_lines(reply: str, written: set[str]) -> list[str]:
    """The lines of a reply's fenced blocks that repeat a written line (a diff block's `+`/`-`/` ` column dropped)."""
    out = []
    for f in fences(reply):
        for line in f.lines:
            text = line[1:] if f.lang == "diff" and line[:1] in "+- " else line
            if text.strip() in written:
                out.append(text.strip())
    return out


def new_public_functions(run: Run, index: int) -> list[tuple[str, str]]:
    """`(name, language)` of the public top-level functions turn `index` added to non-test source files in a
    language the checks read: Python and C functions whose name has no leading underscore (C: not `static`),
    JavaScript/TypeScript functions the module exports."""
    before, after = files_before_turn(run, index), run.files_after_turn(index)
    out = []
    for path in run.changed_in_turn(index):
        lang = code.language(path)
        if lang not in code.NEUTRAL or code.is_test_path(path) or path not in after:
            continue
        old = {d.full_name for d in code.definitions(FileView(path, before[path]))} if path in before else set()
        view = FileView(path, after[path])
        added = [d.name for d in code.definitions(view) if d.kind == "function" and d.full_name == d.name
                 and d.name not in old]
        out += [(name, lang) for name in _public(view, lang, added)]
    return out


def _public(view: FileView, lang: str, names: list[str]) -> list[str]:
    """The top-level functions of `names` that are public: exported (JS/TS), else not `static` (C) and no leading
    underscore; the file is read once for all of them."""
    if not names:
        return []
    if lang in ("javascript", "typescript"):
        exported = {e.name for e in javascript.exports(view.path, view.data)}
        return [n for n in names if n in exported]
    static = {f.name for f in c.functions(view.path, view.data) if f.is_static} if lang == "c" else set()
    return [n for n in names if n not in static and not n.startswith("_")]


def _names(entries: Iterable[object]) -> set[str]:
    """Package names of requirement strings (`httpx[http2]>=0.27` -> `httpx`), lower-cased."""
    out = set()
    for entry in entries:
        name = re.split(r"[\s<>=!~;\[(@,]", str(entry).strip(), maxsplit=1)[0]
        if name:
            out.add(name.lower())
    return out


def _dependency_names(tables: dict[str, object]) -> set[str]:
    """Package names of `dependency_lists` tables: lists of requirements, groups of them, or name-keyed tables."""
    out: set[str] = set()
    for value in tables.values():
        if isinstance(value, list):
            out |= _names(value)
        elif isinstance(value, dict):
            for key, sub in value.items():
                out |= _names(sub) if isinstance(sub, list) else _names([key])
    return out


def added_dependencies(before: bytes | None, after: bytes | None) -> list[str]:
    """Names of the packages the dependency tables of a `pyproject.toml` gained (lower-cased, sorted)."""
    old, new = dependency_lists(before), dependency_lists(after)
    if "unparsable" in new:
        return []
    return sorted(_dependency_names(new) - _dependency_names(old) - {"python"})
