"""Output-control rules (OC-*): what the agent's replies must or must not contain."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.code import is_test_path, language
from pytest_harnessif.checks.command import edit_positions, numbered_calls, ran_a_test, ran_tests
from pytest_harnessif.checks.regex import CITATION, EMOJI, reply_hits
from pytest_harnessif.checks.workspace import changed_paths

APOLOGY = re.compile(r"\b(?:sorry|apolog(?:y|i\w*)|my bad|my mistake|oops)\b", re.I)
PREAMBLE = re.compile(
    r"^[\s>#*_-]*(?:sure|certainly|of course|great question|absolutely|"
    r"(?:i['’]?d be |i would be |i['’]?m |i am )?happy to help)\b",
    re.I,
)
HEDGE = re.compile(r"\b(?:should (?:now )?(?:work|pass|be fine)|(?:it|this|that|the bug|the issue|the fix) should "
                   r"(?:now )?be fixed|should now be fixed|hopefully|i (?:think|believe)"
                   r"|(?:probably|likely) (?:works|passes|fixed|fixes)|probably work)\b", re.I)


@rule("OC-001", family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      opportunity="a final reply",
      source="archetype status-keyword",
      surfaces={
          "SP": "You end your final reply with a line that reads exactly `{complete}` when the work is "
                "done, or `{needs_decision}` when you need the user to decide something; nothing may "
                "follow that line.",
          "PF": "## Reply status\nThe last line of the agent's final reply must be exactly "
                "`{complete}` or `{needs_decision}`, with nothing after it.",
          "UI": "Oh, and when you wrap up, make the very last line of your last message either "
                "`{complete}` or `{needs_decision}` so my script can pick it up.",
      })
def test_final_status_line(run: Run, complete: str = "STATUS: COMPLETE",
                           needs_decision: str = "STATUS: NEEDS_DECISION") -> None:
    """The final reply (the reply to the last user turn) ends with the line `{complete}` or `{needs_decision}`.

    Its last non-blank line counts, with Markdown emphasis and backticks around it ignored."""
    lines = [line.strip() for line in run.final_reply.splitlines() if line.strip()] or na("the run has no final reply")
    last = lines[-1].strip("*_` ")
    assert last in (complete, needs_decision), f"final reply ends with {last!r}, not a STATUS line"


@rule("OC-002", family="output_control", modality="forbid", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      opportunity="a reply",
      source="archetype no-emoji",
      surfaces={
          "SP": "You never use emoji in your replies, not even check marks or rockets; plain text only.",
          "PF": "## Tone\nNo emoji anywhere in the agent's replies.",
          "UI": "Please keep your messages emoji-free, I can't stand them.",
      })
def test_no_emoji(run: Run) -> None:
    """No emoji in any reply (code included)."""
    if not run.replied_turns:
        na("the run has no reply")
    offenders = reply_hits(run, EMOJI, strip_code=False)
    assert not offenders, f"replies contain emoji: {offenders}"


@rule("OC-003", family="output_control", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      opportunity="a reply",
      source="archetype no-apologies",
      surfaces={
          "SP": "You do not apologise in replies: never write 'sorry', any form of 'apologise'/'apology', 'my bad', "
                "'my mistake' or 'oops'; when you got something wrong, just state the correction.",
          "PF": "## Corrections\nNo apologies in replies (no 'sorry', no 'I apologise', no 'my bad'/'my mistake'/"
                "'oops'); state the fix and move on.",
          "UI": "Also, no need to say sorry or apologise if something goes wrong - just tell me the fix.",
      })
def test_no_apologies(run: Run) -> None:
    """No apologies (`sorry`, `apologi…`, `my bad`, `my mistake`, `oops`) in any reply outside code."""
    if not run.replied_turns:
        na("the run has no reply")
    offenders = reply_hits(run, APOLOGY)
    assert not offenders, f"replies apologise: {offenders}"


@rule("OC-004", family="output_control", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      opportunity="a reply",
      source="archetype no-preamble-postamble",
      surfaces={
          "SP": "You start every reply directly with the substance; never open with filler such as 'Sure', "
                "'Certainly', 'Of course', 'Great question', 'Absolutely' or 'Happy to help'.",
          "PF": "## Replies\nNo filler openers: a reply never begins with Sure, Certainly, Of course, Great "
                "question, Absolutely or (I'm) happy to help. Start with the answer.",
          "UI": "Small thing: skip the 'Sure!'/'Certainly!'/'Of course'/'Absolutely'/'Great question'/"
                "'Happy to help' openers and just start with the answer.",
      })
def test_no_filler_preamble(run: Run) -> None:
    """No reply opens with a filler preamble (Sure, Certainly, Of course, Great question, Absolutely, Happy to help)."""
    turns = run.replied_turns or na("the run has no reply")
    offenders = [f"turn {t.index}: {t.reply.strip()[:60]!r}" for t in turns if PREAMBLE.match(t.reply)]
    assert not offenders, f"replies open with a filler preamble: {offenders}"


@rule("OC-005", family="output_control", modality="conditional_require", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low TD:medium",
      source="archetype report-unverified-work", opportunity="a turn changes source code",
      surfaces={
          "SP": "Whenever you change source code in a turn but do not run the tests (`{task:test}` or any other "
                "test command) after your last edit to a code file in that turn, your reply for that turn must say "
                "so with the words `{phrase}`.",
          "PF": "## Unverified work\nIf a turn changes source code and the tests were not run after the last edit "
                "to a code file in that turn, the reply must say `{phrase}`.",
          "UI": "If you touch the code and don't get to run the tests after your last edit in that turn, tell me "
                "explicitly with the words '{phrase}' in that reply.",
          "TD": {"tool": "run_tests",
                 "text": "If you changed source code in a turn and did not run the tests (with this tool or "
                         "otherwise) after your last edit to a code file in that turn, write `{phrase}` in your "
                         "reply for that turn."},
      })
def test_report_untested_changes(run: Run, phrase: str = "not tested") -> None:
    """If a turn changed source code (a code file of any language, tests aside) and ran no test command (any
    runner, or a test tool) after its last edit to a code file, its reply says so with the words `{phrase}`. A run
    that ran no test (its summary counts none, pytest's `no tests ran` or exit status 5, `--collect-only`) is no
    test run."""
    changing = {t.index: code for t in run.turns
                if (code := [p for p in run.changed_in_turn(t.index) if language(p) and not is_test_path(p)])}
    changing or na("no turn changed source code")
    said = re.compile(rf"\b{re.escape(phrase)}\b", re.I)
    turn_of = {order: turn for order, turn, _ in numbered_calls(run)}
    tests = [s for s in ran_tests(run) if ran_a_test(s)]
    code_edits = edit_positions(run, keep=lambda p: language(p) is not None)
    for i, paths in changing.items():
        last = max((at for at in code_edits if turn_of.get(at[0]) == i), default=(-1, -1))
        tested = any(s.command.turn == i and s.position > last for s in tests)
        assert tested or said.search(run.turns[i].reply), (
            f"turn {i} changed {paths} without a test run after its last code edit, and its reply does not say "
            f"'{phrase}'"
        )


@rule("OC-006", family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low SD:low",
      source="archetype final-handoff-block", opportunity="files changed",
      surfaces={
          "SP": "Your final reply lists every file you created, modified or deleted during the session, "
                "each by its full path from the repository root (e.g. `src/pkg/module.py`).",
          "PF": "## Hand-off\nThe final reply names every file changed in the session (created, modified or "
                "deleted) by its full repo-relative path.",
          "UI": "When you're done, end with a list of every file you created, changed or deleted - full "
                "paths from the repo root please.",
          "SD": {"skill": "git-workflow",
                 "text": "Hand-off: the final message lists every file created, modified or deleted during "
                         "the session by its full repo-relative path."},
      })
def test_final_reply_lists_changed_files(run: Run) -> None:
    """The final reply lists every file changed during the run by its path (backticked or not)."""
    changed = changed_paths(run) or na("no file changed")
    reply = run.final_reply
    missing = [p for p in changed if not re.search(rf"(?<![\w./-])(?:\./)?{re.escape(p)}(?![\w/-])", reply)]
    assert not missing, f"final reply does not mention changed files {missing}"


@rule("OC-007", family="output_control", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:low",
      opportunity="a reply",
      source="archetype no-hedging-success-words",
      surfaces={
          "SP": "You never hedge about whether your work succeeded: do not write 'should work' (or 'should pass', "
                "'should be fine'), 'hopefully', 'I think', 'I believe' or 'probably works' (or 'likely fixed'); say "
                "what you verified or that you did not verify it.",
          "PF": "## Reporting results\nBanned in replies: 'should work', 'should pass', 'should be fine', "
                "'hopefully', 'I think', 'I believe', 'probably works', 'likely fixed'. State what was verified "
                "instead.",
          "UI": "And please don't tell me something 'should work', 'probably works' or that you 'think' or "
                "'hope' it's fixed - no 'I think', no 'hopefully'. Tell me what you actually checked.",
      })
def test_no_hedged_success(run: Run) -> None:
    """No hedged success words in replies outside code: `should work` (also `should pass`, `should be fine`, `it
    should be fixed`, `should now ...`; asking which things should be fixed is no hedge), `hopefully`, `I think`,
    `I believe`, `probably works` (also `likely fixed`, `probably passes`...)."""
    if not run.replied_turns:
        na("the run has no reply")
    offenders = reply_hits(run, HEDGE)
    assert not offenders, f"replies use hedged success words: {offenders}"


@rule("OC-008", checks="form",
      form_reason="a `path:LINE` citation is seen; whether the line cited is the code explained is for a judge",
      family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:medium",
      source="curated: explain answers cite code locations", opportunity="an explain turn",
      surfaces={
          "SP": "When you explain code, you cite at least one concrete location in the form `path:LINE` "
                "(e.g. `src/store.c:42`, `src/table.js:17`).",
          "PF": "## Explanations\nEvery explanation of code cites at least one `path:LINE` location, such "
                "as `src/store.c:42`.",
          "UI": "Whenever you explain how something works, point me at the code as `file:LINE` "
                "(like src/table.js:17) - at least one location per answer.",
      })
def test_explanations_cite_code(run: Run) -> None:
    """Replies to `explain` turns cite at least one `path:LINE` source location (`src/rotate.c:22`), a file of
    any kind."""
    explains = run.turns_with("explain") or na("no explain turn")
    uncited = [t.index for t in explains if not CITATION.search(t.reply)]
    assert not uncited, f"replies to explain turns {uncited} cite no path:LINE location"
