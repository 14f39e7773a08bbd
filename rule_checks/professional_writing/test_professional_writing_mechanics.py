"""Professional-writing rules on the mechanics of written deliverables (PW-022...): how dates, times, numbers and
money are written, punctuation and spelling, acronyms, links and URLs, citations, quotations and reference ids.
The deliverable is what `checks.prose.deliverables` returns: the prose documents the run wrote, else its final
reply."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.documents import (
    IMAGE,
    LIST_LINE,
    acronyms,
    bare_urls,
    citation_markers,
    clock_times,
    counted_numerals,
    dates,
    find_section,
    links,
    money,
    normalised,
    numbered_entries,
    quotations,
    reference_ids,
    series,
    source_material,
    spelled_forms,
    units,
    urls,
)
from pytest_harnessif.checks.prose import deliverables

KNOWN_ACRONYMS = ("AM", "PM", "OK", "US", "UK", "EU", "AI")  # AI: PW-061's disclosure line uses it
CURLY = re.compile("[“”‘’]")
QUOTE_MARKS = re.compile("[\"'“”‘’]")
EM_DASH = re.compile(r"—|(?<=\w)\s?--\s?(?=\w)")
CAPS_RUN = re.compile(r"\b[A-Z]{2,}(?:[ \t]+[A-Z]{2,})+\b")
NUMBER = re.compile(r"\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
POSITIONAL = re.compile(
    r"\b(?:see|shown|listed|described|mentioned|noted|outlined|discussed|explained|detailed|stated|given|as)\s+"
    r"(?:\w+\s+)?(?:above|below)\b"
    r"|\b(?:the|this|these)\s+(?:(?:table|list|section|figure|chart|example|steps?|points?|items?|links?|paragraph|"
    r"summary|diagram|image|options?)\s+)?(?:above|below)\b(?!\s*\d)",
    re.I,
)


@rule("PW-022", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:medium SD:high",
      source="curated: ISO 8601 dates for readers in several countries (ISO 8601, EU style guides)",
      opportunity="a calendar date in a deliverable",
      surfaces={
          "SP": "Write every calendar date in ISO 8601 form, `YYYY-MM-DD` (2024-03-05), never `March 5, 2024`, "
                "`5 March`, `05/03/2024` or `5.3.2024`.",
          "PF": "## Dates\nDates are written `YYYY-MM-DD` (2024-03-05) everywhere: no month names next to a day, no "
                "slashes, no dotted dates.",
          "UI": "Use ISO dates like 2024-03-05 please, not 'March 5' or 03/05 - half the team reads those "
                "differently.",
          "SD": {"skill": "writing-style",
                 "text": "Dates are `YYYY-MM-DD` only; rewrite 'March 5, 2024', '5 March' or '05/03/2024' in that "
                         "form."},
      })
def test_dates_in_iso_format(run: Run) -> None:
    """Every calendar date in a deliverable (a day with its month) is written `YYYY-MM-DD`: `March 5, 2024`,
    `5 March`, `05/03/2024` and `5.3.2024` fail."""
    found = [(d.where, text, iso) for d in deliverables(run) for text, iso in dates(d.prose)]
    found = found or na("no calendar date in the deliverables")
    other = [f"{where}: {text!r}" for where, text, iso in found if not iso]
    assert not other, f"dates not written YYYY-MM-DD: {other}"


@rule("PW-023", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:medium SD:high",
      source="curated: times with a time zone for distributed teams (scheduling and incident-comms guides)",
      opportunity="a clock time in a deliverable",
      surfaces={
          "SP": "Whenever you give a clock time (`14:30`, `9am`, `3 p.m.`), follow it with its time zone: an "
                "abbreviation such as UTC, CET or EST, or a UTC offset like `+02:00`. In a range (`9:00-10:00 "
                "UTC`) the zone after the end time covers both.",
          "PF": "## Times\nEvery clock time carries a time zone right after it (UTC, CET, EST... or an offset such as "
                "`+02:00`). A range needs the zone once, after its end time.",
          "UI": "We're spread over a few time zones, so put the zone on every time you mention (like 15:00 UTC).",
          "SD": {"skill": "email-etiquette",
                 "text": "Follow every clock time with its zone (`15:00 UTC`, `9am EST`, `10:00 +02:00`)."},
      })
def test_times_carry_a_time_zone(run: Run) -> None:
    """Every clock time in a deliverable (`14:30`, `9am`, `3 p.m.`) is followed by a time zone (an abbreviation
    such as UTC or CET, or an offset); a range's first time shares the zone of its last."""
    found = [(d.where, text, zoned) for d in deliverables(run) for text, zoned in clock_times(d.prose)]
    found = found or na("no clock time in the deliverables")
    bare = [f"{where}: {text!r}" for where, text, zoned in found if not zoned]
    assert not bare, f"clock times without a time zone: {bare}"


@rule("PW-024", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="archetype translation-safe-prose (adapted: relative dates anchored to a calendar date)",
      opportunity="a relative time word in a deliverable",
      surfaces={
          "SP": "Your text is read later than you write it, so never leave {relative:or} on its own: the same "
                "sentence also gives the calendar date it means ('tomorrow (2024-05-04)').",
          "PF": "## Relative dates\nA sentence that says {relative:or} also states the actual date in the same "
                "sentence.",
          "UI": "If you say things like 'next week' or 'tomorrow', put the actual date in the same sentence.",
          "SD": {"skill": "writing-style",
                 "text": "Anchor every {relative:or} with the calendar date in the same sentence."},
      })
def test_relative_dates_are_anchored(
    run: Run,
    relative: tuple[str, ...] = ("today", "tomorrow", "yesterday", "this week", "next week", "last week",
                                 "this month", "next month", "last month"),
) -> None:
    """Every sentence or list item of a deliverable that uses a relative time word ({relative:or}) also gives a
    calendar date."""
    pattern = re.compile(rf"\b(?:{'|'.join(map(re.escape, relative))})\b", re.I) if relative else None
    found = [(d.where, u) for d in deliverables(run) for u in units(d) if pattern and pattern.search(u)]
    found = found or na("no relative time word in the deliverables")
    loose = [f"{where}: {u[:70]!r}" for where, u in found if not dates(u)]
    assert not loose, f"relative time words without a calendar date in the same sentence: {loose}"


@rule("PW-025", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: spell out small numbers (Chicago Manual of Style, AP, Microsoft style guides)",
      opportunity="a number in a deliverable",
      surfaces={
          "SP": "Spell out whole numbers below {below} when they count things ('three teams', 'one of four "
                "servers'). Use numerals from {below} up, and always with unit symbols, percentages, money, dates, "
                "times, versions and references such as 'step 3'.",
          "PF": "## Numbers\nCounts below {below} are words ('two options'); {below} and above are numerals. Unit "
                "symbols (5 km), percentages, money, dates, times, versions and 'step 3'-style references keep "
                "numerals.",
          "UI": "Write small counts as words - 'two options', not '2 options' (anything below {below}).",
          "SD": {"skill": "writing-style",
                 "text": "Counts below {below} in words, {below} and up in numerals; measures, money, dates, times "
                         "and references stay numerals."},
      })
def test_small_counts_in_words(run: Run, below: int = 10) -> None:
    """Whole numbers below {below} that count things are spelled out: a numeral below {below} followed by a
    lower-case word that is no unit (`3 teams`) fails; measures, money, dates, times and references do not."""
    docs = [d for d in deliverables(run) if NUMBER.search(d.prose)] or na("no number in the deliverables")
    digits = [f"{d.where}: {hit!r}" for d in docs for u in units(d) for hit in counted_numerals(u, below)]
    assert not digits, f"counts below {below} written as numerals: {digits}"


@rule("PW-026", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="curated: ISO 4217 currency codes for amounts (EU Interinstitutional Style Guide, finance style)",
      opportunity="an amount of money in a deliverable",
      surfaces={
          "SP": "Write amounts of money with their ISO 4217 currency code (`USD 1,200`, `1,200 EUR`), never with a "
                "currency symbol such as {symbols:or}.",
          "PF": "## Money\nAmounts carry a three-letter ISO currency code (`EUR 450`, `USD 1,200`); currency symbols "
                "({symbols:or}) are not used.",
          "UI": "For the money bits, use currency codes like USD or EUR instead of {symbols:or} signs.",
          "SD": {"skill": "report-writing",
                 "text": "Give every amount its ISO code (`USD 1,200`); never a symbol ({symbols:or})."},
      })
def test_money_with_currency_codes(run: Run, symbols: tuple[str, ...] = ("$", "€", "£", "¥")) -> None:
    """Every amount of money in a deliverable is written with an ISO 4217 code (`USD 1,200`), none with a currency
    symbol ({symbols:or})."""
    found = [(d.where, text, sym) for d in deliverables(run) for text, sym in money(d.prose, symbols)]
    found = found or na("no amount of money in the deliverables")
    marked = [f"{where}: {text!r}" for where, text, sym in found if sym]
    assert not marked, f"amounts written with a currency symbol: {marked}"


@rule("PW-027", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: the serial (Oxford) comma (Chicago Manual of Style, Microsoft and Google style guides)",
      opportunity="a series of three or more items",
      surfaces={
          "SP": "Use the serial (Oxford) comma: in a series of three or more items, put a comma before the final "
                "'and' or 'or' ('budget, staffing, and travel').",
          "PF": "## Serial comma\nSeries of three or more take a comma before the last 'and'/'or': 'design, build, "
                "and test'.",
          "UI": "Oxford comma please - 'A, B, and C', not 'A, B and C'.",
          "SD": {"skill": "writing-style",
                 "text": "Always put the serial comma before the final 'and'/'or' of a three-item (or longer) "
                         "series."},
      })
def test_serial_comma(run: Run) -> None:
    """Every series of three or more items in a deliverable has a comma before its final `and`/`or`."""
    found = [(d.where, series(u)) for d in deliverables(run) for u in units(d)]
    found = [(where, s) for where, s in found if s[0] or s[1]] or na("no series of three or more items")
    missing = [f"{where}: {hit!r}" for where, (_, without) in found for hit in without]
    assert not missing, f"series without a serial comma: {missing}"


@rule("PW-028", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:medium SD:high",
      source="curated: British spelling for a UK readership (GOV.UK style guide, Oxford -ise house styles)",
      opportunity="a deliverable",
      surfaces={
          "SP": "Write in British English spelling (colour, behaviour, favour, centre, organise, analyse, "
                "prioritise, defence): never the American forms {american:or}, nor their inflections ('organized', "
                "'colors').",
          "PF": "## Spelling\nWe use British spelling: colour, behaviour, centre, organise, analyse, defence. The "
                "American forms {american:or} (and words built on them) are not used.",
          "UI": "Our readers are in the UK, so British spelling please - colour, organise, centre, not {american:or}.",
          "SD": {"skill": "writing-style",
                 "text": "Spell the British way; none of {american:or} or their inflections."},
      })
def test_british_spelling(
    run: Run,
    american: tuple[str, ...] = ("color", "behavior", "favor", "center", "organize", "analyze", "prioritize",
                                 "recognize", "realize", "summarize", "optimize", "defense"),
) -> None:
    """A deliverable uses British spelling: none of the American forms {american:or}, nor their inflections."""
    docs = deliverables(run) or na("nothing delivered")
    forms = [f"{d.where}: {w}" for d in docs for w in spelled_forms(d.prose, american)]
    assert not forms, f"American spellings: {forms}"


@rule("PW-029", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="curated: straight quotes in plain-text and Markdown sources (docs-as-code style guides)",
      opportunity="a quotation mark or apostrophe in a deliverable",
      surfaces={
          "SP": "Use only straight quotation marks and apostrophes (`\"` and `'`) in what you write, never curly "
                "ones (“ ” ‘ ’), so the text pastes cleanly into plain-text tools.",
          "PF": "## Quotes\nOnly straight quotes and apostrophes (`\"`, `'`); no typographic curly quotes.",
          "UI": "Stick to plain straight quotes and apostrophes, no curly ones - they break our templates.",
          "SD": {"skill": "writing-style",
                 "text": "Type straight quotes and apostrophes only; replace any curly “ ” ‘ ’."},
      })
def test_straight_quotes(run: Run) -> None:
    """Quotation marks and apostrophes in a deliverable are straight (`\"`, `'`), never curly (“ ” ‘ ’)."""
    docs = [d for d in deliverables(run) if QUOTE_MARKS.search(d.prose)]
    docs = docs or na("no quotation mark or apostrophe in the deliverables")
    curly = [f"{d.where}: {len(CURLY.findall(d.prose))} curly quote(s)" for d in docs if CURLY.search(d.prose)]
    assert not curly, f"curly quotation marks: {curly}"


@rule("PW-030", family="professional_writing", modality="forbid", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high UI:medium SD:high",
      source="archetype no-detectable-ai-style (adapted: no em dashes)", opportunity="a deliverable",
      surfaces={
          "SP": "Do not use em dashes (`—`, or `--` standing in for one) in anything you write; use a comma, a "
                "colon, parentheses or a new sentence instead.",
          "PF": "## Dashes\nNo em dashes (`—` or `--`) in our writing. Use commas, colons, parentheses or two "
                "sentences.",
          "UI": "Please no em dashes anywhere - commas or parentheses instead.",
          "SD": {"skill": "writing-style",
                 "text": "Never write an em dash (`—`, `--`); restructure with a comma, colon or parentheses."},
      })
def test_no_em_dashes(run: Run) -> None:
    """No em dash (`—`, or `--` between words) in a deliverable."""
    docs = deliverables(run) or na("nothing delivered")
    dashes = [f"{d.where}: {d.prose[max(0, m.start() - 25):m.end() + 25]!r}" for d in docs
              if (m := EM_DASH.search(d.prose))]
    assert not dashes, f"em dashes: {dashes}"


@rule("PW-031", family="professional_writing", modality="forbid", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high UI:low SD:high",
      source="curated: no exclamation marks in professional writing (GOV.UK, corporate style guides)",
      opportunity="a deliverable",
      surfaces={
          "SP": "Never use exclamation marks in what you write, not even in greetings or thanks.",
          "PF": "## Punctuation\nNo exclamation marks, anywhere (greetings and thank-yous included).",
          "UI": "Leave out the exclamation marks, please.",
          "SD": {"skill": "email-etiquette",
                 "text": "No exclamation marks, even in 'Thanks' or the greeting."},
      })
def test_no_exclamation_marks(run: Run) -> None:
    """No exclamation mark in a deliverable (outside code; Markdown image syntax aside)."""
    docs = deliverables(run) or na("nothing delivered")
    texts = [(d.where, IMAGE.sub(" ", d.prose)) for d in docs]
    loud = [f"{where}: {t[max(0, t.index('!') - 30) : t.index('!') + 1]!r}" for where, t in texts if "!" in t]
    assert not loud, f"exclamation marks: {loud}"


@rule("PW-032", family="professional_writing", modality="forbid", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:high UI:low SD:high",
      source="curated: no capitals for emphasis (accessibility and netiquette guidance)", opportunity="a deliverable",
      surfaces={
          "SP": "Never emphasise with capital letters: no run of two or more words in ALL CAPS, and never write "
                "{words:or} in capitals. Acronyms are fine.",
          "PF": "## Emphasis\nNo shouting: no two or more ALL-CAPS words in a row, and none of {words:or} in "
                "capitals. Acronyms are fine.",
          "UI": "Don't shout in caps (no 'DO NOT', 'IMPORTANT' and so on).",
          "SD": {"skill": "email-etiquette",
                 "text": "No ALL-CAPS emphasis: no run of capitalised words, none of {words:or}."},
      })
def test_no_all_caps_emphasis(
    run: Run,
    words: tuple[str, ...] = ("NOT", "NEVER", "MUST", "ALWAYS", "IMPORTANT", "URGENT", "NOTE", "WARNING"),
) -> None:
    """No emphasis by capitals in a deliverable: no run of two or more ALL-CAPS words, none of {words:or}."""
    docs = deliverables(run) or na("nothing delivered")
    single = re.compile(rf"\b(?:{'|'.join(map(re.escape, words))})\b") if words else None
    shouts = [f"{d.where}: {m.group(0)!r}" for d in docs for pattern in (CAPS_RUN, single) if pattern
              for m in pattern.finditer(d.prose)]
    assert not shouts, f"capitals used for emphasis: {shouts}"


@rule("PW-033", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="curated: acronyms spelled out on first use (Microsoft, Google and GOV.UK style guides)",
      opportunity="an acronym in a deliverable's body text",
      surfaces={
          "SP": "Spell out each acronym the first time it appears in the body text, with the acronym in "
                "parentheses ('service-level agreement (SLA)') or the expansion in parentheses after it. Only "
                "{known:and}, currency codes (EUR) and time zones (CET) may stand alone. Headings do not count as "
                "the first use.",
          "PF": "## Acronyms\nThe first use of an acronym in the text is spelled out: `full term (ACR)` or `ACR (full "
                "term)`. Exceptions: {known:and}, currency codes and time zones. A heading is not the first use.",
          "UI": "Spell out the acronyms the first time you use them - not everyone here knows them.",
          "SD": {"skill": "writing-style",
                 "text": "Expand every acronym at its first use in the body, `full term (ACR)`; {known:and}, "
                         "currency codes and time zones need no expansion."},
      })
def test_acronyms_spelled_out_first(run: Run, known: tuple[str, ...] = KNOWN_ACRONYMS) -> None:
    """The first use of every acronym in a deliverable's body text (headings aside) spells it out, `full term
    (ACR)` or `ACR (full term)`; {known:and}, currency codes and time-zone abbreviations are exempt."""
    found = [(d.where, a) for d in deliverables(run) for a in acronyms(d, known)]
    found = found or na("no acronym in the body text")
    bare = [f"{where}: {a.name} in {a.context!r}" for where, a in found if not a.expanded]
    assert not bare, f"acronyms not spelled out at first use: {bare}"


@rule("PW-034", family="professional_writing", modality="conditional_require", prior="against", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: a glossary for acronym-heavy documents (technical-report and proposal templates)",
      opportunity="a deliverable using {least} or more acronyms",
      surfaces={
          "SP": "If a document you write uses {least} or more different acronyms (besides {known:and}, currency "
                "codes and time zones), give it a `## {heading}` section that lists every one of them with its "
                "meaning.",
          "PF": "## Glossary\nA document with {least} or more distinct acronyms (not counting {known:and}, currency "
                "codes and time zones) has a `## {heading}` section defining each of them.",
          "UI": "If you end up using {least}+ acronyms, add a {heading} section at the end that explains them all.",
          "SD": {"skill": "report-writing",
                 "text": "From {least} distinct acronyms on (besides {known:and}, currency codes and time zones), "
                         "add a `## {heading}` section that defines every one."},
      })
def test_glossary_for_many_acronyms(
    run: Run, least: int = 3, heading: str = "Glossary", known: tuple[str, ...] = KNOWN_ACRONYMS
) -> None:
    """A deliverable using {least} or more distinct acronyms (besides {known:and}, currency codes and time zones)
    has a `{heading}` section that names every one of them."""
    heavy = [(d, names) for d in deliverables(run) if len(names := [a.name for a in acronyms(d, known)]) >= least]
    heavy = heavy or na(f"no deliverable with {least} or more acronyms")
    bad = []
    for d, names in heavy:
        section = find_section(d, (heading,))
        missing = [n for n in names if section is None or not re.search(rf"\b{re.escape(n)}\b", section.body)]
        if missing:
            bad.append(f"{d.where}: {'no ' + heading + ' section' if section is None else missing}")
    assert not bad, f"acronyms without a {heading} entry: {bad}"


@rule("PW-035", family="professional_writing", modality="require", prior="align", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: descriptive link text (WCAG 2.4.4 link purpose, Microsoft and Google style guides)",
      opportunity="a Markdown link in a deliverable",
      surfaces={
          "SP": "Give every link text that says where it leads ('the 2024 travel policy'): never {vague:code-or}, "
                "and never the bare URL as the link text.",
          "PF": "## Links\nLink text names the destination. Not allowed as link text: {vague:code-or}, or the URL "
                "itself.",
          "UI": "Make the link text say what it is - no 'click here' or 'here' links.",
          "SD": {"skill": "writing-style",
                 "text": "Link text describes the target; never {vague:code-or} or a raw URL."},
      })
def test_descriptive_link_text(
    run: Run,
    vague: tuple[str, ...] = ("click here", "here", "this link", "link", "read more", "more", "this page"),
) -> None:
    """Every Markdown link in a deliverable has descriptive text: neither {vague:code-or} nor a URL."""
    found = [(d.where, text) for d in deliverables(run) for text, _ in links(d.prose)] or na("no Markdown link")
    words = {v.casefold() for v in vague}
    bad = [f"{where}: [{text}]" for where, text in found
           if text.strip(" .:").casefold() in words or urls(text) or text.startswith(("http", "www."))]
    assert not bad, f"links without descriptive text: {bad}"


@rule("PW-036", family="professional_writing", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: no bare URLs in running text (accessibility guidance, markdownlint MD034)",
      opportunity="a URL in a deliverable",
      surfaces={
          "SP": "Never paste a bare URL into your text: every web address goes inside a Markdown link with "
                "descriptive text, `[travel policy](https://...)`. Angle-bracket autolinks (`<https://...>`) count "
                "as bare.",
          "PF": "## URLs\nNo bare URLs or `<https://...>` autolinks: every address is the target of a `[descriptive "
                "text](url)` link.",
          "UI": "Don't drop raw links in the text - wrap them as proper named links.",
          "SD": {"skill": "writing-style",
                 "text": "Turn every bare URL (and every `<...>` autolink) into `[descriptive text](url)`."},
      })
def test_no_bare_urls(run: Run) -> None:
    """Every URL in a deliverable is the target of a Markdown link (`[text](url)`); no bare URL or autolink."""
    docs = [d for d in deliverables(run) if urls(d.prose)] or na("no URL in the deliverables")
    bare = [f"{d.where}: {u}" for d in docs for u in bare_urls(d.prose)]
    assert not bare, f"bare URLs: {bare}"


@rule("PW-037", family="professional_writing", modality="require", prior="neutral", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype cite-evidence (adapted: numbered citations matched to a reference list)",
      opportunity="a citation marker or a {heading} section",
      surfaces={
          "SP": "Cite sources with numbered markers in square brackets ([1], [2]) and list them in a `## {heading}` "
                "section as `1. ...` or `[1] ...`: every marker has its entry there, and every entry is cited in "
                "the text.",
          "PF": "## Citations\nNumbered citations ([1], [2]) point into the `## {heading}` list (`1. ...` or `[1] "
                "...`). No marker without an entry, no entry without a marker.",
          "UI": "If you cite stuff with [1], [2], make sure each number is in the {heading} list and each "
                "reference is actually cited.",
          "SD": {"skill": "report-writing",
                 "text": "Match citations both ways: each [n] in the text has entry n under `## {heading}`, and "
                         "each entry is cited."},
      })
def test_citations_match_references(run: Run, heading: str = "References") -> None:
    """In each deliverable, the bracketed citation markers (`[n]`) and the numbered entries of its `{heading}`
    section match: every marker has an entry and every entry is cited."""
    found = []
    for d in deliverables(run):
        section = find_section(d, (heading,))
        entries = numbered_entries(section.body) if section else set()
        cited = citation_markers(d.prose.replace(section.body, "") if section else d.prose)
        if cited or section:
            found.append((d.where, cited, entries))
    found = found or na(f"no citation marker and no {heading} section")
    bad = [f"{where}: cited without entry {sorted(c - e)}, entries never cited {sorted(e - c)}"
           for where, c, e in found if c != e]
    assert not bad, "; ".join(bad)


@rule("PW-038", family="professional_writing", modality="limit_min", prior="against", method="regex",
      observability="structural", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype cite-evidence (adapted: a minimum of listed sources)", opportunity="a deliverable",
      surfaces={
          "SP": "Back every document you write with at least {least} sources, each a separate list item under a "
                "`## {heading}` section.",
          "PF": "## Sources\nEach report lists at least {least} sources, one list item each, under `## {heading}`.",
          "UI": "Give me at least {least} sources, listed in a {heading} section at the end.",
          "SD": {"skill": "report-writing",
                 "text": "List at least {least} sources, one item each, under `## {heading}`."},
      })
def test_enough_sources_listed(run: Run, least: int = 3, heading: str = "Sources") -> None:
    """Each deliverable lists at least {least} sources as list items under a `{heading}` section."""
    docs = deliverables(run) or na("nothing delivered")
    counts = {d.where: sum(bool(LIST_LINE.match(line)) for line in s.body.splitlines())
              if (s := find_section(d, (heading,))) else 0 for d in docs}
    few = {where: n for where, n in counts.items() if n < least}
    assert not few, f"fewer than {least} sources under {heading}: {few}"


@rule("PW-039", family="professional_writing", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:medium",
      source="archetype no-fake-reference-numbers", opportunity="a ticket or issue id in a deliverable",
      surfaces={
          "SP": "Never make up a ticket, issue or incident number: every id such as `#482` or `OPS-1234` you write "
                "must appear in the request or in the files you were given. Write `TODO` where the real number is "
                "unknown.",
          "PF": "## Reference numbers\nIssue, ticket and incident ids (`#482`, `OPS-1234`) in documents come from "
                "the request or the source files, never invented; unknown ones are written `TODO`.",
          "UI": "Don't invent ticket numbers - only use ones I gave you or that are in the files, put TODO "
                "otherwise.",
          "SD": {"skill": "report-writing",
                 "text": "Quote only ticket and issue ids found in the material; mark unknown ones `TODO`."},
      })
def test_no_invented_reference_ids(run: Run) -> None:
    """Every issue, ticket or incident id in a deliverable (`#482`, `OPS-1234`) appears in the user's messages or
    the files the run started with."""
    found = [(d.where, i) for d in deliverables(run) for i in reference_ids(d.prose)] or na("no ticket or issue id")
    given = source_material(run)
    invented = [f"{where}: {i}" for where, i in found if not re.search(rf"(?<![\w#]){re.escape(i)}(?!\d)", given)]
    assert not invented, f"ids found nowhere in the request or the files: {invented}"


@rule("PW-040", family="professional_writing", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-non-coding", fit="SP:high PF:high UI:low SD:high",
      source="curated: verbatim direct quotations (journalism and research-writing standards)",
      opportunity="a quotation of {words} words or more in a deliverable",
      surfaces={
          "SP": "When you quote the material you were given (the request or its files), quote it exactly: any "
                "passage of {words} words or more that you put in double quotes must appear word for word in "
                "that material. Paraphrase without quotation marks instead.",
          "PF": "## Quotations\nText in double quotes is a verbatim quotation of the source material: every quoted "
                "passage of {words}+ words matches the source word for word.",
          "UI": "If you put something in quotes, it has to be word for word from what I sent - otherwise just "
                "paraphrase it.",
          "SD": {"skill": "report-writing",
                 "text": "Quoted passages ({words}+ words, in double quotes) are copied word for word from the "
                         "sources; anything else is paraphrased without quotes."},
      })
def test_quotations_are_verbatim(run: Run, words: int = 5) -> None:
    """Every passage of {words} words or more in double quotes in a deliverable appears word for word (case,
    punctuation and line breaks aside) in the user's messages or the files the run started with."""
    found = [(d.where, q) for d in deliverables(run) for q in quotations(d.prose, words)]
    found = found or na(f"no quotation of {words} words or more")
    given = f" {normalised(source_material(run))} "
    altered = [f"{where}: {q[:60]!r}" for where, q in found if f" {normalised(q)} " not in given]
    assert not altered, f"quotations not found word for word in the material: {altered}"


@rule("PW-041", family="professional_writing", modality="forbid", prior="against", method="regex",
      observability="surface", universality="cross-non-coding", fit="SP:medium PF:high UI:low SD:high",
      source="curated: no directional references (Microsoft style guide, accessible documents)",
      opportunity="a deliverable",
      surfaces={
          "SP": "Never point to other parts of a document by position ('see above', 'as mentioned below', 'the "
                "table above'); name the section or link to it instead, since layout changes and screen readers "
                "have no 'above'.",
          "PF": "## Cross-references\nNo 'above'/'below' references ('see above', 'the list below'). Refer to a "
                "section by its name or link to it.",
          "UI": "Don't say 'see above' or 'below' - name the section you mean.",
          "SD": {"skill": "writing-style",
                 "text": "Refer to sections by name or link, never by 'above' or 'below'."},
      })
def test_no_positional_references(run: Run) -> None:
    """No deliverable refers to its parts by position (`see above`, `as mentioned below`, `the table above`)."""
    docs = deliverables(run) or na("nothing delivered")
    hits = [f"{d.where}: {m.group(0)!r}" for d in docs for m in POSITIONAL.finditer(d.prose)]
    assert not hits, f"positional references: {hits}"
