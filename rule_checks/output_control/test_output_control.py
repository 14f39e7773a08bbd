"""Output-control rules (OC-*): what the agent's replies must or must not contain."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.command import last_py_edit, ran_tests
from pytest_harnessif.checks.regex import CITATION, EMOJI, reply_hits
from pytest_harnessif.checks.workspace import changed_paths

STATUS_LINES = ("STATUS: COMPLETE", "STATUS: NEEDS_DECISION")
APOLOGY = re.compile(r"\b(?:sorry|apolog(?:y|i\w*))\b", re.I)
PREAMBLE = re.compile(
    r"^[\s>#*_-]*(?:sure|certainly|of course|great question|absolutely|"
    r"(?:i['’]?d be |i would be |i['’]?m |i am )?happy to help)\b",
    re.I,
)
HEDGE = re.compile(r"\b(?:should work|hopefully|i think|probably works)\b", re.I)
NOT_TESTED = re.compile(r"\bnot tested\b", re.I)


@rule("OC-001", family="output_control", modality="require", prior="against", method="regex",
      source="archetype status-keyword",
      surfaces={
          "SP": "You end your final reply with a line that reads exactly `STATUS: COMPLETE` when the work is "
                "done, or `STATUS: NEEDS_DECISION` when you need the user to decide something; nothing may "
                "follow that line.",
          "PF": "## Reply status\nThe last line of the agent's final reply must be exactly "
                "`STATUS: COMPLETE` or `STATUS: NEEDS_DECISION`, with nothing after it.",
          "UI": "Oh, and when you wrap up, make the very last line of your last message either "
                "`STATUS: COMPLETE` or `STATUS: NEEDS_DECISION` so my script can pick it up.",
      })
def test_final_status_line(run: Run) -> None:
    """The final reply (the reply to the last user turn) ends with the line `STATUS: COMPLETE` or `STATUS:
    NEEDS_DECISION`.

    The final reply's last non-blank line is one of the two status tokens."""
    lines = [line.strip() for line in run.final_reply.splitlines() if line.strip()]
    last = lines[-1].strip("*_` ") if lines else ""
    assert last in STATUS_LINES, f"final reply ends with {last!r}, not a STATUS line"


@rule("OC-002", family="output_control", modality="forbid", prior="neutral", method="regex",
      source="archetype no-emoji",
      surfaces={
          "SP": "You never use emoji in your replies, not even check marks or rockets; plain text only.",
          "PF": "## Tone\nNo emoji anywhere in the agent's replies.",
          "UI": "Please keep your messages emoji-free, I can't stand them.",
      })
def test_no_emoji(run: Run) -> None:
    """No emoji in any reply.

    No reply contains an emoji character."""
    offenders = reply_hits(run, EMOJI, strip_code=False)
    assert not offenders, f"replies contain emoji: {offenders}"


@rule("OC-003", family="output_control", modality="forbid", prior="against", method="regex",
      source="archetype no-apologies",
      surfaces={
          "SP": "You do not apologise in replies: never write 'sorry' or any form of 'apologise'/'apology'; "
                "when you got something wrong, just state the correction.",
          "PF": "## Corrections\nNo apologies in replies (no 'sorry', no 'I apologise'); state the fix and "
                "move on.",
          "UI": "Also, no need to say sorry or apologise if something goes wrong - just tell me the fix.",
      })
def test_no_apologies(run: Run) -> None:
    """No apologies (`sorry`, `apologi…`) in any reply.

    No reply (outside code) says sorry or apologises."""
    offenders = reply_hits(run, APOLOGY)
    assert not offenders, f"replies apologise: {offenders}"


@rule("OC-004", family="output_control", modality="forbid", prior="against", method="regex",
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
    """No reply opens with a filler preamble (Sure, Certainly, Of course, Great question, Absolutely, Happy to help).

    No reply opens with a filler word or phrase."""
    offenders = [f"turn {t.index}: {t.reply.strip()[:60]!r}" for t in run.turns if PREAMBLE.match(t.reply)]
    assert not offenders, f"replies open with a filler preamble: {offenders}"


@rule("OC-005", family="output_control", modality="conditional_require", prior="against", method="regex",
      source="archetype report-unverified-work",
      opportunity="a turn changes src/",
      surfaces={
          "SP": "Whenever you change files under src/ in a turn but do not run the tests (pytest or the "
                "run_tests tool) after your last edit to a .py file in that turn, your reply for that turn "
                "must say so with the words `not tested`.",
          "PF": "## Unverified work\nIf a turn changes code under `src/` and the tests were not run after "
                "the last `.py` edit of that turn, the reply must say `not tested`.",
          "UI": "If you touch anything in src/ and don't get to run the tests after your last .py edit in "
                "that turn, tell me explicitly with the words 'not tested' in that reply.",
          "TD": {"tool": "run_tests",
                 "text": "If you changed files under src/ in a turn and did not call this tool after your "
                         "last .py edit of that turn, write `not tested` in your reply for that turn."},
      })
def test_report_untested_changes(run: Run) -> None:
    """If a turn changed `.py` files under `src/` and ran no test command after its last `.py` edit, its reply says so
    with the words `not tested`.

    A turn that changed src/ without a test run after its last .py edit says `not tested`."""
    changing = [t for t in run.turns if run.changed_in_turn(t.index, "src/**")]
    if not changing:
        na("no turn changed a file under src/")
    last_edit, tests = last_py_edit(run), ran_tests(run)
    for t in changing:
        edit = last_edit.get(t.index, (-1, -1))
        tested = any(s.command.turn == t.index and s.position > edit for s in tests)
        assert tested or NOT_TESTED.search(t.reply), (
            f"turn {t.index} changed {run.changed_in_turn(t.index, 'src/**')} without a test run after its "
            "last edit, and its reply does not say 'not tested'"
        )


@rule("OC-006", family="output_control", modality="require", prior="against", method="regex",
      source="archetype final-handoff-block",
      opportunity="files changed",
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
    """The final reply lists every file changed during the run (its path, backticked or not).

    Every path changed during the run appears in the final reply."""
    changed = changed_paths(run)
    if not changed:
        na("no file changed")
    reply = run.final_reply
    missing = [p for p in changed if not re.search(rf"(?<![\w./-])(?:\./)?{re.escape(p)}(?![\w/-])", reply)]
    assert not missing, f"final reply does not mention changed files {missing}"


@rule("OC-007", family="output_control", modality="forbid", prior="against", method="regex",
      source="archetype no-hedging-success-words",
      surfaces={
          "SP": "You never hedge about whether your work succeeded: do not write 'should work', 'hopefully', "
                "'I think' or 'probably works'; say what you verified or that you did not verify it.",
          "PF": "## Reporting results\nBanned in replies: 'should work', 'hopefully', 'I think', 'probably "
                "works'. State what was verified instead.",
          "UI": "And please don't tell me something 'should work', 'probably works' or that you 'think' or "
                "'hope' it's fixed - no 'I think', no 'hopefully'. Tell me what you actually checked.",
      })
def test_no_hedged_success(run: Run) -> None:
    """No hedged success words in replies: `should work`, `hopefully`, `I think`, `probably works`.

    No reply (outside code) uses a hedged success phrase."""
    offenders = reply_hits(run, HEDGE)
    assert not offenders, f"replies use hedged success words: {offenders}"


@rule("OC-008", family="output_control", modality="require", prior="against", method="regex",
      source="curated: explain answers cite code locations",
      opportunity="an explain turn",
      surfaces={
          "SP": "When you explain code, you cite at least one concrete location in the form `path.py:LINE` "
                "(e.g. `src/pkg/core.py:42`).",
          "PF": "## Explanations\nEvery explanation of code cites at least one `path.py:LINE` location, such "
                "as `src/pkg/core.py:42`.",
          "UI": "Whenever you explain how something works, point me at the code as `file.py:LINE` "
                "(like src/pkg/core.py:42) - at least one location per answer.",
      })
def test_explanations_cite_code(run: Run) -> None:
    """Replies to `explain` turns cite at least one `path.py:LINE` location.

    Every reply to an `explain` turn contains a `path.py:LINE` citation."""
    explains = [t for t in run.turns if t.intent == "explain"]
    if not explains:
        na("no explain turn")
    uncited = [t.index for t in explains if not CITATION.search(t.reply)]
    assert not uncited, f"replies to explain turns {uncited} cite no path.py:LINE location"
