"""Pass/fail/n-a fixtures for the professional-writing rules on the structure of deliverables (PW-010...)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, turn


def written(text: str, path: str = "memo.md", user: str = "Write the memo for the team.") -> Run:
    """A writing run that delivers `text` as the file `path`."""
    return make_run(final={path: text}, turns=[turn(user, f"Done: see {path}.", intent="generate-docs")])


def replied(text: str, user: str = "Write a short update for the team.") -> Run:
    """A writing run that delivers `text` as its final reply (no file written)."""
    return make_run(turns=[turn(user, text, intent="generate-docs")])


def nothing(user: str = "Write the memo for the team.") -> Run:
    """A run that delivers nothing: no prose file, an empty final reply."""
    return make_run(turns=[turn(user, "", intent="generate-docs")])


def _words(n: int) -> str:
    return " ".join(["budget"] * n)


# --- PW-010 / PW-011 / PW-012 ------------------------------------------------------------------------------------

TITLED = "# Quarterly review\n\n## Summary\n\nSales rose.\n\n```\n# not a heading\n```\n"
SUBTITLED = "## Quarterly review\n\nSales rose.\n"
TWO_TITLES = "# Quarterly review\n\nSales rose.\n\n# Appendix\n\nThe raw figures.\n"
LEVELS_OK = "# Plan\n\n## Scope\n\n### In scope\n\nBilling.\n\n## Risks\n\nNone.\n"
LEVEL_SKIPPED = "# Plan\n\n## Scope\n\n#### In scope\n\nBilling.\n"
SENTENCE_CASE = (
    "# Migration plan for the Berlin office\n\nThe Berlin team moves first.\n\n## Decision: Keep the vendor\n\n"
    "We stay with the current vendor.\n"
)
TITLE_CASE = "# Migration Plan for the Berlin office\n\nThe Berlin team moves first.\n"

# --- PW-013 / PW-014 / PW-015 ------------------------------------------------------------------------------------

SUMMARY_FIRST = "# Q3 review\n\n## Summary\n\nRevenue grew 4%.\n\n## Details\n\nThe EMEA region led.\n"
TLDR_REPLY = "TL;DR: the launch moves to 2024-06-03.\n\nThe vendor needs two more weeks for the audit."
SUMMARY_LATE = "# Q3 review\n\n## Background\n\nThe quarter was short.\n\n## Summary\n\nRevenue grew 4%.\n"
NO_SUMMARY = "# Q3 review\n\nRevenue grew 4%. The EMEA region led.\n"


def summary_of(words: int) -> str:
    return f"# Q3 review\n\n## Summary\n\n{_words(words)}\n\n## Details\n\n{_words(80)}\n"


OUTLINE = ("Summary", "Background", "Findings", "Recommendations")


def report(*titles: str) -> str:
    body = "".join(f"## {t}\n\nText about {t.lower()}.\n\n" for t in titles)
    return "# Vendor review\n\n" + body.replace("## Findings\n\nText about findings.\n\n",
                                               "## Findings\n\nText.\n\n### Detail\n\nMore.\n\n")


# --- PW-016 ... PW-021 -------------------------------------------------------------------------------------------

TWO_LEVELS = "# Plan\n\n- Budget\n  - Travel\n  - Hardware\n- Staffing\n"
THREE_LEVELS = "# Plan\n\n- Budget\n  - Travel\n    - Flights\n    - Hotels\n  - Hardware\n- Staffing\n"
PAIRS = "# Plan\n\n- Budget\n  - Travel\n  - Hardware\n- Staffing\n\n1. Approve\n2. Order\n"
ONE_CHILD = "# Plan\n\n- Budget\n  - Travel\n- Staffing\n"
PUNCTUATED = "- Ship the fix.\n- Tell the customers.\n\nStill open:\n\n- budget\n- staffing\n"
MIXED_PUNCTUATION = "- Ship the fix.\n- tell the customers\n"
TABLE = "| Option | Cost |\n|---|---:|\n| A | USD 10 |\n| B | USD 20 |\n"
NO_DELIMITER = "| Option | Cost |\n| A | USD 10 |\n"
UNEVEN = "| Option | Cost |\n|---|---|\n| A | USD 10 | extra |\n"


def paragraph(sentences: int) -> str:
    return " ".join(f"Point {i} matters." for i in range(sentences))


ONE_LINE_PARAGRAPHS = (
    "# Update\n\nThe migration moves billing to the new cluster over two weekends, starting with reporting.\n\n"
    "The first weekend is quiet.\nThe second one needs the on-call team.\n\n- A list item on one line.\n"
)
HARD_WRAPPED = (
    "# Update\n\nThe migration moves billing to the new cluster over two\nweekends, starting with reporting.\n"
)

# --- PW-042 ... PW-045: emails -----------------------------------------------------------------------------------

ASK_EMAIL = "Draft an email to the team about Friday's outage."
ASK_MEMO = "Write a memo to all staff about the office move."
EMAIL = (
    "Subject: Outage on 2024-05-03 is resolved\n\nHi team,\n\nThe payment outage is over. Refunds go out "
    "on 2024-05-06.\n\nBest regards,\nAnna Novak"
)
MARKDOWN_EMAIL = (
    "**Subject:** Outage resolved\n**To:** support-team\n\nGood morning Ms. Rao and team,\n\nAll clear now.\n\n"
    "Thanks,\nAnna"
)


def subject_of(words: int) -> str:
    return f"Subject: {_words(words)}\n\nHi team,\n\nAll clear.\n\nBest,\nAnna"


# --- PW-046 ... PW-048 -------------------------------------------------------------------------------------------

MEMO = (
    "# Memo\n\n**To:** All staff\n**From:** Operations\n**Date:** 2024-05-03\n**Subject:** Office move\n\n"
    "We move on 2024-06-01."
)
MEMO_NO_DATE = "To: All staff\nFrom: Operations\nSubject: Office move\n\nWe move on 2024-06-01."
ACTIONS = (
    "# Notes\n\n## Action items\n\n- @anna: send the budget by 2024-05-10\n- @ben: book the room, due 14 May 2024\n"
)
ACTION_WEEKDAY = ACTIONS.replace("due 14 May 2024", "by Friday")
ACTION_NO_OWNER = "# Notes\n\n## Action items\n\n- Anna sends the budget by 2024-05-10\n"
ASK_NOTES = "Write the release notes for 2.4.0."
RELEASE = (
    "# Release notes\n\n## 2.4.0 - 2024-05-03\n\n### Added\n\n- Export to CSV.\n\n### Fixed\n\n- Login loop on "
    "Safari.\n"
)
RELEASE_ODD_GROUP = "# Release notes\n\n## 2.4.0\n\n### Added\n\n- Export to CSV.\n\n### Improvements\n\n- Faster.\n"
RELEASE_LOOSE = "# Release notes\n\n## 2.4.0\n\n- Export to CSV.\n- Faster search.\n"


FIXTURES = {
    "PW-010": {
        "pass": [lambda: written(TITLED)],
        "fail": [lambda: written(SUBTITLED), lambda: written(TWO_TITLES)],
        "na": [nothing],
    },
    "PW-011": {
        "pass": [lambda: written(LEVELS_OK)],
        "fail": [lambda: written(LEVEL_SKIPPED)],
        "na": [lambda: written("# Plan\n\nBilling first.\n"), nothing],
    },
    "PW-012": {
        "pass": [lambda: written(SENTENCE_CASE),
                 lambda: written("# Returns\n\n## I bought it as a gift. Can I return it?\n\nYes, within 30 days.\n")],
        "fail": [lambda: written(TITLE_CASE),
                 lambda: written("# Returns\n\n## Bought as a gift. Can I Return It?\n\nYes, within 30 days.\n")],
        "na": [lambda: written("# Minutes\n\nWe met.\n"), nothing],
    },
    "PW-013": {
        "pass": [lambda: written(SUMMARY_FIRST), lambda: replied(TLDR_REPLY)],
        "fail": [lambda: written(SUMMARY_LATE), lambda: written(NO_SUMMARY)],
        "na": [nothing],
    },
    "PW-014": {
        "pass": [lambda: written(summary_of(50)), lambda: replied(f"TL;DR: {_words(50)}\n\n{_words(90)}")],
        "fail": [lambda: written(summary_of(51))],
        "na": [lambda: written(NO_SUMMARY), nothing],
    },
    "PW-015": {
        "pass": [lambda: written(report(*OUTLINE))],
        "fail": [
            lambda: written(report("Summary", "Findings", "Background", "Recommendations")),
            lambda: written(report(*OUTLINE, "Appendix")),
        ],
        "na": [nothing],
    },
    "PW-016": {
        "pass": [lambda: written(TWO_LEVELS)],
        "fail": [lambda: written(THREE_LEVELS)],
        "na": [lambda: written(NO_SUMMARY), nothing],
    },
    "PW-017": {
        "pass": [lambda: written(PAIRS)],
        "fail": [lambda: written(ONE_CHILD)],
        "na": [lambda: written(NO_SUMMARY), nothing],
    },
    "PW-018": {
        "pass": [lambda: written(PUNCTUATED)],
        "fail": [lambda: written(MIXED_PUNCTUATION)],
        "na": [lambda: written("# Plan\n\n- Only one point\n\nThe rest is prose.\n"), nothing],
    },
    "PW-019": {
        "pass": [lambda: written(TABLE)],
        "fail": [lambda: written(NO_DELIMITER), lambda: written(UNEVEN)],
        "na": [lambda: written(NO_SUMMARY), nothing],
    },
    "PW-020": {
        "pass": [lambda: written(f"# Update\n\n{paragraph(4)}\n\n{paragraph(2)}\n")],
        "fail": [lambda: written(f"# Update\n\n{paragraph(2)}\n\n{paragraph(5)}\n")],
        "na": [lambda: written("# Update\n\n- Budget\n- Staffing\n"), nothing],
    },
    "PW-021": {
        "pass": [lambda: written(ONE_LINE_PARAGRAPHS), lambda: replied(EMAIL, user=ASK_EMAIL)],
        "fail": [lambda: written(HARD_WRAPPED)],
        "na": [nothing],
    },
    "PW-042": {
        "pass": [lambda: replied(EMAIL, user=ASK_EMAIL), lambda: written(MARKDOWN_EMAIL, "email.md", ASK_EMAIL)],
        "fail": [
            lambda: replied(EMAIL.split("\n\n", 1)[1], user=ASK_EMAIL),
            lambda: replied("Hi team,\nSubject: Outage resolved\n\nAll clear.", user=ASK_EMAIL),
        ],
        "na": [lambda: replied(EMAIL, user=ASK_MEMO), lambda: nothing(ASK_EMAIL)],
    },
    "PW-043": {
        "pass": [lambda: replied(subject_of(8), user=ASK_EMAIL)],
        "fail": [lambda: replied(subject_of(9), user=ASK_EMAIL)],
        "na": [lambda: replied(EMAIL.split("\n\n", 1)[1], user=ASK_EMAIL), nothing],
    },
    "PW-044": {
        "pass": [lambda: replied(EMAIL, user=ASK_EMAIL), lambda: written(MARKDOWN_EMAIL, "email.md", ASK_EMAIL)],
        "fail": [
            lambda: replied(EMAIL.replace("Hi team,\n\n", ""), user=ASK_EMAIL),
            lambda: replied(EMAIL.replace("Hi team,", "Hi team!"), user=ASK_EMAIL),
        ],
        "na": [lambda: replied(EMAIL, user=ASK_MEMO), lambda: nothing(ASK_EMAIL)],
    },
    "PW-045": {
        "pass": [lambda: replied(EMAIL, user=ASK_EMAIL), lambda: written(MARKDOWN_EMAIL, "email.md", ASK_EMAIL)],
        "fail": [
            lambda: replied(EMAIL.replace("Best regards,\nAnna Novak", "Best regards"), user=ASK_EMAIL),
            lambda: replied(EMAIL.replace("Best regards,", "Cheers,"), user=ASK_EMAIL),
        ],
        "na": [lambda: replied(EMAIL, user=ASK_MEMO), lambda: nothing(ASK_EMAIL)],
    },
    "PW-046": {
        "pass": [lambda: written(MEMO, user=ASK_MEMO)],
        "fail": [lambda: written(MEMO_NO_DATE, user=ASK_MEMO)],
        "na": [lambda: written(MEMO, user=ASK_EMAIL), lambda: nothing(ASK_MEMO)],
    },
    "PW-047": {
        "pass": [lambda: written(ACTIONS, "notes.md")],
        "fail": [lambda: written(ACTION_WEEKDAY, "notes.md"), lambda: written(ACTION_NO_OWNER, "notes.md")],
        "na": [lambda: written(SUMMARY_FIRST, "notes.md"), nothing],
    },
    "PW-048": {
        "pass": [lambda: written(RELEASE, "RELEASE_NOTES.md", ASK_NOTES)],
        "fail": [
            lambda: written(RELEASE_ODD_GROUP, "RELEASE_NOTES.md", ASK_NOTES),
            lambda: written(RELEASE_LOOSE, "RELEASE_NOTES.md", ASK_NOTES),
        ],
        "na": [lambda: written(RELEASE, "RELEASE_NOTES.md", ASK_MEMO), lambda: nothing(ASK_NOTES)],
    },
}
