"""Comments of Python files, from the tokenizer (so a `#` inside a string is no comment), and the prose
comments a run added, each with the code it sits on."""

from __future__ import annotations

import difflib
import io
import re
import tokenize

from ..evidence import Run
from .render import lines_of, short

NOT_PROSE = re.compile(r"^#\s*(?:!|-\*-|SPDX-License-Identifier:|noqa\b|type:|pragma\b|fmt:|ruff:|pylint:)", re.I)


def added_line_numbers(old: bytes | None, new: bytes) -> set[int]:
    """1-based numbers of the lines of `new` that are not in `old` (insertions and replacements)."""
    before, after = lines_of(old), lines_of(new)
    out: set[int] = set()
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag in ("insert", "replace"):
            out.update(range(j1 + 1, j2 + 1))
    return out


def comments(text: str) -> dict[int, tuple[str, bool]]:
    """Line number -> (comment text, whether the line holds only the comment), from the tokenizer (so a `#`
    inside a string is no comment); a file that does not tokenize falls back to whole-line `#` comments."""
    found: dict[int, tuple[str, bool]] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                found[tok.start[0]] = (tok.string, not tok.line[: tok.start[1]].strip())
    except (tokenize.TokenError, IndentationError, SyntaxError):
        rows = enumerate(text.splitlines(), 1)
        found = {i: (line.strip(), True) for i, line in rows if line.lstrip().startswith("#")}
    return found


def added_comments(run: Run) -> list[tuple[str, str, str]]:
    """`(path:LINE, comment, context)` for every prose comment the run added to a `.py` file; the context is the
    code the comment sits on (inline) or the next code line (a comment on its own line). Shebangs, encoding and
    licence lines and tool directives (`# noqa`, `# type:`, `# pragma`...) are not prose and are left out."""
    out = []
    for view in run.changed("**/*.py"):
        added = added_line_numbers(run.initial_files.get(view.path), view.data)
        lines = view.lines
        for number, (text, alone) in sorted(comments(view.text).items()):
            if number not in added or NOT_PROSE.match(text):
                continue
            if alone:
                following = (line.strip() for line in lines[number:] if line.strip())
                code = next((line for line in following if not line.startswith("#")), "(end of file)")
                context = f"next code line: {short(code, 120)}"
            else:
                context = f"on the code line: {short(lines[number - 1].split(text, 1)[0], 120)}"
            out.append((f"{view.path}:{number}", text, context))
    return out


def render_comments(comments: list[tuple[str, str, str]]) -> str:
    """The comments as the judge reads them: `path:LINE: # text`, the code context indented below."""
    return "\n".join(f"{where}: {text}\n    {context}" for where, text, context in comments)
