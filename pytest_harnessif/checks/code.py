"""Source code of any language, as a language-neutral check reads it: which files are code and in which language,
which of them are tests, and — for the languages the checks can read (Python, JavaScript/TypeScript, C, and shell
scripts for the rules that name `shell`) — the shared facts of `checks.facts` through each language's module
(`checks.python`, `checks.javascript`, `checks.c`, `checks.shellcode`).

A check asks `sources_or_na(run, what)` for the changed files it can read; when only files in languages it cannot
read changed (Go, Rust, Java...), the verdict is n/a saying so ("cannot read Go: cmd/main.go"), never a fail. Test
files are recognised per language: Python `tests/` and `test_*.py`, JavaScript `test/`, `tests/`, `__tests__/`,
`*.test.js`, `*.spec.ts`, C `tests/` and `test_*.c`, others by the same folder and name conventions.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, Protocol, TypeVar

from tree_sitter import Node

from ..authoring import na
from ..evidence import FileView, Run
from . import c, facts, javascript, python, shellcode, syntax
from .comments import added_line_numbers
from .facts import Binding, Call, Comment, Definition, Raise
from .workspace import changed_paths

READABLE: dict[str, tuple[str, ...]] = {
    "python": (".py",),
    "javascript": (".js", ".jsx", ".mjs", ".cjs"),
    "typescript": (".ts", ".tsx", ".mts", ".cts"),
    "c": (".c", ".h"),
    "shell": (".sh", ".bash"),
}
OTHER_CODE: dict[str, tuple[str, ...]] = {
    "go": (".go",), "rust": (".rs",), "java": (".java",), "kotlin": (".kt", ".kts"), "ruby": (".rb",),
    "php": (".php",), "csharp": (".cs",), "cpp": (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx"),
    "swift": (".swift",), "scala": (".scala",), "lua": (".lua",),
    "elixir": (".ex", ".exs"), "haskell": (".hs",), "dart": (".dart",), "perl": (".pl", ".pm"),
    "objective-c": (".m", ".mm"), "zig": (".zig",), "clojure": (".clj",), "ocaml": (".ml",), "r": (".R",),
}
NAMES = {"python": "Python", "javascript": "JavaScript", "typescript": "TypeScript", "c": "C", "go": "Go",
         "rust": "Rust", "java": "Java", "kotlin": "Kotlin", "ruby": "Ruby", "php": "PHP", "csharp": "C#",
         "cpp": "C++", "swift": "Swift", "scala": "Scala", "shell": "shell", "lua": "Lua", "elixir": "Elixir",
         "haskell": "Haskell", "dart": "Dart", "perl": "Perl", "objective-c": "Objective-C", "zig": "Zig",
         "clojure": "Clojure", "ocaml": "OCaml", "r": "R"}
NEUTRAL = ("python", "javascript", "typescript", "c")
"""The languages a language-neutral check reads (shell scripts are read by the rules about scripts, which name
`shell` in their `languages`)."""
MODULES: dict[str, ModuleType] = {"python": python, "javascript": javascript, "typescript": javascript, "c": c,
                                  "shell": shellcode}
TEST_DIRS = facts.TEST_DIRS


class Located(Protocol):
    @property
    def line(self) -> int: ...


Fact = TypeVar("Fact", bound=Located)
T = TypeVar("T")


def language(path: str) -> str | None:
    """The language a file is written in by its extension (a key of `READABLE` or `OTHER_CODE`), or None for a
    file that is not code."""
    for name, suffixes in (*READABLE.items(), *OTHER_CODE.items()):
        if path.endswith(suffixes):
            return name
    return None


def is_test_path(path: str) -> bool:
    """A code file that is a test (`facts.is_test_path`: under `tests/`, `test/`, `__tests__/`, `spec/`, `testing/`,
    or named `test_*.py`, `*_test.go`, `*.test.js`, `*.spec.ts`, `test.c`, `FooTest.java`...)."""
    return language(path) is not None and facts.is_test_path(path)


def readable(path: str, languages: Iterable[str] = NEUTRAL) -> bool:
    return language(path) in set(languages)


GROUPS: dict[str, tuple[str, ...]] = {
    "python": READABLE["python"],
    "javascript": READABLE["javascript"] + READABLE["typescript"],
    "typescript": READABLE["typescript"],
    "jsx": (".jsx", ".tsx"),
    "c": READABLE["c"],
    "shell": READABLE["shell"],
}
"""The file groups language-specific rules select (`javascript` takes TypeScript too, `jsx` JSX and TSX)."""
GROUP_NAMES = {"python": "Python", "javascript": "JavaScript/TypeScript", "typescript": "TypeScript",
               "jsx": "JSX/TSX", "c": "C", "shell": "shell"}


def in_group(path: str, group: str) -> bool:
    """Whether `path` has one of the extensions of `group` (a key of `GROUPS`)."""
    return path.endswith(GROUPS[group])


def changed_code(run: Run, group: str, pattern: str = "**") -> list[FileView]:
    """Files of `group` matching `pattern` the run created or modified, as they end."""
    return [view for view in run.changed(pattern) if in_group(view.path, group)]


def changed_code_or_na(run: Run, group: str, pattern: str = "**") -> list[FileView]:
    """`changed_code`, or n/a naming the language (and the pattern, when there is one) when it is empty."""
    where = "" if pattern == "**" else f" matching {pattern}"
    return changed_code(run, group, pattern) or na(f"no {GROUP_NAMES[group]} file{where} changed")


@functools.lru_cache(maxsize=512)
def _facts(kind: str, path: str, data: bytes) -> tuple[Any, ...]:
    """The facts of `kind` (`comments`, `definitions`...) of a file, read once per content by its language's module
    (every rule of a run asks the same files)."""
    lang = language(path)
    if lang not in MODULES:
        raise ValueError(f"{path}: the checks cannot read {NAMES.get(lang or '', 'this file')}")
    return tuple(getattr(MODULES[lang], kind)(path, data))


def comments(view: FileView) -> list[Comment]:
    return list(_facts("comments", view.path, view.data))


def calls(view: FileView) -> list[Call]:
    return list(_facts("calls", view.path, view.data))


def definitions(view: FileView) -> list[Definition]:
    return list(_facts("definitions", view.path, view.data))


def raises(view: FileView) -> list[Raise]:
    return list(_facts("raises", view.path, view.data))


def bindings(view: FileView) -> list[Binding]:
    return list(_facts("bindings", view.path, view.data))


# --- what a run changed ---------------------------------------------------------------------------------------------


def changed_sources(run: Run, pattern: str = "**", tests: bool | None = None,
                    languages: Iterable[str] = NEUTRAL) -> list[FileView]:
    """Code files in `languages` matching `pattern` the run created or modified, as they end (`tests`: only test
    files, or only other files; None: both)."""
    wanted = set(languages)
    return [v for v in run.changed(pattern) if language(v.path) in wanted
            and (tests is None or is_test_path(v.path) == tests)]


def unreadable_changes(run: Run, pattern: str = "**", tests: bool | None = None,
                       languages: Iterable[str] = NEUTRAL) -> list[str]:
    """Code files matching `pattern` the run changed in a language not in `languages`."""
    wanted = set(languages)
    return [p for p in changed_paths(run, pattern) if (lang := language(p)) is not None and lang not in wanted
            and (tests is None or is_test_path(p) == tests)]


def cannot_read(paths: list[str]) -> str:
    """The n/a reason for changes only in languages the checks cannot read: `cannot read Go: cmd/a.go, ...`."""
    names = sorted({NAMES.get(language(p) or "", "?") for p in paths})
    shown = ", ".join(paths[:3]) + (f" (+{len(paths) - 3})" if len(paths) > 3 else "")
    return f"cannot read {' or '.join(names)}: {shown}"


def sources_or_na(run: Run, what: str, pattern: str = "**", tests: bool | None = None,
                  languages: Iterable[str] = NEUTRAL) -> list[FileView]:
    """`changed_sources`, or n/a: saying which languages the check cannot read when only such code changed, else
    that no `what` changed."""
    return found_or_na(run, changed_sources(run, pattern, tests, languages), f"{what} changed", pattern, tests,
                       languages)


def found_or_na(run: Run, found: list[T], what: str, pattern: str = "**", tests: bool | None = None,
                languages: Iterable[str] = NEUTRAL) -> list[T]:
    """`found`, or n/a: naming the languages the checks cannot read when the run changed only such code (test files
    only, or other files only, with `tests`), else saying that no `what` was found."""
    if found:
        return found
    other = unreadable_changes(run, pattern, tests, languages)
    na(cannot_read(other) if other else f"no {what}")


def added_numbers(run: Run, view: FileView) -> set[int]:
    """1-based numbers of the lines of the final `view` that the run added (all of them for a new file)."""
    return added_line_numbers(run.initial_files.get(view.path), view.data)


def changed_definitions(run: Run, views: Iterable[FileView], kinds: Iterable[str] = ("function", "method")
                        ) -> list[tuple[FileView, Definition]]:
    """Definitions of `kinds` in `views` whose text is new or differs from every same-named definition of the file
    as it was at the start (reformatting aside)."""
    wanted = set(kinds)
    out = []
    for view in views:
        before = run.initial_files.get(view.path)
        old = {(d.full_name, _normal(d.text)) for d in definitions(FileView(view.path, before))} if before else set()
        out += [(view, d) for d in definitions(view) if d.kind in wanted and (d.full_name, _normal(d.text)) not in old]
    return out


def new_test_cases(before: dict[str, bytes], after: dict[str, bytes], languages: Iterable[str] = NEUTRAL
                   ) -> list[str]:
    """`path::name` of the test cases (Python test functions, `test(...)`/`it(...)` cases, C test functions) in the
    test files of `after` that `before` lacks (a Python or JS/TS file that does not parse adds none)."""
    wanted = set(languages)
    out = []
    for path, data in sorted(after.items()):
        old = before.get(path)
        if old == data or language(path) not in wanted or not is_test_path(path) or _broken(path, data):
            continue
        known = {d.full_name for d in definitions(FileView(path, old)) if d.is_test} if old is not None else set()
        out += [f"{path}::{d.full_name}" for d in definitions(FileView(path, data)) if d.is_test
                and d.full_name not in known]
    return out


def _broken(path: str, data: bytes) -> bool:
    """A Python or JS/TS file that does not parse (its test cases would be tree-sitter's guesses); C is read as it
    is, since macros tree-sitter cannot expand make valid C read as errors (`START_TEST(t) { ... } END_TEST`)."""
    lang = language(path)
    grammar = javascript.grammar(path) if lang in ("javascript", "typescript") else lang
    return grammar != "c" and grammar in syntax.GRAMMARS and syntax.parse(grammar, data).root_node.has_error


def _normal(text: str) -> str:
    return re.sub(r"\s+", "", text)


# --- facts on the lines a run added ----------------------------------------------------------------------------------


def on_added_lines(run: Run, views: Iterable[FileView], facts: Callable[[FileView], Iterable[Fact]]
                   ) -> list[tuple[FileView, Fact]]:
    """`(file, fact)` for each fact of `views` (`comments`, `calls`, `raises`...) whose first line the run added."""
    out = []
    for view in views:
        added = added_numbers(run, view)
        out += [(view, fact) for fact in facts(view) if fact.line in added]
    return out


def added_comments(run: Run, views: Iterable[FileView]) -> list[tuple[FileView, Comment]]:
    """The comments of `views` that hold a line the run added."""
    out = []
    for view in views:
        added = added_numbers(run, view)
        out += [(view, note) for note in comments(view) if any(note.line <= n <= note.end for n in added)]
    return out


def comment_blocks(found: list[Comment]) -> list[list[Comment]]:
    """Runs of whole-line comments on consecutive lines (a block comment is a run of its own lines), so a block's
    line count is `block[-1].end - block[0].line + 1`."""
    blocks: list[list[Comment]] = []
    for comment in found:
        if not comment.alone:
            continue
        previous = blocks[-1][-1] if blocks else None
        if previous is not None and previous.kind == comment.kind == "line" and comment.line == previous.end + 1:
            blocks[-1].append(comment)
        else:
            blocks.append([comment])
    return blocks


def added_comment_blocks(run: Run, views: Iterable[FileView]) -> list[tuple[FileView, int, int]]:
    """`(file, first line, last line)` of every block of whole-line comments holding a line the run added, doc
    comments (`/** */`) and a block opening the file (a header) left out."""
    out = []
    for view in views:
        added = added_numbers(run, view)
        for block in comment_blocks(comments(view)):
            first, last = block[0].line, block[-1].end
            if not block[0].is_doc and first != 1 and any(first <= n <= last for n in added):
                out.append((view, first, last))
    return out


CODE_STATEMENTS = {
    "python": frozenset({"return_statement", "import_statement", "import_from_statement", "raise_statement",
                         "delete_statement", "assert_statement", "if_statement", "for_statement", "while_statement",
                         "with_statement", "function_definition", "class_definition", "try_statement"}),
    "javascript": frozenset({"return_statement", "throw_statement", "lexical_declaration", "variable_declaration",
                             "if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement",
                             "switch_statement", "try_statement", "import_statement", "export_statement",
                             "break_statement", "continue_statement"}),
    "c": frozenset({"return_statement", "declaration", "if_statement", "for_statement", "while_statement",
                    "do_statement", "switch_statement", "break_statement", "continue_statement", "goto_statement"}),
}
CODE_EXPRESSIONS = frozenset({"call", "call_expression", "assignment", "augmented_assignment", "await",
                              "assignment_expression", "augmented_assignment_expression", "update_expression",
                              "await_expression", "new_expression"})
WRAPS = {"javascript": ("function __f() {{\n{}\n}}", "function __f() {{\n{}\n}}\n}}", "function __f() {{\n{{\n{}\n}}"),
         "c": ("void __f(void) {{\n{}\n}}", "void __f(void) {{\n{}\n}}\n}}", "void __f(void) {{\n{{\n{}\n}}")}


def _does_something(expression: Node) -> bool:
    """A call, an update or an assignment with a value (Python's `TODO: fix` is an annotation, no assignment)."""
    if expression.type not in CODE_EXPRESSIONS:
        return False
    return expression.type != "assignment" or expression.child_by_field_name("right") is not None


def _statement(language: str, line: str) -> bool:
    """Whether one line parses, in `language` (TypeScript with its own grammar), as a statement that does something
    (an assignment, a call, a return, an import, a declaration with a value, a block header), rather than prose."""
    family = "javascript" if language == "typescript" else language
    if family == "python":
        sources = [line + ("\n    pass" if line.rstrip().endswith(":") else "")]
    else:
        sources = [wrap.format(line) for wrap in WRAPS[family]] + ([line] if family == "javascript" else [])
    for source in sources:
        tree = syntax.parse(language, source.encode())
        if tree.root_node.has_error:
            continue
        for node in syntax.walk(tree.root_node):
            if node.type in CODE_STATEMENTS[family] and not (node.type == "declaration" and "=" not in line):
                return True
            if node.type == "expression_statement" and node.named_children and _does_something(node.named_children[0]):
                return True
    return False


def looks_like_code(body: str, language: str) -> bool:
    """Whether a comment's text (markers removed) holds a statement of `language` rather than prose: some line of it
    parses as an assignment, call, return, import, declaration with a value or block header (a block header or a
    closing brace alone counts too: `if (x) {`, `} else {`)."""
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    if language not in ("python", "javascript", "typescript", "c"):
        return False
    return any(line in ("{", "}", "} else {") or _statement(language, line) for line in lines)


NUMBERED = re.compile(r"(?:^|_)(?P<stem>[A-Za-z]{2,})_?\d+$")
NUMBER_STEMS = frozenset({"utf", "sha", "md", "base", "int", "uint", "float", "ipv", "log", "http", "py", "es", "top",
                          "step", "phase", "level", "version", "v"})


def is_numbered(name: str) -> bool:
    """A numbered variable (`data2`, `result_1`, `df2`), not a name whose digits belong to a term (`utf8`,
    `sha256`, `ipv4`, `f1`, `macro_f1`, `x1`: a single letter before the digits is a term)."""
    hit = NUMBERED.search(name)
    return hit is not None and hit.group("stem").lower() not in NUMBER_STEMS
