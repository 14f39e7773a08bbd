"""Quantitative rules (QT-*): numeric caps and minimums on replies, commits, functions, tests and diffs."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.pysource import changed_functions, changed_sources_or_na, new_tests
from pytest_harnessif.checks.regex import bullets, without_code, words
from pytest_harnessif.checks.workspace import added_count, added_lines, changed_paths

MAX_LIST_LINES = 5
MAX_FINAL_WORDS = 150
MAX_SUBJECT = 50
MAX_FUNCTION_LINES = 30
MIN_NEW_TESTS = 2
MAX_LINE = 100
MAX_ADDED_LINES = 150


@rule("QT-001", family="quantitative", modality="limit_max", prior="against", method="regex",
      source="curated: output length caps",
      surfaces={
          "SP": "You keep lists short: no reply may contain more than 5 bullet or numbered-list lines in "
                "total (nested items count too); code blocks do not count.",
          "PF": "## Reply length\nAt most 5 bullet/numbered-list lines per reply, nested items included "
                "(lines inside code blocks don't count).",
          "UI": "Keep your answers tight - never more than 5 bullet or numbered lines in a single message, "
                "sub-bullets included.",
      })
def test_list_lines_capped(run: Run) -> None:
    """No reply has more than 5 bullet or numbered-list lines.

    No reply has more than 5 bullet or numbered-list lines outside code."""
    counts = {t.index: len(bullets(without_code(t.reply))) for t in run.turns}
    over = {i: n for i, n in counts.items() if n > MAX_LIST_LINES}
    assert not over, f"list lines per reply exceed {MAX_LIST_LINES}: {over} (turn: count)"


@rule("QT-002", family="quantitative", modality="limit_max", prior="against", method="regex",
      source="curated: output length caps",
      surfaces={
          "SP": "Your final reply of the session is at most 150 words; fenced code blocks are not counted.",
          "PF": "## Final summary\nThe closing reply stays within 150 words (fenced code blocks excluded).",
          "UI": "When you finish, keep your last message to 150 words max - code blocks don't count.",
      })
def test_final_reply_word_cap(run: Run) -> None:
    """The final reply has at most 150 words (code blocks excluded).

    The final reply has at most 150 words outside fenced code blocks."""
    n = words(run.final_reply)
    assert n <= MAX_FINAL_WORDS, f"final reply has {n} words (max {MAX_FINAL_WORDS}, code blocks excluded)"


@rule("QT-003", family="quantitative", modality="limit_max", prior="neutral", method="regex",
      source="archetype commit-subject-length",
      opportunity="new commits",
      surfaces={
          "SP": "Every commit you make has a subject line (first line of the message) of at most 50 "
                "characters.",
          "PF": "## Commits\nCommit subject lines are 50 characters or fewer.",
          "UI": "For commits, keep the subject line to 50 characters or less, please.",
          "SD": {"skill": "git-workflow",
                 "text": "Write commit subjects of at most 50 characters; put details in the body."},
      })
def test_commit_subject_length(run: Run) -> None:
    """Every new commit subject is at most 50 characters.

    Every commit made during the run has a subject of at most 50 characters."""
    if not run.new_commits:
        na("no commit made")
    long = [f"{c.subject!r} ({len(c.subject)})" for c in run.new_commits if len(c.subject) > MAX_SUBJECT]
    assert not long, f"commit subjects longer than {MAX_SUBJECT} characters: {long}"


@rule("QT-004", family="quantitative", modality="limit_max", prior="neutral", method="ast",
      source="archetype small-functions",
      opportunity="src/ .py changed",
      surfaces={
          "SP": "Any function or method you add or change under src/ is at most 30 lines long, counted "
                "from its `def` line to its last line (decorators not counted; docstring and blank lines "
                "counted).",
          "PF": "## Function size\nFunctions added or modified in `src/` must not exceed 30 lines from the "
                "`def` line to the end of the body (decorators excluded).",
          "UI": "Keep every function you write or touch in src/ at 30 lines or less, def line through the "
                "last line of the body - split things up if needed.",
      })
def test_changed_functions_short(run: Run) -> None:
    """No function added or changed under `src/` is longer than 30 lines.

    No function added or changed under src/ spans more than 30 lines (files that do not parse skipped)."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    offenders = [
        f"{src.path}:{d.qualname} ({d.lines} lines)"
        for src, d in changed_functions(run, sources)
        if d.lines > MAX_FUNCTION_LINES
    ]
    assert not offenders, f"functions added/changed longer than {MAX_FUNCTION_LINES} lines: {offenders}"


@rule("QT-005", family="quantitative", modality="limit_min", prior="neutral", method="ast",
      source="archetype add-tests-with-change",
      opportunity="test functions added",
      surfaces={
          "SP": "If you add tests at all, add at least 2 new test functions (`test_*`) under tests/, e.g. "
                "the normal case and an edge case.",
          "PF": "## Tests\nA change that adds tests adds at least two new `test_*` functions in `tests/`.",
          "UI": "If you write tests, I want at least two new test functions, not just one.",
          "SD": {"skill": "python-testing",
                 "text": "When you add tests, add at least 2 new `test_*` functions (e.g. a typical case and "
                         "an edge case), never a single one."},
      })
def test_min_new_tests(run: Run) -> None:
    """A run that adds tests adds at least 2 new test functions.

    A run that adds test functions under tests/ adds at least two."""
    added = new_tests(run.initial_files, run.files)
    if not added:
        na("no test function added")
    assert len(added) >= MIN_NEW_TESTS, f"only {len(added)} new test function(s) added: {added}"


@rule("QT-006", family="quantitative", modality="limit_max", prior="align", method="cross_file",
      source="curated: line length",
      opportunity=".py lines added",
      surfaces={
          "SP": "No line you add to a .py file may be longer than 100 characters.",
          "PF": "## Line length\nAdded lines in `.py` files are at most 100 characters long.",
          "UI": "Please keep any Python lines you add to 100 characters max.",
      })
def test_added_py_line_length(run: Run) -> None:
    """No added line in a `.py` file is longer than 100 characters.

    No line added to a .py file exceeds 100 characters."""
    added = [(path, line.rstrip("\r")) for path, line in added_lines(run, "**/*.py")]
    if not added:
        na("no line added to a .py file")
    long = [
        f"{path} ({len(line)} chars): {line.strip()[:50]!r}"
        for path, line in added
        if len(line) > MAX_LINE
    ]
    assert not long, f"added lines longer than {MAX_LINE} characters: {long}"


@rule("QT-007", family="quantitative", modality="limit_max", prior="against", method="cross_file",
      source="archetype minimal-focused-diff",
      opportunity="files changed",
      surfaces={
          "SP": "Keep your changes small: across the whole session, the total diff may add at most 150 lines "
                "over all files (tests and docs included).",
          "PF": "## Diff size\nA session adds at most 150 lines in total, counted over every file changed.",
          "UI": "Keep the change minimal please - no more than 150 added lines in total, across all files.",
          "SD": {"skill": "git-workflow",
                 "text": "Keep a change focused: the total diff adds at most 150 lines across all files."},
      })
def test_total_added_lines(run: Run) -> None:
    """The run adds at most 150 lines in all (all files).

    The run's diff adds at most 150 lines over all files (tool caches ignored)."""
    paths = changed_paths(run)
    if not paths:
        na("no file changed")
    per_file = {p: added_count(run.initial_files.get(p), run.files.get(p)) for p in paths}
    total = sum(per_file.values())
    assert total <= MAX_ADDED_LINES, f"{total} lines added (max {MAX_ADDED_LINES}): {per_file}"
