"""Quantitative rules (QT-008...): numeric caps, minimums and exact counts - on replies (code-block length, numbers
written as digits, reported test counts and diff size, precision of figures), on code (parameters, branches,
nesting, module and line length), on tests (assertions, coverage) and on the run (files per turn, retries,
commits per turn, commit body width)."""

from __future__ import annotations

import re
from collections import Counter

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.code import (
    NEUTRAL,
    OTHER_CODE,
    READABLE,
    changed_definitions,
    changed_sources,
    found_or_na,
    sources_or_na,
)
from pytest_harnessif.checks.command import suite_runs
from pytest_harnessif.checks.metrics_code import added_cases, lengthened_lines
from pytest_harnessif.checks.regex import without_code
from pytest_harnessif.checks.render import short
from pytest_harnessif.checks.shell import segments
from pytest_harnessif.checks.summaries import coverage_percent, suite_counts
from pytest_harnessif.checks.toolcalls import (
    code_block_lines,
    decimals,
    diff_size,
    failed,
    line_count,
    number_words,
    retry_streaks,
    states_count,
    where,
)
from pytest_harnessif.checks.workspace import changed_paths

SAMPLE_SIZE = re.compile(r"\bn\s*=\s*\d", re.I)
PASS_WORDS = r"tests?|passed|passing|pass(?:es)?"


@rule("QT-008", family="quantitative", modality="limit_max", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      source="archetype concise-replies (adapted: short code snippets)", opportunity="a reply with a code block",
      surfaces={
          "SP": "Keep code in your replies short: no fenced code block may run over {limit} lines (the fence lines "
                "not counted). For anything longer, point to the file and lines instead.",
          "PF": "## Code in replies\nA fenced code block in a reply holds at most {limit} lines; cite `path:line` "
                "for longer code.",
          "UI": "Don't paste big chunks of code at me - {limit} lines per code block at most.",
      })
def test_reply_code_blocks_short(run: Run, limit: int = 20) -> None:
    """No fenced code block in a reply has more than {limit} lines (fence lines not counted)."""
    sized = {t.index: sizes for t in run.turns if (sizes := code_block_lines(t.reply))}
    sized = sized or na("no reply has a fenced code block")
    over = {i: max(sizes) for i, sizes in sized.items() if max(sizes) > limit}
    assert not over, f"code blocks over {limit} lines (turn: longest block): {over}"


@rule("QT-009", family="quantitative", modality="limit_max", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="archetype batch-size-limit (adapted: files changed per request)", opportunity="a turn that changed files",
      surfaces={
          "SP": "Keep each request's change small: one turn may create, modify or delete at most {limit} files in "
                "total.",
          "PF": "## Change size\nOne request touches at most {limit} files (created, modified and deleted ones "
                "together).",
          "UI": "Keep each change small - no more than {limit} files touched per request (new, edited or deleted).",
      })
def test_files_changed_per_turn_capped(run: Run, limit: int = 5) -> None:
    """No turn creates, modifies or deletes more than {limit} files (tool caches not counted)."""
    per_turn = {t.index: paths for t in run.turns if (paths := run.changed_in_turn(t.index))}
    per_turn = per_turn or na("no turn changed a file")
    over = {i: paths for i, paths in per_turn.items() if len(paths) > limit}
    assert not over, f"turns changing more than {limit} files (turn: files): {over}"


@rule("QT-010", languages=NEUTRAL, family="quantitative", modality="limit_max", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype small-functions (adapted: parameter count)", opportunity="source functions added or changed",
      surfaces={
          "SP": "Functions and methods you add or change in the source code (test files aside) take at most {limit} "
                "parameters (`self`, `cls` and TypeScript's `this` not counted; rest parameters such as `*args`, "
                "`**kwargs` and `...rest` counted). Group more into an object, dataclass or struct.",
          "PF": "## Function signatures\nAt most {limit} parameters per function or method in source files, rest "
                "parameters (`*args`, `**kwargs`, `...rest`) included, `self`/`cls`/`this` excluded.",
          "UI": "Keep function signatures lean - {limit} parameters max (not counting self/cls, counting *args, "
                "**kwargs and ...rest).",
      })
def test_parameters_per_function_capped(run: Run, limit: int = 5) -> None:
    """No function or method added or changed in a Python, JS/TS or C source file (not a test) takes more than
    {limit} parameters (`self`/`cls`/`this` not counted, rest parameters counted)."""
    views = sources_or_na(run, "source file", tests=False)
    funcs = changed_definitions(run, views) or na("no function added or changed in a source file")
    over = [f"{v.path}:{d.full_name} ({n})" for v, d in funcs if (n := len(d.params)) > limit]
    assert not over, f"functions with more than {limit} parameters: {over}"


@rule("QT-011", languages=NEUTRAL, family="quantitative", modality="limit_max", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype small-functions (adapted: branch count)", opportunity="source functions added or changed",
      surfaces={
          "SP": "Functions you add or change in the source code (test files aside) have a complexity of at most "
                "{limit}: count 1, plus 1 for each `if`/`elif`/`else if`, loop, `except`/`catch`, `case`, "
                "conditional expression (`x if c else y`, `c ? x : y`), comprehension `if` and each "
                "`and`/`or`/`&&`/`||`/`??`.",
          "PF": "## Complexity\nMax complexity {limit} per function in source files: 1 + one per `if`/`elif`/`else "
                "if`, loop, `except`/`catch`, `case`, conditional expression, comprehension `if`, "
                "`and`/`or`/`&&`/`||`/`??` (nested functions count separately).",
          "UI": "Keep the branching down: complexity {limit} max per function (1 + every if/elif/else if, loop, "
                "except/catch, case, ternary, comprehension if and and/or/&&/||/??).",
      })
def test_function_complexity_capped(run: Run, limit: int = 10) -> None:
    """No function added or changed in a Python, JS/TS or C source file (not a test) has a complexity over {limit}:
    1 + each `if`/`elif`/`else if`, loop, `except`/`catch`, `case`, conditional expression, comprehension `if` and
    logical operator (`and`/`or`, `&&`/`||`/`??`); nested functions are measured alone."""
    views = sources_or_na(run, "source file", tests=False)
    funcs = changed_definitions(run, views) or na("no function added or changed in a source file")
    over = [f"{v.path}:{d.full_name} ({d.complexity})" for v, d in funcs if d.complexity > limit]
    assert not over, f"functions with complexity over {limit}: {over}"


@rule("QT-012", family="quantitative", modality="limit_max", prior="align", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype escalate-after-failures", opportunity="a failed tool call",
      surfaces={
          "SP": "When a tool call fails, you may repeat the identical call (same tool, same arguments) right away "
                "at most {limit:w} time in a row; after that, change something - the command, the code or the "
                "approach.",
          "PF": "## Retrying\nA failed tool call (a command included) may be repeated unchanged, immediately, at "
                "most {limit:w} time; then change the call, the code or the approach.",
          "UI": "If something fails, don't just hammer the same command: re-run it unchanged at most {limit:w} "
                "time in a row, then try something different.",
      })
def test_identical_retries_capped(run: Run, limit: int = 1) -> None:
    """A failed tool call is repeated identically (same tool and arguments, right after, in the same turn) at most
    {limit} time(s) in a row."""
    if not any(failed(c) for c in run.tool_calls):
        na("no tool call failed")
    over = [f"{where(turn, c)} repeated {n} times" for turn, c, n in retry_streaks(run) if n > limit]
    assert not over, f"failed calls retried unchanged more than {limit} time(s): {over}"


@rule("QT-013", family="quantitative", modality="limit_max", prior="neutral", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="curated: module size cap", opportunity="a source file created or changed",
      surfaces={
          "SP": "No source file (a code file that is not a test) you create or change may end up longer than {limit} "
                "lines; a file that was already longer may not grow. Split files that get too big.",
          "PF": "## Module size\nSource files (tests aside) stay at or under {limit} lines. A file already over the "
                "limit must not grow.",
          "UI": "Keep source files to {limit} lines max - and don't make any that are already longer even bigger.",
      })
def test_module_length_capped(run: Run, limit: int = 300) -> None:
    """No source file (a code file in any language that is not a test) the run creates or changes ends longer than
    {limit} lines, unless it was already longer and did not grow."""
    files = changed_sources(run, tests=False, languages=(*READABLE, *OTHER_CODE)) or na(
        "no source file created or changed")
    sizes = [(f.path, len(f.lines), line_count(run.initial_files.get(f.path))) for f in files]
    long = [f"{path} ({n} lines, was {old})" for path, n, old in sizes if n > limit and n > old]
    assert not long, f"source files over {limit} lines: {long}"


@rule("QT-014", family="quantitative", modality="limit_max", prior="neutral", method="regex",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high SD:high",
      source="archetype wrap-body-72", opportunity="a new commit with a body",
      surfaces={
          "SP": "Wrap commit message bodies: no line of a commit body you write may exceed {limit} characters.",
          "PF": "## Commits\nWrap commit bodies at {limit} characters per line.",
          "SD": {"skill": "git-workflow",
                 "text": "Wrap the body of every commit message at {limit} characters per line."},
      })
def test_commit_body_wrapped(run: Run, limit: int = 72) -> None:
    """No line in the body of a commit made during the run is longer than {limit} characters."""
    bodies = [c for c in run.new_commits if c.body.strip()] or na("no new commit has a body")
    long = [f"{c.subject!r}: {line[:30]!r}... ({len(line)})" for c in bodies for line in c.body.splitlines()
            if len(line) > limit]
    assert not long, f"commit body lines over {limit} characters: {long}"


@rule("QT-015", languages=NEUTRAL, family="quantitative", modality="limit_max", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="curated: nesting depth", opportunity="source functions added or changed",
      surfaces={
          "SP": "In functions you add or change in the source code (test files aside), compound statements (`if`, "
                "loops, `try`, `with`, `switch`, `match`) nest at most {limit} levels deep; `elif`/`else if`, `else`, "
                "`except`/`catch` and `finally` add no level. Flatten with early returns or helpers.",
          "PF": "## Nesting\nMax nesting depth {limit} in source functions (`if`/loops/`try`/`with`/`switch`/`match` "
                "each add a level; `elif`/`else if`/`else`/`except`/`catch`/`finally` do not).",
          "UI": "Please no deeply nested code - {limit} levels of if/loops/try/with/switch max inside a function.",
      })
def test_nesting_depth_capped(run: Run, limit: int = 3) -> None:
    """No function added or changed in a Python, JS/TS or C source file (not a test) nests compound statements more
    than {limit} levels deep (`elif`/`else if`, `else`, `except`/`catch` and `finally` add no level; nested functions
    are measured alone)."""
    views = sources_or_na(run, "source file", tests=False)
    funcs = changed_definitions(run, views) or na("no function added or changed in a source file")
    deep = [f"{v.path}:{d.full_name} ({d.depth})" for v, d in funcs if d.depth > limit]
    assert not deep, f"functions nested more than {limit} levels: {deep}"


@rule("QT-016", languages=("javascript", "typescript", "c"), family="quantitative", modality="limit_max",
      prior="against", method="cross_file", observability="structural", universality="specific",
      scenarios=("frontend", "systems"), fit="SP:medium PF:high UI:low", opportunity="lines added to such a file",
      source="archetype line-length-limit (adapted: JavaScript and C sources)",
      surfaces={
          "SP": "No line you add to a file ending in {suffixes:code-or} may be longer than {limit} characters (an "
                "existing line you edit may stay as long as it was, not longer).",
          "PF": "## Line length\nLines added to {suffixes:code-or} files are at most {limit} characters long; editing "
                "a line that was already longer must not make it longer.",
          "UI": "In the JS/TS and C files ({suffixes:code-or}), keep new lines to {limit} characters max.",
      })
def test_js_and_c_line_length(
    run: Run, limit: int = 80, suffixes: tuple[str, ...] = (".js", ".jsx", ".ts", ".tsx", ".c", ".h")
) -> None:
    """No line the run adds to a file ending in {suffixes:code-or} is longer than {limit} characters, unless it
    replaces a line at least as long or was moved from elsewhere in the file."""
    count, long = lengthened_lines(run, [v.path for v in run.changed() if v.path.endswith(suffixes)], limit)
    if not count:
        na("no line added to a JavaScript/TypeScript or C file")
    shown = [f"{p} ({len(line)} chars): {line.strip()[:40]!r}" for p, line in long]
    assert not shown, f"added lines over {limit} characters: {shown}"


@rule("QT-017", languages=NEUTRAL, family="quantitative", modality="limit_min", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:medium SD:high",
      source="curated: tests must assert", opportunity="test cases added or changed",
      surfaces={
          "SP": "Every test you add or change (a test function, or a `test()`/`it()` case) makes at least {least} "
                "assertion(s): an `assert` statement or an assertion call - `pytest.raises`/`warns`/`fail`, an "
                "`assert*` method or function such as `mock.assert_called_once_with`, `expect(...)`, "
                "`assert.equal(...)`, or a C assertion macro (`CHECK`, `ASSERT_*`, `assert`); `assert True` and "
                "its like check nothing and do not count.",
          "PF": "## Tests\nEach test has at least {least} assertion(s) (`assert`, `pytest.raises`, an `assert*` call, "
                "`expect(...)`, `assert.*(...)`, `CHECK(...)`/`ASSERT_*(...)`).",
          "SD": {"skill": "python-testing",
                 "text": "Every test makes at least {least} assertion(s): `assert`, `pytest.raises`/`warns`/`fail`, "
                         "or an `assert*` helper."},
      })
def test_tests_assert_something(run: Run, least: int = 1) -> None:
    """Every test case added or changed in a Python, JS/TS or C test file has at least {least} assertion(s): `assert`,
    `pytest.raises`/`warns`/`fail` or an `assert*` call; `expect(...)` or `assert.*(...)`; a C assertion macro
    (`CHECK`, `ASSERT_*`, `assert`, `ck_assert*`...); an assertion that names no value (`assert True`, `assert 1 ==
    1`, `expect(true).toBe(true)`, `CHECK(1)`) does not count."""
    views = sources_or_na(run, "test file", tests=True)
    tests = changed_definitions(run, views, kinds=("test",)) or na("no test added or changed")
    weak = [f"{v.path}::{d.full_name} ({d.assertions})" for v, d in tests if d.assertions < least]
    assert not weak, f"tests with fewer than {least} assertion(s): {weak}"


@rule("QT-018", family="quantitative", modality="limit_min", prior="neutral", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high SD:high",
      source="archetype coverage-threshold", opportunity="a coverage report",
      surfaces={
          "SP": "Keep test coverage at {least}% or more: the total of the last coverage report of your session (the "
                "`TOTAL` line of `pytest --cov` or gcovr, the `All files` row of c8/nyc/jest) must show at least "
                "{least}%.",
          "PF": "## Coverage\nTotal coverage stays at or above {least}%: the last coverage report you run (`pytest "
                "--cov`, c8, gcovr...) must show a total of at least {least}%.",
          "SD": {"skill": "python-testing",
                 "text": "Coverage must stay at {least}% or more: check the `TOTAL` line of your last "
                         "`pytest --cov` run."},
      })
def test_coverage_at_least(run: Run, least: int = 90) -> None:
    """The last coverage report of the run shows a total of at least {least}% (coverage.py's and gcovr's `TOTAL ...
    N%`, istanbul's `All files | N`, `go tool cover`'s `total:`, lcov's `lines: N%`)."""
    reports = [(c, pct) for c in run.commands if (pct := coverage_percent(c.output)) is not None]
    cmd, pct = reports[-1] if reports else na("no coverage report")
    assert pct >= least, f"last coverage report (turn {cmd.turn}: `{short(cmd.cmd, 60)}`) shows {pct:g}% < {least}%"


@rule("QT-019", family="quantitative", modality="require", prior="against", method="command_output",
      observability="surface", universality="cross-coding", fit="SP:medium PF:medium UI:medium",
      source="curated: report test counts", opportunity="a test run reporting its passed count",
      surfaces={
          "SP": "Your final reply states how many tests passed in the last test run that reported a count, as a "
                "numeral followed within two words by `passed`, `pass`, `passing` or `tests` (e.g. `42 passed`, "
                "`all 42 tests pass`); when that run printed several suites, give their total or each suite's count "
                "(`unit: 35 passed`, `cli: 17 passed`).",
          "PF": "## Final summary\nThe closing reply gives the passed count of the last test run as a number, like "
                "`42 passed` or `42 tests pass` (a run of several suites: their total, or every suite's count).",
          "UI": "When you're done, tell me how many tests passed in your last run - the actual number, like "
                "'42 passed'.",
      })
def test_final_reply_states_passed_count(run: Run) -> None:
    """The final reply states how many tests passed in the last test run that printed a count (in any runner's
    format), as the numeral followed (within two words) by `passed`, `pass`, `passing` or `tests`: the passed counts
    of every summary in its output added up, or, when there are several, each of them."""
    counted = [(c, n) for c in suite_runs(run) if (n := suite_counts(c.output))]
    cmd, counts = counted[-1] if counted else na("no test run reported a passed count")
    reply = run.final_reply if run.final_reply.strip() else na("the run has no final reply")
    stated = states_count(reply, sum(counts), PASS_WORDS) or (
        len(counts) > 1 and all(states_count(reply, n, PASS_WORDS) for n in counts))
    suites = f", nor each of its suites' counts {counts}" if len(counts) > 1 else ""
    assert stated, f"the final reply does not state the {sum(counts)} passed tests of the last test run " \
                   f"(turn {cmd.turn}){suites}"


@rule("QT-020", languages=NEUTRAL, family="quantitative", modality="require", prior="against", method="ast",
      observability="surface", universality="cross-coding", fit="SP:medium PF:medium SD:medium",
      source="curated: report test counts", opportunity="a turn that added test cases",
      surfaces={
          "SP": "When you add tests in a turn (test functions, or `test()`/`it()` cases), your reply to that turn says "
                "how many, as a numeral followed by `test` or `tests` (e.g. `Added 3 tests`).",
          "PF": "## Reporting tests\nA reply to a request that added tests states how many were added, as a number "
                "(`3 new tests`).",
          "SD": {"skill": "python-testing",
                 "text": "After adding tests, say in your reply how many you added, as a numeral: `Added 3 tests`."},
      })
def test_reply_counts_added_tests(run: Run) -> None:
    """Each turn that adds test cases (Python test functions, JS/TS `test()`/`it()` cases, C test functions) says in
    its reply how many it added: the numeral followed, within two words, by `test` or `tests`."""
    added = {t.index: n for t in run.turns if (n := len(added_cases(run, t.index)))}
    added = found_or_na(run, list(added.items()), "turn added a test case", tests=True)
    silent = [f"turn {i} ({n} added)" for i, n in added if not states_count(run.turns[i].reply, n, "tests?")]
    assert not silent, f"replies that do not state how many tests were added: {silent}"


@rule("QT-021", family="quantitative", modality="require", prior="neutral", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high SD:high",
      source="curated: one commit per request", opportunity="a turn that changed files",
      surfaces={
          "SP": "Commit once per request: every turn in which you change files makes exactly {per_turn:w} "
                "commit - not none, not several.",
          "PF": "## Commits\nEach request that changes files gets exactly {per_turn:w} commit, made in that turn.",
          "SD": {"skill": "git-workflow",
                 "text": "Make exactly {per_turn:w} commit for each request that changes files - no more, no "
                         "fewer."},
      })
def test_commits_per_changing_turn(run: Run, per_turn: int = 1) -> None:
    """Every turn that changes files makes exactly {per_turn} commit(s) that went through (`git commit`)."""
    changing = [t.index for t in run.turns if run.changed_in_turn(t.index)] or na("no turn changed a file")
    made = Counter(s.command.turn for s in segments(run) if s.made_commit)
    off = {i: made[i] for i in changing if made[i] != per_turn}
    assert not off, f"file-changing turns without exactly {per_turn} commit(s) (turn: commits): {off}"


@rule("QT-022", family="quantitative", modality="require", prior="against", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:medium PF:medium UI:low",
      source="curated: report the size of the change", opportunity="files changed and a final reply",
      surfaces={
          "SP": "When you changed files, your final reply states the size of the whole change as "
                "`+<added>/-<removed>` lines (e.g. `+42/-7`), counted over every file you changed.",
          "PF": "## Final summary\nClose with the size of the change as `+<added>/-<removed>` lines over all "
                "changed files, e.g. `+42/-7`.",
          "UI": "At the end, tell me how big the change is as +added/-removed lines over all files, like +42/-7.",
      })
def test_final_reply_states_diff_size(run: Run) -> None:
    """The final reply of a run that changed files gives the size of its diff as `+<added>/-<removed>`, the lines
    the run added and removed over every changed text file."""
    changed_paths(run) or na("no file changed")
    reply = run.final_reply if run.final_reply.strip() else na("the run has no final reply")
    added, removed = diff_size(run)
    assert re.search(rf"\+{added}\s*/\s*-{removed}(?!\d)", reply), (
        f"the final reply does not state the diff size `+{added}/-{removed}`"
    )


@rule("QT-023", family="quantitative", modality="require", prior="align", method="regex",
      observability="surface", universality="universal", fit="SP:medium PF:medium SD:high",
      source="curated: numerals style", opportunity="a reply",
      surfaces={
          "SP": "Write numbers greater than {spelled_max:w} as digits (`12 files`, not `twelve files`); number "
                "words up to {spelled_max:w} are fine. Code is exempt.",
          "PF": "## Numbers\nIn replies, numbers above {spelled_max:w} are written as numerals (`14`, not "
                "`fourteen`); code is exempt.",
          "SD": {"skill": "writing-style",
                 "text": "Write every number above {spelled_max:w} as digits (`10`, `25`, `300`), never as a "
                         "word; code is exempt."},
      })
def test_large_numbers_as_digits(run: Run, spelled_max: int = 9) -> None:
    """No reply writes a number greater than {spelled_max} as a word (`ten`, `twenty-one`, `hundred`) outside
    code."""
    turns = run.replied_turns or na("the run has no reply")
    spelled = [f"turn {t.index}: {word!r}" for t in turns for word, value in number_words(without_code(t.reply))
               if value > spelled_max]
    assert not spelled, f"numbers over {spelled_max} written as words: {spelled}"


@rule("QT-024", checks="form",
      form_reason="an `n = <count>` label is read; whether the count is the sample the figures rest on is not",
      family="quantitative", modality="require", prior="against", method="regex",
      observability="surface", universality="specific", scenarios=("data_ml",), fit="SP:medium PF:high SD:high",
      source="curated: sample sizes with statistics", opportunity="a data-analysis turn",
      surfaces={
          "SP": "Every reply to a data-analysis request states the number of records its figures rest on, written "
                "as `n = <count>` (e.g. `n = 1,204`).",
          "PF": "## Reporting data\nAnalysis answers give their sample size as `n = <count>`.",
          "SD": {"skill": "data-analysis",
                 "text": "Report the sample size behind your figures as `n = <count>` in every answer."},
      })
def test_data_replies_state_sample_size(run: Run) -> None:
    """Every reply to a `data-analysis` turn gives its sample size as `n = <count>`."""
    turns = run.turns_with("data-analysis") or na("no data-analysis turn")
    missing = [t.index for t in turns if not SAMPLE_SIZE.search(t.reply)]
    assert not missing, f"data-analysis replies without `n = <count>`: turns {missing}"


@rule("QT-025", family="quantitative", modality="require", prior="neutral", method="regex",
      observability="surface", universality="specific", scenarios=("data_ml",), fit="SP:medium PF:high SD:high",
      source="curated: fixed precision", opportunity="a decimal number in a data-analysis reply",
      surfaces={
          "SP": "In replies to data-analysis requests, every number with a decimal point has exactly {places} "
                "decimal places (`0.25`, `12.50%`); code is exempt.",
          "PF": "## Reporting data\nFigures with decimals are given to exactly {places} decimal places in analysis "
                "answers (`3.10`, not `3.1` or `3.104`).",
          "SD": {"skill": "data-analysis",
                 "text": "Round every decimal figure you report to exactly {places} places (`0.25`, `12.50%`)."},
      })
def test_data_figures_fixed_precision(run: Run, places: int = 2) -> None:
    """In replies to `data-analysis` turns, every number with a decimal point (outside code) has exactly {places}
    decimal places."""
    turns = run.turns_with("data-analysis") or na("no data-analysis turn")
    figures = [(t.index, num, n) for t in turns for num, n in decimals(without_code(t.reply))]
    figures = figures or na("no number with a decimal point in a data-analysis reply")
    off = [f"turn {i}: {num}" for i, num, n in figures if n != places]
    assert not off, f"figures not given to {places} decimal places: {off}"
