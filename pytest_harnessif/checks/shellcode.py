"""Shell scripts read through tree-sitter-bash (`checks.syntax`), as code rather than as the agent's commands
(`checks.bash` reads those): which files are scripts (`.sh`/`.bash`, or any file opening with a `sh`-family
shebang), the language-neutral facts of `checks.facts` (comments, commands as calls, functions, `exit`s with a
status, assigned names), and what the shell rules ask of a script: the strict-mode options it turns on before its
first command, the expansions it leaves unquoted where bash splits them (where shellcheck's SC2086 looks), the
words that name a fixed temporary file, and whether it handles a flag such as `--dry-run` in a way later code
reads.

A `.sh` file without a shebang whose top level only defines functions, assigns variables and sources other files
is a library other scripts source: it runs nothing of its own, so the rules about scripts that run leave it out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tree_sitter import Node

from ..evidence import FileView, Run
from . import syntax
from .facts import Binding, Call, Comment, Definition, Raise

LANGUAGE = "shell"
SUFFIXES = (".sh", ".bash")
SHEBANG = re.compile(r"^#!\s*(?:\S*/)?(?:env\s+(?:-\S+\s+)*)?(?:\S*/)?(?P<shell>bash|sh|dash|ksh|zsh)\b")
DECISIONS = frozenset({"if_statement", "elif_clause", "while_statement", "for_statement", "c_style_for_statement",
                       "case_item"})
COMPOUND = frozenset({"if_statement", "while_statement", "for_statement", "c_style_for_statement", "case_statement"})
DECLARES = frozenset({"variable_assignment", "function_definition", "declaration_command", "comment"})
SAFE_SPECIALS = frozenset({"#", "?", "$", "!", "-"})
"""Special parameters that expand to one number or flag word: unquoted, they cannot split."""
TEMP_PATH = re.compile(r"^(?:/tmp|/var/tmp|\$\{?TMPDIR(?::?-/tmp)?\}?)/[^/\s]")
OPTION_LETTERS = {"e": "errexit", "u": "nounset", "x": "xtrace", "f": "noglob", "E": "errtrace"}


def shebang_shell(data: bytes) -> str | None:
    """The shell a file's `#!` line names (`bash`, `sh`, `dash`...), or None."""
    hit = SHEBANG.match(data.split(b"\n", 1)[0].decode(errors="replace"))
    return hit.group("shell") if hit else None


def is_script(path: str, data: bytes | None) -> bool:
    """A shell script: named `.sh`/`.bash`, or opening with a shell shebang (`bin/release`, `#!/usr/bin/env bash`)."""
    return path.endswith(SUFFIXES) or (data is not None and shebang_shell(data) is not None)


def changed_scripts(run: Run, runnable: bool = False) -> list[FileView]:
    """The shell scripts the run created or modified, as they end (`runnable`: sourced libraries left out)."""
    return [v for v in run.changed() if is_script(v.path, v.data) and not (runnable and is_library(v.data))]


def _root(data: bytes) -> Node:
    return syntax.parse("bash", data).root_node


def is_library(data: bytes) -> bool:
    """A file without a shebang whose top level only defines functions, assigns, comments and sources other files
    (`. lib/common.sh`): sourced, never run on its own (a test file a runner sources, a helper library)."""
    if shebang_shell(data) is not None:
        return False
    return all(node.type in DECLARES or (node.type == "command" and syntax.text(node.child_by_field_name("name"))
                                         in (".", "source")) for node in _root(data).named_children)


# --- the facts every language gives ----------------------------------------------------------------------------------


def comments(path: str, data: bytes) -> list[Comment]:
    """Every `#` comment but the shebang."""
    found = syntax.nodes("bash", data, "comment")
    return [Comment(syntax.line(n), syntax.end_line(n), syntax.text(n), syntax.alone(data, n.start_byte))
            for n in found if not (n.start_byte == 0 and syntax.text(n).startswith("#!"))]


def calls(path: str, data: bytes) -> list[Call]:
    """Each simple command, its program the callee and its other words the arguments."""
    out = []
    for node in syntax.nodes("bash", data, "command"):
        name = node.child_by_field_name("name")
        args = tuple(syntax.text(a) for a in node.children_by_field_name("argument"))
        out.append(Call(syntax.text(name), syntax.line(node), syntax.end_line(node), args))
    return out


def _complexity(body: Node) -> int:
    decisions = [n for n in syntax.walk(body) if n.type in DECISIONS]
    operators = [n for n in syntax.walk(body) if n.type == "list" and any(c.type in ("&&", "||") for c in n.children)]
    return 1 + len(decisions) + len(operators)


def _depth(node: Node) -> int:
    inner = [_depth(c) for c in node.named_children if c.type != "function_definition"]
    deepest = max(inner, default=0)
    return deepest + 1 if node.type in COMPOUND else deepest


def definitions(path: str, data: bytes) -> list[Definition]:
    """The functions the script defines (`name() { ... }`, `function name { ... }`)."""
    out = []
    for node in syntax.nodes("bash", data, "function_definition"):
        body = node.child_by_field_name("body") or node
        out.append(Definition(syntax.text(node.child_by_field_name("name")), "function", syntax.line(node),
                              syntax.end_line(node), complexity=_complexity(body),
                              depth=max(0, _depth(body)), text=syntax.text(node)))
    return out


def raises(path: str, data: bytes) -> list[Raise]:
    """`exit N` with a status other than 0: the error is `exit N`, and it carries a message when the command before
    it in its block writes to standard error (`echo "..." >&2`)."""
    out = []
    for node in syntax.nodes("bash", data, "command"):
        words = [syntax.text(c) for c in node.named_children]
        if words[:1] != ["exit"] or words[1:2] in ([], ["0"]):
            continue
        before = node.prev_named_sibling
        message = before is not None and bool(re.search(r">&2|1>&2|/dev/stderr", syntax.text(before)))
        out.append(Raise(syntax.line(node), f"exit {words[1]}", message))
    return out


def bindings(path: str, data: bytes) -> list[Binding]:
    """Assigned variables (`local`, `export` and `readonly` included), loop variables and function names."""
    out = [Binding(syntax.text(n.child_by_field_name("name")), syntax.line(n))
           for n in syntax.nodes("bash", data, "variable_assignment", "function_definition")]
    out += [Binding(syntax.text(n.child_by_field_name("variable")), syntax.line(n))
            for n in syntax.nodes("bash", data, "for_statement") if n.child_by_field_name("variable") is not None]
    return sorted(out, key=lambda b: b.line)


# --- what the shell rules ask ----------------------------------------------------------------------------------------


def _set_options(words: list[str]) -> set[str]:
    """The options a `set` command turns on (`-euo pipefail`, `-o errexit`, `-e -u`; `+e` turns one off: not on)."""
    on: set[str] = set()
    named = False
    for word in words:
        if named:
            on.add(word)
            named = False
        elif word.startswith("-") and not word.startswith("--"):
            letters = word[1:]
            on |= {OPTION_LETTERS[c] for c in letters if c in OPTION_LETTERS}
            named = letters.endswith("o")
    return on


def strict_options(data: bytes) -> set[str]:
    """The options (`errexit`, `nounset`, `pipefail`...) turned on by the shebang's flags and by top-level `set`
    commands before the first statement that does anything else (assignments, function definitions and `shopt`
    may come first); when that statement calls a function of the script (`main "$@"`), the `set`s opening that
    function's body count too."""
    first = data.split(b"\n", 1)[0].decode(errors="replace")
    on = _set_options(first.split()[1:]) if shebang_shell(data) else set()
    root = _root(data)
    functions = {syntax.text(n.child_by_field_name("name")): n.child_by_field_name("body")
                 for n in root.named_children if n.type == "function_definition"}
    return on | _leading_sets(root.named_children, functions)


def _leading_sets(statements: list[Node], functions: dict[str, Node | None], inside: bool = False) -> set[str]:
    on: set[str] = set()
    for node in statements:
        if node.type in DECLARES:
            continue
        words = [syntax.text(c) for c in node.named_children] if node.type == "command" else []
        if words[:1] == ["set"]:
            on |= _set_options(words[1:])
        elif words[:1] != ["shopt"]:
            body = functions.get(words[0]) if words and not inside else None
            return on | (_leading_sets(body.named_children, functions, True) if body is not None else set())
    return on


@dataclass(frozen=True)
class Expansion:
    """An expansion bash splits into words and globs: `$x`, `${x}`, `$(cmd)` as an argument or `[ ]` operand."""

    line: int
    text: str


def _unquoted_place(node: Node) -> Node | None:
    """Where an expansion's words land, when nothing quotes it: the command or `[` test it is a word of."""
    parent = node.parent
    while parent is not None and parent.type == "concatenation":
        parent = parent.parent
    if parent is None:
        return None
    if parent.type in ("binary_expression", "unary_expression"):
        test = syntax.ancestor(parent, "test_command")
        return test if test is not None and syntax.text(test).startswith("[ ") else None
    return parent if parent.type == "command" else None


def unquoted_expansions(data: bytes) -> list[Expansion]:
    """Expansions left unquoted where bash splits and globs them, as shellcheck's SC2086/SC2046/SC2068 find them:
    command arguments and the words of a `[ ]` test (`[[ ]]`, assignments, `case` subjects, `for` lists, redirect
    targets and arithmetic do not split). Special parameters that expand to a number (`$#`, `$?`, `$$`, `$!`) are
    safe."""
    out = []
    for node in syntax.nodes("bash", data, "simple_expansion", "expansion", "command_substitution"):
        if _unquoted_place(node) is None:
            continue
        special = next((c for c in node.named_children if c.type == "special_variable_name"), None)
        if special is not None and syntax.text(special) in SAFE_SPECIALS:
            continue
        if node.type == "expansion" and syntax.text(node).startswith("${#"):
            continue
        out.append(Expansion(syntax.line(node), syntax.text(node)))
    return out


def _words(node: Node) -> Iterable[Node]:
    """The words of a command (its name excluded), an assignment's value and a redirect's target."""
    if node.type == "command":
        return node.children_by_field_name("argument")
    if node.type == "variable_assignment":
        value = node.child_by_field_name("value")
        return [value] if value is not None else []
    return [c for c in node.named_children if c.type not in ("file_descriptor",)]


def unquote(text: str) -> str:
    return re.sub(r"""["']""", "", text)


def fixed_temp_paths(data: bytes) -> list[tuple[int, str]]:
    """`(line, word)` for each word naming a fixed file under `/tmp`, `/var/tmp` or `$TMPDIR` (`/tmp/out.txt`,
    `"${TMPDIR:-/tmp}/build.log"`, `/tmp/run.$$`), as an argument, a redirect target or an assigned value;
    `mktemp`'s own arguments (a template, `-p /tmp`) are how a unique name is made, so they do not count."""
    out = []
    for node in syntax.nodes("bash", data, "command", "variable_assignment", "file_redirect"):
        if node.type == "command" and syntax.text(node.child_by_field_name("name")) == "mktemp":
            continue
        for word in _words(node):
            if word.type == "command_substitution":
                continue
            text = unquote(syntax.text(word))
            if TEMP_PATH.match(text):
                out.append((syntax.line(word), text))
    return out


def handles_flag(data: bytes, flag: str) -> bool:
    """Whether the script reads `flag` (a `case` pattern, a test comparing against it, `getopts`-free parsing) into
    a variable that code outside that branch then reads (`--dry-run) DRY_RUN=1 ;;` ... `if [[ $DRY_RUN ... ]]`,
    or `RUN=echo` ... `$RUN git push`): a flag that is parsed and then changes what runs."""
    root = _root(data)
    for node in syntax.walk(root):
        if node.type not in ("word", "extglob_pattern", "string", "raw_string") or flag not in re.split(
                r"[\s|*()]+", unquote(syntax.text(node))):
            continue
        branch = syntax.ancestor(node, "case_item", "if_statement", "list")
        if branch is None:
            continue
        names = {syntax.text(a.child_by_field_name("name")) for a in syntax.descendants(branch, "variable_assignment")}
        inside = range(branch.start_byte, branch.end_byte)
        for read in syntax.descendants(root, "simple_expansion", "expansion"):
            if read.start_byte in inside:
                continue
            variable = next(iter(syntax.descendants(read, "variable_name")), None)  # `${a[@]}`: `a`, not the index
            if variable is not None and syntax.text(variable) in names:
                return True
        if any(syntax.text(v) in names for v in _arithmetic_reads(root) if v.start_byte not in inside):
            return True
    return False


def _arithmetic_reads(root: Node) -> Iterator[Node]:
    """The variables read by name in arithmetic: `((dry_run))`, `if (( dry_run )); then`, `$(( n + 1 ))` (not the
    target of a plain `((x = 1))`)."""
    for node in syntax.descendants(root, "arithmetic_expansion", "compound_statement"):
        if node.type == "compound_statement" and (node.child_count == 0 or node.children[0].type != "(("):
            continue
        for name in syntax.descendants(node, "variable_name"):
            parent = name.parent
            assigned = parent is not None and parent.type == "binary_expression" and parent.children[0] == name \
                and parent.child_count > 1 and parent.children[1].type == "="
            if not assigned:
                yield name
