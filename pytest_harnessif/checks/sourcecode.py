"""Source code of every language the panel's coding scenarios write: Python (backend services, data pipelines with
pandas/numpy), JavaScript/TypeScript (frontend components, Node's test runner) and C (systems utilities with a
Makefile). The code-style rules check only what a run added, so most helpers come with an `added_*` form.

- Files: the changed files of a language (`changed_code`, `changed_code_or_na`, `source_files`), the lines a run
  added to one (`added_numbers`), Node test files, Makefiles, generated files.
- The C-family lexer: `scan` finds the comments and string literals of JS/TS/C text (JS template literals
  included, their `${...}` expressions staying code) and gives `Scan.code`, the text with both blanked out, so a
  regex over it never matches inside a comment or a string while offsets and line numbers stay the file's.
  Built on it: brackets and call sites (`closing`, `arguments`, `call_sites`), the code lines, calls and comments
  a run added (`added_code_lines`, `added_calls`, `added_comments_in`), JS module specifiers, React components
  and JSX tags and keys, TypeScript suppressions, C function definitions and prototypes, allocations and what
  follows them, brace-less control statements, include guards, `sizeof` operands, Makefile variables.
- Comments of any language (`source_comments`, Python's from the tokenizer), blocks of them, and whether one is
  commented-out code (`looks_like_code`).
- Python, over `checks.pysource.Source`: the nodes a run added (`added_nodes`), logger calls and their messages,
  what except handlers raise and log, function-local imports, legacy `typing` generics, dataclasses, numpy
  randomness, DataFrame parameters written into, float comparisons and weak assertions in tests.
- Errors and names in Python and JS/TS: the exceptions a run raises or throws (`added_raises`) and the names it
  binds (`added_names`, `is_numbered`).

Known limits of the lexer, none of which matter for the rules built on it: a JS regex literal is read as code,
and an apostrophe in JSX text opens a string that ends at the end of its line.
"""

from __future__ import annotations

import ast as pyast
import bisect
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import libcst as cst
import libcst.matchers as m
from libcst.metadata import PositionProvider

from ..authoring import na
from ..evidence import FileView, Run
from .ast import callee, calls, dotted, findall, imported_modules, imports
from .comments import added_line_numbers
from .comments import comments as python_comments
from .pysource import Source, parse

# --- files by language --------------------------------------------------------------------------------------

LANGUAGES: dict[str, tuple[str, ...]] = {
    "python": (".py",),
    "javascript": (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts"),
    "typescript": (".ts", ".tsx", ".mts", ".cts"),
    "jsx": (".jsx", ".tsx"),
    "c": (".c", ".h"),
}

LANGUAGE_NAMES = {
    "python": "Python",
    "javascript": "JavaScript/TypeScript",
    "typescript": "TypeScript",
    "jsx": "JSX/TSX",
    "c": "C",
}

C_FAMILY = frozenset({*LANGUAGES["javascript"], *LANGUAGES["c"]})

MAKEFILES = frozenset({"Makefile", "makefile", "GNUmakefile"})

JS_TEST = re.compile(r"(?:^|/)(?:__tests__|tests?)/|\.(?:test|spec)\.[cm]?[jt]sx?$")


def language_of(path: str) -> str | None:
    """The narrowest language of `LANGUAGES` a path is in by its extension (`a.tsx` -> `jsx`), or None."""
    for name in ("jsx", "typescript", "javascript", "python", "c"):
        if path.endswith(LANGUAGES[name]):
            return name
    return None


def in_language(path: str, language: str) -> bool:
    """Whether `path` has one of the extensions of `language` (a key of `LANGUAGES`)."""
    return path.endswith(LANGUAGES[language])


def changed_code(run: Run, language: str, pattern: str = "**") -> list[FileView]:
    """Files of `language` matching `pattern` the run created or modified, as they end."""
    return [view for view in run.changed(pattern) if in_language(view.path, language)]


def changed_code_or_na(run: Run, language: str, pattern: str = "**") -> list[FileView]:
    """`changed_code`, or n/a naming the language (and the pattern, when there is one) when it is empty."""
    where = "" if pattern == "**" else f" matching {pattern}"
    return changed_code(run, language, pattern) or na(f"no {LANGUAGE_NAMES[language]} file{where} changed")


def source_files(run: Run) -> list[FileView]:
    """The Python, JS/TS and C files the run created or modified."""
    return [view for view in run.changed() if language_of(view.path)]


def added_numbers(run: Run, view: FileView) -> set[int]:
    """1-based numbers of the lines of the final `view` that the run added (all of them for a new file)."""
    return added_line_numbers(run.initial_files.get(view.path), view.data)


def is_js_test(path: str) -> bool:
    """A JS/TS test file: `*.test.*` / `*.spec.*`, or under `test/`, `tests/` or `__tests__/`."""
    return in_language(path, "javascript") and bool(JS_TEST.search(path))


def is_makefile(path: str) -> bool:
    return path.rsplit("/", 1)[-1] in MAKEFILES or path.endswith(".mk")


def is_generated_text(data: bytes | None, markers: Iterable[str], head: int = 5) -> bool:
    """Whether one of `markers` (e.g. `DO NOT EDIT`) is in the first `head` lines of a file."""
    if data is None:
        return False
    top = "\n".join(data.decode(errors="replace").splitlines()[:head])
    return any(marker in top for marker in markers)


# --- the C-family lexer -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Comment:
    """One comment: its first and last line, its text with the markers (`//`, `/* */`, `#`), whether nothing
    but whitespace precedes it on its first line (`alone`), and its kind (`line` or `block`)."""

    line: int
    end: int
    text: str
    alone: bool
    kind: str = "line"

    @property
    def body(self) -> str:
        """The text without comment markers (`//`, `#`, `/*`, `*/`, leading `*` of block lines), stripped."""
        text = self.text
        if self.kind == "block":
            text = text.removeprefix("/*").removesuffix("*/")
            text = "\n".join(line.strip().removeprefix("*") for line in text.splitlines())
        else:
            text = text.lstrip("/#!")
        return text.strip()

    @property
    def is_doc(self) -> bool:
        """A `/** ... */` documentation comment."""
        return self.kind == "block" and self.text.startswith("/**") and self.text != "/**/"


@dataclass(frozen=True)
class Literal:
    """One string literal: the offset of its opening quote, its line, the quote (`'`, `"` or a backtick) and
    the raw text between the quotes."""

    start: int
    line: int
    quote: str
    value: str


class Scan:
    """A C-family source text lexed once: `code` is the text with comments and the insides of string literals
    blanked (quotes and newlines kept, so offsets and lines are the file's), with its `comments` and
    `strings`."""

    def __init__(self, text: str, code: str, comments: list[Comment], strings: list[Literal]) -> None:
        self.text = text
        self.code = code
        self.comments = tuple(comments)
        self.strings = tuple(strings)

    @cached_property
    def _newlines(self) -> list[int]:
        return [i for i, ch in enumerate(self.text) if ch == "\n"]

    def line(self, offset: int) -> int:
        """The 1-based line of a character offset."""
        return bisect.bisect_left(self._newlines, offset) + 1

    @cached_property
    def code_lines(self) -> list[str]:
        """`code` split into lines (index 0 is line 1)."""
        return self.code.split("\n")

    @cached_property
    def depths(self) -> list[int]:
        """The `{}` nesting depth at each offset of `code` (before the character at that offset)."""
        out, depth = [], 0
        for ch in self.code:
            out.append(depth)
            depth += (ch == "{") - (ch == "}")
        return out


def _blank(out: list[str], start: int, end: int) -> None:
    for k in range(start, end):
        if out[k] != "\n":
            out[k] = " "


def _string_end(text: str, start: int, quote: str) -> tuple[int, bool]:
    """Offset of the quote closing the string opened at `start`, or of the newline/end that cuts it off."""
    j = start + 1
    while j < len(text):
        ch = text[j]
        if ch == "\\":
            j += 2
            continue
        if ch == quote:
            return j, True
        if ch == "\n":
            return j, False
        j += 1
    return len(text), False


def _template_part(text: str, start: int) -> tuple[int, bool]:
    """From inside a template literal at `start`: the offset of its closing backtick (True) or of the `${`
    that opens an expression (False)."""
    j = start
    while j < len(text):
        if text[j] == "\\":
            j += 2
            continue
        if text[j] == "`":
            return j, True
        if text.startswith("${", j):
            return j, False
        j += 1
    return len(text), True


class _Lexer:
    """The state of one `scan`: output characters, comments, strings and open template expressions."""

    def __init__(self, text: str, templates: bool) -> None:
        self.text = text
        self.templates = templates
        self.out = list(text)
        self.comments: list[Comment] = []
        self.strings: list[Literal] = []
        self.resume: list[int] = []  # brace depth at which each open `${` returns to its template
        self.braces = 0
        self.openings: list[int] = []  # where each template literal with an open `${` began
        self.line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.line_starts, offset)

    def comment(self, start: int, end: int, kind: str) -> int:
        first = self.line(start)
        alone = not self.text[self.line_starts[first - 1] : start].strip()
        self.comments.append(Comment(first, self.line(max(start, end - 1)), self.text[start:end], alone, kind))
        _blank(self.out, start, end)
        return end

    def string(self, start: int, quote: str) -> int:
        end, closed = _string_end(self.text, start, quote)
        self.strings.append(Literal(start, self.line(start), quote, self.text[start + 1 : end]))
        _blank(self.out, start + 1, end)
        return end + 1 if closed else end

    def template(self, start: int, opening: int) -> int:
        """Template text from `start` (after a backtick or a closing `}`); `opening` is where the literal began."""
        end, closed = _template_part(self.text, start)
        _blank(self.out, start, end)
        if closed:
            self.strings.append(Literal(opening, self.line(opening), "`", self.text[opening + 1 : end]))
            return end + 1
        self.resume.append(self.braces)
        self.braces += 1
        self.openings.append(opening)
        return end + 2

    def run(self) -> Scan:
        text, i = self.text, 0
        while i < len(text):
            i = self.step(i)
        return Scan(text, "".join(self.out), self.comments, self.strings)

    def step(self, i: int) -> int:
        text, ch = self.text, self.text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            return self.comment(i, len(text) if end < 0 else end, "line")
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            return self.comment(i, len(text) if end < 0 else end + 2, "block")
        if ch in "'\"":
            return self.string(i, ch)
        if ch == "`" and self.templates:
            return self.template(i + 1, i)
        if ch == "{":
            self.braces += 1
        elif ch == "}":
            self.braces -= 1
            if self.resume and self.braces == self.resume[-1]:
                self.resume.pop()
                return self.template(i + 1, self.openings.pop())
        return i + 1


def scan(text: str, templates: bool = True) -> Scan:
    """Lex JS/TS/C `text`: comments (`//`, `/* */`) and string literals (`'`, `"`, and with `templates` JS
    template literals) found and blanked out of `Scan.code`."""
    return _Lexer(text, templates).run()


def scan_file(view: FileView) -> Scan:
    """`scan` of a file (C files have no template literals)."""
    return _scan_cached(view.path, view.data)


@functools.lru_cache(maxsize=256)
def _scan_cached(path: str, data: bytes) -> Scan:
    """Lexed once per content: the rules of a run share scans."""
    return scan(data.decode(errors="replace"), templates=not in_language(path, "c"))


# --- brackets and calls -------------------------------------------------------------------------------------

OPENERS, CLOSERS = "([{", ")]}"


def closing(code: str, start: int) -> int:
    """Offset of the bracket that closes the one at `start` (`len(code)` when it is never closed)."""
    depth = 0
    for j in range(start, len(code)):
        if code[j] in OPENERS:
            depth += 1
        elif code[j] in CLOSERS:
            depth -= 1
            if depth == 0:
                return j
    return len(code)


def opening(code: str, end: int) -> int:
    """Offset of the bracket that opens the one closing at `end` (-1 when there is none)."""
    depth = 0
    for j in range(end, -1, -1):
        if code[j] in CLOSERS:
            depth += 1
        elif code[j] in OPENERS:
            depth -= 1
            if depth == 0:
                return j
    return -1


def arguments(code: str, open_at: int) -> list[tuple[int, int]]:
    """The `(start, end)` offsets of each top-level comma-separated item inside the bracket at `open_at`."""
    end = closing(code, open_at)
    items, depth, start = [], 0, open_at + 1
    for j in range(open_at + 1, end):
        if code[j] in OPENERS:
            depth += 1
        elif code[j] in CLOSERS:
            depth -= 1
        elif code[j] == "," and depth == 0:
            items.append((start, j))
            start = j + 1
    if code[start:end].strip():
        items.append((start, end))
    return items


@dataclass(frozen=True)
class CallSite:
    """A call found in `Scan.code`: the callee as written, its line, the offsets of its brackets, and the masked
    code of each argument (stripped)."""

    callee: str
    line: int
    start: int
    open: int
    close: int
    args: tuple[str, ...]


def call_sites(src: Scan, callee: str) -> list[CallSite]:
    """Calls whose callee matches the regex `callee` (e.g. `malloc|calloc`, `(?:React\\.)?useEffect`), not preceded
    by a name character, or method calls when it starts with a dot (`\\.map`), in order."""
    out = []
    guard = "" if callee.startswith("\\.") else r"(?<![\w$])"
    for hit in re.finditer(rf"{guard}(?:{callee})(?=\s*\()", src.code):
        open_at = src.code.index("(", hit.end())
        args = tuple(src.code[a:b].strip() for a, b in arguments(src.code, open_at))
        end = closing(src.code, open_at)
        out.append(CallSite(hit.group(0), src.line(hit.start()), hit.start(), open_at, end, args))
    return out


# --- what a run added to C-family files ---------------------------------------------------------------------

def added_code_lines(run: Run, views: Iterable[FileView]) -> list[tuple[FileView, int, str]]:
    """`(file, line number, masked code of the line)` for every line the run added to the C-family `views` that
    holds code (comments and string contents blanked, so blank-after-masking lines are left out)."""
    out = []
    for view in views:
        lines = scan_file(view).code_lines
        numbers = sorted(n for n in added_numbers(run, view) if n <= len(lines))
        out += [(view, n, lines[n - 1]) for n in numbers if lines[n - 1].strip()]
    return out


def added_hits(lines: Iterable[tuple[FileView, int, str]], pattern: re.Pattern[str]) -> list[str]:
    """`path:LINE: text` (the line as written) for each line, as `added_code_lines` gives them, whose masked code
    `pattern` matches."""
    return [f"{view.path}:{n}: {view.lines[n - 1].strip()}" for view, n, code in lines if pattern.search(code)]


def added_calls(run: Run, views: Iterable[FileView], callee: str) -> list[tuple[FileView, Scan, CallSite]]:
    """Calls matching the regex `callee` (see `call_sites`) that start on a line the run added."""
    out = []
    for view in views:
        src, added = scan_file(view), added_numbers(run, view)
        out += [(view, src, c) for c in call_sites(src, callee) if c.line in added]
    return out


def added_comments_in(run: Run, views: Iterable[FileView]) -> list[tuple[FileView, Comment]]:
    """The comments of `views` (any language `source_comments` reads) with a line the run added."""
    out = []
    for view in views:
        added = added_numbers(run, view)
        out += [(view, c) for c in source_comments(view) if any(c.line <= n <= c.end for n in added)]
    return out


# --- JS/TS modules, components and JSX ----------------------------------------------------------------------

_SPECIFIER_BEFORE = re.compile(r"(?:\bfrom|\bimport|\brequire\s*\(|\bimport\s*\()\s*$")


def module_specifiers(src: Scan) -> list[Literal]:
    """The string literals that name a module: `import x from '...'`, `import '...'`, `export ... from '...'`,
    `require('...')`, `import('...')`."""
    return [
        s for s in src.strings if s.quote != "`" and _SPECIFIER_BEFORE.search(src.code[max(0, s.start - 40) : s.start])
    ]


@dataclass(frozen=True)
class Component:
    """A React component defined at the top level of a module: its name, line and kind (`function`, `arrow`
    for a function assigned to a const, `class`)."""

    name: str
    line: int
    kind: str


_PASCAL = r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*"

_COMPONENT_DEFS = (
    ("function", re.compile(rf"\bfunction\s*\*?\s+({_PASCAL})\s*[<(]")),
    ("arrow", re.compile(
        rf"\b(?:const|let|var)\s+({_PASCAL})\b[^=;]*=\s*(?:(?:React\.)?(?:memo|forwardRef)\s*\(\s*)?"
        r"(?:async\s+)?(?:function\b|\([^()]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)")),
    ("class", re.compile(rf"\bclass\s+({_PASCAL})\s+extends\s+(?:React\.)?(?:Pure)?Component\b")),
)


def components(src: Scan) -> list[Component]:
    """The React components a module defines at its top level (PascalCase functions, PascalCase consts holding
    an arrow or function, optionally through `memo`/`forwardRef`, and `React.Component` classes), in order."""
    found = []
    for kind, pattern in _COMPONENT_DEFS:
        for hit in pattern.finditer(src.code):
            if src.depths[hit.start()] == 0:
                found.append((hit.start(), Component(hit.group(1), src.line(hit.start()), kind)))
    return [c for _, c in sorted(found, key=lambda pair: pair[0])]


_JSX_START = re.compile(r"(?:=>|\breturn\b|[(?:,]|&&|\|\|)\s*<(>|[A-Za-z][\w.]*)")


def jsx_tag(code: str, start: int = 0, end: int | None = None) -> tuple[str, str] | None:
    """The first JSX element that starts an expression in `code[start:end]`: its tag name (`""` for a fragment
    `<>`) and the masked text of its opening tag up to `>` (braced attribute values skipped whole)."""
    hit = _JSX_START.search(code, start, len(code) if end is None else end)
    if hit is None:
        return None
    j = hit.start(1)
    while j < len(code) and code[j] != ">":
        j = closing(code, j) + 1 if code[j] == "{" else j + 1
    return ("" if hit.group(1) == ">" else hit.group(1)), code[hit.start(1) - 1 : j + 1]


_CALLBACK = re.compile(
    r"\s*(?:async\s+)?(?:function\b[^(]*\(([^)]*)\)|\(([^)]*)\)\s*(?::[^=]+)?=>|([A-Za-z_$][\w$]*)\s*=>)"
)


def callback_params(code: str) -> list[str]:
    """Parameter names of the function an argument's code starts with (`(item, i) =>`, `item =>`,
    `function (a, b)`), type annotations and defaults dropped; [] when it is no function."""
    hit = _CALLBACK.match(code)
    if hit is None:
        return []
    listed = next(g for g in hit.groups() if g is not None)
    return [p.split(":")[0].split("=")[0].strip().lstrip(".") for p in listed.split(",") if p.strip()]


def jsx_key(tag: str) -> str | None:
    """The masked code of an opening tag's `key` value (`item.id` for `key={item.id}`), `""` for a quoted key,
    None when the tag has no `key`."""
    hit = re.search(r"(?<![\w$-])key\s*=\s*", tag)
    if hit is None:
        return None
    if tag[hit.end() : hit.end() + 1] == "{":
        return tag[hit.end() + 1 : closing(tag, hit.end())].strip()
    return ""


def uses_name(code: str, name: str) -> bool:
    """Whether `name` occurs in masked code as an identifier of its own (not `x.name`, not `name2`)."""
    return re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", code) is not None


TS_SUPPRESSION = re.compile(r"@ts-(?:ignore|nocheck|expect-error)\b")


def suppression_with_reason(body: str, directive: str) -> bool:
    """Whether a comment's text is `directive` (e.g. `@ts-expect-error`) followed by a reason of a word or more
    (after optional `:` or `--`)."""
    head, sep, rest = body.partition(directive)
    if not sep or head.strip() or rest[:1].isalnum():
        return False
    return re.search(r"[A-Za-z]{3,}", rest) is not None


# --- C functions, allocations, braces, headers and Makefiles ------------------------------------------------

C_KEYWORDS = frozenset({"if", "for", "while", "switch", "return", "sizeof", "do", "else", "case", "defined"})

_PREPROCESSOR = re.compile(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", re.M)


@dataclass(frozen=True)
class CFunction:
    """A C function definition: its name, the masked code before its body (return type, storage class,
    parameters), the line of its name and the offsets of its body's braces."""

    name: str
    header: str
    line: int
    body_start: int
    body_end: int

    @property
    def is_static(self) -> bool:
        return re.search(r"\bstatic\b", self.header) is not None


def without_preprocessor(code: str) -> str:
    """Masked code with preprocessor lines (and their continuations) blanked, offsets kept."""
    return _PREPROCESSOR.sub(lambda hit: re.sub(r"[^\n]", " ", hit.group(0)), code)


def _definition(code: str, head_start: int, brace: int) -> tuple[str, int] | None:
    """(name, offset of the name) when the text before a top-level `{` ends in `name(params)`."""
    head = code[head_start:brace].rstrip()
    if not head.endswith(")"):
        return None
    open_at = opening(code, head_start + len(head) - 1)
    hit = re.search(r"([A-Za-z_]\w*)\s*$", code[head_start:open_at]) if open_at >= head_start else None
    if hit is None or hit.group(1) in C_KEYWORDS:
        return None
    return hit.group(1), head_start + hit.start(1)


def c_functions(src: Scan) -> list[CFunction]:
    """The function definitions of a C file, in order."""
    code = without_preprocessor(src.code)
    out, depth, boundary = [], 0, 0
    for j, ch in enumerate(code):
        if ch == "{":
            found = _definition(code, boundary, j) if depth == 0 else None
            if found:
                name, at = found
                out.append(CFunction(name, code[boundary:j], src.line(at), j, closing(code, j)))
            depth += 1
        elif ch == "}":
            depth -= 1
            boundary = j + 1 if depth == 0 else boundary
        elif ch == ";" and depth == 0:
            boundary = j + 1
    return out


def c_prototypes(src: Scan) -> set[str]:
    """Names of the functions a C file (usually a header) declares without a body: `int f(int x);`."""
    code = without_preprocessor(src.code)
    out, depth, start = set(), 0, 0
    for j, ch in enumerate(code):
        depth += (ch == "{") - (ch == "}")
        if ch in ";}" and depth == 0:
            statement = code[start:j]
            start = j + 1
            hit = re.search(r"([A-Za-z_]\w*)\s*\(", statement)
            if ch == ";" and hit and "typedef" not in statement and hit.group(1) not in C_KEYWORDS:
                out.add(hit.group(1))
    return out


def c_header_prototypes(run: Run) -> set[str]:
    """Every function name declared in a `.h` file of the final workspace."""
    return {name for view in run.glob("**/*.h") for name in c_prototypes(scan_file(view))}


@dataclass(frozen=True)
class Allocation:
    """A heap allocation assigned to a variable in C (`buf = malloc(n)`, `char *copy = strdup(s)`): the target as
    written, the allocator, its line, the masked code of its first argument, and the masked code that follows
    the call up to the end of the enclosing function (`rest`)."""

    target: str
    allocator: str
    line: int
    first_arg: str
    rest: str

    @property
    def is_local(self) -> bool:
        """The target is a plain variable (not a struct member, array slot or dereference)."""
        return re.fullmatch(r"[A-Za-z_]\w*", self.target) is not None


def allocations(src: Scan, allocators: Iterable[str]) -> list[Allocation]:
    """Assignments of the result of one of `allocators` (`malloc`, `calloc`, ...) in a C file, in order."""
    names = "|".join(re.escape(a) for a in allocators)
    if not names:
        return []
    pattern = re.compile(rf"(?<![\w$])([A-Za-z_][\w.\[\]]*(?:->[\w\[\]]+)*)\s*=\s*(?:\([^()]*\)\s*)?({names})\s*\(")
    functions = c_functions(src)
    out = []
    for hit in pattern.finditer(src.code):
        open_at = hit.end() - 1
        end = next((f.body_end for f in functions if f.body_start < hit.start() < f.body_end), len(src.code))
        items = arguments(src.code, open_at)
        first = src.code[items[0][0] : items[0][1]].strip() if items else ""
        rest = src.code[closing(src.code, open_at) + 1 : end]
        out.append(Allocation(hit.group(1), hit.group(2), src.line(hit.start()), first, rest))
    return out


def null_checked(code: str, name: str) -> bool:
    """Whether `code` tests `name` against NULL: `!name`, `name == NULL`, `NULL != name`, `if (name)`,
    `assert(name)`."""
    n = re.escape(name)
    tests = (
        rf"!\s*\(?\s*{n}(?![\w\[.-])",
        rf"(?<![\w.>]){n}\s*[!=]=\s*(?:NULL|0)\b",
        rf"\b(?:NULL|0)\s*[!=]=\s*{n}(?![\w\[.-])",
        rf"\b(?:if|while|assert)\s*\(\s*{n}\s*\)",
    )
    return any(re.search(t, code) for t in tests)


def escapes(code: str, name: str) -> bool:
    """Whether a C variable is released or handed on in `code`: passed to any call (`free(buf)` included),
    returned, or assigned to something else."""
    n = rf"(?<![\w$.>]){re.escape(name)}(?![\w$\[.-])"
    call = rf"(?<![\w$])(?!(?:if|while|for|switch|sizeof)\b)[A-Za-z_]\w*\s*\([^;{{}}]*{n}"
    return any(re.search(p, code) for p in (call, rf"\breturn\b[^;]*{n}", rf"(?<![=!<>])=\s*\(?\s*{n}"))


def control_bodies(src: Scan) -> list[tuple[int, str, bool]]:
    """`(line, keyword, braced)` for every `if`, `else`, `for` and `while` of a C-family file: whether its body
    opens with `{` (`else if` counts as the `if`'s; a `while (...);` ending a `do` loop is left out)."""
    code = without_preprocessor(src.code)
    out = []
    for hit in re.finditer(r"(?<![\w$#])(if|else|for|while)\b", code):
        keyword, j = hit.group(1), _skip_space(code, hit.end())
        if keyword == "else":
            if re.match(r"if\b", code[j:]):
                continue
            out.append((src.line(hit.start()), keyword, code[j : j + 1] == "{"))
            continue
        if code[j : j + 1] != "(":
            continue
        k = _skip_space(code, closing(code, j) + 1)
        if keyword == "while" and code[k : k + 1] == ";":
            continue
        out.append((src.line(hit.start()), keyword, code[k : k + 1] == "{"))
    return out


def _skip_space(code: str, j: int) -> int:
    while j < len(code) and code[j].isspace():
        j += 1
    return j


def include_guard(src: Scan) -> str | None:
    """The macro of a header's include guard: the file (comments aside) opens with `#ifndef X` and `#define X`
    and closes with `#endif`; None otherwise."""
    lines = [line.strip() for line in src.code.splitlines() if line.strip()]
    if len(lines) < 3:
        return None
    first, second = re.fullmatch(r"#\s*ifndef\s+(\w+)", lines[0]), re.fullmatch(r"#\s*define\s+(\w+)", lines[1])
    if first and second and first.group(1) == second.group(1) and re.fullmatch(r"#\s*endif\b.*", lines[-1]):
        return first.group(1)
    return None


def guard_name(path: str) -> str:
    """The include guard a header's file name gives (`src/ring_buffer.h` -> `RING_BUFFER_H`)."""
    return re.sub(r"[^A-Za-z0-9]", "_", path.rsplit("/", 1)[-1]).upper()


def sizeof_operands(code: str) -> list[str]:
    """The operand of each `sizeof` in masked C code (`*p` for `sizeof *p` and `sizeof(*p)`, `struct node` for
    `sizeof(struct node)`)."""
    out = []
    for hit in re.finditer(r"\bsizeof\b\s*", code):
        j = hit.end()
        if code[j : j + 1] == "(":
            out.append(code[j + 1 : closing(code, j)].strip())
        else:
            operand = re.match(r"\**\s*[\w.>\[\]-]*", code[j:])
            out.append(operand.group(0).strip() if operand else "")
    return out


def make_variable(text: str, name: str) -> list[str]:
    """The words assigned to a Makefile variable across all its assignments (`=`, `:=`, `?=`, `+=`, `override`),
    continuation lines joined."""
    joined = re.sub(r"\\\n", " ", text)
    pattern = rf"^[ \t]*(?:override[ \t]+)?{re.escape(name)}[ \t]*[:+?]?=(.*)$"
    return [word for hit in re.finditer(pattern, joined, re.M) for word in hit.group(1).split("#")[0].split()]


# --- comments of any language -------------------------------------------------------------------------------

def source_comments(view: FileView) -> list[Comment]:
    """The comments of a Python or C-family file, in order (Python's from the tokenizer, each `#` a line
    comment); [] for other files."""
    if in_language(view.path, "python"):
        return [
            Comment(number, number, text, alone) for number, (text, alone) in sorted(python_comments(view.text).items())
        ]
    if view.path.endswith(tuple(C_FAMILY)):
        return list(scan_file(view).comments)
    return []


def comment_blocks(comments: list[Comment]) -> list[list[Comment]]:
    """Runs of whole-line comments on consecutive lines (a block comment is a run of its own lines), so a
    block's line count is `block[-1].end - block[0].line + 1`."""
    blocks: list[list[Comment]] = []
    for c in comments:
        if not c.alone:
            continue
        previous = blocks[-1][-1] if blocks else None
        if previous is not None and previous.kind == c.kind == "line" and c.line == previous.end + 1:
            blocks[-1].append(c)
        else:
            blocks.append([c])
    return blocks


def added_comment_blocks(run: Run, views: Iterable[FileView]) -> list[tuple[FileView, int, int]]:
    """`(file, first line, last line)` of every block of whole-line comments (see `comment_blocks`) that holds a
    line the run added, doc comments (`/** */`) and a block opening the file (a header) left out."""
    out = []
    for view in views:
        added = added_numbers(run, view)
        for block in comment_blocks(source_comments(view)):
            first, last = block[0].line, block[-1].end
            if block[0].is_doc or first == 1 or not any(first <= n <= last for n in added):
                continue
            out.append((view, first, last))
    return out


_PY_CODE_NODES = (
    pyast.Assign, pyast.AugAssign, pyast.Return, pyast.Import, pyast.ImportFrom, pyast.Raise, pyast.Delete,
    pyast.Assert, pyast.If, pyast.For, pyast.While, pyast.With, pyast.FunctionDef, pyast.ClassDef, pyast.Try,
)

_C_CODE = re.compile(
    r"^(?:[{}]\s*|.*[=(].*;\s*|(?:if|for|while|switch|else)\b.*[{)]\s*|(?:return|break|continue)\b[^.!?]*;\s*)$"
)


def _python_statement(text: str) -> bool:
    source = text + ("\n    pass" if text.rstrip().endswith(":") else "")
    try:
        tree = pyast.parse(source)
    except (SyntaxError, ValueError):
        return False
    first = tree.body[0] if tree.body else None
    if isinstance(first, pyast.AnnAssign):
        return first.value is not None
    if isinstance(first, pyast.Expr):
        return isinstance(first.value, pyast.Call | pyast.Await)
    return isinstance(first, _PY_CODE_NODES)


def looks_like_code(body: str, language: str) -> bool:
    """Whether a comment's text (markers removed) is a statement of `language` (`python`, `javascript`, `c`)
    rather than prose: Python that parses as an assignment, call, return, import, raise or block header;
    C-family text ending in `;`, `{` or `}` with an assignment or a call, or a bare brace."""
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    if not lines:
        return False
    if language == "python":
        return any(_python_statement(line) for line in lines)
    return any(_C_CODE.match(line) for line in lines)


# --- Python: the nodes a run added --------------------------------------------------------------------------

def parse_source(view: FileView) -> Source | None:
    """A Python file parsed as `checks.pysource.Source` (None if it does not parse)."""
    return parse(view.path, view.data)


def span(src: Source, node: cst.CSTNode) -> tuple[int, int]:
    """First and last line of a node of `src.module`."""
    where = src.wrapper.resolve(PositionProvider)[node]
    return where.start.line, where.end.line


def touches(src: Source, node: cst.CSTNode, added: set[int]) -> bool:
    """Whether any line of the node is among the `added` line numbers."""
    first, last = span(src, node)
    return any(first <= number <= last for number in added)


def added_in(run: Run, src: Source) -> set[int]:
    """Numbers of the lines of the final `src` that the run added."""
    return added_line_numbers(run.initial_files.get(src.path), run.files[src.path])


def added_nodes(run: Run, src: Source, nodes: Iterable[cst.CSTNode]) -> list[cst.CSTNode]:
    """The nodes (of `src.module`) that sit on a line the run added to the file."""
    added = added_in(run, src)
    return [node for node in nodes if touches(src, node, added)]


def found(node: cst.CSTNode, find: m.BaseMatcherNode) -> list[cst.CSTNode]:
    """`findall`: the nodes under `node` that `find` matches, in document order."""
    return [n for n in findall(node, find) if isinstance(n, cst.CSTNode)]


# --- Python: logging, exceptions, imports, annotations ------------------------------------------------------

LOG_LEVELS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"})

_LOGGER_NAME = re.compile(r"^_*(?:log|logger|LOG|LOGGER|logging)$|_(?:log|logger)$", re.I)


def is_logger(expr: cst.BaseExpression) -> bool:
    """A logger receiver: `logging`, `log`, `logger`, `LOGGER`, `self.log`, `self._logger`, `audit_logger`..."""
    name = dotted(expr)
    return bool(name) and bool(_LOGGER_NAME.search(name.rsplit(".", 1)[-1]))


def is_log_call(node: cst.CSTNode, levels: Iterable[str] = LOG_LEVELS) -> bool:
    """A call of a logging method (one of `levels`) on a logger receiver (`log.info(...)`, `logging.error(...)`)."""
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in set(levels)
        and is_logger(node.func.value)
    )


def log_message(call: cst.Call) -> cst.BaseExpression | None:
    """The message argument of a logging call (the second one of `log.log(level, msg)`), if given."""
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    index = 1 if isinstance(call.func, cst.Attribute) and call.func.attr.value == "log" else 0
    return positional[index] if len(positional) > index else None


def is_eager_format(expr: cst.BaseExpression) -> bool:
    """A string built before the call: an f-string, `"...".format(...)`, or `%` / `+` on a string literal."""
    if isinstance(expr, cst.FormattedString):
        return True
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "format":
        return True
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Modulo | cst.Add):
        return any(isinstance(side, cst.SimpleString | cst.FormattedString | cst.ConcatenatedString)
                   for side in (expr.left, expr.right))
    return False


def has_keyword(call: cst.Call, keyword: str) -> bool:
    """Whether a call passes `keyword=` (or may, through `**kwargs`)."""
    return any(a.star == "**" or (a.keyword is not None and a.keyword.value == keyword) for a in call.args)


def keyword_value(call: cst.Call, keyword: str) -> cst.BaseExpression | None:
    """The value passed as `keyword=` to a call, if any."""
    return next((a.value for a in call.args if a.keyword is not None and a.keyword.value == keyword), None)


_SCOPES = m.FunctionDef() | m.ClassDef() | m.Lambda()


def own_nodes(body: cst.CSTNode, find: m.BaseMatcherNode) -> list[cst.CSTNode]:
    """Nodes matching `find` in `body`, leaving out those inside functions, classes or lambdas defined in it."""
    nested = {id(x) for scope in found(body, _SCOPES) for x in found(scope, find)}
    return [n for n in found(body, find) if id(n) not in nested]


def handler_nodes(module: cst.Module, find: m.BaseMatcherNode) -> list[tuple[cst.ExceptHandler, cst.CSTNode]]:
    """`(handler, node)` for every node matching `find` in an except handler's own body (`own_nodes`)."""
    handlers = [h for h in found(module, m.ExceptHandler()) if isinstance(h, cst.ExceptHandler)]
    return [(h, n) for h in handlers for n in own_nodes(h.body, find)]


def raises_new_exception(node: cst.Raise, handler: cst.ExceptHandler | None = None) -> bool:
    """A `raise` of an exception (not a bare `raise`, nor re-raising the name `handler` bound)."""
    if node.exc is None:
        return False
    bound = handler.name.name if handler is not None and isinstance(handler.name, cst.AsName) else None
    return not (isinstance(node.exc, cst.Name) and isinstance(bound, cst.Name) and node.exc.value == bound.value)


def raised_class(node: cst.Raise) -> str:
    """The dotted name of the exception class a `raise` raises (`ValueError` for `raise ValueError("x")`)."""
    exc = node.exc
    return "" if exc is None else dotted(exc.func if isinstance(exc, cst.Call) else exc)


def documents_raises(docstring: str, section: str, names: Iterable[str]) -> bool:
    """Whether a docstring has `section` (e.g. `Raises:`) and names, after it, each exception class of `names`
    (by its last dotted part)."""
    _, found_section, rest = docstring.partition(section)
    return bool(found_section) and all(re.search(rf"\b{re.escape(n.rsplit('.', 1)[-1])}\b", rest) for n in names)


def function_local_imports(module: cst.Module) -> list[cst.CSTNode]:
    """`import` statements inside function bodies."""
    inner = {id(i) for fn in found(module, m.FunctionDef()) for i in found(fn, m.Import() | m.ImportFrom())}
    return [i for i in found(module, m.Import() | m.ImportFrom()) if id(i) in inner]


def import_bindings(imp: cst.Import | cst.ImportFrom) -> list[tuple[str, str, str]]:
    """`(imported name, bound name, from-module or "")` for each alias of an `import` / `from ... import`
    statement (`import pandas as pd` -> `("pandas", "pd", "")`); star and relative imports bind nothing here."""
    if isinstance(imp, cst.Import):
        return [(dotted(a.name), dotted(a.asname.name) if a.asname else dotted(a.name), "") for a in imp.names]
    if isinstance(imp.names, cst.ImportStar) or imp.module is None or imp.relative:
        return []
    origin = dotted(imp.module)
    return [(dotted(a.name), dotted(a.asname.name) if a.asname else dotted(a.name), origin) for a in imp.names]


def importing(sources: Iterable[Source], modules: Iterable[str]) -> list[Source]:
    """The sources that import one of the top-level `modules` (e.g. `("pandas",)`) anywhere."""
    wanted = set(modules)
    return [src for src in sources if imported_modules(src.module) & wanted]


def added_imports(run: Run, sources: Iterable[Source]) -> list[tuple[Source, cst.CSTNode, str, str, str]]:
    """`(source, statement, imported name, bound name, from-module or "")` for every name an import statement
    on an added line binds (see `import_bindings`)."""
    out = []
    for src in sources:
        for node in added_nodes(run, src, found(src.module, m.Import() | m.ImportFrom())):
            if isinstance(node, cst.Import | cst.ImportFrom):
                out += [(src, node, *binding) for binding in import_bindings(node)]
    return out


def legacy_generics(annotation: cst.CSTNode, legacy: Iterable[str]) -> list[str]:
    """The `typing` aliases of `legacy` (`Optional`, `List`...) subscripted in an annotation, as written."""
    names = {n for n in legacy}
    subscripted = [dotted(s.value) for s in found(annotation, m.Subscript()) if isinstance(s, cst.Subscript)]
    return [n for n in subscripted if n.removeprefix("typing.") in names]


def is_dataclass(node: cst.ClassDef) -> cst.Decorator | None:
    """The `@dataclass` / `@dataclasses.dataclass` decorator (called or not) of a class, if any."""
    for deco in node.decorators:
        target = deco.decorator.func if isinstance(deco.decorator, cst.Call) else deco.decorator
        if dotted(target) in ("dataclass", "dataclasses.dataclass"):
            return deco
    return None


def is_true(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


# --- Python: pandas and numpy -------------------------------------------------------------------------------

def numpy_random_calls(module: cst.Module) -> list[tuple[cst.Call, str]]:
    """`(call, function)` for every call into `numpy.random` however it is imported (`np.random.rand()`,
    `from numpy import random`, `from numpy.random import default_rng`)."""
    randoms, direct = {"numpy.random"}, {}
    for imp in imports(module):
        for name, bound, origin in import_bindings(imp):
            if name == "numpy":
                randoms.add(f"{bound}.random")
            elif name == "numpy.random" or (origin == "numpy" and name == "random"):
                randoms.add(bound)
            elif origin == "numpy.random":
                direct[bound] = name
    out = []
    for call in calls(module):
        name = callee(call)
        head, _, function = name.rpartition(".")
        if head in randoms:
            out.append((call, function))
        elif name in direct:
            out.append((call, direct[name]))
    return out


FRAME_INDEXERS = frozenset({"loc", "iloc", "at", "iat"})


def assigned_frame(target: cst.BaseExpression) -> str:
    """The name a subscript assignment target writes into (`df` for `df["a"]`, `df.loc[m, "a"]`), else ''."""
    if not isinstance(target, cst.Subscript):
        return ""
    base = target.value
    if isinstance(base, cst.Attribute) and base.attr.value in FRAME_INDEXERS:
        base = base.value
    return base.value if isinstance(base, cst.Name) else ""


def assigned_frames(statement: cst.CSTNode) -> list[str]:
    """The names an assignment statement writes into through a subscript (`df` for `df["a"] = 1`,
    `df.loc[m, "a"] += 1`)."""
    if isinstance(statement, cst.Assign):
        targets = [t.target for t in statement.targets]
    elif isinstance(statement, cst.AugAssign | cst.AnnAssign):
        targets = [statement.target]
    else:
        return []
    return [name for t in targets if (name := assigned_frame(t))]


def frame_params(fn: cst.FunctionDef, names: Iterable[str]) -> set[str]:
    """The parameters of a function that hold a DataFrame: annotated `DataFrame` (`pd.DataFrame`, a string
    annotation too) or named one of `names`."""
    params = [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]
    wanted = set(names)
    out = set()
    for p in params:
        note = p.annotation.annotation if p.annotation else None
        text = dotted(note) if isinstance(note, cst.Name | cst.Attribute) else ""
        if isinstance(note, cst.SimpleString):
            text = str(note.evaluated_value)
        if p.name.value in wanted or text.rsplit(".", 1)[-1] == "DataFrame":
            out.add(p.name.value)
    return out


def rebound_before(src: Source, fn: cst.FunctionDef, name: str, node: cst.CSTNode) -> bool:
    """Whether the function rebinds `name` (`name = ...`) on a line before `node`."""
    line = span(src, node)[0]
    for statement in own_nodes(fn.body, m.Assign()):
        if not isinstance(statement, cst.Assign) or span(src, statement)[0] >= line:
            continue
        if any(isinstance(t.target, cst.Name) and t.target.value == name for t in statement.targets):
            return True
    return False


# --- Python: tests ------------------------------------------------------------------------------------------

def holds_float(expr: cst.BaseExpression) -> bool:
    """Whether an expression is a float literal or a literal list, tuple, set or dict holding one (`0.5`, `-1.5`,
    `[0.0, 1]`)."""
    if isinstance(expr, cst.Float):
        return True
    if isinstance(expr, cst.UnaryOperation):
        return holds_float(expr.expression)
    if isinstance(expr, cst.List | cst.Tuple | cst.Set):
        return any(holds_float(e.value) for e in expr.elements if isinstance(e, cst.Element))
    if isinstance(expr, cst.Dict):
        return any(holds_float(e.value) for e in expr.elements if isinstance(e, cst.DictElement))
    return False


def float_sides(node: cst.Assert, helper: str) -> list[tuple[cst.BaseExpression, bool]]:
    """`(side, wrapped)` for the sides of an assert's `==` / `!=` comparisons that compare against floats: a
    float literal or literal container holding one (`0.75`, `[0.0, 1.0]`: not wrapped), or a call of `helper`
    (`pytest.approx(0.75)`: wrapped)."""
    test = node.test if isinstance(node, cst.Assert) else None
    if not isinstance(test, cst.Comparison):
        return []
    sides: list[cst.BaseExpression] = []
    left = test.left
    for target in test.comparisons:
        if isinstance(target.operator, cst.Equal | cst.NotEqual):
            sides += [left, target.comparator]
        left = target.comparator
    unique = {id(s): s for s in sides}
    return [(s, is_call_to(s, helper)) for s in unique.values() if is_call_to(s, helper) or holds_float(s)]


def is_call_to(expr: cst.CSTNode, name: str) -> bool:
    """A call of `name` as written (`pytest.approx(...)`) or through its imported last part (`approx(...)`)."""
    return isinstance(expr, cst.Call) and callee(expr) in (name, name.rsplit(".", 1)[-1])


_STRONG_CHECKS = re.compile(r"(?:^|\.|_)(?:raises|assert\w*|approx)$")


def _weak_test(test: cst.BaseExpression) -> bool:
    """An assertion almost any result passes: truthiness, `is not None`, `isinstance(...)`, a length above 0."""
    if isinstance(test, cst.Name | cst.Attribute | cst.Subscript):
        return True
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _weak_test(test.expression)
    if isinstance(test, cst.Call):
        return callee(test) in ("isinstance", "bool", "callable", "hasattr", "len")
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        none = isinstance(target.comparator, cst.Name) and target.comparator.value == "None"
        if isinstance(target.operator, cst.IsNot) and none:
            return True
        zero = isinstance(target.comparator, cst.Integer) and target.comparator.value == "0"
        return zero and isinstance(target.operator, cst.GreaterThan | cst.NotEqual)
    return False


def weak_assert(fn: cst.FunctionDef) -> bool:
    """Whether a test function's assertions pin no specific result: it has `assert` statements, all of them
    passing for almost any result (truthiness, `is not None`, `isinstance`, a length above 0), and no
    `pytest.raises` or `assert_*` / `approx` helper call. A test without any `assert` is not weak by this
    measure (it may check that a call does not raise)."""
    asserts = [a for a in own_nodes(fn.body, m.Assert()) if isinstance(a, cst.Assert)]
    helpers = [c for c in own_nodes(fn.body, m.Call()) if isinstance(c, cst.Call) and _STRONG_CHECKS.search(callee(c))]
    return bool(asserts) and not helpers and all(_weak_test(a.test) for a in asserts)


# --- errors and names in any language -----------------------------------------------------------------------

_THROW = re.compile(r"(?<![\w$.])throw\b")

_BARE_THROW = re.compile(r"(?<![\w$.])throw\s+(?:new\s+)?[\w$.]+\s*\(\s*\)")


def added_raises(run: Run) -> list[tuple[str, bool]]:
    """`(path:LINE, has a message)` for every new exception raised on a line the run added: Python `raise`
    statements (re-raising a caught variable left out) and JS/TS `throw` statements."""
    out = []
    for view in changed_code(run, "python"):
        src = parse_source(view)
        if src is None:
            continue
        added = added_in(run, src)
        for node in found(src.module, m.Raise()):
            if isinstance(node, cst.Raise) and node.exc is not None and touches(src, node, added):
                message = _raise_message(node.exc)
                if message is not None:
                    out.append((src.where(node), message))
    for view, n, code in added_code_lines(run, changed_code(run, "javascript")):
        if _THROW.search(code):
            out.append((f"{view.path}:{n}", not _BARE_THROW.search(code)))
    return out


def _raise_message(exc: cst.BaseExpression) -> bool | None:
    """Whether a raised exception carries a message; None when it re-raises a variable (`raise err`)."""
    if isinstance(exc, cst.Call):
        return bool(exc.args)
    name = dotted(exc).rsplit(".", 1)[-1]
    return False if name[:1].isupper() else None


def bound_names(module: cst.CSTNode) -> list[cst.Name]:
    """Names the code binds itself: assignment, annotated and augmented assignment targets (tuples unpacked),
    function parameters, `for`/comprehension targets, `with ... as` and `except ... as` names; not imports,
    attributes or subscripts."""
    found: list[cst.Name] = []
    targets = [
        *(t.target for a in findall(module, m.Assign()) if isinstance(a, cst.Assign) for t in a.targets),
        *(a.target for a in findall(module, m.AnnAssign() | m.AugAssign())
          if isinstance(a, cst.AnnAssign | cst.AugAssign)),
        *(f.target for f in findall(module, m.For() | m.CompFor()) if isinstance(f, cst.For | cst.CompFor)),
        *(i.asname.name for i in findall(module, m.WithItem()) if isinstance(i, cst.WithItem) and i.asname),
        *(h.name.name for h in findall(module, m.ExceptHandler()) if isinstance(h, cst.ExceptHandler) and h.name),
    ]
    for target in targets:
        found += _names_in_target(target)
    found += [p.name for p in findall(module, m.Param()) if isinstance(p, cst.Param)]
    return found


def _names_in_target(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, cst.Tuple | cst.List):
        return [n for e in target.elements for n in _names_in_target(e.value)]
    if isinstance(target, cst.StarredElement):
        return _names_in_target(target.value)
    return []


_JS_NAMES = re.compile(r"(?<![\w$.])(?:const|let|var|function\s*\*?|class)\s+([A-Za-z_$][\w$]*)")

NUMBERED = re.compile(r"(?:^|_)(?P<stem>[A-Za-z]{2,})_?\d+$")

NUMBER_STEMS = frozenset({"utf", "sha", "md", "base", "int", "uint", "float", "ipv", "log", "http", "py", "es", "top",
                          "step", "phase", "level", "version", "v"})


def added_names(run: Run) -> list[tuple[str, str]]:
    """`(path:LINE, name)` for the names bound on lines the run added: Python assignment, parameter, loop,
    `with`/`except` targets and function/class names; JS/TS `const`/`let`/`var`, function and class names."""
    out = []
    for view in changed_code(run, "python"):
        src = parse_source(view)
        if src is None:
            continue
        defs = [d.node.name for d in src.defs]
        out += [(src.where(n), n.value) for n in added_nodes(run, src, [*bound_names(src.module), *defs])
                if isinstance(n, cst.Name)]
    for view, n, code in added_code_lines(run, changed_code(run, "javascript")):
        out += [(f"{view.path}:{n}", hit.group(1)) for hit in _JS_NAMES.finditer(code)]
    return out


def is_numbered(name: str) -> bool:
    """A numbered variable (`data2`, `result_1`, `df2`), not a name whose digits belong to a term (`utf8`,
    `sha256`, `ipv4`, `f1`, `macro_f1`, `x1`: a single letter before the digits is a term)."""
    hit = NUMBERED.search(name)
    return hit is not None and hit.group("stem").lower() not in NUMBER_STEMS
