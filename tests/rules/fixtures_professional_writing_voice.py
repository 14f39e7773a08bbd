"""Pass/fail/n-a fixtures for the professional-writing voice and clarity rules (PW-057...)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, tool, turn

from .fixtures_professional_writing_word_choice import SOURCE, nothing, reply, wrote

# --- PW-057 -----------------------------------------------------------------------------------

DELAY = "The launch moves to 19 March because the supplier is late."


def opens_with_the_news() -> Run:
    return reply(f"Subject: Launch date\n\nHi Ana,\n\nHere is the draft:\n\n{DELAY} Nothing else changes.")


def greets_then_hopes() -> Run:
    return reply(f"Subject: Launch date\n\nHi Ana, I hope you had a good weekend. {DELAY}")


def hope_this_finds_you_well() -> Run:
    return reply(f"Hi Ana,\n\nI hope this email finds you well.\n\n{DELAY}")


def only_a_list() -> Run:
    return reply("- launch: 19 March\n- supplier: late")


# --- PW-059 / PW-060 --------------------------------------------------------------------------

STEPS_ASK = "Write step-by-step instructions for resetting a password on the staff portal."
STEPS = ("1. Open the staff portal and select Forgot password.\n2. Enter the code we email you.\n"
         "3. Choose a new password.")


def plain_steps() -> Run:
    return reply(STEPS, user=STEPS_ASK)


def simply_select() -> Run:
    return reply(STEPS.replace("Open the", "Simply open the"), user=STEPS_ASK)


def simply_in_a_memo() -> Run:
    return reply("Simply put, the portal moves to a new server on Monday.", user="Write a short memo for the team.")


def third_person_steps() -> Run:
    return reply(STEPS.replace("Open the", "The user should open the"), user=STEPS_ASK)


def third_person_in_a_memo() -> Run:
    return reply("The user should expect a short outage on Monday.", user="Write a short memo for the team.")


def second_person_steps() -> Run:
    return reply("You can reset your password yourself.\n\n" + STEPS, user=STEPS_ASK)


# --- PW-061 -----------------------------------------------------------------------------------

MEMO = "# Returns\n\nReturns doubled in Q3 because the new courier damaged parcels.\n"


def disclosed() -> Run:
    return wrote(MEMO + "\n*Drafted with AI assistance*\n")


def disclosed_differently() -> Run:
    return wrote(MEMO + "\n*Drafted with AI help.*\n")


# --- PW-062 -----------------------------------------------------------------------------------

SHIP_ASK = "Tell the customer the fix ships on Friday; the launch date is in the notes."


def dates_from_the_material() -> Run:
    return reply("Hi Lee,\n\nThe fix ships on Friday, and the new version launches on March 12th.", user=SHIP_ASK)


def date_from_a_read_tool() -> Run:
    ticket = tool("read_ticket", output="Ticket 88: refund approved, paid within 5 business days.", id="88")
    text = "Hi Lee,\n\nThe fix ships on Friday. Your refund is paid within 5 business days."
    return make_run(initial=SOURCE, turns=[turn(SHIP_ASK, text, ticket, intent="other")])


def invents_a_turnaround() -> Run:
    return reply("Hi Lee,\n\nThe fix ships on Friday. Your refund will arrive within 48 hours.", user=SHIP_ASK)


# --- PW-063 -----------------------------------------------------------------------------------

POLICY_ASK = "Write the expenses policy."


def must_only() -> Run:
    return wrote("# Expenses\n\nStaff must submit claims within 30 days. Managers must approve them.", user=POLICY_ASK)


def one_shall() -> Run:
    return wrote("# Expenses\n\nStaff must submit claims within 30 days. Managers shall approve them.", user=POLICY_ASK)


def no_obligation() -> Run:
    return wrote("# Expenses\n\nThe finance office is open from 9 to 5.", user=POLICY_ASK)


# --- PW-067 -----------------------------------------------------------------------------------


def named_reference() -> Run:
    return reply("The supplier is two weeks late. This delay means the launch moves to 19 March.")


def bare_this() -> Run:
    return reply("The supplier is two weeks late. This means the launch moves to 19 March.")


def heading_only() -> Run:
    return wrote("# Launch plan\n")


# --- PW-070 -----------------------------------------------------------------------------------


def _sentence(n: int) -> str:
    """A sentence of exactly `n` words."""
    return " ".join(["The"] + ["team"] * (n - 1)) + "."


def longest_sentence_at_the_limit() -> Run:
    return wrote(f"Short opener here. {_sentence(30)}\n\n- {_sentence(12)}")


def list_item_one_word_over() -> Run:
    return wrote(f"Short opener here. {_sentence(12)}\n\n- {_sentence(31)}")


# --- PW-071 -----------------------------------------------------------------------------------

RETURNS = ("The revised returns procedure starts on Monday. Customers will print a label at home and deliver the "
           "parcel to any {where}. Our operations team will examine each parcel within two days and issue the "
           "{which} refund.")


def reading_ease_60() -> Run:
    return wrote(RETURNS.format(where="local post office", which="full"))


def reading_ease_59() -> Run:
    return wrote(RETURNS.format(where="post office", which="complete"))


# --- PW-072 -----------------------------------------------------------------------------------


def speaks_as_we() -> Run:
    return wrote('We recommend the new courier. As one driver put it, "I would switch tomorrow."')


def one_my() -> Run:
    return wrote("We recommend the new courier. In my view it is the safer choice.")


def first_person_in_the_reply_only() -> Run:
    return reply("I recommend the new courier.")


# --- PW-076 -----------------------------------------------------------------------------------

BILLING_ASK = "Draft a reply to the customer about the double charge (see OPS-1432)."


def no_ticket_key() -> Run:
    return reply("Hi Lee,\n\nWe found the error that charged you twice and refunded the second charge.",
                 user=BILLING_ASK)


def quotes_the_key() -> Run:
    return reply("Hi Lee,\n\nWe fixed the error that charged you twice (OPS-1432) and refunded the second charge.",
                 user=BILLING_ASK)


def internal_note_with_key() -> Run:
    return reply("OPS-1432 is fixed; the refund went out today.", user="Write the internal status note.")


# --- PW-079 -----------------------------------------------------------------------------------


def firm_recommendation() -> Run:
    return wrote("We recommend option B because it halves returns. Costs might rise slightly in May.")


def hedged_recommendation() -> Run:
    return wrote("We recommend option B, although option A might also work.")


def recommends_nothing() -> Run:
    return wrote("Option B halves returns. Costs might rise slightly in May.")


# --- PW-080 -----------------------------------------------------------------------------------


def one_passive_in_four() -> Run:
    return wrote("The team reviewed the budget. The board approved it. Costs were cut by a tenth. We start in May.")


def one_passive_in_three() -> Run:
    return wrote("The team reviewed the budget. Costs were cut by a tenth. We start in May.")


FIXTURES = {
    "PW-057": {"pass": [opens_with_the_news], "fail": [greets_then_hopes, hope_this_finds_you_well],
               "na": [only_a_list, nothing]},
    "PW-059": {"pass": [plain_steps], "fail": [simply_select], "na": [simply_in_a_memo, lambda: nothing(STEPS_ASK)]},
    "PW-060": {"pass": [plain_steps, second_person_steps], "fail": [third_person_steps],
               "na": [third_person_in_a_memo, lambda: nothing(STEPS_ASK)]},
    "PW-061": {"pass": [disclosed], "fail": [disclosed_differently], "na": [nothing]},
    "PW-062": {"pass": [dates_from_the_material, date_from_a_read_tool], "fail": [invents_a_turnaround],
               "na": [nothing]},
    "PW-063": {"pass": [must_only], "fail": [one_shall], "na": [no_obligation, nothing]},
    "PW-067": {"pass": [named_reference], "fail": [bare_this], "na": [heading_only, nothing]},
    "PW-070": {"pass": [longest_sentence_at_the_limit], "fail": [list_item_one_word_over], "na": [nothing]},
    "PW-071": {"pass": [reading_ease_60], "fail": [reading_ease_59], "na": [heading_only, nothing]},
    "PW-072": {"pass": [speaks_as_we], "fail": [one_my], "na": [first_person_in_the_reply_only]},
    "PW-076": {"pass": [no_ticket_key], "fail": [quotes_the_key], "na": [internal_note_with_key]},
    "PW-079": {"pass": [firm_recommendation], "fail": [hedged_recommendation], "na": [recommends_nothing, nothing]},
    "PW-080": {"pass": [one_passive_in_four], "fail": [one_passive_in_three], "na": [nothing]},
}
