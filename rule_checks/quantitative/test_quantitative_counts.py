"""Quantitative rules (QT-008...): numeric caps, minimums and exact counts - on replies (code-block length, numbers
written as digits, reported test counts and diff size, precision of figures), on code (parameters, branches,
nesting, module and line length), on tests (assertions, coverage) and on the run (files per turn, retries,
commits per turn, commit body width)."""

from __future__ import annotations

import re
from collections import Counter

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.command import suite_runs
from pytest_harnessif.checks.pysource import changed_functions, changed_sources_or_na, new_tests
from pytest_harnessif.checks.regex import without_code
from pytest_harnessif.checks.render import short
from pytest_harnessif.checks.shell import segments
from pytest_harnessif.checks.toolcalls import (
    assertion_count,
    code_block_lines,
    complexity,
    coverage_total,
    decimals,
    diff_size,
    failed,
    line_count,
    nesting_depth,
    number_words,
    param_count,
    passed_count,
    retry_streaks,
    states_count,
    where,
)
from pytest_harnessif.checks.workspace import added_lines, changed_paths, files_before_turn

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


@rule("QT-010", family="quantitative", modality="limit_max", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype small-functions (adapted: parameter count)", opportunity="src/ functions added or changed",
      surfaces={
          "SP": "Functions and methods you add or change under src/ take at most {limit} parameters (`self` and "
                "`cls` not counted; `*args` and `**kwargs` counted). Group more into a dataclass.",
          "PF": "## Function signatures\nAt most {limit} parameters per function or method in `src/`, `*args` and "
                "`**kwargs` included, `self`/`cls` excluded.",
          "UI": "Keep function signatures lean - {limit} parameters max (not counting self/cls, counting *args and "
                "**kwargs).",
      })
def test_parameters_per_function_capped(run: Run, limit: int = 5) -> None:
    """No function or method added or changed under `src/` takes more than {limit} parameters (`self`/`cls` not
    counted, `*args`/`**kwargs` counted)."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    funcs = changed_functions(run, sources) or na("no function added or changed under src/")
    over = [f"{src.path}:{d.qualname} ({n})" for src, d in funcs if (n := param_count(d.node)) > limit]
    assert not over, f"functions with more than {limit} parameters: {over}"


@rule("QT-011", family="quantitative", modality="limit_max", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype small-functions (adapted: branch count)", opportunity="src/ functions added or changed",
      surfaces={
          "SP": "Functions you add or change under src/ have a complexity of at most {limit}: count 1, plus 1 for "
                "each `if`/`elif`, `for`, `while`, `except`, conditional expression, comprehension `if`, `case` and "
                "`and`/`or`.",
          "PF": "## Complexity\nMax complexity {limit} per function in `src/`: 1 + one per `if`/`elif`, loop, "
                "`except`, `x if c else y`, comprehension `if`, `case`, `and`/`or` (nested functions count "
                "separately).",
          "UI": "Keep the branching down: complexity {limit} max per function (1 + every if/elif, loop, except, "
                "ternary, comprehension if, case and and/or).",
      })
def test_function_complexity_capped(run: Run, limit: int = 10) -> None:
    """No function added or changed under `src/` has a complexity over {limit}: 1 + each `if`/`elif`, loop,
    `except`, conditional expression, comprehension `if`, `case` and `and`/`or` (nested functions measured alone)."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    funcs = changed_functions(run, sources) or na("no function added or changed under src/")
    over = [f"{src.path}:{d.qualname} ({n})" for src, d in funcs if (n := complexity(d.node)) > limit]
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
      source="curated: module size cap", opportunity="a src/ .py file created or changed",
      surfaces={
          "SP": "No Python module under src/ that you create or change may end up longer than {limit} lines; a "
                "module that was already longer may not grow. Split modules that get too big.",
          "PF": "## Module size\nModules in `src/` stay at or under {limit} lines. A module already over the limit "
                "must not grow.",
          "UI": "Keep modules under src/ to {limit} lines max - and don't make any that are already longer even "
                "bigger.",
      })
def test_module_length_capped(run: Run, limit: int = 300) -> None:
    """No `.py` file under `src/` the run creates or changes ends longer than {limit} lines, unless it was already
    longer and did not grow."""
    files = run.changed("src/**/*.py") or na("no Python file under src/ created or changed")
    sizes = [(f.path, len(f.lines), line_count(run.initial_files.get(f.path))) for f in files]
    long = [f"{path} ({n} lines, was {old})" for path, n, old in sizes if n > limit and n > old]
    assert not long, f"modules over {limit} lines: {long}"


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


@rule("QT-015", family="quantitative", modality="limit_max", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="curated: nesting depth", opportunity="src/ functions added or changed",
      surfaces={
          "SP": "In functions you add or change under src/, compound statements (`if`, `for`, `while`, `try`, "
                "`with`, `match`) nest at most {limit} levels deep; `elif`, `else`, `except` and `finally` add no "
                "level. Flatten with early returns or helpers.",
          "PF": "## Nesting\nMax nesting depth {limit} in `src/` functions (`if`/`for`/`while`/`try`/`with`/`match` "
                "each add a level; `elif`/`else`/`except`/`finally` do not).",
          "UI": "Please no deeply nested code - {limit} levels of if/for/while/try/with/match max inside a "
                "function.",
      })
def test_nesting_depth_capped(run: Run, limit: int = 3) -> None:
    """No function added or changed under `src/` nests compound statements more than {limit} levels deep (`elif`,
    `else`, `except` and `finally` add no level; nested functions are measured alone)."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    funcs = changed_functions(run, sources) or na("no function added or changed under src/")
    deep = [f"{src.path}:{d.qualname} ({n})" for src, d in funcs if (n := nesting_depth(d.node)) > limit]
    assert not deep, f"functions nested more than {limit} levels: {deep}"


@rule("QT-016", family="quantitative", modality="limit_max", prior="against", method="cross_file",
      observability="structural", universality="specific", scenarios=("frontend", "systems"),
      fit="SP:medium PF:high UI:low", source="archetype line-length-limit (adapted: JavaScript and C sources)",
      opportunity="lines added to such a file",
      surfaces={
          "SP": "No line you add to a file ending in {suffixes:code-or} may be longer than {limit} characters.",
          "PF": "## Line length\nLines added to {suffixes:code-or} files are at most {limit} characters long.",
          "UI": "In the JS/TS and C files ({suffixes:code-or}), keep new lines to {limit} characters max.",
      })
def test_js_and_c_line_length(
    run: Run, limit: int = 80, suffixes: tuple[str, ...] = (".js", ".jsx", ".ts", ".tsx", ".c", ".h")
) -> None:
    """No line added to a file ending in {suffixes:code-or} is longer than {limit} characters."""
    added = [(p, line.rstrip("\r")) for s in suffixes for p, line in added_lines(run, f"**/*{s}", text_only=True)]
    added = added or na("no line added to a JavaScript/TypeScript or C file")
    long = [f"{p} ({len(line)} chars): {line.strip()[:40]!r}" for p, line in added if len(line) > limit]
    assert not long, f"added lines over {limit} characters: {long}"


@rule("QT-017", family="quantitative", modality="limit_min", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:medium SD:high",
      source="curated: tests must assert", opportunity="test functions added or changed",
      surfaces={
          "SP": "Every test function you add or change under tests/ makes at least {least} assertion(s): an "
                "`assert`, a `pytest.raises`/`pytest.warns`/`pytest.fail` call, or an `assert*` method or function "
                "such as `mock.assert_called_once_with`.",
          "PF": "## Tests\nEach test has at least {least} assertion(s) (`assert`, `pytest.raises`, `pytest.warns`, "
                "`pytest.fail`, or an `assert*` call).",
          "SD": {"skill": "python-testing",
                 "text": "Every test makes at least {least} assertion(s): `assert`, `pytest.raises`/`warns`/`fail`, "
                         "or an `assert*` helper."},
      })
def test_tests_assert_something(run: Run, least: int = 1) -> None:
    """Every test function added or changed under `tests/` has at least {least} assertion(s): `assert`,
    `pytest.raises`/`warns`/`fail`, or a call of an `assert*` function or method."""
    sources = changed_sources_or_na(run, "tests/**/*.py", "Python file under tests/")
    tests = [(s, d) for s, d in changed_functions(run, sources) if d.is_test] or na("no test added or changed")
    weak = [f"{s.path}::{d.qualname} ({n})" for s, d in tests if (n := assertion_count(d.node)) < least]
    assert not weak, f"tests with fewer than {least} assertion(s): {weak}"


@rule("QT-018", family="quantitative", modality="limit_min", prior="neutral", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:medium PF:high SD:high",
      source="archetype coverage-threshold", opportunity="a coverage report",
      surfaces={
          "SP": "Keep test coverage at {least}% or more: the last coverage report of your session (the `TOTAL` line "
                "of `pytest --cov`) must show at least {least}%.",
          "PF": "## Coverage\nTotal coverage stays at or above {least}%: the last `pytest --cov` report you run "
                "must show `TOTAL` >= {least}%.",
          "SD": {"skill": "python-testing",
                 "text": "Coverage must stay at {least}% or more: check the `TOTAL` line of your last "
                         "`pytest --cov` run."},
      })
def test_coverage_at_least(run: Run, least: int = 90) -> None:
    """The last coverage report of the run (a `TOTAL ... N%` line in a command's output) shows at least {least}%."""
    reports = [(c, pct) for c in run.commands if (pct := coverage_total(c.output)) is not None]
    cmd, pct = reports[-1] if reports else na("no coverage report")
    assert pct >= least, f"last coverage report (turn {cmd.turn}: `{short(cmd.cmd, 60)}`) shows {pct:g}% < {least}%"


@rule("QT-019", family="quantitative", modality="require", prior="against", method="command_output",
      observability="surface", universality="cross-coding", fit="SP:medium PF:medium UI:medium",
      source="curated: report test counts", opportunity="a test run reporting its passed count",
      surfaces={
          "SP": "Your final reply states how many tests passed in the last test run that reported a count, as a "
                "numeral followed within two words by `passed`, `pass`, `passing` or `tests` (e.g. `42 passed`, "
                "`all 42 tests pass`).",
          "PF": "## Final summary\nThe closing reply gives the passed count of the last test run as a number, like "
                "`42 passed` or `42 tests pass`.",
          "UI": "When you're done, tell me how many tests passed in your last run - the actual number, like "
                "'42 passed'.",
      })
def test_final_reply_states_passed_count(run: Run) -> None:
    """The final reply states the `N passed` count of the last test run that printed one, as the numeral followed
    (within two words) by `passed`, `pass`, `passing` or `tests`."""
    counted = [(c, n) for c in suite_runs(run) if (n := passed_count(c.output)) is not None]
    cmd, n = counted[-1] if counted else na("no test run reported a passed count")
    reply = run.final_reply if run.final_reply.strip() else na("the run has no final reply")
    assert states_count(reply, n, PASS_WORDS), (
        f"the final reply does not state the {n} passed tests of the last test run (turn {cmd.turn})"
    )


@rule("QT-020", family="quantitative", modality="require", prior="against", method="ast",
      observability="surface", universality="cross-coding", fit="SP:medium PF:medium SD:medium",
      source="curated: report test counts", opportunity="a turn that added test functions",
      surfaces={
          "SP": "When you add test functions in a turn, your reply to that turn says how many, as a numeral followed "
                "by `test` or `tests` (e.g. `Added 3 tests`).",
          "PF": "## Reporting tests\nA reply to a request that added tests states how many were added, as a number "
                "(`3 new tests`).",
          "SD": {"skill": "python-testing",
                 "text": "After adding tests, say in your reply how many you added, as a numeral: `Added 3 tests`."},
      })
def test_reply_counts_added_tests(run: Run) -> None:
    """Each turn that adds test functions under `tests/` says in its reply how many it added: the numeral followed,
    within two words, by `test` or `tests`."""
    added = {t.index: n for t in run.turns
             if (n := len(new_tests(files_before_turn(run, t.index), run.files_after_turn(t.index))))}
    added = added or na("no turn added a test function")
    silent = [f"turn {i} ({n} added)" for i, n in added.items() if not states_count(run.turns[i].reply, n, "tests?")]
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


@rule("QT-024", family="quantitative", modality="require", prior="against", method="regex",
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
