"""Tone, voice and clarity of delivered prose, for the writing rules: the writer's own words in a deliverable (code,
block quotes and quoted speech left out), phrase lists matched as whole words with their inflections, the opening
sentence of a message's body, passive voice, reading ease, what the user asked for, and the dates and figures of
the material a run was given (to tell what the writer added from what it was told).

Deliverables come from `checks.prose.deliverables`; everything here works on its `Document`s."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..evidence import Run, TurnView
from .command import EDIT_TOOLS
from .prose import Document
from .regex import HEADING

_BLOCKQUOTE = re.compile(r"^\s*>.*$", re.M)
_QUOTED = re.compile(r"\"[^\"\n]{1,300}\"|“[^”\n]{1,300}”")
_APOSTROPHE = str.maketrans({"’": "'", "‘": "'"})


# --- the writer's own words -----------------------------------------------------------------------


def unquoted(text: str) -> str:
    """`text` without block-quote lines (`> ...`), apostrophes made straight."""
    return _BLOCKQUOTE.sub("", text).translate(_APOSTROPHE)


def own_text(doc: Document) -> str:
    """What the writer says in its own voice: the prose without code, block quotes and passages in double quotes
    (a quoted customer message or a term under discussion is not the writer's word choice)."""
    return _QUOTED.sub(" ", unquoted(doc.prose))


def sentences(doc: Document) -> list[str]:
    """The sentences of the document's paragraphs and list items, without block quotes, header fields
    (`Subject: ...`), salutations (`Hi Ana,`) and horizontal rules; quoted speech inside a sentence stays (the
    reader reads it as part of the sentence)."""
    lines = [line if _body_line(line, lead_ins=False) else "" for line in unquoted(doc.text).splitlines()]
    plain = Document(doc.where, "\n".join(lines))
    items = Document(doc.where, "\n\n".join(plain.items))
    return plain.sentences + items.sentences


def multi_sentence_paragraphs(doc: Document) -> list[str]:
    """The paragraphs of the document (block quotes aside) that hold more than one sentence: the ones that can mix
    ideas."""
    plain = Document(doc.where, unquoted(doc.text))
    return [p for p in plain.paragraphs if len(Document(doc.where, p).sentences) > 1]


# --- phrase lists ---------------------------------------------------------------------------------


def _literal(text: str) -> str:
    """A phrase as a regex: spaces match any whitespace, a hyphen a hyphen, a space or nothing, and an apostrophe
    a straight or curly one."""
    special = {" ": r"\s+", "-": r"[-\s]?", "'": "['’]"}
    return "".join(special.get(ch, re.escape(ch)) for ch in text)


_IRREGULAR_VERBS = {
    "make": ("made",), "come": ("came",), "give": ("gave", "given"), "have": ("has", "had"), "take": ("took", "taken"),
    "do": ("did", "done", "does"), "hold": ("held",), "get": ("got", "gotten"), "is": ("are", "was", "were", "be"),
}


_FUNCTION_WORDS = frozenset({"not", "the", "and", "for", "its", "per", "due", "each", "some", "many", "this", "that",
                             "with", "from", "you", "his", "him", "she"})


def _word_forms(word: str) -> str:
    """A word with its plain inflections as a regex: `s`, `es`, `ed`, `ing` (`delve` -> `delving`, `carry` ->
    `carried`) and, for a few common verbs, the irregular past (`make` -> `made`)."""
    forms = [_literal(word) + "(?:s|es|ed|ing)?"]
    if word.endswith("e"):
        forms = [_literal(word) + "[sd]?", _literal(word[:-1]) + "ing"]
    elif word.endswith("y") and len(word) > 2:
        forms.append(_literal(word[:-1]) + "(?:ies|ied)")
    forms.extend(_literal(f) for f in _IRREGULAR_VERBS.get(word.lower(), ()))
    return "(?:" + "|".join(forms) + ")"


def _inflected(phrase: str) -> str:
    """A phrase with the plain inflections of its last word (`delve` also matches `delving`) and, in a phrase of
    several words, of its first word of three letters or more (`make a decision` matches `made a decision`); a
    trailing `.` is optional (`etc.` matches `etc`)."""
    phrase = phrase.strip()
    if phrase.endswith("."):
        return _literal(phrase[:-1]) + r"\.?"
    head, _, rest = phrase.partition(" ")
    verb = head.lower() in _IRREGULAR_VERBS or (len(head) >= 3 and head.lower() not in _FUNCTION_WORDS)
    if rest and head.isalpha() and verb:
        return _word_forms(head) + r"\s+" + _inflected(rest)
    if not phrase[-1:].isalpha():
        return _literal(phrase)
    *lead, last = phrase.split(" ")
    return "".join(_literal(w) + r"\s+" for w in lead) + _word_forms(last)


def phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """Any of `phrases` as a whole word or words, case-insensitive, with the inflections `_inflected` allows
    (`whitelist` matches `whitelisted`, `make a decision` matches `made a decision`); the longest phrase wins where
    several start at one place. No phrase: a pattern that never matches."""
    ordered = sorted({p.strip() for p in phrases if p.strip()}, key=len, reverse=True)
    if not ordered:
        return re.compile(r"(?!x)x")
    return re.compile(r"(?<![\w-])(?:" + "|".join(_inflected(p) for p in ordered) + r")(?![\w])", re.I)


def phrase_hits(text: str, phrases: Iterable[str]) -> list[str]:
    """The listed phrases found in `text`, as written (lower case), each once, in order of appearance."""
    found = [" ".join(m.group(0).lower().split()) for m in phrase_pattern(phrases).finditer(text)]
    return list(dict.fromkeys(found))


def flagged(docs: Iterable[Document], phrases: Iterable[str]) -> dict[str, list[str]]:
    """For each deliverable whose own words use some of `phrases`: where it is -> the phrases found."""
    listed = tuple(phrases)
    out = {d.where: phrase_hits(own_text(d), listed) for d in docs}
    return {where: hits for where, hits in out.items() if hits}


def described(found: dict[str, list[str]]) -> str:
    """`{where: [phrases]}` as `memo.md: 'very', 'really'; final reply: 'basically'`."""
    return "; ".join(f"{where}: {', '.join(repr(h) for h in hits)}" for where, hits in found.items())


def word_family(words: Iterable[str]) -> re.Pattern[str]:
    """Words matched as the start of a word, case-insensitive (`instruction` matches `instructions`, `advise`
    matches `advising` and `advisory`: a final `e` is dropped from words of five letters or more, so `tone`
    stays whole and never matches `Tony` or `tonight`)."""
    stems = [w.strip()[:-1] if len(w.strip()) > 4 and w.strip().endswith("e") else w.strip() for w in words]
    stems = [s for s in stems if s]
    if not stems:
        return re.compile(r"(?!x)x")
    return re.compile(r"(?<![\w-])(?:" + "|".join(_literal(s) for s in stems) + r")\w*", re.I)


# --- what the user asked and what the run was given ---------------------------------------------


def asked_for(run: Run, keywords: Iterable[str]) -> list[TurnView]:
    """The turns whose user message mentions one of `keywords` (matched as word starts: see `word_family`)."""
    pattern = word_family(keywords)
    return [t for t in run.turns if pattern.search(t.request)]


def request_text(run: Run) -> str:
    """The user's requests (without rule wordings placed on the user surface), one paragraph each: what the
    deliverable was asked to be."""
    return "\n\n".join(t.request.strip() for t in run.turns if t.request.strip())


def given_text(run: Run) -> str:
    """The material the run was given: the user's messages, the text of the workspace's initial files and what
    the task's own tools returned (an inbox, a ticket lookup, a figures query). Never text the agent wrote itself
    (bash output, and `read_file`, which adds nothing to the initial files but a draft the agent wrote and read
    back), nor the instructions it was given: the project file (where project-file rules are placed, examples and
    all) and the skill bodies are left out."""
    rules_file = run.task.project_file
    files = [d.decode(errors="replace") for p, d in run.initial_files.items() if b"\0" not in d and p != rules_file]
    outputs = [
        c.output
        for c in run.tool_calls
        if c.output and c.name not in ("bash", "skill", "read_file", "list_files", *EDIT_TOOLS)
    ]
    return "\n\n".join([request_text(run), *files, *outputs])


def as_evidence(docs: Iterable[Document]) -> str:
    """Deliverables as the judge reads them: each under a `### <where>` heading."""
    return "\n\n".join(f"### {d.where}\n{d.text.strip()}" for d in docs)


# --- openings, pronouns, passive voice ----------------------------------------------------------

_SALUTATION = re.compile(
    r"^(?:hi|hello|hey|dear|greetings|good\s+(?:morning|afternoon|evening))\b[^.!?]{0,60}[,!:]?$", re.I
)
_FIELD = re.compile(r"^(?:subject|to|from|cc|bcc|date|re)\s*:", re.I)
_GREETED = re.compile(r"^(?:hi|hello|hey|dear)\b[^,.!?]{0,40},\s*", re.I)


def _body_line(line: str, lead_ins: bool = True) -> bool:
    """Whether a line is part of the message body: not a header field, a salutation or a horizontal rule, nor
    (with `lead_ins`) a line ending in a colon (`Here is the draft:`) or a heading."""
    text = line.strip().strip("*_").strip()
    ruler = bool(line.strip()) and set(line.strip()) <= set("-*_= ")
    if ruler or _FIELD.match(text) or _SALUTATION.match(text):
        return False
    if not lead_ins:
        return True
    return bool(text) and not (HEADING.match(line.strip()) or text.endswith(":"))


def opening(doc: Document) -> str:
    """The first sentence of the body: after any header fields (`Subject:`), salutation (`Hi Ana,`, also at the
    start of the sentence), lead-in line ending in a colon (`Here is the draft:`), heading or horizontal rule;
    empty when the body has no paragraph."""
    lines = [line if _body_line(line) else "" for line in unquoted(doc.prose).splitlines()]
    found = Document(doc.where, "\n".join(lines)).sentences
    return _GREETED.sub("", found[0]) if found else ""


def first_person(text: str, pronouns: Iterable[str]) -> list[str]:
    """The listed first-person words used in `text`, each once: `I` only as the capital word (and in `I'm`,
    `I've`, `I'll`, `I'd`), the others in any case."""
    found: list[str] = []
    for word in pronouns:
        flags = 0 if word == "I" else re.I
        tail = r"(?:'(?:m|ve|ll|d))?(?![\w/'-])" if word == "I" else r"(?![\w'-])"
        if re.search(rf"(?<![\w/'-]){re.escape(word)}{tail}", text, flags):
            found.append(word)
    return found


def carries_line(text: str, line: str) -> bool:
    """Whether `text` has a line reading `line` (case, surrounding spaces, Markdown emphasis and a final period
    aside)."""
    want = line.strip().strip("*_").strip().rstrip(".").casefold()
    return any(row.strip().strip("*_>").strip().rstrip(".").casefold() == want for row in text.splitlines())


_DIRECTIVE = r"\s+(?:should|must|can|may|needs?\s+to|has\s+to|have\s+to|will\s+need\s+to|is\s+required\s+to)\b"


def third_person_directives(text: str, subjects: Iterable[str]) -> list[str]:
    """Instructions aimed at the reader in the third person (`the user should`, `employees must`): one of
    `subjects` before should / must / can / may / needs to / has to / is required to, each once, lower case."""
    names = sorted({s.strip() for s in subjects if s.strip()}, key=len, reverse=True)
    if not names:
        return []
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(_literal(n) for n in names) + ")" + _DIRECTIVE, re.I)
    return list(dict.fromkeys(" ".join(m.group(0).lower().split()) for m in pattern.finditer(text)))


_VAGUE_VERB = (r"(?:is|was|are|were|means?|meant|will|would|can|could|should|may|might|shows?|showed|makes?|made|"
               r"has|had|leads?|led|allows?|allowed|causes?|caused|suggests?|suggested)")


def bare_pronoun_start(sentence: str, pronouns: Iterable[str]) -> bool:
    """Whether a sentence starts with one of `pronouns` standing alone as its subject, right before a verb
    (`This means...`, `That was...`), so the reader must guess what it points at (`This change means...` and
    `That is, ...` are fine)."""
    names = [p.strip() for p in pronouns if p.strip()]
    if not names:
        return False
    start = sentence.lstrip("*_\"'(“ ")
    return bool(re.match(r"(?:" + "|".join(map(re.escape, names)) + rf")\s+{_VAGUE_VERB}\b(?!,)", start, re.I))


def ticket_keys(text: str, projects: Iterable[str]) -> list[str]:
    """Issue-tracker keys of the given projects in `text` (`OPS-1234` for project `OPS`), each once."""
    names = [p.strip() for p in projects if p.strip()]
    if not names:
        return []
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, names)) + r")-\d+\b")
    return list(dict.fromkeys(pattern.findall(text)))


_BE = r"(?:am|is|are|was|were|be|been|being|get|gets|got|gotten)"
_IRREGULAR = (
    "known", "given", "taken", "made", "done", "seen", "written", "sent", "built", "found", "held", "kept", "left",
    "lost", "paid", "shown", "told", "thrown", "brought", "bought", "caught", "chosen", "drawn", "driven", "forgotten",
    "frozen", "hidden", "led", "met", "spent", "sold", "spoken", "stolen", "taught", "understood", "won", "broken",
    "begun", "heard", "meant", "withdrawn", "undertaken", "overseen", "cut", "set", "put", "hit", "shut", "split",
    "spread", "hurt", "read",
)
_NOT_PARTICIPLE = ("red", "bed", "shed", "need", "feed", "seed", "speed", "indeed", "succeed", "proceed", "exceed")
PASSIVE = re.compile(
    rf"\b{_BE}\s+(?:(?:not|also|then|now|already|still|\w+ly)\s+){{0,2}}"
    rf"(?!(?:{'|'.join(_NOT_PARTICIPLE)})\b)(?:\w+ed|{'|'.join(_IRREGULAR)})\b",
    re.I,
)


def is_passive(sentence: str) -> bool:
    """Whether a sentence has a passive construction: a form of `be` or `get` (an adverb or `not` may come
    between) before a past participle (`-ed` or a common irregular one). A heuristic: `is located` counts."""
    return bool(PASSIVE.search(sentence))


# --- reading ease ---------------------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


def syllables(word: str) -> int:
    """Syllables of an English word by the usual vowel-group heuristic (silent final `e`, `-es`, `-ed` dropped);
    at least one."""
    w = re.sub(r"[^a-z]", "", word.lower())
    if len(w) <= 3:
        return 1
    w = re.sub(r"(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$", "", w)
    w = re.sub(r"^y", "", w)
    return max(1, len(re.findall(r"[aeiouy]{1,2}", w)))


def reading_ease(parts: list[str]) -> float | None:
    """Flesch reading ease of the sentences `parts` (206.835 - 1.015 x words per sentence - 84.6 x syllables per
    word; 60 and above reads as plain English); None without words."""
    words = [w for s in parts for w in _WORD.findall(s)]
    if not words or not parts:
        return None
    per_sentence = len(words) / len(parts)
    per_word = sum(syllables(w) for w in words) / len(words)
    return 206.835 - 1.015 * per_sentence - 84.6 * per_word


# --- dates and figures ----------------------------------------------------------------------------

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = (r"(?P<m>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_DAY = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?"
_CALENDAR = (
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}(?!\w)", re.I),
    re.compile(rf"\b{_MONTH}\s+{_DAY}\b", re.I),
    re.compile(r"\b\d{4}-(?P<m>\d{2})-(?P<d>\d{2})\b"),
)
_SPAN = r"(?:\d+|one|two|three|four|five|six|seven|ten|twenty-four|forty-eight)"
_RELATIVE = re.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|next\s+(?:week|month|quarter|year)"
    r"|(?:end|close)\s+of\s+(?:the\s+)?(?:day|week|month|quarter|year)|eod|cob|eow"
    rf"|(?:within|in)\s+(?:the\s+next\s+)?{_SPAN}\s+(?:business\s+|working\s+)?(?:hours?|days?|weeks?|months?))\b",
    re.I,
)


def _month_number(name: str) -> int:
    return int(name) if name.isdigit() else _MONTHS.index(name[:3].lower()) + 1


def date_mentions(text: str) -> dict[str, str]:
    """The dates, weekdays and turnarounds `text` names, canonical key -> as first written: calendar dates as
    `MM-DD` whatever their format (`3 March`, `March 3rd`, `2025-03-03`), weekdays and relative ones (`tomorrow`,
    `end of week`, `within 48 hours`) in lower case with single spaces."""
    hits = [(m.start(), f"{_month_number(m.group('m')):02d}-{int(m.group('d')):02d}", m.group(0))
            for pattern in _CALENDAR for m in pattern.finditer(text)]
    hits += [(m.start(), " ".join(m.group(0).lower().split()), m.group(0)) for m in _RELATIVE.finditer(text)]
    found: dict[str, str] = {}
    for _, key, written in sorted(hits):
        found.setdefault(key, written)
    return found


_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(\s*(?:%|percent\b|per cent\b))?")
_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_WORD_VALUE = {w: i for i, w in enumerate(_UNITS)} | {w: 20 + 10 * i for i, w in enumerate(_TENS)}
_SCALE = {"hundred": 100, "thousand": 1_000, "million": 1_000_000}
_NUMBER_WORD = "|".join([*_UNITS, *_TENS, *_SCALE])
_NUMBER_WORDS = re.compile(
    rf"\b(?P<words>(?:{_NUMBER_WORD})(?:(?:[\s-]+|\s+and\s+)(?:{_NUMBER_WORD}))*)\b"
    r"(?P<percent>\s*(?:%|percent\b|per cent\b))?",
    re.I,
)


_AND_SPLIT = re.compile(r"(?<!hundred)(?<!thousand)(?<!million)\s+and\s+", re.I)


def _word_value(words: str) -> int:
    """`forty-eight` -> 48, `two hundred and ten` -> 210, `fifteen thousand` -> 15000."""
    total = current = 0
    for word in re.split(r"[\s-]+", words.lower()):
        if word in _WORD_VALUE:
            current += _WORD_VALUE[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in _SCALE:
            total, current = total + max(current, 1) * _SCALE[word], 0
    return total + current


def numbers(text: str, figures_only: bool = False) -> dict[str, str]:
    """The numbers in `text`, in digits or in words, canonical value (`1,250.50` -> `1250.5`, `8 percent` -> `8%`,
    `forty-eight` -> `48`, `twelve per cent` -> `12%`) -> as written: a percentage keeps its sign, so `8%` is not
    found in a source that only has `7-8`. With `figures_only`, only figures: a number of two digits or more, a
    decimal or a percentage (not a count like `3 options` or `three options`)."""
    found: dict[str, str] = {}
    hits = [(m.start(), m.group(1).replace(",", ""), (m.group(2) or "").rstrip("0"), m.group(3), m.group(0))
            for m in _NUMBER.finditer(text)]
    for m in _NUMBER_WORDS.finditer(text):
        parts = _AND_SPLIT.split(m["words"])  # `forty and twelve` is two numbers; `two hundred and ten` one
        for i, part in enumerate(parts):
            percent = m["percent"] if i == len(parts) - 1 else None
            hits.append((m.start() + i, str(_word_value(part)), "", percent, part + (percent or "")))
    for _, whole, decimals, percent, written in sorted(hits):
        if figures_only and len(whole) < 2 and not decimals and not percent:
            continue
        key = (whole.lstrip("0") or "0") + (f".{decimals}" if decimals else "") + ("%" if percent else "")
        found.setdefault(key, written.strip())
    return found
