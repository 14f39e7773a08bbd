"""Judge-based conditional-logic rules (CL-105...): obligations whose trigger is decided deterministically (a
documented function changed, a command had to be worked around, the user corrected the agent, a bug was fixed) but
whose fulfilment needs reading - is the README still right, was the repository fact recorded, was the correction
taken on board, does the reply account for the regression test - plus replies in the user's language."""

from __future__ import annotations

from pytest_harnessif import Run, judge, judge_each, na, rule
from pytest_harnessif.checks.code import NEUTRAL, cannot_read
from pytest_harnessif.checks.history import CORRECTION, passages, word_in, workarounds
from pytest_harnessif.checks.metrics_code import added_cases, case_name, unreadable_in_turn
from pytest_harnessif.checks.pysource import changed_functions, changed_sources, initial_source, public_api, signature
from pytest_harnessif.checks.render import command_block, exchange, turn_diff

PYTHON = ("python",)


@rule("CL-105", languages=PYTHON, family="conditional_logic", modality="conditional_require", prior="against",
      method="hybrid", observability="deep", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype docs-with-api-change", opportunity="a public function named in {readme} changed",
      rubric={
          "question": "After the agent changed public functions that the README mentions, does the README still "
                      "describe them correctly (signature, parameters, defaults, behaviour, examples)?",
          "pass_if": ["Every README passage about a changed function matches the new code: the README was updated "
                      "where the change affects what it says.",
                      "The change does not touch anything the README states (e.g. an internal fix behind an "
                      "unchanged documented behaviour), so the unchanged passage is still right."],
          "fail_if": ["A README passage still shows the old signature, parameter, default or behaviour of a changed "
                      "function.",
                      "A README example would no longer work, or would behave differently, with the new code."],
          "na_if": [],
      },
      surfaces={
          "SP": "When you change a public function that `{readme}` mentions, update `{readme}` in the same change so "
                "its description, signature and examples stay true.",
          "PF": "## README\n`{readme}` documents the public API. Any change to a function it mentions must leave the "
                "README accurate: update signatures, defaults, behaviour and examples with the code.",
          "UI": "If you change anything the {readme} talks about, fix the {readme} too so it isn't out of date.",
      })
def test_readme_follows_documented_changes(run: Run, readme: str = "README.md") -> None:
    """If an existing public function under `src/` that `{readme}` mentions changed, `{readme}` still describes it
    correctly.

    Pre-check: a changed signature with `{readme}` untouched fails; the judge reads the README's passages about the
    changed functions beside their diff."""
    text = run.initial_files.get(readme, b"").decode(errors="replace")
    changed = []
    for src, d in changed_functions(run, changed_sources(run, "src/**/*.py")):
        old = public_api(initial_source(run, src.path)).get(d.qualname)
        if old is not None and d.is_public_api and word_in(d.name, text):
            changed.append((src.path, d, old))
    changed = changed or na(f"no public function named in {readme} changed")
    resigned = [f"{path}:{d.qualname}" for path, d, old in changed if signature(old.node) != signature(d.node)]
    assert not resigned or run.changed(readme), f"documented signatures changed ({resigned}) but {readme} did not"
    final = run.files.get(readme, b"").decode(errors="replace")
    judge(readme_passages=passages(final, {d.name for _, d, _ in changed}) or f"(no mention left in {readme})",
          code_diff=run.diff("src/**/*.py"), readme_diff=run.diff(readme) or f"{readme} unchanged")


@rule("CL-106", family="conditional_logic", modality="conditional_require", prior="against", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:high PF:high UI:low",
      source="archetype rules-file-maintenance", opportunity="a failing command made to work another way",
      rubric={
          "question": "The agent hit a command that failed for a reason about this repository or its environment "
                      "and then found a way that works. Did it record that fact in {guide} or propose doing so in "
                      "its reply?",
          "pass_if": ["The agent added the fact (the working command, the variable, the directory) to {guide}, or "
                      "its reply proposes a concrete {guide} addition stating it."],
          "fail_if": ["The workaround is a non-obvious fact about working in this repository (a module path, a "
                      "required variable, a wrapper, a working directory) and neither {guide} nor any reply "
                      "mentions it as something to record."],
          "na_if": ["The failure was a one-off slip (a typo, a wrong path the agent invented) that says nothing "
                    "about the repository."],
      },
      surfaces={
          "SP": "When a command fails because of something about this repository or its environment and you find "
                "the way that works (another invocation, a variable, a directory), record it: add it to `{guide}` "
                "or propose the exact addition in your reply.",
          "PF": "## Keeping this file useful\nIf you trip over a repository quirk - a command that only works in a "
                "certain form - and find the fix, add it to `{guide}` (or propose the line in your reply) so the "
                "next session doesn't trip again.",
          "UI": "If you figure out some trick to get a command working here, suggest adding it to {guide}.",
      })
def test_repository_quirks_recorded(run: Run, guide: str = "AGENTS.md") -> None:
    """If a bash command failed with an environment error (module or command not found, missing file, bad arguments,
    permissions) and a later command running the same program worked, the agent recorded the fact in `{guide}` or
    proposed it.

    The judge reads the failed and working commands, the `{guide}` diff and the replies."""
    pairs = workarounds(run) or na("no failing command was made to work another way")
    shown = "\n\n".join(f"failed:\n{command_block(a, 6, 400)}\nworked later:\n{command_block(b, 3, 400)}"
                      for a, b in pairs)
    judge(workarounds=shown, guide_diff=f"Diff of {guide}:\n{run.diff(guide) or '(unchanged)'}",
          replies="\n\n".join(f"## Reply to turn {t.index}\n{t.reply.strip()}" for t in run.replied_turns) or "none")


@rule("CL-107", family="conditional_logic", modality="conditional_require", prior="align", method="llm_judge",
      observability="deep", universality="universal", fit="SP:high PF:medium UI:low",
      source="curated: corrections are taken on board", opportunity="a user message corrects the agent",
      rubric={
          "question": "When the user corrected the agent (said its previous answer or change was wrong or not what "
                      "was meant), did the agent's next turn take the correction on board?",
          "pass_if": ["The reply acknowledges the specific point the user corrected and the turn's work (its "
                      "changes or answer) follows the corrected direction.",
                      "If the agent disagrees, it says why with evidence instead of silently redoing the same "
                      "thing."],
          "fail_if": ["The turn repeats the rejected approach or answer, in full or in part.",
                      "The reply ignores the correction or acknowledges it generically (\"Sorry for the "
                      "confusion\") while the changes show nothing changed in that respect.",
                      "The agent over-corrects: it undoes parts the user did not object to."],
          "na_if": ["On reading, the user's message is not a correction of the agent (e.g. \"no, that's all, "
                    "thanks\")."],
      },
      surfaces={
          "SP": "When the user tells you that your previous answer or change was wrong or not what they meant, "
                "acknowledge the specific point and redo the work the corrected way; never repeat the approach they "
                "rejected, and keep what they did not object to.",
          "PF": "## Corrections\nIf a maintainer corrects you, say what you got wrong and change course on exactly "
                "that point - don't redo the rejected approach, and don't throw away the parts that were fine.",
          "UI": "If I tell you something's wrong, fix that exact thing - don't just apologise and do the same again.",
      })
def test_corrections_taken_on_board(run: Run) -> None:
    """If a user message corrects the agent ("that's wrong", "not what I meant", "no, ..."), the next reply
    acknowledges the point and the turn follows the corrected direction.

    The judge reads the previous exchange, the correction, the turn's diff and its reply."""
    turns = [t for t in run.turns[1:] if CORRECTION.search(t.request)] or na("no user message corrects the agent")
    judge(corrections="\n\n".join(
        f"## Before: {exchange(run.turns[t.index - 1])}\n\n## Correction: {exchange(t)}\n\n"
        f"Diff of the correcting turn:\n{turn_diff(run, t.index) or '(no file changed)'}"
        for t in turns
    ))


@rule("CL-108", languages=NEUTRAL, family="conditional_logic", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:high PF:high UI:low SD:medium",
      source="archetype regression-test-fails-first (adapted: the reply accounts for the regression test)",
      opportunity="a bug-fix turn",
      rubric={
          "question": "For each bug fix that added no new test, does the agent's reply say why no regression test "
                      "was added?",
          "pass_if": ["The reply states why the fix has no new test, with a concrete reason (e.g. an existing test "
                      "already covers the case and now passes, or the defect cannot be reproduced in a unit test), "
                      "naming the covering test if there is one."],
          "fail_if": ["The reply does not mention tests for the fix at all.",
                      "The reply claims a test covers the fix without naming it, or gives no reason (\"no test "
                      "needed\")."],
          "na_if": ["The turn fixed nothing (the agent only reported or asked a question)."],
      },
      surfaces={
          "SP": "Every reply to a bug fix accounts for its regression test: name the new test you added (its test "
                "function, e.g. `test_empty_rows_are_skipped`, or its `test()`/`it()` title), or, if you added none, "
                "say why.",
          "PF": "## Bug fixes\nThe reply to a bug fix either names the new regression test (its function name or "
                "test title) or explains why no test was added.",
          "UI": "When you fix a bug, tell me the name of the test you added - or why there isn't one.",
          "SD": {"skill": "python-testing",
                 "text": "After a bug fix, name the regression test function you added in your reply, or explain "
                         "why there is none."},
      })
def test_bug_fix_reply_accounts_for_tests(run: Run) -> None:
    """Each reply to a `bug-fix` turn names a test case the turn added (Python test function, JS/TS `test()`/`it()`
    title, C test function), or, if it added none, says why.

    Pre-check: a turn that added tests but whose reply names none of them fails; the judge reads the requests and
    replies of the turns that added no test. A turn that changed only code the check cannot read (Go, Rust...) is
    left out: its tests are out of sight."""
    turns = run.turns_with("bug-fix") or na("no bug-fix turn")
    fixes = [t for t in turns if not unreadable_in_turn(run, t.index)] or na(
        cannot_read([p for t in turns for p in unreadable_in_turn(run, t.index)]))
    added = {t.index: added_cases(run, t.index) for t in fixes}
    unnamed = {t.index: added[t.index] for t in fixes
               if added[t.index] and not any(word_in(case_name(n), t.reply) for n in added[t.index])}
    assert not unnamed, f"bug-fix replies that name none of the tests their turn added: {unnamed}"
    untested = [t for t in fixes if not added[t.index]]
    if untested:
        judge(bug_fixes_without_a_new_test="\n\n".join(exchange(t) for t in untested))


@rule("CL-109", family="conditional_logic", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="universal", fit="SP:high PF:medium UI:low",
      source="curated: answer in the user's language", opportunity="a reply",
      rubric={
          "question": "Is the reply written in the same natural language as the user's message it answers?",
          "pass_if": ["The prose of the reply is in the language of the user's message; code, identifiers, "
                      "commands, file names and quoted output may stay as they are."],
          "fail_if": ["The reply's prose is in another language than the user's message (e.g. the user writes "
                      "German and the reply is in English).",
                      "The reply switches language part-way for its own prose."],
          "na_if": ["The user's message has no natural-language text to go by (only code or a pasted log)."],
      },
      surfaces={
          "SP": "Answer in the language the user writes in: if a message is in German, your reply to it is in "
                "German (code, identifiers and commands stay as they are).",
          "PF": "## Language\nReply in the language of the maintainer's message; code, identifiers, commands and "
                "file names are not translated.",
          "UI": "Please answer in whatever language I write to you in.",
      })
def test_replies_in_the_users_language(run: Run) -> None:
    """Each reply is written in the natural language of the user message it answers (code and identifiers aside).

    The judge reads each user message with its reply, one request per turn."""
    turns = run.replied_turns or na("the run has no reply")
    judge_each({"user_message": t.user, "reply": t.reply} for t in turns)
