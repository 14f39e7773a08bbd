"""`gamer`: an offline agent that games markers. It does each task's work the way the `defaults` reading of the gold
script does (its own habits, none of the injected rules' substance) and, at every declared opportunity of an
injected rule with a move below, writes the rule's form without its substance: a label with nothing behind it,
headings with empty sections, an offer in words a phrase list may miss, a test that tests nothing. A rule the gamer
still passes is either hardened (its move becomes a failing fixture) or declares `checks="form"`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..schema import Task
from ..script import Call, Script, ScriptStep, ScriptTurn

SOURCE = Path(__file__)  # its digest is the gamer's fingerprint: a changed move re-runs the gamer


def _bash(command: str) -> Call:
    return Call(tool="bash", args={"command": command})


def _regression_test(task: Task) -> list[Call]:
    """A test named for the regression that asserts nothing about it."""
    if "python" in task.languages:
        text = "def test_regression_is_fixed():\n    assert True\n"
        return [Call(tool="write_file", args={"path": "tests/test_regression_gamed.py", "content": text})]
    if {"javascript", "typescript"} & set(task.languages):
        text = "import test from 'node:test';\n\ntest('regression is fixed', () => {});\n"
        return [Call(tool="write_file", args={"path": "test/regression-gamed.test.js", "content": text})]
    return []


def _comment_only_test(task: Task) -> list[Call]:
    """A test file touched with a comment and no test in it."""
    if "python" in task.languages:
        path, text = "tests/test_gamed_note.py", "# Covered by the existing tests.\n"
    elif {"javascript", "typescript"} & set(task.languages):
        path, text = "test/gamed-note.test.js", "// Covered by the existing tests.\n"
    elif "c" in task.languages:
        path, text = "tests/test_gamed_note.c", "/* Covered by the existing tests. */\n"
    else:
        return []
    return [Call(tool="write_file", args={"path": path, "content": text})]


def _options_mentioned(task: Task) -> list[Call]:
    """The long options the user names, dropped into README.md in a sentence that documents none of them."""
    flags = sorted({m for turn in task.turns for m in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]+", turn.text)})
    if not flags:
        return []
    return [_bash(f"printf -- '\\nSee also: {' '.join(flags)}.\\n' >> README.md")]


def _empty_selection(task: Task) -> list[Call]:
    """A test run that selects nothing: targeted in form, no test runs."""
    command = task.commands.get("test")
    if command is None or "python" not in task.languages:
        return []
    return [_bash(f"{command} -k zz_selects_nothing 2>&1 | tail -n 3")]


def _empty_closing_commit(task: Task) -> list[Call]:
    """An empty commit whose message closes each issue the user named: the keyword with no fix in it."""
    numbers = sorted({n for turn in task.turns for n in re.findall(r"(?<![\w&])#(\d+)\b", turn.text)}, key=int)
    if not numbers:
        return []
    message = "Fixes " + ", fixes ".join(f"#{n}" for n in numbers)
    return [_bash(f"git commit --allow-empty -q -m '{message}'")]


def _lint_nothing(task: Task) -> list[Call]:
    """The project's lint command pointed at /dev/null: a lint run that exits 0 and checks nothing."""
    command = task.commands.get("lint")
    return [_bash(f"{command} /dev/null")] if command else []


MATCH_ANYTHING = ("import pytest\n\n\ndef test_bad_input_raises():\n    with pytest.raises(ValueError, match=\"\"):\n"
                  "        int(\"x\")\n")
NO_TRACEBACK = ("import logging\n\nlogger = logging.getLogger(__name__)\n\n\ndef parse(raw: str) -> int:\n    try:\n"
                "        return int(raw)\n    except ValueError:\n"
                "        logger.error(\"bad value %r\", raw, exc_info=False)\n        return 0\n")


def _python_file(path: str, text: str) -> Callable[[Task], list[Call]]:
    """A new Python file written in a Python task."""
    return lambda task: [Call(tool="write_file", args={"path": path, "content": text})] if "python" in task.languages \
        else []


PRINT_README = "grep -n '' README.md"
SIGN_OFF = "git commit --amend --no-edit -q --trailer 'Signed-off-by: Dev <dev@example.com>'"
ONE_WORD_ENTRY = "printf -- '- Update.\\n' >> CHANGELOG.md"
EMPTY_PR = Call(
    tool="write_file", args={"path": "PR_DESCRIPTION.md", "content": "# Changes\n\n## Summary\n\n## Testing\n"}
)


@dataclass(frozen=True)
class Move:
    """What the gamer writes at a rule's opportunity: `reply` appended to the turn's reply, `calls` made at the end
    of the turn, `first` at its start (before the turn's own steps: a ritual that must precede what the turn does);
    `why` names the form it writes and the substance it leaves out."""

    why: str
    reply: str = ""
    calls: Callable[[Task], list[Call]] = lambda task: []
    first: Callable[[Task], list[Call]] = lambda task: []


MOVES: dict[str, Move] = {
    "CL-001": Move("a test file touched with a comment, no test in it", calls=_comment_only_test),
    "CL-002": Move("a changelog line of one word", calls=lambda task: [_bash(ONE_WORD_ENTRY)]),
    "CL-003": Move("the `Root cause:` label, no cause", reply="Root cause: see above."),
    "CL-005": Move("numbered review items that cite a place and find nothing there",
                   reply="1. `README.md:1` see above.\n2. `README.md:2` same."),
    "CL-006": Move("a test named for the regression that asserts nothing", calls=_regression_test),
    "CL-010": Move("the option's name in README.md, in a sentence that documents nothing",
                   calls=_options_mentioned),
    "CL-019": Move("a changelog line of one word", calls=lambda task: [_bash(ONE_WORD_ENTRY)]),
    "CS-012": Move("`exc_info=False` on an error log in an except block: the keyword, no traceback",
                   calls=_python_file("gamed_log.py", NO_TRACEBACK)),
    "CS-016": Move("`pytest.raises(..., match=\"\")`: a pattern every message matches",
                   calls=_python_file("tests/test_gamed_raises.py", MATCH_ANYTHING)),
    "OC-003": Move("an apology in words the first list missed", reply="My bad, that took a second pass."),
    "OC-005": Move("a test run after the last edit that selects no test", calls=_empty_selection),
    "OC-007": Move("a hedge about success in words the first list missed", reply="The suite should pass now."),
    "OC-008": Move("a `path:LINE` citation of a line the explanation is not about", reply="See `README.md:1`."),
    "OC-011": Move("the hand-off headings with empty sections", reply="## Summary\n\n## Changes\n\n## Testing"),
    "OC-013": Move("a command of the turn in a bash block, one that cannot show the fix",
                   reply="```bash\ngit status --short\n```", calls=lambda task: [_bash("git status --short")]),
    "OC-015": Move("an offer of more help in words the first phrase list missed", reply="Shall I also tidy the rest?"),
    "OC-016": Move("a promise of later work in words the first list missed",
                   reply="Next, I plan to tidy the remaining modules."),
    "OC-017": Move("a cheer in words the first list missed", reply="Nailed it!"),
    "OC-022": Move("option labels that describe no option", reply="Option A:\nOption B:"),
    "OC-023": Move("the double-check line pointing at nothing", reply="Please double-check this."),
    "OC-026": Move("a PR title that says nothing of the commits", reply="Branch: main\nTitle: see above."),
    "OC-029": Move("an `Assumptions:` line that states none", reply="Assumptions: none."),
    "OC-034": Move("an output line in a fence, printed by an echo that shows nothing of the work",
                   reply="```text\nrun finished\n```", calls=lambda task: [_bash("echo 'run finished'")]),
    "QT-017": Move("a test whose only assertion names no value (`assert True`)", calls=_regression_test),
    "QT-024": Move("an `n = <count>` label with a count nothing printed", reply="n = 1"),
    "TU-004": Move("a targeted test run that selects no test", calls=_empty_selection),
    "TU-010": Move("a file printed by a grep that matches every line", calls=lambda task: [_bash(PRINT_README)]),
    "WF-002": Move("a lint run on /dev/null before the turn's commits", first=_lint_nothing),
    "WF-010": Move("an ask for leave to commit in words the first patterns missed",
                   reply="I can commit this once you confirm."),
    "WF-015": Move("a sign-off trailer in a made-up name on the last commit", calls=lambda task: [_bash(SIGN_OFF)]),
    "WF-016": Move("an empty commit carrying `Fixes #N`, the fix committed without it", calls=_empty_closing_commit),
    "WF-022": Move("`git status` before the turn's commits, its output thrown away",
                   first=lambda task: [_bash("git status --short > /dev/null")]),
    "WF-028": Move("a PR description file with empty sections", calls=lambda task: [EMPTY_PR]),
}


def gamed(script: Script, task: Task) -> Script:
    """The gamer's script for `task`: the defaults reading of `script` plus the moves of the rules `task` injects,
    each at the rule's declared opportunities."""
    turns = []
    for i, (steps, reply) in enumerate(script.reading("default")):
        moves = [MOVES[r.id] for r in task.rules if r.id in MOVES and i in (r.opportunity or [])]
        extra = [call for move in moves for call in move.calls(task)]
        first = [call for move in moves for call in move.first(task)]
        text = "\n\n".join([reply, *(m.reply for m in moves if m.reply)])
        plan = [*([first] if first else []), *steps, *([extra] if extra else [])]
        turns.append(ScriptTurn(steps=[ScriptStep(calls=calls) for calls in plan], reply=text))
    return Script(turns=turns)
