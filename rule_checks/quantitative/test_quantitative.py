"""Quantitative rules (QT-*): numeric caps and minimums on replies, commits, functions, tests and diffs."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.pysource import changed_functions, changed_sources_or_na, new_tests
from pytest_harnessif.checks.regex import bullets, without_code, words
from pytest_harnessif.checks.workspace import added_count, added_lines, changed_paths


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


@rule("QT-004", family="quantitative", modality="limit_max", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype small-functions", opportunity="src/ .py changed",
      surfaces={
          "SP": "Any function or method you add or change under src/ is at most {limit} lines long, counted "
                "from its `def` line to its last line (decorators not counted; docstring and blank lines "
                "counted).",
          "PF": "## Function size\nFunctions added or modified in `src/` must not exceed {limit} lines from the "
                "`def` line to the end of the body (decorators excluded).",
          "UI": "Keep every function you write or touch in src/ at {limit} lines or less, def line through the "
                "last line of the body - split things up if needed.",
      })
def test_changed_functions_short(run: Run, limit: int = 30) -> None:
    """No function added or changed under `src/` is longer than {limit} lines, `def` line to last line.

    Files that do not parse are skipped (a syntax error is no verdict on size)."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    changed = changed_functions(run, sources)
    offenders = [f"{src.path}:{d.qualname} ({d.lines} lines)" for src, d in changed if d.lines > limit]
    assert not offenders, f"functions added/changed longer than {limit} lines: {offenders}"


@rule("QT-005", family="quantitative", modality="limit_min", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype add-tests-with-change", opportunity="test functions added",
      surfaces={
          "SP": "If you add tests at all, add at least {least} new test functions (`test_*`) under tests/, e.g. "
                "the normal case and an edge case.",
          "PF": "## Tests\nA change that adds tests adds at least {least:w} new `test_*` functions in `tests/`.",
          "UI": "If you write tests, I want at least {least:w} new test functions, not just one.",
          "SD": {"skill": "python-testing",
                 "text": "When you add tests, add at least {least} new `test_*` functions (e.g. a typical case and "
                         "an edge case), never a single one."},
      })
def test_min_new_tests(run: Run, least: int = 2) -> None:
    """A run that adds test functions under `tests/` adds at least {least}."""
    added = new_tests(run.initial_files, run.files) or na("no test function added")
    assert len(added) >= least, f"only {len(added)} new test function(s) added: {added}"


@rule("QT-006", family="quantitative", modality="limit_max", prior="align", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="curated: line length", opportunity=".py lines added",
      surfaces={
          "SP": "No line you add to a .py file may be longer than {limit} characters.",
          "PF": "## Line length\nAdded lines in `.py` files are at most {limit} characters long.",
          "UI": "Please keep any Python lines you add to {limit} characters max.",
      })
def test_added_py_line_length(run: Run, limit: int = 100) -> None:
    """No added line in a `.py` file is longer than {limit} characters."""
    added = [(p, line.rstrip("\r")) for p, line in added_lines(run, "**/*.py")] or na("no line added to a .py file")
    long = [f"{p} ({len(line)} chars): {line.strip()[:50]!r}" for p, line in added if len(line) > limit]
    assert not long, f"added lines longer than {limit} characters: {long}"


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
