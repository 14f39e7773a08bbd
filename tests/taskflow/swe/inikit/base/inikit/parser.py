"""Turn lexed lines into a :class:`~inikit.document.Document`."""

from __future__ import annotations

from .document import DEFAULT_SECTION, Document
from .errors import DuplicateOptionError, DuplicateSectionError, ParseError
from .lexer import Kind, tokenize


def parse(text: str, *, source: str = "<string>") -> Document:
    """Parse *text*; *source* is only used in error messages."""
    doc = Document()
    section: str | None = None
    seen_sections: set[str] = set()
    seen_options: set[str] = set()
    last_option: str | None = None

    for line in tokenize(text, source=source):
        if line.kind is Kind.SECTION:
            if line.name in seen_sections:
                raise DuplicateSectionError(line.name, source=source, lineno=line.lineno)
            seen_sections.add(line.name)
            section = line.name
            if section != DEFAULT_SECTION:
                doc.add_section(section)
            seen_options = set()
            last_option = None
        elif line.kind is Kind.OPTION:
            if section is None:
                raise ParseError(
                    f"option {line.name!r} before the first section header",
                    source=source,
                    lineno=line.lineno,
                )
            key = doc.optionxform(line.name)
            if key in seen_options:
                raise DuplicateOptionError(section, key, source=source, lineno=line.lineno)
            seen_options.add(key)
            doc.set(section, key, line.value)
            last_option = key
        elif line.kind is Kind.CONTINUATION:
            if section is None or last_option is None:
                raise ParseError(
                    "indented line without an option to continue",
                    source=source,
                    lineno=line.lineno,
                )
            previous = doc.get(section, last_option, raw=True)
            doc.set(section, last_option, f"{previous}\n{line.value}")
        elif line.kind is Kind.BLANK:
            # A blank line ends a multi-line value.
            last_option = None
    return doc
