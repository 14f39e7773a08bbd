"""Professional-writing rules on word choice (PW-050...): the words and stock phrases a memo, report, email or
customer reply avoids in the writer's own voice. Each is checked on the delivered prose (the documents written,
else the final reply) with code, block quotes and quoted speech left out."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.prose import deliverables
from pytest_harnessif.checks.tone import described, flagged, own_text, phrase_hits, phrase_pattern

FILLERS = ("very", "really", "basically", "actually", "literally", "extremely", "totally", "truly")
LATIN = ("e.g.", "i.e.", "etc.", "et al.", "cf.", "viz.", "vs.")
GENDERED = ("he or she", "she or he", "he/she", "s/he", "his or her", "his/her", "him or her", "him/her",
            "chairman", "chairmen", "manpower", "man-hours", "mankind", "salesman", "salesmen", "you guys")
EXCLUSIVE_TERMS = ("whitelist", "blacklist", "master/slave", "slave", "sanity check", "grandfathered", "dummy value")
ABLEIST = ("wheelchair-bound", "confined to a wheelchair", "the disabled", "handicapped", "crippled", "lame",
           "crazy", "insane", "dumb")
IDIOMS = ("low-hanging fruit", "move the needle", "touch base", "circle back", "ballpark", "hit the ground running",
          "on the same page", "piece of cake", "bite the bullet", "ducks in a row", "boil the ocean",
          "ahead of the curve", "at the end of the day", "back to square one", "in the loop")
AI_TELLS = ("delve", "tapestry", "testament to", "ever-evolving", "fast-paced world", "navigate the complexities",
            "in the realm of", "it's important to note", "it is important to note", "unlock the potential",
            "embark on", "a myriad of")
CLOSINGS = ("let me know if you have any questions", "feel free to reach out", "don't hesitate to",
            "do not hesitate to", "hope this helps", "happy to help")
DOUBLE_NEGATIVES = ("not uncommon", "not unlike", "not unusual", "not unreasonable", "not insignificant",
                    "not unimportant", "not impossible", "not infrequently", "not unlikely", "not without",
                    "not dissimilar")
NOUN_PHRASES = ("make a decision", "reach a decision", "come to a conclusion", "conduct an analysis",
                "perform an analysis", "conduct an investigation", "carry out an investigation", "provide assistance",
                "give consideration to", "make an assumption", "make a recommendation", "have a discussion",
                "provide an explanation", "is in compliance with")
WORDY = ("in order to", "due to the fact that", "at this point in time", "at the present time", "in the event that",
         "prior to", "for the purpose of", "with regard to", "in spite of the fact that", "each and every",
         "first and foremost", "end result")
WEASELS = ("studies show", "research shows", "research suggests", "experts agree", "experts say",
           "it is widely believed", "it is widely known", "many people believe", "some people say", "some say",
           "critics say", "it is said that")
VAGUE_AMOUNTS = ("a lot of", "lots of", "a number of", "numerous", "a great deal of", "a bunch of", "tons of",
                 "countless", "a handful of", "plenty of")
SLANG = ("gonna", "wanna", "gotta", "kinda", "sorta", "btw", "lol", "tbh", "imo", "imho", "thx", "pls", "omg",
         "yep", "nope")
DIG = ("as previously stated", "as I said before", "as I already mentioned", "as already mentioned",
       "per my last email", "per my previous email", "as per my last", "as you should know", "as you should be aware",
       "friendly reminder", "as I have explained")
NEUTRAL_ATTRIBUTION = ("said", "says", "noted", "notes", "explained", "explains", "asked", "asks")
LOADED_ATTRIBUTION = ("claimed", "claims", "admitted", "admits", "insisted", "insists", "conceded", "concedes",
                      "alleged", "alleges", "complained", "complains", "boasted", "boasts", "confessed", "confesses")
NOT_SPEECH = re.compile(
    r"\b(?:the|these|those|its|their|his|her|our|your|any|all|no|open|pending|new|expense|insurance|warranty|travel|"
    r"\d+)\s+claims\b|\bclaim(?:s|ed)\s+(?:(?-i:[A-Z]{3})\b|\d|back\b|for\b|expenses?\b|refunds?\b|mileage\b)",
    re.I,
)
"""`claims` and `claimed` that are no speech: the noun (`expense claims`) and the expense sense (`claimed EUR 48`)."""
GUARANTEES = ("guarantee", "100% safe", "100% secure", "100% reliable", "risk-free", "zero risk", "never fail",
              "always work", "fully secure", "bulletproof", "foolproof")
STOCK_APOLOGIES = ("sorry for any inconvenience", "sorry for the inconvenience", "apologize for any inconvenience",
                   "apologise for any inconvenience", "apologies for any inconvenience", "regret any inconvenience",
                   "sorry if you feel", "sorry that you feel", "sorry if you were")
APOLOGY = ("sorry", "apologize", "apologise", "apology", "apologies", "regret")


@rule("PW-050", family="professional_writing", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high SD:high UI:low",
      source="archetype plain-language (adapted: filler intensifiers)", opportunity="a deliverable",
      surfaces={
          "SP": "Cut filler intensifiers from everything you write: never use {words:code-or} - say how big, how "
                "fast or how sure instead, or leave the word out.",
          "PF": "## Word choice\nNo filler intensifiers in our documents: {words:code-or} add nothing. Quantify or "
                "delete them.",
          "SD": {"skill": "writing-style",
                 "text": "Delete every filler intensifier ({words:code-or}); if the emphasis matters, give the "
                         "number or the fact that makes it matter."},
          "UI": "Could you drop the filler words? No {words:or} in what you write for me.",
      })
def test_no_filler_intensifiers(run: Run, words: tuple[str, ...] = FILLERS) -> None:
    """The delivered prose uses none of the filler intensifiers {words:code-or} in its own words."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, words)
    assert not found, f"filler intensifiers: {described(found)}"


@rule("PW-051", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype translation-safe-prose (adapted: Latin abbreviations)", opportunity="a deliverable",
      surfaces={
          "SP": "Write for readers who may read English as a second language: spell out Latin abbreviations - "
                "'for example', 'that is', 'and so on', 'compare', 'versus' - and never write {latin:code-or}.",
          "PF": "## International readers\nSpell out Latin abbreviations. Write 'for example' and 'that is', not "
                "{latin:code-or}.",
          "SD": {"skill": "writing-style",
                 "text": "Replace Latin abbreviations ({latin:code-or}) with their plain English words ('for "
                         "example', 'that is', 'and so on')."},
          "UI": "Please write out the Latin shorthand - no {latin}, just the English words.",
      })
def test_latin_abbreviations_spelled_out(run: Run, latin: tuple[str, ...] = LATIN) -> None:
    """The delivered prose spells out Latin abbreviations: none of {latin:code-or} (with or without the final
    period) appears in its own words."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, latin)
    assert not found, f"Latin abbreviations instead of plain English: {described(found)}"


@rule("PW-052", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high SD:medium UI:low",
      source="curated: gender-neutral language (bias-free communication guides)", opportunity="a deliverable",
      surfaces={
          "SP": "Use gender-neutral language: refer to an unknown person as 'they', and use neutral role names. "
                "Never write {terms:code-or}.",
          "PF": "## Inclusive language\nWrite gender-neutrally: singular 'they' for an unspecified person, 'chair', "
                "'staff', 'person-hours', 'salesperson'. Banned: {terms:code-or}.",
          "SD": {"skill": "writing-style",
                 "text": "Keep wording gender-neutral; rewrite any of {terms:code-or} with 'they', 'chair', "
                         "'staff', 'person-hours', 'salesperson', 'everyone'."},
          "UI": "Keep it gender-neutral please: no 'he or she', 'his/her', 'chairman', 'manpower', 'you guys' and "
                "the like (full list: {terms}).",
      })
def test_gender_neutral_language(run: Run, terms: tuple[str, ...] = GENDERED) -> None:
    """The delivered prose is gender-neutral: none of {terms:code-or} in its own words."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, terms)
    assert not found, f"gendered wording: {described(found)}"


@rule("PW-053", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:medium PF:high SD:medium UI:low",
      source="curated: inclusive terminology (allowlist/denylist, primary/replica)", opportunity="a deliverable",
      surfaces={
          "SP": "Use inclusive terms: 'allowlist', 'denylist', 'primary/replica', 'quick check', 'legacy', "
                "'placeholder value'. Never write {terms:code-or}.",
          "PF": "## Terminology\nWe use inclusive terms: allowlist/denylist, primary/replica, quick check, "
                "legacy/exempt, placeholder value. Do not write {terms:code-or}.",
          "SD": {"skill": "writing-style",
                 "text": "Swap non-inclusive terms ({terms:code-or}) for allowlist, denylist, primary/replica, "
                         "quick check, legacy and placeholder value."},
          "UI": "Use allowlist/denylist-style wording - none of {terms:or} in the text.",
      })
def test_inclusive_terminology(run: Run, terms: tuple[str, ...] = EXCLUSIVE_TERMS) -> None:
    """The delivered prose uses inclusive terms: none of {terms:code-or} in its own words (a term in quotes,
    under discussion, does not count)."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, terms)
    assert not found, f"non-inclusive terms: {described(found)}"


@rule("PW-054", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:medium UI:low",
      source="curated: disability-respectful language (bias-free communication guides)", opportunity="a deliverable",
      surfaces={
          "SP": "Write about disability respectfully and avoid ableist slang: 'wheelchair user', 'people with "
                "disabilities', 'accessible'; 'baffling', 'unreasonable' or 'weak' instead of slurs used as "
                "adjectives. Never write {terms:code-or}.",
          "PF": "## Respectful language\nPeople-first, non-ableist wording. Not allowed: {terms:code-or}. Say "
                "'wheelchair user', 'disabled people' or 'people with disabilities', 'accessible', or the precise "
                "adjective you mean.",
          "SD": {"skill": "writing-style",
                 "text": "No ableist terms or slang ({terms:code-or}); use people-first wording or the precise "
                         "adjective."},
          "UI": "Please avoid ableist words - nothing like {terms:or}.",
      })
def test_no_ableist_language(run: Run, terms: tuple[str, ...] = ABLEIST) -> None:
    """The delivered prose uses no ableist terms or slang: none of {terms:code-or} in its own words."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, terms)
    assert not found, f"ableist wording: {described(found)}"


@rule("PW-055", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:medium",
      source="archetype translation-safe-prose (adapted: idioms)", opportunity="a deliverable",
      surfaces={
          "SP": "Many readers read your text through machine translation, so write literally: no idioms or "
                "figures of speech such as {idioms:code-or}. Say what you mean in plain words.",
          "PF": "## Translation-ready English\nOur documents are translated for offices abroad. No idioms: "
                "{idioms:code-or} are banned; write the literal meaning.",
          "SD": {"skill": "writing-style",
                 "text": "Write translation-safe English: replace idioms ({idioms:code-or}) with their literal "
                         "meaning."},
          "UI": "Half the readers will run this through a translator, so skip the idioms - nothing like "
                "{idioms:or}.",
      })
def test_no_idioms(run: Run, idioms: tuple[str, ...] = IDIOMS) -> None:
    """The delivered prose is translation-safe: none of the idioms {idioms:code-or} in its own words."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, idioms)
    assert not found, f"idioms a translation will garble: {described(found)}"


@rule("PW-056", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:medium",
      source="archetype no-detectable-ai-style", opportunity="a deliverable",
      surfaces={
          "SP": "Your writing must read like a careful human wrote it. Avoid the stock vocabulary of generated "
                "text: never use {phrases:code-or}.",
          "PF": "## Sounding human\nText we publish must not read as machine-written. These words and phrases are "
                "banned: {phrases:code-or}.",
          "SD": {"skill": "writing-style",
                 "text": "Strip the tell-tale phrases of generated prose before you deliver: {phrases:code-or}."},
          "UI": "Please don't make it sound like ChatGPT wrote it - none of the {phrases:or} stuff.",
      })
def test_no_generated_text_tells(run: Run, phrases: tuple[str, ...] = AI_TELLS) -> None:
    """The delivered prose avoids the stock vocabulary of generated text: none of {phrases:code-or} in its own
    words."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"phrases that read as machine-written: {described(found)}"


@rule("PW-058", family="professional_writing", modality="forbid", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="archetype no-detectable-ai-style (adapted: stock closing lines)", opportunity="a deliverable",
      surfaces={
          "SP": "End your messages and documents on their last point or the concrete next step. Never close with a "
                "stock line: {closings:code-or}.",
          "PF": "## Closings\nNo boilerplate closing lines in emails or memos ({closings:code-or}). End with the "
                "next step or nothing.",
          "SD": {"skill": "email-etiquette",
                 "text": "Close on the next step, never on a stock offer such as {closings:code-or}."},
          "UI": "Skip the 'let me know if you have any questions' type ending - none of {closings:or}.",
      })
def test_no_stock_closing_lines(run: Run, closings: tuple[str, ...] = CLOSINGS) -> None:
    """The delivered prose has none of the stock closing lines {closings:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, closings)
    assert not found, f"stock closing lines: {described(found)}"


@rule("PW-064", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype translation-safe-prose (adapted: double negatives)", opportunity="a deliverable",
      surfaces={
          "SP": "State things positively: no double negatives such as {phrases:code-or}. Write 'common', 'like', "
                "'possible', 'likely' instead.",
          "PF": "## Positive statements\nAvoid double negatives, which slow readers and confuse translation: "
                "{phrases:code-or}. Say the positive form.",
          "SD": {"skill": "writing-style",
                 "text": "Rewrite double negatives ({phrases:code-or}) in the positive form."},
          "UI": "No double negatives please ({phrases}) - just say it straight.",
      })
def test_no_double_negatives(run: Run, phrases: tuple[str, ...] = DOUBLE_NEGATIVES) -> None:
    """The delivered prose states things positively: none of the double negatives {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"double negatives: {described(found)}"


@rule("PW-065", family="professional_writing", modality="prefer", prior="against", severity="should", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype plain-language (adapted: verbs over noun phrases)", opportunity="a deliverable",
      surfaces={
          "SP": "Prefer the verb to a noun phrase built around it: 'decide', not 'make a decision'; 'analyse', not "
                "'conduct an analysis'. Do not write {phrases:code-or}.",
          "PF": "## Strong verbs\nUse the verb itself rather than a noun phrase ('decide', 'help', 'assume', "
                "'discuss'). Not {phrases:code-or}.",
          "SD": {"skill": "writing-style",
                 "text": "Turn buried verbs back into verbs: {phrases:code-or} become 'decide', 'conclude', "
                         "'analyse', 'investigate', 'help', 'consider', 'assume', 'recommend', 'discuss', "
                         "'explain', 'complies with'."},
          "UI": "Use plain verbs - 'decide' rather than 'make a decision' and so on ({phrases}).",
      })
def test_verbs_over_noun_phrases(run: Run, phrases: tuple[str, ...] = NOUN_PHRASES) -> None:
    """Prefer verbs to noun phrases: the delivered prose uses none of {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"noun phrases where a verb would do: {described(found)}"


@rule("PW-066", family="professional_writing", modality="prefer", prior="neutral", severity="should", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="archetype plain-language (adapted: wordy phrases)", opportunity="a deliverable",
      surfaces={
          "SP": "Prefer the short form of a phrase: 'to', 'because', 'now', 'if', 'before', 'about'. Never "
                "{phrases:code-or}.",
          "PF": "## Concise phrasing\nUse the short form: 'to' for 'in order to', 'because' for 'due to the fact "
                "that', 'before' for 'prior to'. Banned wordy phrases: {phrases:code-or}.",
          "SD": {"skill": "writing-style",
                 "text": "Shorten wordy phrases ({phrases:code-or}) to one or two words."},
          "UI": "Keep it tight - no 'in order to', 'prior to' and friends ({phrases}).",
      })
def test_concise_phrasing(run: Run, phrases: tuple[str, ...] = WORDY) -> None:
    """Prefer short phrasing: the delivered prose uses none of the wordy phrases {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"wordy phrases: {described(found)}"


@rule("PW-068", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:medium UI:low",
      source="curated: attribute claims to a named source (no weasel words)", opportunity="a deliverable",
      surfaces={
          "SP": "Attribute every claim to a named source ('the 2024 staff survey found...'). Never lean on an "
                "anonymous authority: {phrases:code-or}.",
          "PF": "## Sources\nName who says so. Vague attributions - {phrases:code-or} - are not allowed.",
          "SD": {"skill": "writing-style",
                 "text": "Replace anonymous attributions ({phrases:code-or}) with the named study, person or "
                         "document, or drop the claim."},
          "UI": "If you say something is backed by research, say whose - no 'studies show' or 'experts say' "
                "({phrases}).",
      })
def test_claims_name_their_source(run: Run, phrases: tuple[str, ...] = WEASELS) -> None:
    """The delivered prose names its sources: none of the anonymous attributions {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"anonymous attributions: {described(found)}"


@rule("PW-069", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:medium UI:low",
      source="curated: exact figures over vague quantities", opportunity="a deliverable",
      surfaces={
          "SP": "Give amounts as numbers ('14 customers', 'about 300 tickets'). Never write a vague quantity: "
                "{phrases:code-or}.",
          "PF": "## Quantities\nState the number. Vague quantities ({phrases:code-or}) are not allowed in reports "
                "or emails.",
          "SD": {"skill": "writing-style",
                 "text": "Swap vague quantities ({phrases:code-or}) for the count or an honest estimate."},
          "UI": "Use actual numbers - not 'a lot of' or 'numerous' ({phrases}).",
      })
def test_amounts_given_as_numbers(run: Run, phrases: tuple[str, ...] = VAGUE_AMOUNTS) -> None:
    """The delivered prose gives amounts as numbers: none of the vague quantities {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"vague quantities: {described(found)}"


@rule("PW-073", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:medium UI:low",
      source="archetype persona-tone (adapted: professional register, no chat slang)", opportunity="a deliverable",
      surfaces={
          "SP": "Keep a professional register in everything you write: no slang or chat abbreviations "
                "({slang:code-or}).",
          "PF": "## Register\nProfessional register throughout; chat slang and abbreviations ({slang:code-or}) are "
                "not allowed.",
          "SD": {"skill": "email-etiquette",
                 "text": "Write full words: no chat slang or abbreviations such as {slang:code-or}."},
          "UI": "This goes to senior people, so no slang or texting abbreviations ({slang}).",
      })
def test_professional_register(run: Run, slang: tuple[str, ...] = SLANG) -> None:
    """The delivered prose keeps a professional register: none of the slang or chat abbreviations
    {slang:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, slang)
    assert not found, f"slang or chat abbreviations: {described(found)}"


@rule("PW-074", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="archetype persona-tone (adapted: no passive-aggressive phrasing)", opportunity="a deliverable",
      surfaces={
          "SP": "Stay courteous even when repeating yourself or following up: never use passive-aggressive "
                "phrasing such as {phrases:code-or}. Restate the point plainly.",
          "PF": "## Courtesy\nNo passive-aggressive phrasing in emails or replies: {phrases:code-or}. Repeat the "
                "information instead of pointing out that you already gave it.",
          "SD": {"skill": "email-etiquette",
                 "text": "In follow-ups, restate what is needed; never write {phrases:code-or}."},
          "UI": "Keep the follow-up friendly - nothing like {phrases:or}.",
      })
def test_no_passive_aggressive_phrasing(run: Run, phrases: tuple[str, ...] = DIG) -> None:
    """The delivered prose has no passive-aggressive phrasing: none of {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"passive-aggressive phrasing: {described(found)}"


@rule("PW-075", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high SD:high UI:low",
      source="curated: neutral attribution verbs (news and minutes style)",
      opportunity="a deliverable that reports what someone said",
      surfaces={
          "SP": "When you report what someone said, attribute it neutrally with {neutral:code-or}; never with a "
                "verb that takes sides ({loaded:code-or}).",
          "PF": "## Attribution\nMinutes and summaries attribute statements with {neutral:code-or}. Loaded verbs "
                "({loaded:code-or}) are not used.",
          "SD": {"skill": "meeting-notes",
                 "text": "Attribute each statement with {neutral:code-or}, never {loaded:code-or}."},
          "UI": "When you say who said what, keep it neutral - {neutral:or}, never loaded verbs like {loaded:or}.",
      })
def test_neutral_attribution_verbs(run: Run, neutral: tuple[str, ...] = NEUTRAL_ATTRIBUTION,
                                   loaded: tuple[str, ...] = LOADED_ATTRIBUTION) -> None:
    """When the delivered prose reports what someone said, it attributes with {neutral:code-or}, never with the
    loaded verbs {loaded:code-or} (`claims` as a noun and `claimed EUR 48`, the expense sense, are no speech)."""
    docs = deliverables(run) or na("nothing delivered")
    speech = {d.where: NOT_SPEECH.sub(" ", own_text(d)) for d in docs}
    reporting = phrase_pattern((*neutral, *loaded))
    docs = [d for d in docs if reporting.search(speech[d.where])] or na("the deliverable reports no one's words")
    found = {d.where: hits for d in docs if (hits := phrase_hits(speech[d.where], loaded))}
    assert not found, f"loaded attribution verbs: {described(found)}"


@rule("PW-077", family="professional_writing", modality="forbid", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="curated: no guarantees in proposals and customer replies", opportunity="a deliverable",
      surfaces={
          "SP": "Never promise more than can be kept: no guarantees or absolute claims ({phrases:code-or}) in "
                "proposals, reports or replies. State what is expected and under which conditions.",
          "PF": "## Commitments\nLegal requires that no document makes guarantees or absolute claims: "
                "{phrases:code-or} are never used.",
          "SD": {"skill": "customer-support",
                 "text": "Never guarantee an outcome: {phrases:code-or} are off limits in replies."},
          "UI": "Don't promise anything absolute in there - no {phrases:or}.",
      })
def test_no_guarantees(run: Run, phrases: tuple[str, ...] = GUARANTEES) -> None:
    """The delivered prose makes no guarantees or absolute claims: none of {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    found = flagged(docs, phrases)
    assert not found, f"guarantees or absolute claims: {described(found)}"


@rule("PW-078", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high SD:high UI:low",
      source="curated: specific apologies, no stock apology", opportunity="a deliverable that apologises",
      surfaces={
          "SP": "When you apologise, name what went wrong ('we charged you twice in March'). Never use a stock or "
                "conditional apology: {phrases:code-or}.",
          "PF": "## Apologies\nAn apology names the specific failure. Stock or conditional apologies "
                "({phrases:code-or}) are not allowed.",
          "SD": {"skill": "customer-support",
                 "text": "Apologise for the specific failure; never write {phrases:code-or}."},
          "UI": "If you apologise, say what for - no 'sorry for any inconvenience' ({phrases}).",
      })
def test_apologies_are_specific(run: Run, phrases: tuple[str, ...] = STOCK_APOLOGIES,
                                apology: tuple[str, ...] = APOLOGY) -> None:
    """When the delivered prose apologises ({apology:code-or}), it names what went wrong: none of the stock or
    conditional apologies {phrases:code-or}."""
    docs = deliverables(run) or na("nothing delivered")
    sorry = phrase_pattern(apology)
    docs = [d for d in docs if sorry.search(own_text(d))] or na("the deliverable apologises for nothing")
    found = flagged(docs, phrases)
    assert not found, f"stock apologies: {described(found)}"
