"""E0 conflict pairs with their classifiers: for each pair of mutually exclusive house rules (commit language,
branch prefix, reply form, test style, diagnostics, test-file naming, commit subject form, docstring style; their
statements are in `conflict`), one deterministic reading of a run: which rule it followed — `a`, `b`, `both` or
`neither` (the last two are not decisive)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..conflict import TEXTS, PairText
from ..evidence import Run

Outcome = Literal["a", "b", "both", "neither"]
CJK = re.compile(r"[\u4e00-\u9fff]")
CONVENTIONAL = re.compile(r"^(feat|fix|docs|refactor|test|chore|perf|build|ci|style)(\([\w./-]+\))?!?: \S")
BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S", re.M)


@dataclass(frozen=True)
class ConflictPair(PairText):
    """A pair's statements and the classifier of a run: which of them it followed."""

    classify: Callable[[Run], Outcome]


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


CLASSIFIERS: dict[str, Callable[[Run], Outcome]] = {
    "commit-language": _commit_language,
    "branch-prefix": _branch_prefix,
    "reply-form": _reply_form,
    "test-style": _test_style,
    "diagnostics": _diagnostics,
    "test-file-names": _test_file_names,
    "commit-form": _commit_form,
    "docstring-style": _docstring_style,
}
PAIRS: tuple[ConflictPair, ...] = tuple(ConflictPair(**vars(t), classify=CLASSIFIERS[t.id]) for t in TEXTS)
