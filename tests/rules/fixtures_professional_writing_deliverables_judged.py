"""Pass/fail/n-a fixtures for the judge-based professional-writing rules on deliverables (PW-110...), with the
scripted judge's answers (None: the deterministic pre-check or the opportunity decides)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript

from .fixtures_professional_writing_structure import ASK_EMAIL, ASK_MEMO, nothing, replied, written

Case = tuple[Run, JudgeScript | None]


def plain(run: Run) -> Case:
    """A case the check decides without the judge."""
    return run, None


def says(run: Run, verdict: str, *seen: str) -> Case:
    """A case the scripted judge decides: `verdict`, provided it is shown every snippet of `seen`."""
    return run, JudgeScript(verdict, sees=seen)


# --- PW-110 / PW-111 ---------------------------------------------------------------------------------------------

PARALLEL = "# Offsite\n\n- Book the room\n- Send the invites\n- Order the catering\n"
MIXED = "# Offsite\n\n- Book the room\n- Catering\n- We should send the invites\n"
OUTAGE = (
    "# Outage review\n\n## Summary\n\nCheckout was down for 40 minutes on 2024-05-03; we recommend a second "
    "payment provider.\n\n## Timeline\n\nThe provider failed at 14:02 UTC and recovered 40 minutes later.\n"
)
DEFERRED = OUTAGE.replace(
    "Checkout was down for 40 minutes on 2024-05-03; we recommend a second payment provider.",
    "We recommend Option B; see the Timeline for why.",
)
ASK_FAQ = "Write an FAQ about the new refund policy."
FAQ = (
    "# Refunds FAQ\n\n## Can I get a refund after 30 days?\n\nNo: refunds close 30 days after purchase.\n\n"
    "## How long does a refund take?\n\nFive working days after we approve it.\n"
)
FAQ_PREAMBLE = FAQ.replace("No: refunds close 30 days after purchase.",
                           "Our policy was updated in 2024 after customer feedback. Refunds close after 30 days.")
FAQ_BOLD = "# Refunds FAQ\n\n**Can I get a refund after 30 days?**\n\nNo: refunds close 30 days after purchase.\n"

# --- PW-112 ... PW-114 -------------------------------------------------------------------------------------------

POINTED = "# Outage review\n\n## Checkout failed for 40 minutes\n\nText.\n\n## Refunds go out on 2024-05-06\n\nText.\n"
SLOTS = "# Outage review\n\n## Background\n\nText.\n\n## Analysis\n\nText.\n\n## Conclusion\n\nText.\n"
EMPTY_SLOTS = "# Outage review\n\n## Overview\n\nText.\n\n## Details\n\nText.\n"


def email(subject: str, body: str) -> str:
    return f"Subject: {subject}\n\nHi Sam,\n\n{body}\n\nThanks,\nAnna"


BUDGET_ASK = "Please approve the travel budget by 2024-06-07."

# --- PW-115 ... PW-120 -------------------------------------------------------------------------------------------

NUMBERED = "# Reset your password\n\n1. Open the portal.\n2. Choose Forgot password.\n3. Follow the link.\n"
BULLETED_STEPS = (
    "# Reset your password\n\n- First, open the portal.\n- Then choose Forgot password.\n- Finally, follow the link.\n"
)
NARRATED_STEPS = (
    "# Reset your password\n\nFirst, open the portal. Then choose Forgot password. Next, check your inbox. "
    "Finally, follow the link.\n"
)
RUN_TOGETHER = "# Reset your password\n\nOpen the portal, choose Forgot password, and follow the emailed link.\n"
TABLED = (
    "# Vendors\n\n| Vendor | Cost | Setup time |\n|---|---|---|\n| A | USD 10,000 | 2 weeks |\n| B | USD 12,000 | "
    "1 week |\n| C | USD 9,000 | 6 weeks |\n"
)
PROSE_COMPARISON = (
    "# Vendors\n\nVendor A costs USD 10,000 and takes two weeks to set up. Vendor B costs USD 12,000 and takes one "
    "week. Vendor C costs USD 9,000 and takes six weeks.\n"
)
FILED = "# Offsite\n\n## Timeline\n\nWe meet on 2024-06-03.\n\n## Cost\n\nThe venue costs EUR 2,000.\n"
MISFILED = "# Offsite\n\n## Timeline\n\nWe meet on 2024-06-03.\n\n## Cost\n\nThe team met twice to plan it.\n"
DECIDED = "# Vendor meeting\n\n## Decisions\n\n- We keep the current vendor until 2025-01-01.\n"
DISCUSSED = "# Vendor meeting\n\n## Decisions\n\n- Talked about the vendor.\n"
NEXT_STEPS = (
    "# Budget review\n\n## Findings\n\nTravel is over.\n\n## Next steps\n\n- Anna sends the revised budget by "
    "2024-06-07.\n"
)
VAGUE_STEPS = NEXT_STEPS.replace("Anna sends the revised budget by 2024-06-07.", "Continue monitoring.")
ENDS_ON_RISKS = "# Budget review\n\n## Next steps\n\n- Anna sends the budget by 2024-06-07.\n\n## Risks\n\nNone.\n"


FIXTURES = {
    "PW-110": {
        "pass": [lambda: says(written(PARALLEL.replace("the room", "`room-4`")), "pass", "- Book `room-4`",
                              "- Order the catering")],
        "fail": [lambda: says(written(MIXED), "fail", "- Catering")],
        "na": [lambda: plain(written("# Offsite\n\n- Book the room\n- Send the invites\n")), lambda: plain(nothing())],
    },
    "PW-111": {
        "pass": [lambda: says(written(OUTAGE), "pass", "we recommend a second payment provider", "## Timeline")],
        "fail": [lambda: says(written(DEFERRED), "fail", "We recommend Option B")],
        "na": [lambda: plain(written("# Outage review\n\nCheckout was down.\n")), lambda: plain(nothing()),
               lambda: plain(written("# Outage review\n\n## Summary\n\n## Timeline\n\nDown at 14:02.\n"))],
    },
    "PW-112": {
        "pass": [lambda: says(written(POINTED), "pass", "## Checkout failed for 40 minutes")],
        "fail": [lambda: says(written(SLOTS), "fail", "## Analysis"), lambda: plain(written(EMPTY_SLOTS))],
        "na": [lambda: plain(written("# Outage review\n\n## Checkout failed\n\nText.\n")), lambda: plain(nothing())],
    },
    "PW-113": {
        "pass": [lambda: says(replied(email("Approve the Q3 travel budget by 2024-06-07", BUDGET_ASK), ASK_EMAIL),
                              "pass", "Approve the Q3 travel budget", BUDGET_ASK)],
        "fail": [
            lambda: says(replied(email("Some thoughts on things", BUDGET_ASK), ASK_EMAIL), "fail", "Some thoughts"),
            lambda: plain(replied(email("Update", BUDGET_ASK), ASK_EMAIL)),
        ],
        "na": [
            lambda: plain(replied(f"Hi Sam,\n\n{BUDGET_ASK}\n\nThanks,\nAnna", ASK_EMAIL)),
            lambda: plain(nothing()),
        ],
    },
    "PW-114": {
        "pass": [lambda: says(replied(email("Travel budget", BUDGET_ASK), ASK_EMAIL), "pass", BUDGET_ASK)],
        "fail": [
            lambda: says(replied(email("Travel budget", "Please approve it when you can; we meet on Friday."),
                                 ASK_EMAIL), "fail", "when you can"),
            lambda: plain(replied(email("Travel budget", "Please approve the travel budget soon."), ASK_MEMO)),
        ],
        "na": [
            lambda: plain(replied(email("Travel budget", BUDGET_ASK), "Write a blog post about our travel.")),
            lambda: says(replied(email("Office closed", "The office is closed on 2024-06-07."), ASK_EMAIL), "n/a",
                         "The office is closed"),
        ],
    },
    "PW-115": {
        "pass": [lambda: says(written(NUMBERED), "pass", "1. Open the portal.")],
        "fail": [
            lambda: says(written(RUN_TOGETHER), "fail", "choose Forgot password"),
            lambda: plain(written(BULLETED_STEPS)),
            lambda: plain(written(NARRATED_STEPS)),
        ],
        "na": [lambda: plain(nothing())],
    },
    "PW-116": {
        "pass": [lambda: says(written(TABLED), "pass", "| Vendor | Cost | Setup time |")],
        "fail": [lambda: says(written(PROSE_COMPARISON), "fail", "Vendor A costs USD 10,000")],
        "na": [lambda: plain(nothing()), lambda: says(written(FILED), "n/a", "## Timeline")],
    },
    "PW-117": {
        "pass": [lambda: says(written(FILED), "pass", "## Timeline", "The venue costs EUR 2,000.")],
        "fail": [lambda: says(written(MISFILED), "fail", "The team met twice")],
        "na": [
            lambda: plain(written("# Offsite\n\n## Timeline\n\nWe meet on 2024-06-03.\n")),
            lambda: plain(nothing()),
        ],
    },
    "PW-118": {
        "pass": [lambda: says(written(DECIDED, "notes.md"), "pass", "We keep the current vendor")],
        "fail": [lambda: says(written(DISCUSSED, "notes.md"), "fail", "Talked about the vendor")],
        "na": [lambda: plain(written(FILED, "notes.md")), lambda: plain(nothing())],
    },
    "PW-119": {
        "pass": [lambda: says(written(FAQ, "faq.md", ASK_FAQ), "pass", "## Can I get a refund after 30 days?",
                              "No: refunds close")],
        "fail": [
            lambda: says(written(FAQ_PREAMBLE, "faq.md", ASK_FAQ), "fail", "Our policy was updated in 2024"),
            lambda: plain(written(FAQ_BOLD, "faq.md", ASK_FAQ)),
        ],
        "na": [lambda: plain(written(FAQ, "faq.md", ASK_MEMO)), lambda: plain(nothing(ASK_FAQ))],
    },
    "PW-120": {
        "pass": [lambda: says(written(NEXT_STEPS), "pass", "Anna sends the revised budget")],
        "fail": [
            lambda: says(written(VAGUE_STEPS), "fail", "Continue monitoring"),
            lambda: plain(written(ENDS_ON_RISKS)),
        ],
        "na": [lambda: plain(nothing())],
    },
}
