"""Pass/fail/n-a fixtures for the professional-writing word-choice rules (PW-050...), and the run builders the
other tone, voice and audience fixture modules share: a draft delivered as the final reply, or written to a file."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, turn

SOURCE = {"notes/brief.txt": "Q3 notes: 1,200 orders, 48 returns. Launch planned for 12 March.\n"}


def reply(text: str, user: str = "Please draft the update for the team.", initial: dict[str, str] | None = None,
          ) -> Run:
    """A one-turn writing run whose deliverable is the final reply `text` (no file written)."""
    return make_run(initial=initial or SOURCE, turns=[turn(user, text, intent="other")])


def wrote(text: str, user: str = "Write the memo for the team.", path: str = "memo.md",
          initial: dict[str, str] | None = None, answer: str = "The memo is in memo.md.") -> Run:
    """A one-turn writing run that writes `text` to `path` (its deliverable) and answers `answer`."""
    before = initial or SOURCE
    after = {**before, path: text}
    return make_run(initial=before, final=after, turns=[turn(user, answer, intent="other", files=after)])


def nothing(user: str = "Please draft the update for the team.") -> Run:
    """A run that delivers nothing: no prose file written, an empty final reply."""
    return reply("", user=user)


# --- PW-050 -----------------------------------------------------------------------------------


def plain_emphasis() -> Run:
    text = ("The launch slipped by two weeks because the supplier missed its delivery.\n\n"
            "> The customer wrote: it is really slow.\n\nSet `very_verbose = true` in the config.")
    return wrote(text)


def one_really() -> Run:
    return wrote("The launch slipped by two weeks. The supplier was really late with its delivery.")


# --- PW-051 -----------------------------------------------------------------------------------


def latin_spelled_out() -> Run:
    return reply("Bring two documents, for example a passport and a utility bill, that is, proof of address.")


def one_eg_without_periods() -> Run:
    return reply("Bring two documents, e.g a passport and a utility bill, and so on.")


# --- PW-052 -----------------------------------------------------------------------------------


def singular_they() -> Run:
    return wrote("Each applicant must bring their ID. The chair opens the meeting; staff hours are logged.")


def his_or_her() -> Run:
    return wrote("Each applicant must bring his or her ID. The chair opens the meeting.")


def chairman_quoted_is_fine() -> Run:
    return wrote('The bylaws still say "chairman"; we propose the word chair instead.')


# --- PW-053 -----------------------------------------------------------------------------------


def allowlist_wording() -> Run:
    return reply('Add the vendor to the allowlist. The old "whitelist" page now redirects there.')


def whitelisted() -> Run:
    return reply("The vendor is now whitelisted, so invoices flow again.")


# --- PW-054 -----------------------------------------------------------------------------------


def wheelchair_user() -> Run:
    return wrote("The new entrance is step-free, so wheelchair users can enter from the car park.")


def crazy_deadline() -> Run:
    return wrote("The entrance is step-free. The deadline for the works was crazy, but we met it.")


# --- PW-055 -----------------------------------------------------------------------------------


def literal_wording() -> Run:
    return reply("Let us agree on the scope first. The easy wins are the two invoices we can fix today.")


def circling_back() -> Run:
    return reply("Let us agree on the scope first. I will circle back on the two invoices tomorrow.")


# --- PW-056 -----------------------------------------------------------------------------------


def human_sounding() -> Run:
    return wrote("This report looks at why returns doubled in Q3. Three causes stand out.")


def delving() -> Run:
    return wrote("This report looks at why returns doubled in Q3. Delving into the data, three causes stand out.")


# --- PW-058 -----------------------------------------------------------------------------------


def ends_on_next_step() -> Run:
    return reply("Hi Ana,\n\nThe refund was issued today. You will see it on your next statement.\n\nBest,\nSam")


def hope_this_helps() -> Run:
    return reply("Hi Ana,\n\nThe refund was issued today. Hope this helps!\n\nBest,\nSam")


# --- PW-064 -----------------------------------------------------------------------------------


def positive_form() -> Run:
    return reply("Delays of this kind are common in March. The risk is small but real.")


def not_uncommon() -> Run:
    return reply("Delays of this kind are not uncommon in March. The risk is small but real.")


# --- PW-065 -----------------------------------------------------------------------------------


def strong_verbs() -> Run:
    return wrote("The board will decide on Monday. We analysed the returns and recommend option B.")


def made_a_decision() -> Run:
    return wrote("The board made a decision on Monday. We analysed the returns and recommend option B.")


# --- PW-066 -----------------------------------------------------------------------------------


def short_forms() -> Run:
    return reply("To cut costs, we will stop the trial before May because usage is low.")


def in_order_to() -> Run:
    return reply("In order to cut costs, we will stop the trial before May because usage is low.")


# --- PW-068 -----------------------------------------------------------------------------------


def named_source() -> Run:
    return wrote("The 2024 staff survey found that 62% of staff want a four-day week.")


def studies_show() -> Run:
    return wrote("Studies show that most staff want a four-day week.")


# --- PW-069 -----------------------------------------------------------------------------------


def exact_amounts() -> Run:
    return reply("We received 48 returns in Q3, about 4% of 1,200 orders.")


def a_number_of() -> Run:
    return reply("We received a number of returns in Q3, about 4% of 1,200 orders.")


# --- PW-073 -----------------------------------------------------------------------------------


def professional() -> Run:
    return reply("Dear Ms Okafor,\n\nThe contract is signed. We will start on 12 March.\n\nKind regards,\nSam")


def btw() -> Run:
    return reply("Dear Ms Okafor,\n\nThe contract is signed. Btw, we will start on 12 March.\n\nKind regards,\nSam")


# --- PW-074 -----------------------------------------------------------------------------------


def courteous_follow_up() -> Run:
    return reply("Hi Raj,\n\nThe form needs your signature on page 2 before Friday. Thank you.")


def per_my_last_email() -> Run:
    return reply("Hi Raj,\n\nPer my last email, the form needs your signature on page 2 before Friday.")


# --- PW-075 -----------------------------------------------------------------------------------


def said_only() -> Run:
    return wrote("Maria said the budget is fixed. Tom asked whether the launch can move.", user="Write the minutes.")


def admitted() -> Run:
    return wrote("Maria said the budget is fixed. Tom admitted the launch can move.", user="Write the minutes.")


def claims_in_the_present() -> Run:
    return wrote("The reviewer says the sample is small. The author claims the effect holds.",
                 user="Write the summary.")


def expense_claims_are_no_speech() -> Run:
    return wrote("Ines said the policy holds. The sales team claimed EUR 48 for taxis; two expense claims are open.",
                 user="Write the summary.")


def reports_no_one() -> Run:
    return wrote("The budget is fixed. The launch can move by a week.", user="Write the minutes.")


# --- PW-077 -----------------------------------------------------------------------------------


def expected_outcome() -> Run:
    return wrote("We expect the new process to cut handling time by about a third, if volumes stay flat.")


def guaranteed() -> Run:
    return wrote("The new process is guaranteed to cut handling time by about a third.")


# --- PW-078 -----------------------------------------------------------------------------------

CUSTOMER_ASK = "Draft a reply to the customer who was charged twice."


def specific_apology() -> Run:
    return reply("Hi Lee,\n\nI am sorry we charged you twice for March. The second charge is refunded.",
                 user=CUSTOMER_ASK)


def any_inconvenience() -> Run:
    return reply("Hi Lee,\n\nWe apologize for any inconvenience. The second March charge is refunded.",
                 user=CUSTOMER_ASK)


def no_apology() -> Run:
    return reply("Hi Lee,\n\nThe second March charge is refunded and will show within a week.", user=CUSTOMER_ASK)


FIXTURES = {
    "PW-050": {"pass": [plain_emphasis], "fail": [one_really], "na": [nothing]},
    "PW-051": {"pass": [latin_spelled_out], "fail": [one_eg_without_periods], "na": [nothing]},
    "PW-052": {"pass": [singular_they, chairman_quoted_is_fine], "fail": [his_or_her], "na": [nothing]},
    "PW-053": {"pass": [allowlist_wording], "fail": [whitelisted], "na": [nothing]},
    "PW-054": {"pass": [wheelchair_user], "fail": [crazy_deadline], "na": [nothing]},
    "PW-055": {"pass": [literal_wording], "fail": [circling_back], "na": [nothing]},
    "PW-056": {"pass": [human_sounding], "fail": [delving], "na": [nothing]},
    "PW-058": {"pass": [ends_on_next_step], "fail": [hope_this_helps], "na": [nothing]},
    "PW-064": {"pass": [positive_form], "fail": [not_uncommon], "na": [nothing]},
    "PW-065": {"pass": [strong_verbs], "fail": [made_a_decision], "na": [nothing]},
    "PW-066": {"pass": [short_forms], "fail": [in_order_to], "na": [nothing]},
    "PW-068": {"pass": [named_source], "fail": [studies_show], "na": [nothing]},
    "PW-069": {"pass": [exact_amounts], "fail": [a_number_of], "na": [nothing]},
    "PW-073": {"pass": [professional], "fail": [btw], "na": [nothing]},
    "PW-074": {"pass": [courteous_follow_up], "fail": [per_my_last_email], "na": [nothing]},
    "PW-075": {"pass": [said_only, expense_claims_are_no_speech], "fail": [admitted, claims_in_the_present],
               "na": [reports_no_one, nothing]},
    "PW-077": {"pass": [expected_outcome], "fail": [guaranteed], "na": [nothing]},
    "PW-078": {"pass": [specific_apology], "fail": [any_inconvenience], "na": [no_apology, nothing]},
}
