"""The mechanics and structure of delivered prose (a memo, an email, a report, meeting or release notes), read from a
`prose.Document`: its sections, lists (with their nesting), Markdown tables, links and bare URLs, calendar dates,
clock times, money amounts, counted numbers, series, acronyms, quotations and reference ids; the header lines of an
email or memo; which kind of deliverable the user asked for; and the material the agent was given.

Every helper reads `Document.prose`, so code (fenced blocks, inline code) is never prose. The recognisers are
deliberately narrow: they find the forms a style rule names and leave everything ambiguous alone."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..evidence import Run
from .prose import Document
from .regex import FENCE

# --- what the user asked for -------------------------------------------------------------------------------------

REQUESTS = {
    "email": re.compile(
        r"\b(?:write|draft|compose|prepare|send|reply|respond|answer)\b[^.?!\n]{0,40}\be-?mails?\b"
        r"|\be-?mail\s+(?:to\s+)?(?:the|our|my|him|her|them|everyone|all)\b",
        re.I,
    ),
    "memo": re.compile(r"\bmemo(?:randum)?s?\b", re.I),
    "release notes": re.compile(r"\brelease[- ]notes?\b", re.I),
    "faq": re.compile(r"\bFAQs?\b|\bfrequently asked questions\b", re.I),
}


def requested(run: Run, kind: str) -> bool:
    """Whether some user turn asks for a deliverable of `kind` (`email`, `memo`, `release notes`, `faq`)."""
    pattern = REQUESTS[kind]
    return any(pattern.search(t.request) for t in run.turns)


def source_material(run: Run) -> str:
    """What the agent was given to work from: every user message and the text of every file it started with."""
    files = [data.decode(errors="replace") for data in run.initial_files.values() if b"\0" not in data]
    return "\n\n".join([*(t.request for t in run.turns), *files])


def documents_text(docs: Iterable[Document]) -> str:
    """Deliverables as the judge reads them: each under a `### <where>` line."""
    return "\n\n".join(f"### {d.where}\n{d.text.strip()}" for d in docs)


# --- headings and sections ---------------------------------------------------------------------------------------

HEADING_LINE = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_EMPHASIS = re.compile(r"^[*_]+|[*_]+$")


def title_key(title: str) -> str:
    """A heading or label as compared: emphasis, a trailing colon and case left out (`**Summary:**` -> `summary`)."""
    return _EMPHASIS.sub("", title.strip()).rstrip(":").strip().casefold()


@dataclass(frozen=True)
class Section:
    """One Markdown heading and the text under it, up to the next heading of any level."""

    level: int
    title: str
    body: str


def sections(doc: Document) -> list[Section]:
    """The document's sections in order (text before the first heading belongs to none)."""
    out: list[Section] = []
    head: tuple[int, str] | None = None
    body: list[str] = []
    for line in doc.prose.splitlines():
        if m := HEADING_LINE.match(line):
            if head:
                out.append(Section(head[0], head[1], "\n".join(body).strip()))
            head, body = (len(m.group(1)), m.group(2).strip()), []
        elif head:
            body.append(line)
    if head:
        out.append(Section(head[0], head[1], "\n".join(body).strip()))
    return out


def find_section(doc: Document, titles: Iterable[str]) -> Section | None:
    """The first section whose heading is one of `titles` (compared by `title_key`)."""
    keys = {title_key(t) for t in titles}
    return next((s for s in sections(doc) if title_key(s.title) in keys), None)


WORD_TOKEN = re.compile(r"[A-Za-z][\w'’-]*")


def title_case_words(doc: Document) -> list[str]:
    """Capitalised words inside headings (not the first word of a heading, of a sentence in it, or after a colon)
    that the body text never writes capitalised mid-sentence, i.e. that are no proper nouns, as `'heading' (Word)`."""
    proper = {tok for u in units(doc) for tok in WORD_TOKEN.findall(u)[1:] if tok[0].isupper()}
    out = []
    for _, title in doc.headings:
        for part in re.split(r":|(?<=[.?!])\s+", title):
            for word in WORD_TOKEN.findall(part)[1:]:
                if word[0].isupper() and word[1:].islower() and len(word) > 1 and word not in proper:
                    out.append(f"{title!r} ({word})")
    return out


def body_lines(doc: Document) -> list[str]:
    """The prose lines that are not headings."""
    return [line for line in doc.prose.splitlines() if not HEADING_LINE.match(line)]


def labelled(paragraph: str, titles: Iterable[str]) -> str | None:
    """The text after a leading label (`TL;DR: ...`, `**Summary:** ...`) that is one of `titles`, else None."""
    for title in titles:
        m = re.match(rf"^[*_]*{re.escape(title)}[*_]*\s*:[*_]*\s*(.*)$", paragraph, re.I | re.S)
        if m:
            return m.group(1).strip()
    return None


def opening_summary(doc: Document, titles: Iterable[str]) -> bool:
    """Whether the document opens with its summary: the first heading below the title is one of `titles`, or the
    first paragraph starts with one of them as a label."""
    titles = tuple(titles)
    first = next((s for s in sections(doc) if s.level > 1), None)
    if first is not None and title_key(first.title) in {title_key(t) for t in titles}:
        return True
    paragraphs = doc.paragraphs
    return bool(paragraphs) and labelled(paragraphs[0], titles) is not None


def summary_text(doc: Document, titles: Iterable[str]) -> str | None:
    """The text of the document's summary, wherever it is: the body of a section headed one of `titles`, else a
    paragraph labelled with one of them; None when it has neither."""
    titles = tuple(titles)
    if section := find_section(doc, titles):
        return section.body
    return next((text for p in doc.paragraphs if (text := labelled(p, titles)) is not None), None)


# --- lists -------------------------------------------------------------------------------------------------------

LIST_LINE = re.compile(r"^(?P<indent>[ \t]*)(?P<marker>[-*+]|\d+[.)])\s+(?P<text>.*)$")
TABLE_LINE = re.compile(r"^\s*\|")


@dataclass(frozen=True)
class ListItem:
    """One list item: its nesting depth (0 at the top), its marker, its text (continuation lines joined) and the
    1-based prose line it starts on."""

    depth: int
    marker: str
    text: str
    line: int

    @property
    def ordered(self) -> bool:
        return self.marker[0].isdigit()


def _width(indent: str) -> int:
    return len(indent.replace("\t", "    "))


def _depth(stack: list[int], indent: int) -> int:
    """Update the stack of open indents for an item indented by `indent` and return its depth."""
    while stack and indent < stack[-1]:
        stack.pop()
    if not stack or indent > stack[-1]:
        stack.append(indent)
    return len(stack) - 1


def list_blocks(doc: Document, inline_code: bool = False) -> list[list[ListItem]]:
    """Runs of list items (with their nested items and continuation lines), one run per list in the text. Item
    texts leave inline code out unless `inline_code` (for evidence a reader sees: "Run `make test`")."""
    blocks: list[list[ListItem]] = []
    items: list[ListItem] = []
    stack: list[int] = []
    blank = False
    text = FENCE.sub(" ", doc.text) if inline_code else doc.prose
    for number, line in enumerate(text.splitlines(), 1):
        if m := LIST_LINE.match(line):
            item = ListItem(_depth(stack, _width(m["indent"])), m["marker"], m["text"].strip(), number)
            items.append(item)
        elif not line.strip():
            blank = True
            continue
        elif items and (line[0].isspace() or not blank) and not HEADING_LINE.match(line):
            last = items[-1]
            items[-1] = ListItem(last.depth, last.marker, f"{last.text} {line.strip()}", last.line)
        elif items:
            blocks.append(items)
            items, stack = [], []
        blank = False
    return [*blocks, items] if items else blocks


def _kind(item: ListItem) -> str:
    """What starts a new list among siblings: numbered items, or the bullet character."""
    return "1." if item.ordered else item.marker


def lists(doc: Document, inline_code: bool = False) -> list[list[ListItem]]:
    """Every list of the document, nested lists apart: the items that share a parent, a depth and a kind of
    marker (a numbered list right after a bulleted one is another list). `inline_code` as in `list_blocks`."""
    out: list[list[ListItem]] = []
    for block in list_blocks(doc, inline_code):
        open_lists: dict[tuple[int, int], list[ListItem]] = {}
        parents: list[int] = []
        for index, item in enumerate(block):
            parents = parents[: item.depth]
            key = (parents[-1] if parents else -1, item.depth)
            current = open_lists.get(key)
            if current is None or _kind(current[-1]) != _kind(item):
                current = open_lists[key] = []
                out.append(current)
            current.append(item)
            parents.append(index)
    return out


# --- tables ------------------------------------------------------------------------------------------------------

DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")


def tables(doc: Document) -> list[list[str]]:
    """Markdown tables: runs of two or more lines starting with `|`, each as its lines."""
    out: list[list[str]] = []
    run: list[str] = []
    for line in [*doc.prose.splitlines(), ""]:
        if TABLE_LINE.match(line):
            run.append(line.strip())
            continue
        if len(run) >= 2:
            out.append(run)
        run = []
    return out


def cells(row: str) -> list[str]:
    """The cells of one table row (outer pipes dropped, `\\|` kept inside a cell)."""
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [c.strip() for c in re.split(r"(?<!\\)\|", inner)]


def table_problem(rows: list[str]) -> str | None:
    """What is wrong with a Markdown table, if anything: no delimiter row under the header, or a row whose number
    of cells differs from the header's."""
    if not DELIMITER_ROW.match(rows[1]):
        return f"no `|---|` row under the header {rows[0][:50]!r}"
    width = len(cells(rows[0]))
    uneven = [r for r in rows[1:] if len(cells(r)) != width]
    return f"rows with a cell count other than the header's {width}: {uneven[:2]}" if uneven else None


# --- line breaks -------------------------------------------------------------------------------------------------

_NOT_RUNNING = re.compile(r"^\s*(?:#{1,6}\s|\||>|[-*+]\s|\d+[.)]\s)")


def broken_sentences(doc: Document) -> list[str]:
    """Places where a sentence is broken across two lines (hard wrapping): a line that does not end a sentence
    (`.`, `!`, `?`, `:`, `;`), a hard break (two trailing spaces, a backslash) or a heading or table row, followed
    by a running-text line that starts in lower case. One sentence per line is no break."""
    lines = doc.prose.splitlines()
    out = []
    for a, b in itertools.pairwise(lines):
        if not a.strip() or not b.strip() or re.match(r"^\s*(?:#{1,6}\s|\|)", a) or _NOT_RUNNING.match(b):
            continue
        if a.endswith(("  ", "\\")) or a.rstrip()[-1] in ".!?:;":
            continue
        if b.strip()[0].islower():
            out.append(f"{a.strip()[-30:]!r} / {b.strip()[:30]!r}")
    return out


# --- sentences ---------------------------------------------------------------------------------------------------


def units(doc: Document) -> list[str]:
    """The document's running text as short units: each sentence of its paragraphs and each list item."""
    return [*doc.sentences, *(item.text for block in list_blocks(doc) for item in block)]


def paragraph_sentences(doc: Document) -> list[tuple[str, list[str]]]:
    """(paragraph, its sentences) for each paragraph, split the way `Document.sentences` splits."""
    return [(p, Document(doc.where, p).sentences) for p in doc.paragraphs]


WORD = re.compile(r"\b\w[\w'’-]*\b")


def word_count(text: str) -> int:
    """Words in prose (`it's`, `long-term` count once)."""
    return len(WORD.findall(text))


# --- dates, times, money, numbers -----------------------------------------------------------------------------------

MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b\.?"
)
ISO_DATE = r"(?<![\d-])\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d-])"
OTHER_DATES = (
    rf"\b{MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}}\b)?",
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}(?:,?\s+\d{{4}}\b)?",
    r"(?<![\d/.])\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})(?![\d/])",
    r"(?<![\d.])\d{1,2}\.\d{1,2}\.\d{4}(?![\d.])",
    r"(?<![\d/])\d{4}/\d{1,2}/\d{1,2}(?![\d/])",
)
DATE = re.compile(rf"(?P<iso>{ISO_DATE})|" + "|".join(f"(?:{p})" for p in OTHER_DATES))


def dates(text: str) -> list[tuple[str, bool]]:
    """Calendar dates (a day with its month) in `text`, in order, each with whether it is ISO 8601 (`2024-05-03`).
    A month alone or a month and year is no date here."""
    return [(m.group(0), m.group("iso") is not None) for m in DATE.finditer(text)]


CLOCK = re.compile(
    r"(?<![\d:.])(?:[01]?\d|2[0-3]):[0-5]\d(?:\s?[ap]\.?m\.?(?!\w))?(?![\d:])"
    r"|\b(?:1[0-2]|0?[1-9])\s?(?:[ap]\.m\.|[ap]m\b)",
    re.I,
)
ZONE = re.compile(
    r"\s*\(?\s*(?:(?:UTC|GMT)(?:\s?[+\-−]\s?\d{1,2}(?::?\d{2})?)?\b|Z\b|[A-Z]{1,4}T\b|[+\-−]\d{2}:?\d{2}\b)"
)
RANGE = re.compile(r"\s*(?:-|–|—|to|until|and)\s*$", re.I)


def clock_times(text: str) -> list[tuple[str, bool]]:
    """Clock times (`14:30`, `9am`, `3 p.m.`) in `text`, each with whether a time zone follows it (an abbreviation
    such as UTC or CET, or an offset); the first time of a range (`9:00-10:00 UTC`) shares the zone of the last."""
    hits = list(CLOCK.finditer(text))
    out: list[tuple[str, bool]] = []
    for i, m in enumerate(hits):
        nxt = hits[i + 1] if i + 1 < len(hits) else None
        if nxt is not None and RANGE.match(text[m.end() : nxt.start()]):
            zoned = bool(ZONE.match(text, nxt.end()))
        else:
            zoned = bool(ZONE.match(text, m.end()))
        out.append((m.group(0), zoned))
    return out


ISO_CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "SEK", "NOK", "DKK", "NZD", "SGD")


def money(text: str, symbols: Iterable[str]) -> list[tuple[str, bool]]:
    """Amounts of money in `text`, each with whether it is written with a currency symbol of `symbols` (`$1,200`,
    `1.200 €`) rather than an ISO 4217 code (`USD 1,200`, `1,200 EUR`)."""
    sym = "|".join(re.escape(s) for s in symbols)
    code = "|".join(ISO_CURRENCIES)
    amount = r"\d[\d,.]*(?:\s?(?:k|m|bn|million|billion|thousand)\b)?"
    parts = [rf"\b(?:{code})\s?{amount}", rf"(?<![\w.,]){amount}\s?(?:{code})\b"]
    if sym:
        parts[:0] = [rf"(?:{sym})\s?{amount}", rf"(?<![\w.,]){amount}\s?(?:{sym})"]
    found = sorted((m.start(), m.group(0)) for m in re.finditer("|".join(f"(?:{p})" for p in parts), text))
    return [(hit, bool(sym) and any(s in hit for s in symbols)) for _, hit in found]


_SKIP_BEFORE = re.compile(
    rf"(?:\b(?:step|steps|page|pages|table|figure|fig\.|section|chapter|version|v|item|phase|option|tier|level|"
    rf"grade|no\.|number|room|floor|week|day|round|sprint|wave|part|appendix|schedule|clause|article|annex|exhibit|"
    rf"paragraph|para\.|line|lane|bay|unit|site|plot|group|arm|cohort|batch|gate|ward|bed|desk|zone|region|stage|"
    rf"study|sample|tank|well|chamber|station|block|building|plan|model|year|quarter|q|term|wing|track)|{MONTH})\s+$",
    re.I,
)
_LABEL_BEFORE = re.compile(r"(?<![.!?:]\s)(?<!^)\b[A-Z][a-z]+\s+$")  # `Schedule 3`, `Chamber 2`: a name, no count
_SKIP_AFTER = frozenset(
    {"am", "pm", "a.m.", "p.m.", "km", "m", "cm", "mm", "kg", "g", "mg", "l", "ml", "s", "ms", "min", "h", "px", "pt",
     "x", "kb", "mb", "gb", "tb", "million", "billion", "thousand", "trillion", "bn", "k"}
)
_COUNTED = re.compile(r"(?<![\w.,:/#$€£¥+\-])(\d+)(?![\w.,:/%°)\-])\s+([a-z][a-z.]*)")


def counted_numerals(text: str, below: int) -> list[str]:
    """Numerals smaller than `below` that count something (`3 teams`, `1 of 4 servers`): an integer followed by a
    lower-case word that is no unit symbol, not part of a date, a reference or label (`step 3`, `chamber 2`, a
    capitalised name such as `Schedule 3` inside a sentence), a measure or money."""
    out = []
    for m in _COUNTED.finditer(text):
        if int(m.group(1)) >= below or m.group(2).rstrip(".") in _SKIP_AFTER or m.group(2) in _SKIP_AFTER:
            continue
        before = text[max(0, m.start() - 20) : m.start()]
        if _SKIP_BEFORE.search(before) or _LABEL_BEFORE.search(text[: m.start()]):
            continue
        out.append(f"{m.group(1)} {m.group(2).rstrip('.')}")
    return out


# --- series (the serial comma) -----------------------------------------------------------------------------------

_INTRO = frozenset(
    {"however", "yes", "no", "so", "also", "then", "today", "currently", "finally", "first", "second", "meanwhile",
     "instead", "therefore", "still", "now", "in", "on", "at", "after", "before", "since", "during", "for", "if",
     "when", "while", "although", "though", "because", "as", "unfortunately", "fortunately", "overall",
     "additionally", "otherwise", "again", "next", "last", "thus", "hence", "thanks", "hi", "hello", "dear", "once",
     "where", "until", "unless"}
)
_ITEM = r"[\w'’-]+(?: [\w'’-]+){0,2}"
SERIES_WITHOUT = re.compile(rf"(?<![\w,])({_ITEM}), ({_ITEM}) (?:and|or) [\w'’-]+")
SERIES_WITH = re.compile(rf"{_ITEM}, {_ITEM}, (?:and|or) [\w'’-]+")


def series(sentence: str) -> tuple[list[str], list[str]]:
    """Series of three or more items in one sentence: (those with a comma before the final `and`/`or`, those
    without). A first comma that closes an introductory phrase (`If it fails, retry and log`) or sits inside a
    date (`March 5, 2024`) makes no series."""
    sentence = DATE.sub(lambda m: m.group(0).replace(",", ""), sentence)
    with_comma = [m.group(0) for m in SERIES_WITH.finditer(sentence)]
    without = []
    for m in SERIES_WITHOUT.finditer(sentence):
        head = sentence[: m.start(1)]
        if "," not in head and sentence.split(maxsplit=1)[0].strip("*_").casefold() in _INTRO:
            continue
        without.append(m.group(0))
    return with_comma, without


# --- spelling ----------------------------------------------------------------------------------------------------

_ENDINGS = ("s", "es", "d", "ed", "ing", "ation", "ations", "er", "ers", "ful", "al", "able", "ite", "ites", "ly")


def spelled_forms(text: str, words: Iterable[str]) -> list[str]:
    """The words of `text` that are one of `words` or an inflection of it (`organize` also finds `organized`,
    `organizing`, `organization`; `color` finds `colors`, `colorful`), lower-cased, in order, without repeats."""
    out: list[str] = []
    for word in words:
        stem = word[:-1] if word.endswith("e") else word
        pattern = rf"\b(?:{re.escape(word)}|{re.escape(stem)}(?:{'|'.join(_ENDINGS)}))\b"
        for m in re.finditer(pattern, text, re.I):
            if m.group(0).casefold() not in out:
                out.append(m.group(0).casefold())
    return out


# --- acronyms ------------------------------------------------------------------------------------------------------

ACRONYM = re.compile(r"(?<![\w&-])([A-Z][A-Z0-9&]*[A-Z])s?(?![\w&-])")
_WORDS = r"[A-Za-z][A-Za-z'’-]*(?:[ -]+[A-Za-z][A-Za-z'’-]*)+"
SPELLED_AFTER = re.compile(rf"\s*\(\s*{_WORDS}\s*\)")
SPELLED_BEFORE = re.compile(rf"{_WORDS}\s*\($")


@dataclass(frozen=True)
class Acronym:
    """The first use of an acronym in the body text, and whether that use spells it out (`service-level agreement
    (SLA)` or `SLA (service-level agreement)`)."""

    name: str
    expanded: bool
    context: str


TIME_ZONES = ("UTC", "GMT", "CET", "CEST", "EET", "EEST", "WET", "BST", "IST", "EST", "EDT", "CST", "CDT", "MST", "MDT",
              "PST", "PDT", "JST", "AEST", "AEDT")


def acronyms(doc: Document, known: Iterable[str]) -> list[Acronym]:
    """The acronyms of the body text (headings left out) at their first use, in order: neither `known` ones nor
    currency codes (`EUR`) or time-zone abbreviations (`CET`), which are written as they are."""
    text = "\n".join(body_lines(doc)).replace("TL;DR", " ")
    skip = {*known, *ISO_CURRENCIES, *TIME_ZONES}
    seen: dict[str, Acronym] = {}
    for m in ACRONYM.finditer(text):
        name = m.group(1)
        if name in skip or name in seen:
            continue
        before = text[max(0, m.start() - 80) : m.start()]
        inside = text[m.end() : m.end() + 1] == ")" and SPELLED_BEFORE.search(before) is not None
        spelled = SPELLED_AFTER.match(text, m.end()) is not None
        context = text[max(0, m.start() - 30) : m.end() + 30].replace("\n", " ").strip()
        seen[name] = Acronym(name, inside or spelled, context)
    return list(seen.values())


# --- links, URLs, quotations, reference ids -----------------------------------------------------------------------

LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
IMAGE = re.compile(r"!\[([^\]\n]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
LINK_DEFINITION = re.compile(r"^\s*\[[^\]\n]+\]:\s*\S+.*$", re.M)
URL = re.compile(r"https?://[^\s)>\]]+|\bwww\.[\w-]+(?:\.[\w-]+)+[^\s)>\]]*", re.I)


def links(text: str) -> list[tuple[str, str]]:
    """(text, target) of each inline Markdown link (images left out)."""
    return [(m.group(1).strip(), m.group(2)) for m in LINK.finditer(text)]


def bare_urls(text: str) -> list[str]:
    """URLs written out in the text rather than as the target of a Markdown link or image (`<https://...>`
    autolinks count as written out; reference-style link definitions do not)."""
    rest = LINK_DEFINITION.sub(" ", IMAGE.sub(" ", LINK.sub(" ", text)))
    return [u.rstrip(".,;:!?") for u in URL.findall(rest)]


def urls(text: str) -> list[str]:
    """Every URL in the text, link targets included."""
    return URL.findall(text)


QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")


def quotations(text: str, min_words: int) -> list[str]:
    """Passages in double quotes (straight or curly) of at least `min_words` words."""
    found = [a or b for a, b in QUOTED.findall(text)]
    return [q for q in found if word_count(q) >= min_words]


def normalised(text: str) -> str:
    """Text reduced to its words, lower case, single-spaced (quotes, punctuation and line breaks left out)."""
    return " ".join(re.findall(r"\w+", text.replace("’", "'").casefold()))


CITATION_MARKER = re.compile(r"(?<![\w\]!])\[(\d{1,3})\](?![(\[:])")
ENTRY = re.compile(r"^\s*(?:\[(\d{1,3})\]|(\d{1,3})[.)])\s+\S", re.M)


def citation_markers(text: str) -> set[str]:
    """The numbers of the bracketed citation markers (`[3]`) in the text (links and footnote definitions aside)."""
    return set(CITATION_MARKER.findall(text))


def numbered_entries(text: str) -> set[str]:
    """The numbers of the entries of a reference list (`1. ...`, `[1] ...`)."""
    return {a or b for a, b in ENTRY.findall(text)}


NOT_TICKETS = frozenset({"COVID", "ISO", "UTF", "SHA", "MD", "RFC", "TLS", "SSL", "HTTP", "IPV", "MP", "GPT", "CVE"})
TICKET = re.compile(r"(?<![\w#&])#\d+\b|\b([A-Z][A-Z0-9]{1,9})-\d+\b")


def reference_ids(text: str) -> list[str]:
    """Issue, ticket and incident ids (`#482`, `OPS-1234`) in the text, in order, without repeats (`COVID-19`,
    `ISO-8601`, `UTF-8` and the like are no tickets)."""
    out: list[str] = []
    for m in TICKET.finditer(text):
        if m.group(1) in NOT_TICKETS or m.group(0) in out:
            continue
        out.append(m.group(0))
    return out


# --- fixed layouts: release notes, emails, memos ---------------------------------------------------------------------

VERSION_HEADING = re.compile(r"^\[?v?\d+\.\d+")


def grouping_problems(doc: Document, groups: Iterable[str]) -> list[str]:
    """How release notes stray from grouping every entry under a heading of `groups`: no group heading at all, a
    heading that is neither a group, the title nor a version (`## 2.4.0`), or list items outside a group."""
    keys = {title_key(g) for g in groups}
    parts = sections(doc)
    out = [] if any(title_key(s.title) in keys for s in parts) else ["no group heading"]
    for s in parts:
        if title_key(s.title) in keys:
            continue
        if s.level > 1 and not VERSION_HEADING.match(s.title):
            out.append(f"heading {s.title!r}")
        elif any(LIST_LINE.match(line) for line in s.body.splitlines()):
            out.append(f"entries outside a group under {s.title!r}")
    return out


LABEL_EMPHASIS = re.compile(r"^[*_]{1,2}([^*_:]+)(?::[*_]{1,2}|[*_]{1,2}:)")


def plain_lines(doc: Document) -> list[str]:
    """The non-blank prose lines, stripped, with Markdown emphasis around a leading label removed
    (`**Subject:** x` -> `Subject: x`)."""
    out = []
    for line in doc.prose.splitlines():
        if line.strip():
            out.append(LABEL_EMPHASIS.sub(r"\1:", line.strip()))
    return out


HEADER_FIELD = re.compile(r"^(?:subject|to|cc|bcc|from|date)\s*:", re.I)


def greeting_line(doc: Document) -> str:
    """The first line of an email after its header lines (`Subject:`, `To:`, `Cc:`...): where the greeting goes."""
    return next((line for line in plain_lines(doc) if not HEADER_FIELD.match(line)), "")


def field_value(line: str, label: str) -> str | None:
    """The value of a header line `label: value` (case of the label ignored), else None."""
    m = re.match(rf"^{re.escape(label)}\s*:\s*(.*)$", line, re.I)
    return m.group(1).strip() if m else None


def subject_line(doc: Document, label: str = "Subject") -> str | None:
    """The subject of an email: the value of a `label:` line among its first three lines, else None."""
    return next((v for line in plain_lines(doc)[:3] if (v := field_value(line, label)) is not None), None)
