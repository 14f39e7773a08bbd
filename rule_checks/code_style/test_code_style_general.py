"""Language-agnostic code-style rules (CS-051...CS-054, CS-110...CS-112): comments, file endings and generated
files in any source a run writes, and what its errors, defensive code and names say (judged). They read Python,
JS/TS and C alike through their syntax trees (`checks.code`), and say n/a, never fail, where only code in a language
they cannot read changed."""

from __future__ import annotations

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks.code import (
    NEUTRAL,
    added_comment_blocks,
    added_comments,
    bindings,
    is_numbered,
    language,
    looks_like_code,
    on_added_lines,
    raises,
    sources_or_na,
)
from pytest_harnessif.checks.command import edits, shell_edits
from pytest_harnessif.checks.comments import prose
from pytest_harnessif.checks.project import is_generated_text

SOURCE_AND_CONFIG = (".py", ".js", ".jsx", ".ts", ".tsx", ".c", ".h", "Makefile", ".md", ".toml", ".cfg", ".ini",
                     ".yml", ".yaml")
THROWING = ("python", "javascript", "typescript")


@rule("CS-051", languages=NEUTRAL, family="code_style", modality="forbid", prior="neutral", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:low",
      source="archetype no-commented-out-code", opportunity="a comment added to a source file",
      surfaces={
          "SP": "Never leave commented-out code behind: a comment you add to a Python, JS/TS or C file is prose, "
                "not a disabled statement such as `# total = compute(rows)` or `// return cache[key];`. Delete "
                "code you do not need; version control remembers it.",
          "PF": "## Dead code\nNo commented-out code in any source file. Remove unused code instead of turning it "
                "into a comment.",
          "UI": "Please don't leave commented-out code around - just delete it.",
          "TD": {"tool": "edit_file",
                 "text": "Remove code you replace; do not keep the old version as a comment."},
      })
def test_no_commented_out_code(run: Run) -> None:
    """No comment the run adds to a Python, JS/TS or C file is a commented-out statement (an assignment, call,
    return, import or block header written as a comment); tool directives and doc comments are not checked."""
    views = sources_or_na(run, "Python, JS/TS or C file")
    added = prose(added_comments(run, views)) or na("no comment added to a source file")
    bad = [f"{v.path}:{c.line}: {c.body!r}" for v, c in added if looks_like_code(c.body, language(v.path) or "")]
    assert not bad, f"commented-out code: {bad}"


@rule("CS-052", languages=NEUTRAL, family="code_style", modality="limit_max", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype sparse-comments", opportunity="a block of whole-line comments added",
      surfaces={
          "SP": "Comment sparingly: no run of consecutive comment lines you write in code is longer than "
                "{limit} lines (doc comments and a file's opening header aside); if it needs more, the code "
                "should say it or the docs should.",
          "PF": "## Comment length\nComment blocks inside code are at most {limit} lines. Longer explanations "
                "belong in docstrings, `/** */` doc comments or the docs.",
          "UI": "Keep comments short - {limit:w} lines at most per block.",
      })
def test_comment_blocks_short(run: Run, limit: int = 3) -> None:
    """No block of consecutive whole-line comments the run adds to (or extends in) a Python, JS/TS or C file is
    longer than {limit} lines; doc comments (`/** */`) and a block opening the file are not counted."""
    views = sources_or_na(run, "Python, JS/TS or C file")
    blocks = added_comment_blocks(run, views) or na("no block of whole-line comments added")
    over = [f"{v.path}:{first}: {last - first + 1} lines" for v, first, last in blocks if last - first + 1 > limit]
    assert not over, f"comment blocks longer than {limit} lines: {over}"


@rule("CS-053", family="code_style", modality="require", prior="align", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium",
      source="archetype indentation-style (adapted: files end with a newline)",
      opportunity="a source or config file created or modified",
      surfaces={
          "SP": "Every source or config file you create or change (names ending in {suffixes:code-or}) ends "
                "with a newline character after its last line.",
          "PF": "## File endings\nFiles ending in {suffixes:code-or} end with a newline (POSIX lines); the last "
                "line is never left unterminated.",
          "UI": "Make sure the code and config files you touch end with a newline.",
          "TD": {"tool": "write_file",
                 "text": "End the content you write with a newline character (files ending in "
                         "{suffixes:code-or})."},
      })
def test_files_end_with_newline(run: Run, suffixes: tuple[str, ...] = SOURCE_AND_CONFIG) -> None:
    """Every non-empty file ending in {suffixes:code-or} that the run creates or modifies ends with a newline
    character."""
    files = [v for v in run.changed() if v.data and v.path.endswith(suffixes)] or na(
        "no non-empty source or config file created or modified")
    bad = [v.path for v in files if not v.data.endswith(b"\n")]
    assert not bad, f"files without a final newline: {bad}"


@rule("CS-054", family="code_style", modality="forbid", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium TD:medium",
      source="archetype no-edit-generated", opportunity="a generated file changed or edited",
      surfaces={
          "SP": "Never edit a generated file by hand: a file whose first {head} lines say {markers:code-or} "
                "changes only by rerunning its generator after you edit the generator's input.",
          "PF": "## Generated files\nFiles marked {markers:code-or} in their first {head} lines are generated. "
                "Change the source they come from and regenerate; hand edits are lost and not accepted.",
          "UI": "Don't hand-edit the generated files (the ones saying {markers:or} at the top) - change the "
                "source and regenerate.",
          "TD": {"tool": "edit_file",
                 "text": "Do not use this on files marked {markers:code-or} in their first {head} lines; "
                         "regenerate them instead."},
      })
def test_generated_files_not_hand_edited(run: Run, markers: tuple[str, ...] = ("DO NOT EDIT", "@generated"),
                                         head: int = 5) -> None:
    """No file whose first {head} lines carry {markers:code-or} is edited by hand (`write_file`, `edit_file` or a
    shell write); such a file changes only through its generator."""
    generated = [p for p, data in sorted(run.initial_files.items()) if is_generated_text(data, markers, head)]
    by_hand = {e.path for e in [*edits(run), *shell_edits(run)]}
    touched = [p for p in generated if p in by_hand or run.files.get(p) != run.initial_files[p]] or na(
        "no generated file changed or edited")
    bad = [p for p in touched if p in by_hand]
    assert not bad, f"generated files edited by hand: {bad}"


@rule("CS-110", languages=THROWING, family="code_style", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="archetype error-message-style (adapted: actionable error messages)",
      opportunity="a new exception raised or thrown on an added line",
      rubric={
          "question": "Does every error the agent's new code raises or throws carry a message that lets the reader "
                      "act: what went wrong, with the offending value or identifier, and what was expected?",
          "pass_if": ["Each new raise/throw has a message naming the failing thing and the offending value (e.g. "
                      "\"unknown SKU 'X-12' in order 7\", \"quantity must be positive, got -3\").",
                      "Where the message cannot hold a value (a secret, a huge payload), it still says what was "
                      "wrong and what is expected."],
          "fail_if": ["A message is generic (\"invalid input\", \"error\", \"something went wrong\", \"failed\") "
                      "and names neither the value nor the expectation.",
                      "A message repeats the exception type (`ValueError(\"value error\")`) or leaks an internal "
                      "detail with no meaning for the reader instead of the cause."],
          "na_if": ["The new code raises or throws no error."],
      },
      surfaces={
          "SP": "Every exception you raise or throw carries a message that says what went wrong, includes the "
                "offending value or identifier, and what was expected (\"quantity must be positive, got -3\").",
          "PF": "## Error messages\nErrors are actionable: name the input at fault, show its value and state the "
                "expectation. Never raise an exception without a message or with a generic one (\"invalid "
                "input\").",
          "UI": "Make the error messages useful please - say which value was wrong and what you expected.",
      })
def test_error_messages_actionable(run: Run) -> None:
    """Every exception the run's new code raises (Python) or throws (JS/TS) has a message naming what went wrong,
    the offending value and the expectation.

    Pre-check: a raise or throw without any message fails; the judge reads the diff of the source files that
    raise."""
    views = sources_or_na(run, "Python or JS/TS file", languages=THROWING)
    raised = on_added_lines(run, views, raises) or na("no new exception raised or thrown on an added line")
    bare = [f"{v.path}:{r.line}" for v, r in raised if not r.has_message]
    assert not bare, f"errors raised without a message at {bare}"
    paths = sorted({v.path for v, _ in raised})
    judge(raising_files_diff=run.diff_of(paths))


@rule("CS-111", languages=NEUTRAL, family="code_style", modality="forbid", prior="against", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:high PF:high UI:low",
      source="archetype no-defensive-clutter", opportunity="a non-test source file changed",
      rubric={
          "question": "Is the code the agent added free of defensive clutter: checks, fallbacks and exception "
                      "handlers for situations that cannot happen given the types, the callers and the "
                      "surrounding code?",
          "pass_if": ["Validation and error handling sit where input really can be bad (user input, files, the "
                      "network, public API arguments) and each handler does something meaningful.",
                      "Internal code trusts its own invariants, type annotations and earlier checks."],
          "fail_if": ["A `None`/`null`/`NULL` check, `isinstance`/`typeof` test or length check guards a value "
                      "the types or the caller already guarantee.",
                      "A try/except (try/catch) wraps code that cannot raise the caught error, or catches only "
                      "to re-raise or return a default that hides a bug.",
                      "Fallback branches return made-up defaults for states that cannot occur."],
          "na_if": ["The diff contains no new logic (only data, docs or tests)."],
      },
      surfaces={
          "SP": "Do not write defensive clutter: no `None` checks, type tests, try/except blocks or fallback "
                "defaults for cases the types and callers already rule out. Validate only at real boundaries "
                "(user input, files, network, the public API).",
          "PF": "## Defensive code\nTrust internal invariants. Guards, exception handlers and fallbacks belong at "
                "system boundaries only; a check for something that cannot happen is noise and hides bugs.",
          "UI": "Skip the paranoid checks - no try/except or None checks for stuff that can't happen.",
      })
def test_no_defensive_clutter(run: Run) -> None:
    """The code the run adds outside tests holds no checks, handlers or fallbacks for cases that cannot happen.

    The judge reads the requests and the diff of the changed non-test source files."""
    views = sources_or_na(run, "non-test Python, JS/TS or C file", tests=False)
    requests = "\n\n".join(f"## Turn {t.index} ({t.intent})\n{t.user.strip()}" for t in run.turns)
    judge(requests=requests, source_diff=run.diff_of(v.path for v in views))


@rule("CS-112", languages=NEUTRAL, family="code_style", modality="require", prior="align", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype descriptive-names", opportunity="a name bound on an added line of code",
      rubric={
          "question": "Are the names the agent introduced (variables, parameters, functions, classes) full, "
                      "descriptive words that say what the thing is, without abbreviations or numbering?",
          "pass_if": ["Each new name reads as words of the domain (`customer_count`, `retryDelayMs`, "
                      "`parse_header`); conventional short names (`i` in a loop, `_`, `exc`, `df` in pandas "
                      "code) are acceptable."],
          "fail_if": ["A name is an abbreviation a reader must decode (`cust_cnt`, `usrNm`, `proc_rec`, `calc`, "
                      "`tmp_val`).",
                      "A name is vague or generic where a specific word exists (`data`, `info`, `thing`, "
                      "`handle_it`, `do_stuff`) or distinguishes variants by numbers."],
          "na_if": ["The new code introduces no name."],
      },
      surfaces={
          "SP": "Name things with full, descriptive words: no abbreviations (`cnt`, `usr`, `tmp_val`) and no "
                "numbered variants (`data2`, `result_1`).",
          "PF": "## Names\nIdentifiers are spelled out and say what they hold (`customer_count`, not `cust_cnt`); "
                "never distinguish variables by a number suffix.",
          "UI": "Please use descriptive names, no abbreviations or data2-style names.",
      })
def test_names_descriptive(run: Run) -> None:
    """Names the run introduces in Python, JS/TS and C code are descriptive words, neither abbreviations nor
    numbered variants.

    Pre-check: a numbered name (`data2`, `result_1`) fails; the judge reads the list of new names."""
    views = sources_or_na(run, "Python, JS/TS or C file")
    bound = on_added_lines(run, views, bindings) or na("no name bound on an added line of a Python, JS/TS or C file")
    names = [(f"{v.path}:{b.line}", b.name) for v, b in bound]
    numbered = [f"{where}: {name}" for where, name in names if is_numbered(name)]
    assert not numbered, f"numbered names: {numbered}"
    judge(new_names="\n".join(f"{where}: {name}" for where, name in names))
