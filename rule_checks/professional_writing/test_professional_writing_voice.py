"""Professional-writing rules on voice and clarity (PW-057...): how a memo, report, email or set of instructions
opens, whom it addresses and as whom it speaks, how long and how plain its sentences are, and what it commits to.
Checked deterministically on the delivered prose (the documents written, else the final reply)."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.prose import deliverables, documents
from pytest_harnessif.checks.regex import words
from pytest_harnessif.checks.tone import (
    asked_for,
    bare_pronoun_start,
    carries_line,
    date_mentions,
    described,
    first_person,
    flagged,
    given_text,
    is_passive,
    opening,
    own_text,
    phrase_pattern,
    reading_ease,
    sentences,
    third_person_directives,
    ticket_keys,
    word_family,
)

OPENERS = ("I hope", "I trust this", "I am writing", "I'm writing", "I wanted to reach out", "I am reaching out",
           "I'm reaching out", "Just checking in", "Just reaching out", "Happy Monday")
INSTRUCTIONS = ("instruction", "how-to", "guide", "step-by-step", "walkthrough", "tutorial", "procedure")
MINIMIZERS = ("simply", "just", "easy", "easily", "obviously", "of course", "straightforward", "trivial")
READER_NAMES = ("the user", "users", "the reader", "readers", "the employee", "employees", "the applicant",
                "applicants")
DISCLOSURE = "Drafted with AI assistance."
POINTERS = ("This", "That", "These", "Those")
FIRST_PERSON = ("I", "me", "my", "mine", "myself")
TRACKERS = ("OPS", "ENG", "SUP")
CUSTOMER = ("customer", "client")
RECOMMENDING = ("recommend", "advise", "we propose", "I propose", "we suggest", "I suggest")
HEDGES = ("perhaps", "maybe", "might", "possibly", "potentially", "could consider", "may want to", "it may be worth",
          "it might be worth")


@rule("PW-057", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="archetype reader-oriented-prose (adapted: no pleasantry openers)",
      opportunity="a deliverable with a body",
      surfaces={
          "SP": "Open every email, memo or reply with its point. The first sentence after the greeting never "
                "starts with a pleasantry or an announcement of writing: {openers:code-or}.",
          "PF": "## Openings\nThe first sentence of the body carries the message. It must not start with "
                "{openers:code-or}.",
          "SD": {"skill": "email-etiquette",
                 "text": "After the greeting, go straight to the point: the first sentence never starts with "
                         "{openers:code-or}."},
          "UI": "Get straight to it - don't open with 'I hope this finds you well' or anything like {openers:or}.",
      })
def test_opens_with_the_point(run: Run, openers: tuple[str, ...] = OPENERS) -> None:
    """The first sentence of each deliverable's body (after any subject line, greeting or lead-in line) does not
    start with {openers:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    firsts = {d.where: first for d in docs if (first := opening(d))} or na("no deliverable has a body paragraph")
    starts = phrase_pattern(openers)
    weak = {where: first for where, first in firsts.items() if starts.match(first)}
    assert not weak, f"the body opens with a pleasantry: {weak}"


@rule("PW-059", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="archetype reader-oriented-prose (adapted: no minimising words in instructions)",
      opportunity="a request mentioning {kinds:code-or}",
      surfaces={
          "SP": "When you write instructions, never tell the reader a step is easy: no {minimizers:code-or}. What "
                "is easy for you may not be for them.",
          "PF": "## Instructions\nHow-to guides and procedures never call a step easy or obvious: "
                "{minimizers:code-or} are not used.",
          "SD": {"skill": "technical-writing",
                 "text": "In guides and procedures, leave out minimising words ({minimizers:code-or})."},
          "UI": "Don't tell people a step is easy - no {minimizers:or}.",
      })
def test_instructions_do_not_minimise(run: Run, minimizers: tuple[str, ...] = MINIMIZERS,
                                      kinds: tuple[str, ...] = INSTRUCTIONS) -> None:
    """When the request mentions {kinds:code-or}, the delivered prose uses none of the minimising words
    {minimizers:code-or}."""
    asked_for(run, kinds) or na("no request for instructions")
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, minimizers)
    assert not found, f"instructions minimise the reader's effort: {described(found)}"


@rule("PW-060", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="curated: second person in instructions (developer and government style guides)",
      opportunity="a request mentioning {kinds:code-or}",
      surfaces={
          "SP": "Instructions you write speak to the reader as 'you' or in the imperative. Never address them in "
                "the third person ({names:code-or} followed by should / must / can / needs to).",
          "PF": "## Instructions\nWrite procedures in the second person ('you', or imperatives such as 'Open the "
                "form'). Not: {names:code-or} + should/must/can/needs to.",
          "SD": {"skill": "technical-writing",
                 "text": "Address the reader as 'you'; never '{names}' + should, must, can, may, needs to, has "
                         "to."},
          "UI": "Write the steps to me as 'you' - not 'the user should' and so on ({names}).",
      })
def test_instructions_address_the_reader(run: Run, names: tuple[str, ...] = READER_NAMES,
                                         kinds: tuple[str, ...] = INSTRUCTIONS) -> None:
    """When the request mentions {kinds:code-or}, the delivered prose addresses the reader in the second person: no
    {names:code-or} followed by should, must, can, may, needs to, has to or is required to."""
    asked_for(run, kinds) or na("no request for instructions")
    docs = deliverables(run) or na("nothing delivered")
    found = {d.where: hits for d in docs if (hits := third_person_directives(own_text(d), names))}
    assert not found, f"instructions address the reader in the third person: {described(found)}"


@rule("PW-061", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:medium",
      source="archetype disclose-ai-use", opportunity="a deliverable",
      surfaces={
          "SP": "Everything you draft for people to send or publish carries the line '{disclosure}' on a line of "
                "its own.",
          "PF": "## AI disclosure\nDocuments drafted with an AI tool say so: each one includes the line "
                "'{disclosure}' on its own line.",
          "UI": "Put '{disclosure}' on its own line in whatever you write - we disclose that.",
      })
def test_ai_assistance_disclosed(run: Run, disclosure: str = DISCLOSURE) -> None:
    """Each deliverable has a line reading '{disclosure}' (Markdown emphasis and the final period aside)."""
    docs = deliverables(run) or na("nothing delivered")
    missing = [d.where for d in docs if not carries_line(d.text, disclosure)]
    assert not missing, f"no '{disclosure}' line in: {', '.join(missing)}"


@rule("PW-062", family="professional_writing", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:medium",
      source="curated: commit to no date the request did not give (customer-support guides)",
      opportunity="a deliverable",
      surfaces={
          "SP": "Never commit to a date, weekday or turnaround (such as 'by Friday', 'March 3', 'tomorrow', "
                "'within 48 hours', 'end of the week') unless the user or the material you were given states it.",
          "PF": "## Dates and deadlines\nDrafts name only dates, weekdays and turnaround times ('by Friday', "
                "'within 48 hours', 'end of week') that the requester or the source material gave. No invented "
                "deadlines.",
          "SD": {"skill": "customer-support",
                 "text": "Promise no date, weekday or turnaround ('tomorrow', 'within 24 hours') the ticket or "
                         "the agent's notes do not give."},
          "UI": "Don't promise any dates or turnaround times I haven't given you.",
      })
def test_no_dates_beyond_the_material(run: Run) -> None:
    """The delivered prose names no calendar date, weekday or turnaround (`tomorrow`, `end of the week`,
    `within 48 hours`) that the user's messages, the initial files or what the tools returned do not state."""
    docs = deliverables(run) or na("nothing delivered")
    given = date_mentions(given_text(run))
    new = {d.where: [f"{v}" for k, v in date_mentions(own_text(d)).items() if k not in given] for d in docs}
    new = {where: found for where, found in new.items() if found}
    assert not new, f"dates or turnarounds nobody gave: {described(new)}"


@rule("PW-063", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype plain-language (adapted: 'must' for obligations)",
      opportunity="a deliverable that states an obligation",
      surfaces={
          "SP": "Write obligations with '{modal}'. Never use '{banned}' - it is legalese readers misread.",
          "PF": "## Policies\nRequirements are written with '{modal}' ('Staff {modal} submit claims within 30 "
                "days'); '{banned}' is never used.",
          "SD": {"skill": "policy-writing",
                 "text": "Express every requirement with '{modal}', never '{banned}'."},
          "UI": "Use '{modal}' for the requirements, not '{banned}'.",
      })
def test_obligations_use_must(run: Run, modal: str = "must", banned: str = "shall") -> None:
    """Obligations in the delivered prose are written with `{modal}`: `{banned}` does not appear."""
    docs = deliverables(run) or na("nothing delivered")
    duty = phrase_pattern((modal, banned))
    docs = [d for d in docs if duty.search(own_text(d))] or na("the deliverable states no obligation")
    found = flagged(docs, (banned,))
    assert not found, f"'{banned}' where '{modal}' is the house style: {described(found)}"


@rule("PW-067", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype translation-safe-prose (adapted: no bare demonstrative pronouns)",
      opportunity="a deliverable with sentences",
      surfaces={
          "SP": "Never start a sentence with a bare {pronouns:or} followed by a verb ('This means...'); name what "
                "it refers to ('This delay means...').",
          "PF": "## Clear references\nA sentence never opens with {pronouns:code-or} standing alone before a verb. "
                "Add the noun: 'This change', 'That decision'.",
          "SD": {"skill": "writing-style",
                 "text": "Follow a sentence-initial {pronouns:code-or} with the noun it points to, never directly "
                         "with a verb."},
          "UI": "Don't start sentences with a vague 'This is' / 'That means' - say what 'this' is.",
      })
def test_no_bare_pronoun_openers(run: Run, pronouns: tuple[str, ...] = POINTERS) -> None:
    """No sentence of the delivered prose starts with {pronouns:code-or} directly before a verb (`This means...`);
    the pronoun is followed by the noun it points to."""
    docs = deliverables(run) or na("nothing delivered")
    parts = [(d.where, s) for d in docs for s in sentences(d)] or na("the deliverable has no sentence")
    vague = [f"{where}: {s[:60]!r}" for where, s in parts if bare_pronoun_start(s, pronouns)]
    assert not vague, f"sentences opening with a bare pronoun: {'; '.join(vague)}"


@rule("PW-070", family="professional_writing", modality="limit_max", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:medium",
      source="archetype plain-language (adapted: sentence length cap)", opportunity="a deliverable with sentences",
      surfaces={
          "SP": "Keep every sentence you write to {limit} words or fewer; split longer ones.",
          "PF": "## Sentence length\nNo sentence longer than {limit} words, in paragraphs and list items alike.",
          "SD": {"skill": "writing-style", "text": "Split any sentence over {limit} words."},
          "UI": "Keep the sentences short please - nothing over {limit} words.",
      })
def test_sentences_stay_short(run: Run, limit: int = 30) -> None:
    """No sentence of the delivered prose (paragraphs and list items, block quotes aside) is longer than {limit}
    words."""
    docs = deliverables(run) or na("nothing delivered")
    parts = [(d.where, s) for d in docs for s in sentences(d)] or na("the deliverable has no sentence")
    long = [f"{where}: {n} words ({s[:50]!r}...)" for where, s in parts if (n := words(s)) > limit]
    assert not long, f"sentences over {limit} words: {'; '.join(long)}"


@rule("PW-071", family="professional_writing", modality="limit_min", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype plain-language (adapted: a minimum reading-ease score)",
      opportunity="a deliverable with sentences",
      surfaces={
          "SP": "Write plainly enough that each document scores at least {min_score} on the Flesch reading-ease "
                "scale: short sentences, everyday words.",
          "PF": "## Readability\nEvery document we send must reach a Flesch reading-ease score of {min_score} or "
                "more (plain English).",
          "SD": {"skill": "writing-style",
                 "text": "Check readability: the Flesch reading-ease score of each document is at least "
                         "{min_score}."},
          "UI": "It needs to read easily - a Flesch reading-ease score of at least {min_score}.",
      })
def test_reads_plainly(run: Run, min_score: int = 60) -> None:
    """Each deliverable's Flesch reading-ease score (its sentences, rounded to a whole number) is at least
    {min_score}."""
    docs = deliverables(run) or na("nothing delivered")
    scores = {d.where: round(score) for d in docs if (score := reading_ease(sentences(d))) is not None}
    scores or na("the deliverable has no sentence")
    hard = {where: score for where, score in scores.items() if score < min_score}
    assert not hard, f"reading ease below {min_score}: {hard}"


@rule("PW-072", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high SD:medium UI:low",
      source="curated: team documents speak as 'we'", opportunity="a document written to a file",
      surfaces={
          "SP": "Documents you write to files (memos, reports, proposals) speak for the team as 'we'; they never "
                "use {pronouns:code-or}.",
          "PF": "## Voice\nTeam documents are written as 'we'. First-person singular ({pronouns:code-or}) does not "
                "appear in memos, reports or proposals.",
          "SD": {"skill": "writing-style",
                 "text": "In team documents write 'we' and 'our'; never {pronouns:code-or}."},
          "UI": "Write it as the team - 'we', not {pronouns:or}.",
      })
def test_documents_speak_as_we(run: Run, pronouns: tuple[str, ...] = FIRST_PERSON) -> None:
    """Documents the run writes to files use no first-person singular ({pronouns:code-or}) in their own words."""
    docs = [d for d in documents(run) if d.text.strip()] or na("no document written to a file")
    found = {d.where: hits for d in docs if (hits := first_person(own_text(d), pronouns))}
    assert not found, f"first-person singular in a team document: {described(found)}"


@rule("PW-076", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="archetype reader-oriented-prose (adapted: no internal references for customers)",
      opportunity="a request mentioning {audience:code-or}",
      surfaces={
          "SP": "Text for a {audience:or} never quotes our internal tracker keys ({projects:code-or} followed by "
                "a dash and a number); describe the issue in words.",
          "PF": "## Customer-facing text\nInternal ticket keys of the {projects:code-or} projects never appear in "
                "anything a {audience:or} reads.",
          "SD": {"skill": "customer-support",
                 "text": "Never paste internal ticket keys ({projects:code-or}-NNN) into a reply; say what the "
                         "issue is."},
          "UI": "This goes outside the company - leave out our internal ticket keys ({projects} plus a number).",
      })
def test_customer_text_quotes_no_internal_keys(run: Run, projects: tuple[str, ...] = TRACKERS,
                                               audience: tuple[str, ...] = CUSTOMER) -> None:
    """When the request mentions {audience:code-or}, the delivered prose quotes no internal ticket key of the
    projects {projects:code-or} (the project, a dash and a number)."""
    asked_for(run, audience) or na("no customer-facing request")
    docs = deliverables(run) or na("nothing delivered")
    found = {d.where: keys for d in docs if (keys := ticket_keys(d.text, projects))}
    assert not found, f"internal ticket keys in customer-facing text: {described(found)}"


@rule("PW-079", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:medium UI:low",
      source="curated: firm recommendations (decision-memo guides)", opportunity="a sentence that recommends",
      surfaces={
          "SP": "State recommendations firmly: a sentence that uses {markers:code-or} carries no hedge "
                "({hedges:code-or}). Put any uncertainty in its own sentence.",
          "PF": "## Recommendations\nA recommendation is stated without hedging: sentences with {markers:code-or} do "
                "not contain {hedges:code-or}.",
          "SD": {"skill": "decision-memos",
                 "text": "Write the recommendation as a firm sentence ('We recommend option B.'): no "
                         "{hedges:code-or} in it."},
          "UI": "Give me a straight recommendation - no 'perhaps' or 'it may be worth' in it ({hedges}).",
      })
def test_recommendations_without_hedges(run: Run, hedges: tuple[str, ...] = HEDGES,
                                        markers: tuple[str, ...] = RECOMMENDING) -> None:
    """Sentences of the delivered prose that use {markers:code-or} (in any form: `recommendation`, `advisable`) contain
    none of the hedges {hedges:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    recommends = word_family(markers)
    parts = [(d.where, s) for d in docs for s in sentences(d) if recommends.search(s)]
    parts or na("no sentence recommends anything")
    hedge = phrase_pattern(hedges)
    weak = [f"{where}: {s[:70]!r}" for where, s in parts if hedge.search(s)]
    assert not weak, f"hedged recommendations: {'; '.join(weak)}"


@rule("PW-080", family="professional_writing", modality="prefer", prior="neutral", severity="should", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype translation-safe-prose (adapted: active voice, explicit actor)",
      opportunity="a deliverable with sentences",
      surfaces={
          "SP": "Prefer the active voice, with the actor as subject ('The team approved the budget'). At most "
                "{max_share}% of the sentences in any document may be passive.",
          "PF": "## Active voice\nName who does what. Passive sentences ('was approved', 'is handled') make up no "
                "more than {max_share}% of a document.",
          "SD": {"skill": "writing-style",
                 "text": "Rewrite passives with their actor until no more than {max_share}% of the sentences are "
                         "passive."},
          "UI": "Use active voice mostly - no more than {max_share}% passive sentences.",
      })
def test_active_voice_preferred(run: Run, max_share: int = 25) -> None:
    """Prefer the active voice: in each deliverable at most {max_share}% of the sentences are passive (a form of
    `be` or `get` before a past participle)."""
    docs = [d for d in deliverables(run) if sentences(d)] or na("no deliverable with sentences")
    shares = {d.where: round(100 * sum(map(is_passive, parts)) / len(parts)) for d in docs if (parts := sentences(d))}
    heavy = {where: f"{share}%" for where, share in shares.items() if share > max_share}
    assert not heavy, f"more than {max_share}% passive sentences: {heavy}"
