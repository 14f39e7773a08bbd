"""Judge-based code-style rules (CS-1xx): what the comments, abstractions and tests the agent adds say and do,
which no pattern can decide. Judged against a rubric; hybrid rules let a deterministic pre-check decide first. They
read Python, JS/TS and C alike (`checks.code`) and say n/a, never fail, where only code they cannot read changed."""

from __future__ import annotations

import re

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks.code import (
    NEUTRAL,
    added_comments,
    calls,
    language,
    on_added_lines,
    sources_or_na,
)
from pytest_harnessif.checks.comments import prose
from pytest_harnessif.checks.facts import Call
from pytest_harnessif.checks.render import render_comments, siblings
from pytest_harnessif.evidence import FileView

HISTORY = re.compile(
    r"\b(?:used to|previously|formerly|no longer|originally|(?:was|were|has been|have been)\s+"
    r"(?:changed|renamed|moved|removed|replaced|rewritten|refactored)|changed\s+(?:from|to)\b|"
    r"(?:old|new)\s+(?:code|version|implementation|behaviou?r)|as\s+(?:you\s+)?requested|per\s+(?:the\s+|your\s+)?"
    r"(?:review|request)|(?:issue|bug|ticket|PR)\s*#?\d+)|(?:^|\s)#\d{2,}\b",
    re.I,
)
SLEEPS = frozenset({"sleep", "time.sleep", "asyncio.sleep", "trio.sleep", "anyio.sleep", "usleep", "nanosleep"})
FAKE_TIMERS = frozenset({"useFakeTimers", "advanceTimersByTime", "runAllTimers", "runOnlyPendingTimers", "tick"})
"""Calls that install or drive fake timers (jest, vitest, sinon, node:test's `mock.timers`)."""


def _sleeps(view: FileView) -> list[Call]:
    """Real sleeps in a file: `time.sleep`, a bare `sleep`, asyncio/trio/anyio sleeps, C's `usleep`/`nanosleep`,
    and in JS/TS a `setTimeout` when the file uses no fake timers."""
    found = calls(view)
    fake = any(c.name in FAKE_TIMERS or c.callee.startswith(("mock.timers.", "t.mock.timers.")) for c in found)
    js = language(view.path) in ("javascript", "typescript") and not fake
    return [c for c in found if c.callee in SLEEPS or (js and c.callee == "setTimeout")]


@rule("CS-101", languages=NEUTRAL, family="code_style", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype comments-explain-why", opportunity="prose comments added",
      rubric={
          "question": "Does every comment the agent added to the code explain why (a reason, constraint, "
                      "invariant or non-obvious context) rather than restate what the code does?",
          "pass_if": ["Each added comment gives information the code itself does not: the reason for a choice, a "
                      "constraint or invariant, a pitfall, the case a test guards against.",
                      "Short section markers or labels that organise a file are neutral."],
          "fail_if": ["An added comment paraphrases the code it sits on or the line below (\"loop over rows\", "
                      "\"return the result\", \"increment the counter\", \"call the helper\").",
                      "A comment names the mechanics of the next statement while the reason for it stays "
                      "unexplained."],
          "na_if": ["The run added no prose comment to the code."],
      },
      surfaces={
          "SP": "Comments you add say why, not what: give the reason, constraint, invariant or non-obvious context "
                "behind the code, never a restatement of what the next line does.",
          "PF": "## Comments\nA comment explains *why* (rationale, invariant, pitfall); code that needs a comment "
                "to say *what* it does should be clearer instead. No comments that paraphrase the line below.",
          "UI": "If you add comments, make them explain why something is done, not repeat what the code says.",
      })
def test_comments_explain_why(run: Run) -> None:
    """Comments added to Python, JS/TS or C files give a reason, constraint or invariant, never a restatement of the
    code. The judge reads each added prose comment (directives, licence lines and doc comments left out) beside the
    code line it belongs to."""
    views = sources_or_na(run, "Python, JS/TS or C file")
    comments = prose(added_comments(run, views)) or na("no prose comment added to a source file")
    judge(comments=render_comments(comments))


@rule("CS-102", languages=NEUTRAL, family="code_style", modality="forbid", prior="against", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:medium PF:high SD:medium",
      source="archetype no-history-in-comments", opportunity="prose comments added",
      rubric={
          "question": "Do the comments the agent added describe the code as it is now, without narrating its "
                      "change history or talking to reviewers or the user?",
          "pass_if": ["Every added comment states a present-tense fact, reason or invariant about the code that a "
                      "future reader needs, with no reference to how it was before or who asked for it."],
          "fail_if": ["A comment narrates history: what the code did before, what was changed, fixed or removed, "
                      "alternatives that were tried (\"used to\", \"previously\", \"now returns\", \"changed "
                      "to\", \"tried X first\").",
                      "A comment cites an issue, ticket or PR number, or addresses the user or a reviewer (\"as "
                      "requested\", \"per review\", \"note to reviewer\")."],
          "na_if": ["The run added no prose comment to the code."],
      },
      surfaces={
          "SP": "Comments you write describe the code as it is; they never narrate its history (what it used "
                "to do, what you changed or tried), cite issue numbers or address the user or reviewers.",
          "PF": "## Comments\nNo change history in comments: nothing like \"used to\", \"previously\", \"changed "
                "to\", \"as requested\" or \"fix for #123\". Comments explain the current code; history belongs "
                "in commit messages.",
          "SD": {"skill": "git-workflow",
                 "text": "Change history belongs in commit messages, never in code comments: no \"used to\", "
                         "\"previously\", \"as requested\" or issue numbers in the comments you add."},
      })
def test_no_history_in_comments(run: Run) -> None:
    """Comments added to Python, JS/TS or C files describe the code as it is: no change history, tried alternatives,
    issue numbers or words to the user or reviewers. Pre-check: markers such as `used to`, `previously`, `as
    requested`, `issue 42` fail; the judge reads the rest."""
    views = sources_or_na(run, "Python, JS/TS or C file")
    comments = prose(added_comments(run, views)) or na("no prose comment added to a source file")
    hits = [f"{v.path}:{c.line}: {c.text}" for v, c in comments if HISTORY.search(c.body)]
    assert not hits, f"added comments narrate history: {hits}"
    judge(comments=render_comments(comments))


@rule("CS-103", languages=NEUTRAL, family="code_style", modality="forbid", prior="against", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:high PF:high UI:low",
      source="archetype no-speculative-abstraction", opportunity="a non-test source file changed",
      rubric={
          "question": "Does the code the agent added outside the tests do what was requested with no "
                      "abstraction, option or indirection built for needs nobody stated?",
          "pass_if": ["New functions, parameters and types are the ones the request needs; a helper is "
                      "extracted only where it removes real duplication or names a real concept.",
                      "Parameters the user asked for (e.g. a `k` with a default) are not speculative."],
          "fail_if": ["New parameters, flags, hooks or configuration that no request asked for and no caller "
                      "uses (\"in case we need it later\").",
                      "A base class, interface, protocol, registry, strategy or factory with a single "
                      "implementation (a table of function pointers with one entry counts too).",
                      "Wrapper functions or classes that only forward to existing code, or layers of "
                      "indirection the change does not need."],
          "na_if": ["No source file outside the tests changed."],
      },
      surfaces={
          "SP": "Build only what the request needs: no extra parameters, flags, hooks, base classes, registries "
                "or wrappers for hypothetical future use.",
          "PF": "## Design\nNo speculative generality: no options or hooks nobody asked for, no abstract base, "
                "interface or factory with one implementation, no wrapper that only forwards a call.",
          "UI": "Keep it simple please - no extra knobs, abstract classes or wrappers 'for later'. Just what I "
                "asked for.",
      })
def test_no_speculative_abstraction(run: Run) -> None:
    """Code the run adds outside the tests (Python, JS/TS, C) builds no options, hooks, base classes, registries or
    wrappers nobody asked for. The judge reads the diff of the changed non-test source files beside the requests
    of the turns that changed them."""
    paths = [v.path for v in sources_or_na(run, "non-test Python, JS/TS or C file", tests=False)]
    asks = [t for t in run.turns if set(run.changed_in_turn(t.index)) & set(paths)] or run.turns
    judge(requests="\n\n".join(f"## Turn {t.index} ({t.intent})\n{t.user.strip()}" for t in asks),
          source_diff=run.diff_of(paths))


@rule("CS-104", languages=NEUTRAL, family="code_style", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:medium PF:high SD:high",
      source="archetype deterministic-tests (hybrid of CS-009)", opportunity="a test file changed",
      rubric={
          "question": "Are the tests the agent added or changed deterministic, fast and independent: do they "
                      "depend only on inputs they build themselves?",
          "pass_if": ["Tests build their inputs inline or under a temporary directory, and anything random, "
                      "time-based or external is seeded, faked or patched.",
                      "Each test runs on its own, in any order, in well under a second."],
          "fail_if": ["A test reads data that changes outside the test (a live export or data file in the repo, "
                      "the network, environment-specific paths or settings).",
                      "A test depends on the current time or date, unseeded randomness, dict/set ordering it "
                      "does not control, or real sleeps and timing thresholds.",
                      "Tests share mutable state or depend on running in a given order, or write into the "
                      "repository."],
          "na_if": ["No test code was added or changed."],
      },
      surfaces={
          "SP": "Tests you write must be deterministic and independent: inline inputs or files in a temporary "
                "directory, no live data files, network, clock or unseeded randomness, no sleeps, no shared state "
                "between tests.",
          "PF": "## Tests\nTests are deterministic, fast and independent: build inputs inline (or in a temporary "
                "directory), never read live data or the network, seed or fake randomness and time, no sleeps, "
                "no order dependence.",
          "SD": {"skill": "python-testing",
                 "text": "Every test you write is deterministic and independent: inline inputs or tmp_path, no "
                         "live data files, network, clock, unseeded randomness or sleeps, no shared state."},
      })
def test_tests_are_deterministic(run: Run) -> None:
    """Added or changed tests (Python, JS/TS, C) depend only on inputs they build: no live data files, network,
    clock, unseeded randomness, sleeps or shared state. Pre-check: a real sleep on an added test line fails
    (`time.sleep`, asyncio/trio/anyio sleeps, `usleep`, `nanosleep`, a `setTimeout` without fake timers); the judge
    reads the diff of the changed test files."""
    views = sources_or_na(run, "Python, JS/TS or C test file", tests=True)
    sleeps = [f"{v.path}:{c.line}" for v, c in on_added_lines(run, views, _sleeps)]
    assert not sleeps, f"added test code sleeps at {sleeps}"
    judge(test_diff=run.diff_of(v.path for v in views))


@rule("CS-105", languages=NEUTRAL, family="code_style", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype follow-existing-patterns", opportunity="a non-test source file changed",
      rubric={
          "question": "Does the code the agent added outside the tests follow the conventions of the "
                      "surrounding code (naming, typing, documentation style, error handling, data representation, "
                      "use of existing helpers)?",
          "pass_if": ["New code reads as if written by the same team: the same naming, annotation and docstring "
                      "style, the same way of representing data and reporting errors as the code around it.",
                      "Existing helpers are reused where they fit instead of being re-implemented.",
                      "Header lines such as a licence identifier are outside this rule."],
          "fail_if": ["The new code uses a visibly different style from its neighbours (e.g. no annotations "
                      "where all code is annotated, different docstring format, camelCase among snake_case).",
                      "It re-implements something an existing helper in the shown code already does.",
                      "It represents data or reports errors differently from the existing code (e.g. returns "
                      "None where siblings raise, numbers where siblings keep strings) without a reason."],
          "na_if": ["No source file outside the tests changed."],
      },
      surfaces={
          "SP": "Match the existing code: new code follows the naming, typing, docstring, "
                "error-handling and data conventions of the modules around it and reuses their helpers.",
          "PF": "## Conventions\nNew code follows the patterns already in the codebase: same naming, types, "
                "documentation style, data representation and error handling; reuse existing helpers rather than "
                "writing new ones.",
          "UI": "Please make new code look like the rest of the package - same style, and reuse the helpers we "
                "already have.",
      })
def test_follows_existing_patterns(run: Run, context: int = 10) -> None:
    """Code the run adds outside the tests (Python, JS/TS, C) follows the conventions of the code around it and
    reuses its helpers. The judge reads the diff of the changed non-test source files ({context} context lines) and
    an unchanged file of the same language from each folder that gained a source file."""
    views = sources_or_na(run, "non-test Python, JS/TS or C file", tests=False)
    judge(source_diff=run.diff_of((v.path for v in views), context=context), existing_code=siblings(run, views))
