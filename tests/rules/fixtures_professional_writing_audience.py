"""Pass/fail/n-a fixtures for the judge-based professional-writing audience and tone rules (PW-130...), with the
scripted judge's answers (None: the deterministic pre-check decides)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript

from .fixtures_professional_writing_word_choice import nothing, reply, wrote

Case = tuple[Run, JudgeScript | None]


def _judged(run: Run, says: str, *sees: str) -> Case:
    return run, JudgeScript(says, sees=sees)


def _decided(run: Run) -> Case:
    return run, None


# --- PW-130 -----------------------------------------------------------------------------------

POINT_FIRST = "We should renew the courier contract: it cut damaged parcels by half.\n\nBackground: ..."
POINT_LAST = "In 2021 we signed with two couriers. Since then volumes grew.\n\nWe should renew the contract."


def point_first() -> Case:
    return _judged(wrote(POINT_FIRST), "pass", "### memo.md", "We should renew the courier contract")


def point_buried() -> Case:
    return _judged(wrote(POINT_LAST), "fail", "### memo.md", "In 2021 we signed")


# --- PW-131 -----------------------------------------------------------------------------------

FOCUSED = "Returns doubled in Q3. Most came from one courier.\n\nThe budget is unchanged."
MIXED = "Returns doubled in Q3. The budget is unchanged, and Priya joins the team in May."


def one_idea_each() -> Case:
    return _judged(wrote(FOCUSED), "pass", "[memo.md] Returns doubled in Q3. Most came from one courier.")


def mixed_paragraph() -> Case:
    return _judged(wrote(MIXED), "fail", "Priya joins the team")


def single_sentence_paragraphs() -> Case:
    return _decided(wrote("Returns doubled in Q3.\n\nThe budget is unchanged."))


# --- PW-132 -----------------------------------------------------------------------------------

ADVICE_ASK = "Should we renew the courier contract or switch? I need your recommendation."


def recommends_with_reason() -> Case:
    text = "We recommend renewing: the courier halved damaged parcels and costs 5% less than the alternative."
    return _judged(reply(text, user=ADVICE_ASK), "pass", ADVICE_ASK, "halved damaged parcels")


def recommends_without_reason() -> Case:
    return _judged(reply("We recommend renewing the contract.", user=ADVICE_ASK), "fail", "We recommend renewing")


def lists_options_only() -> Case:
    return _decided(reply("Renewing costs 5% less. Switching gives us next-day delivery.", user=ADVICE_ASK))


def no_advice_asked() -> Case:
    return _decided(reply("We recommend renewing the contract.", user="Summarise the courier contract."))


# --- PW-133 -----------------------------------------------------------------------------------


def figure_with_baseline() -> Case:
    return _judged(reply("Returns fell to 48 in Q3, down from 96 in Q2."), "pass", "down from 96")


def figure_alone() -> Case:
    return _judged(reply("Returns were 48 in Q3."), "fail", "Returns were 48 in Q3.")


def no_figure() -> Case:
    return _decided(reply("Returns fell sharply after the courier change."))


def counts_quoted_on_request() -> Case:
    ask = "How many orders and returns did we have in Q3?"
    return _judged(reply("1,200 orders and 48 returns.", user=ask), "na", ask, "1,200 orders and 48 returns.")


# --- PW-134 -----------------------------------------------------------------------------------


def one_term() -> Case:
    return _judged(wrote("Customers can return parcels. Each customer gets a label."), "pass", "Each customer")


def synonyms_mixed() -> Case:
    return _judged(wrote("Customers can return parcels. Each client gets a label."), "fail", "Each client")


# --- PW-135 -----------------------------------------------------------------------------------


def direct_request() -> Case:
    return _judged(reply("Hi Raj,\n\nPlease send the signed form by Friday."), "pass", "Please send the signed form")


def softened_by_a_listed_phrase() -> Case:
    return _decided(reply("Hi Raj,\n\nIf you get a chance, could you send the signed form?"))


def hinted_request() -> Case:
    text = "Hi Raj,\n\nIt would be great if someone could maybe look at the form at some point."
    return _judged(reply(text), "fail", "maybe look at the form")


def asks_nothing() -> Case:
    return _judged(reply("Hi Raj,\n\nThe form arrived; thank you."), "n/a", "The form arrived")


# --- PW-136 -----------------------------------------------------------------------------------

INCIDENT_ASK = "Write the postmortem for Tuesday's checkout outage."


def systems_not_people() -> Case:
    text = "A config change disabled the cache; the deploy pipeline had no check for it. We add that check."
    return _judged(reply(text, user=INCIDENT_ASK), "pass", "the deploy pipeline had no check")


def human_error() -> Case:
    return _decided(reply("The outage was caused by human error during the deploy.", user=INCIDENT_ASK))


def names_a_culprit() -> Case:
    return _judged(reply("Dave pushed the wrong config to production.", user=INCIDENT_ASK), "fail", "Dave pushed")


def not_an_incident() -> Case:
    return _decided(reply("The outage was caused by human error.", user="Write the weekly team update."))


# --- PW-137 -----------------------------------------------------------------------------------

COMPLAINT = "Draft a reply to this customer: 'You charged me twice for March and nobody answers my emails.'"


def acknowledges_first() -> Case:
    text = "Hi Lee,\n\nYou were charged twice for March and waited a week for an answer. We refunded the second charge."
    return _judged(reply(text, user=COMPLAINT), "pass", COMPLAINT, "charged twice for March and waited")


def jumps_to_policy() -> Case:
    text = "Hi Lee,\n\nRefunds are processed within 10 business days under our billing policy."
    return _judged(reply(text, user=COMPLAINT), "fail", COMPLAINT, "under our billing policy")


def internal_request() -> Case:
    return _decided(reply("Refunds take 10 days.", user="Summarise the refund policy for the team."))


# --- PW-138 -----------------------------------------------------------------------------------

BOARD_ASK = "Explain the checkout outage to the board in half a page."


def plain_for_the_board() -> Case:
    text = "Checkout was down for two hours on Tuesday; about 300 orders were delayed, none lost."
    return _judged(reply(text, user=BOARD_ASK), "pass", BOARD_ASK, "none lost")


def jargon_for_the_board() -> Case:
    text = "The Redis TTL misconfiguration caused a cache stampede on the checkout service."
    return _judged(reply(text, user=BOARD_ASK), "fail", "cache stampede")


def code_for_the_board() -> Case:
    return _decided(reply("Checkout failed because `CACHE_TTL` was set to 0.", user=BOARD_ASK))


def engineers_audience() -> Case:
    return _decided(reply("Checkout failed because `CACHE_TTL` was set to 0.", user="Write the note for engineers."))


# --- PW-139 -----------------------------------------------------------------------------------

CASUAL_ASK = "Write a casual, friendly note inviting the team to Friday's lunch."


def casual_as_asked() -> Case:
    return _judged(reply("Hey all! Lunch is on us this Friday at 12:30 - come hungry.", user=CASUAL_ASK), "pass",
                   CASUAL_ASK, "come hungry")


def stiff_instead() -> Case:
    text = "Dear colleagues,\n\nYou are cordially invited to attend a luncheon on Friday at 12:30."
    return _judged(reply(text, user=CASUAL_ASK), "fail", CASUAL_ASK, "cordially invited")


def no_tone_asked() -> Case:
    return _decided(reply("Lunch is on Friday at 12:30.", user="Write a note inviting the team to lunch."))


def names_that_start_like_tone() -> Case:
    return _decided(reply("Lunch is on Friday at 12:30.", user="Email Tony tonight about Friday's lunch."))


# --- PW-140 -----------------------------------------------------------------------------------

MINUTES_ASK = "Turn the transcript in notes/brief.txt into meeting notes."


def outcomes() -> Case:
    text = "Decisions: renew the courier contract.\nActions: Maria sends the renewal by 12 March."
    return _judged(wrote(text, user=MINUTES_ASK), "pass", MINUTES_ASK, "Decisions: renew")


def play_by_play() -> Case:
    text = "Maria opened the meeting. Then Tom talked about couriers. Maria replied that costs matter."
    return _judged(wrote(text, user=MINUTES_ASK), "fail", "Then Tom talked")


def not_minutes() -> Case:
    return _decided(wrote("Maria opened the meeting.", user="Write a short memo about the courier."))


# --- PW-141 -----------------------------------------------------------------------------------


def figures_quoted_from_the_notes() -> Case:
    return _decided(reply("Q3 had 48 returns out of 1,200 orders."))


def figure_derived_from_the_notes() -> Case:
    return _judged(reply("Q3 had a 4% return rate (48 of 1,200 orders)."), "pass", "4%", "1,200 orders, 48 returns")


def figure_invented() -> Case:
    return _judged(reply("Returns cost us 15,000 euros in Q3."), "fail", "15,000", "1,200 orders, 48 returns")


def percentage_invented() -> Case:
    return _judged(reply("48% of Q3 orders came back."), "fail", "48%", "1,200 orders, 48 returns")


def figures_in_words_found_in_the_notes() -> Case:
    return _decided(reply("Q3 had forty-eight returns out of 1,200 orders."))


def figure_in_words_invented() -> Case:
    return _judged(reply("Returns cost us fifteen thousand euros in Q3."), "fail", "fifteen thousand",
                   "1,200 orders, 48 returns")


def no_figures_given() -> Case:
    return _decided(reply("Returns rose in Q3."))


# --- PW-142 -----------------------------------------------------------------------------------

ANNOUNCE_ASK = "Announce to all staff that the office moves to Hall Street."


def full_announcement() -> Case:
    text = "The office moves to Hall Street on 12 March to double our space. Nothing changes for you until then."
    return _judged(wrote(text, user=ANNOUNCE_ASK), "pass", ANNOUNCE_ASK, "to double our space")


def no_reason_given() -> Case:
    return _judged(wrote("The office moves to Hall Street on 12 March.", user=ANNOUNCE_ASK), "fail", "Hall Street on")


def no_announcement() -> Case:
    return _decided(wrote("The office is on King Street.", user="Describe our office for the handbook."))


# --- PW-143 -----------------------------------------------------------------------------------


def statements_only() -> Case:
    return _decided(wrote("Returns doubled in Q3. The new courier caused most of them."))


def genuine_question() -> Case:
    return _judged(reply("Hi Raj,\n\nCould you confirm the venue by Friday?"), "pass",
                   "[final reply] Could you confirm the venue by Friday?")


def stock_rhetorical() -> Case:
    return _decided(wrote("Returns doubled in Q3. Why does this matter? Each return costs 12 euros."))


def teaser_heading() -> Case:
    return _judged(wrote("# Why did returns double?\n\nThe new courier damaged more parcels."), "fail",
                   "heading: Why did returns double?")


def teaser_question() -> Case:
    return _judged(wrote("What if we could halve returns? We can, by switching couriers."), "fail",
                   "What if we could halve returns?")


# --- PW-144 -----------------------------------------------------------------------------------


def refusal_with_alternative() -> Case:
    text = "Hi Lee,\n\nWe cannot refund the ticket, but instead we can move you to the 14:00 train at no cost."
    return _judged(reply(text), "pass", "move you to the 14:00 train")


def bare_refusal() -> Case:
    return _decided(reply("Hi Lee,\n\nWe cannot refund the ticket."))


def empty_alternative() -> Case:
    text = "Hi Lee,\n\nWe cannot refund the ticket. You can read our policy online."
    return _judged(reply(text), "fail", "read our policy online")


def no_refusal() -> Case:
    return _decided(reply("Hi Lee,\n\nYour ticket is refunded."))


# --- PW-145 -----------------------------------------------------------------------------------


def plain_bad_news() -> Case:
    return _judged(wrote("Prices rise by 8% on 1 May because our supplier costs rose."), "pass", "Prices rise by 8%")


def listed_euphemism() -> Case:
    return _decided(wrote("A price adjustment takes effect on 1 May."))


def vague_bad_news() -> Case:
    return _judged(wrote("We are realigning our pricing structure from 1 May."), "fail", "realigning our pricing")


def good_news_only() -> Case:
    return _judged(wrote("Prices stay the same this year."), "n/a", "Prices stay the same")


# --- PW-146 -----------------------------------------------------------------------------------

OPTIONS_ASK = "Lay out our options for the courier contract."


def options_with_trade_offs() -> Case:
    text = "- Renew: 5% cheaper, but no next-day delivery.\n- Switch: next-day delivery, but 10% dearer."
    return _judged(reply(text, user=OPTIONS_ASK), "pass", OPTIONS_ASK, "but 10% dearer")


def upsides_only() -> Case:
    text = "- Renew: 5% cheaper.\n- Switch: next-day delivery."
    return _judged(reply(text, user=OPTIONS_ASK), "fail", "- Switch: next-day delivery.")


def no_options_asked() -> Case:
    return _decided(reply("Renew: 5% cheaper.", user="Summarise the courier contract."))


# --- PW-147 -----------------------------------------------------------------------------------

FEEDBACK_ASK = "Draft my feedback for Sam's performance review."


def behaviour_and_effect() -> Case:
    text = "In the March launch, Sam wrote the runbook a week early, so support answered 90% of tickets same day."
    return _judged(wrote(text, user=FEEDBACK_ASK), "pass", FEEDBACK_ASK, "wrote the runbook a week early")


def labels_the_person() -> Case:
    return _decided(wrote("Sam is disorganised and misses deadlines.", user=FEEDBACK_ASK))


def vague_praise() -> Case:
    return _judged(wrote("Sam did a good job this year.", user=FEEDBACK_ASK), "fail", "did a good job")


def no_feedback_asked() -> Case:
    return _decided(wrote("Sam is disorganised.", user="Write the team update."))


FIXTURES = {
    "PW-130": {"pass": [point_first], "fail": [point_buried], "na": [lambda: _decided(nothing())]},
    "PW-131": {"pass": [one_idea_each], "fail": [mixed_paragraph], "na": [single_sentence_paragraphs]},
    "PW-132": {"pass": [recommends_with_reason], "fail": [lists_options_only, recommends_without_reason],
               "na": [no_advice_asked]},
    "PW-133": {"pass": [figure_with_baseline], "fail": [figure_alone], "na": [no_figure, counts_quoted_on_request]},
    "PW-134": {"pass": [one_term], "fail": [synonyms_mixed], "na": [lambda: _decided(nothing())]},
    "PW-135": {"pass": [direct_request], "fail": [softened_by_a_listed_phrase, hinted_request],
               "na": [asks_nothing, lambda: _decided(nothing())]},
    "PW-136": {"pass": [systems_not_people], "fail": [human_error, names_a_culprit], "na": [not_an_incident]},
    "PW-137": {"pass": [acknowledges_first], "fail": [jumps_to_policy], "na": [internal_request]},
    "PW-138": {"pass": [plain_for_the_board], "fail": [code_for_the_board, jargon_for_the_board],
               "na": [engineers_audience]},
    "PW-139": {"pass": [casual_as_asked], "fail": [stiff_instead], "na": [no_tone_asked, names_that_start_like_tone]},
    "PW-140": {"pass": [outcomes], "fail": [play_by_play], "na": [not_minutes]},
    "PW-141": {"pass": [figures_quoted_from_the_notes, figure_derived_from_the_notes,
                        figures_in_words_found_in_the_notes],
               "fail": [figure_invented, percentage_invented, figure_in_words_invented], "na": [no_figures_given]},
    "PW-142": {"pass": [full_announcement], "fail": [no_reason_given], "na": [no_announcement]},
    "PW-143": {"pass": [statements_only, genuine_question], "fail": [stock_rhetorical, teaser_question, teaser_heading],
               "na": [lambda: _decided(nothing())]},
    "PW-144": {"pass": [refusal_with_alternative], "fail": [bare_refusal, empty_alternative], "na": [no_refusal]},
    "PW-145": {"pass": [plain_bad_news], "fail": [listed_euphemism, vague_bad_news],
               "na": [good_news_only, lambda: _decided(nothing())]},
    "PW-146": {"pass": [options_with_trade_offs], "fail": [upsides_only], "na": [no_options_asked]},
    "PW-147": {"pass": [behaviour_and_effect], "fail": [labels_the_person, vague_praise], "na": [no_feedback_asked]},
}
