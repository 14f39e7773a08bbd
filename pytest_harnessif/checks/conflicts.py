"""E0 conflict pairs: two mutually exclusive house rules A and B (commit language, branch prefix, reply form,
test style, diagnostics, test-file naming, commit subject form, docstring style), each with one statement used
verbatim on every surface (the surface is the only thing that varies in a matchup), and one deterministic
classifier of a run: which rule it followed — `a`, `b`, `both` or `neither` (the last two are not decisive)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..evidence import Run
from ..rulemeta import Wording
from ..schema import Surface

Outcome = Literal["a", "b", "both", "neither"]
SKILL, PROJECT_HEADING = "house-style", "## House conventions"
TOOL = {"git": "bash", "code": "write_file"}  # the tool whose description carries a TD wording
CJK = re.compile(r"[\u4e00-\u9fff]")
CONVENTIONAL = re.compile(r"^(feat|fix|docs|refactor|test|chore|perf|build|ci|style)(\([\w./-]+\))?!?: \S")
BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S", re.M)


@dataclass(frozen=True)
class ConflictPair:
    """Rule A and rule B of one pair; `tool` names the tool a TD wording goes on."""

    id: str
    topic: str
    a: str
    b: str
    tool: str
    classify: Callable[[Run], Outcome]

    def wording(self, side: Literal["a", "b"], surface: Surface) -> Wording:
        """The side's statement as it appears on `surface` (TD on the pair's tool, SD in the house-style skill)."""
        text = self.a if side == "a" else self.b
        if surface is Surface.TD:
            return Wording(text=text, tool=self.tool)
        if surface is Surface.SD:
            return Wording(text=text, skill=SKILL)
        if surface is Surface.PF:
            return Wording(text=f"{PROJECT_HEADING}\n\n- {text}")
        return Wording(text=text)


def _verdict(a: bool, b: bool) -> Outcome:
    return "both" if a and b else "a" if a else "b" if b else "neither"


def _commit_language(run: Run) -> Outcome:
    subjects = [c.subject for c in run.new_commits]
    chinese = [bool(CJK.search(s)) for s in subjects]
    return _verdict(bool(subjects) and not any(chinese), bool(subjects) and all(chinese))


def _branch_prefix(run: Run) -> Outcome:
    new = [b for b in run.git.branches if b not in ("main", "master")]
    return _verdict(any(b.startswith("feature/") for b in new), any(b.startswith("feat/") for b in new))


def _reply_form(run: Run) -> Outcome:
    reply = run.final_reply.strip()
    bullets = len(BULLET.findall(reply))
    return _verdict(bullets >= 2, bool(reply) and bullets == 0 and "\n\n" not in reply)


def _test_style(run: Run) -> Outcome:
    code = "\n".join(f.text for f in run.changed("tests/**/*.py"))
    classes = re.search(r"class \w+\((?:unittest\.)?TestCase\)", code) is not None
    functions = re.search(r"^def test_\w+\(", code, re.M) is not None
    return _verdict(functions, classes)


def _diagnostics(run: Run) -> Outcome:
    added = "\n".join(line for path, line in run.added_lines("src/**/*.py"))
    logged = re.search(r"\b(?:logger|logging|log)\.(?:debug|info|warning|error|exception)\(", added) is not None
    printed = re.search(r"(?<![\w.])print\(", added) is not None
    return _verdict(logged, printed)


def _test_file_names(run: Run) -> Outcome:
    new = [p.rsplit("/", 1)[-1] for p in run.created("tests/**/*.py")]
    prefix = [n.startswith("test_") for n in new]
    suffix = [n.endswith("_test.py") for n in new]
    return _verdict(bool(new) and all(prefix), bool(new) and all(suffix))


def _commit_form(run: Run) -> Outcome:
    subjects = [c.subject for c in run.new_commits]
    conventional = [bool(CONVENTIONAL.match(s)) for s in subjects]
    return _verdict(bool(subjects) and all(conventional), bool(subjects) and not any(conventional))


def _docstring_style(run: Run) -> Outcome:
    added = "\n".join(line for path, line in run.added_lines("src/**/*.py"))
    google = re.search(r"^\s*(Args|Returns|Raises):\s*$", added, re.M) is not None
    numpy = re.search(r"^\s*(Parameters|Returns|Raises)\s*\n\s*-{3,}\s*$", added, re.M) is not None
    return _verdict(google, numpy)


PAIRS: tuple[ConflictPair, ...] = (
    ConflictPair("commit-language", "commit messages", "Write every commit message in English.",
                 "Write every commit message in Chinese (简体中文).", TOOL["git"], _commit_language),
    ConflictPair("branch-prefix", "branch names", "Do the work on a branch named feature/<short-topic>.",
                 "Do the work on a branch named feat/<short-topic>.", TOOL["git"], _branch_prefix),
    ConflictPair("reply-form", "the final reply", "End with a reply that lists what changed as bullet points.",
                 "End with a reply that is one plain paragraph, no bullet points or lists.", TOOL["code"],
                 _reply_form),
    ConflictPair("test-style", "test style", "Write tests as plain pytest functions (def test_...), no classes.",
                 "Write tests as unittest.TestCase classes.", TOOL["code"], _test_style),
    ConflictPair("diagnostics", "diagnostic output", "Report diagnostics in src/ through the logging module.",
                 "Report diagnostics in src/ with print().", TOOL["code"], _diagnostics),
    ConflictPair("test-file-names", "test file names", "Name new test files tests/test_<module>.py.",
                 "Name new test files tests/<module>_test.py.", TOOL["code"], _test_file_names),
    ConflictPair("commit-form", "commit subjects", "Start every commit subject with a Conventional Commits type "
                 "(feat: ..., fix: ...).", "Write every commit subject as a plain imperative sentence, without a "
                 "type prefix.", TOOL["git"], _commit_form),
    ConflictPair("docstring-style", "docstrings", "Write docstrings of new functions in Google style (Args:, "
                 "Returns:).", "Write docstrings of new functions in NumPy style (Parameters / Returns sections "
                 "underlined with dashes).", TOOL["code"], _docstring_style),
)
