"""Quantitative rules (QT-*): numeric caps and minimums on replies, commits, functions, tests and diffs."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.code import NEUTRAL, changed_definitions, found_or_na, new_test_cases, sources_or_na
from pytest_harnessif.checks.metrics_code import length, lengthened_lines
from pytest_harnessif.checks.regex import bullets, without_code, words
from pytest_harnessif.checks.workspace import added_count, changed_paths


@rule("QT-001", family="quantitative", modality="limit_max", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:medium",
      opportunity="a reply",
      source="curated: output length caps",
      surfaces={
          "SP": "You keep lists short: no reply may contain more than {limit} bullet or numbered-list lines in "
                "total (nested items count too); code blocks do not count.",
          "PF": "## Reply length\nAt most {limit} bullet/numbered-list lines per reply, nested items included "
                "(lines inside code blocks don't count).",
          "UI": "Keep your answers tight - never more than {limit} bullet or numbered lines in a single message, "
                "sub-bullets included.",
      })
def test_list_lines_capped(run: Run, limit: int = 5) -> None:
    """No reply has more than {limit} bullet or numbered-list lines (nested ones included, code blocks not)."""
    turns = run.replied_turns or na("the run has no reply")
    over = {t.index: n for t in turns if (n := len(bullets(without_code(t.reply)))) > limit}
    assert not over, f"list lines per reply exceed {limit}: {over} (turn: count)"


@rule("QT-002", family="quantitative", modality="limit_max", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:medium",
      opportunity="a final reply",
      source="curated: output length caps",
      surfaces={
          "SP": "Your final reply of the session is at most {limit} words; fenced code blocks are not counted.",
          "PF": "## Final summary\nThe closing reply stays within {limit} words (fenced code blocks excluded).",
          "UI": "When you finish, keep your last message to {limit} words max - code blocks don't count.",
      })
def test_final_reply_word_cap(run: Run, limit: int = 150) -> None:
    """The final reply has at most {limit} words (code blocks excluded)."""
    n = words(run.final_reply) if run.final_reply.strip() else na("the run has no final reply")
    assert n <= limit, f"final reply has {n} words (max {limit}, code blocks excluded)"


@rule("QT-003", family="quantitative", modality="limit_max", prior="neutral", method="regex",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype commit-subject-length", opportunity="new commits",
      surfaces={
          "SP": "Every commit you make has a subject line (first line of the message) of at most {limit} "
                "characters.",
          "PF": "## Commits\nCommit subject lines are {limit} characters or fewer.",
          "UI": "For commits, keep the subject line to {limit} characters or less, please.",
          "SD": {"skill": "git-workflow",
                 "text": "Write commit subjects of at most {limit} characters; put details in the body."},
      })
def test_commit_subject_length(run: Run, limit: int = 50) -> None:
    """Every commit made during the run has a subject of at most {limit} characters."""
    commits = run.new_commits or na("no commit made")
    long = [f"{c.subject!r} ({len(c.subject)})" for c in commits if len(c.subject) > limit]
    assert not long, f"commit subjects longer than {limit} characters: {long}"


@rule("QT-004", languages=NEUTRAL, family="quantitative", modality="limit_max", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype small-functions", opportunity="source functions added or changed",
      surfaces={
          "SP": "Any function or method you add or change in the source code (test files aside) is at most {limit} "
                "lines long, counted from its first line (for Python the `def` line: decorators not counted) to its "
                "last line (docstring, comments and blank lines inside counted).",
          "PF": "## Function size\nFunctions added or modified in source files (not tests) must not exceed {limit} "
                "lines from the header line to the end of the body (Python decorators excluded).",
          "UI": "Keep every function you write or touch at {limit} lines or less, header through the last line of the "
                "body - split things up if needed.",
      })
def test_changed_functions_short(run: Run, limit: int = 30) -> None:
    """No function added or changed in a Python, JS/TS or C source file (not a test) is longer than {limit} lines,
    from its header line (a Python `def`, decorators not counted) to its last line."""
    views = sources_or_na(run, "source file", tests=False)
    funcs = changed_definitions(run, views) or na("no function added or changed in a source file")
    offenders = [f"{v.path}:{d.full_name} ({n} lines)" for v, d in funcs if (n := length(d)) > limit]
    assert not offenders, f"functions added/changed longer than {limit} lines: {offenders}"


@rule("QT-005", languages=NEUTRAL, family="quantitative", modality="limit_min", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype add-tests-with-change", opportunity="test cases added",
      surfaces={
          "SP": "If you add tests at all, add at least {least} new test cases (test functions, or `test()`/`it()` "
                "cases in JavaScript), e.g. the normal case and an edge case.",
          "PF": "## Tests\nA change that adds tests adds at least {least:w} new test cases (test functions or "
                "`test()`/`it()` cases).",
          "UI": "If you write tests, I want at least {least:w} new test cases, not just one.",
          "SD": {"skill": "python-testing",
                 "text": "When you add tests, add at least {least} new `test_*` functions (e.g. a typical case and "
                         "an edge case), never a single one."},
      })
def test_min_new_tests(run: Run, least: int = 2) -> None:
    """A run that adds test cases (Python test functions, JS/TS `test()`/`it()` cases, C test functions) to test files
    adds at least {least}."""
    added = found_or_na(run, new_test_cases(run.initial_files, run.files), "test case added", tests=True)
    assert len(added) >= least, f"only {len(added)} new test case(s) added: {added}"


@rule("QT-006", languages=("python",), family="quantitative", modality="limit_max", prior="align",
      method="cross_file", observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="curated: line length", opportunity=".py lines added",
      surfaces={
          "SP": "No line you add to a .py file may be longer than {limit} characters (an existing line you edit may "
                "stay as long as it was).",
          "PF": "## Line length\nAdded lines in `.py` files are at most {limit} characters long; editing a line that "
                "was already longer must not make it longer.",
          "UI": "Please keep any Python lines you add to {limit} characters max.",
      })
def test_added_py_line_length(run: Run, limit: int = 100) -> None:
    """No line the run adds to a `.py` file is longer than {limit} characters, unless it replaces a line at least as
    long or was moved from elsewhere in the file."""
    count, long = lengthened_lines(run, [v.path for v in run.changed("**/*.py")], limit)
    if not count:
        na("no line added to a .py file")
    shown = [f"{p} ({len(line)} chars): {line.strip()[:50]!r}" for p, line in long]
    assert not shown, f"added lines longer than {limit} characters: {shown}"


@rule("QT-007", family="quantitative", modality="limit_max", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium SD:medium",
      source="archetype minimal-focused-diff", opportunity="files changed",
      surfaces={
          "SP": "Keep your changes small: across the whole session, the total diff may add at most {limit} lines "
                "over all files (tests and docs included).",
          "PF": "## Diff size\nA session adds at most {limit} lines in total, counted over every file changed.",
          "UI": "Keep the change minimal please - no more than {limit} added lines in total, across all files.",
          "SD": {"skill": "git-workflow",
                 "text": "Keep a change focused: the total diff adds at most {limit} lines across all files."},
      })
def test_total_added_lines(run: Run, limit: int = 150) -> None:
    """The run's diff adds at most {limit} lines over all files (tool caches ignored)."""
    paths = changed_paths(run) or na("no file changed")
    per_file = {p: added_count(run.initial_files.get(p), run.files.get(p)) for p in paths}
    total = sum(per_file.values())
    assert total <= limit, f"{total} lines added (max {limit}): {per_file}"
