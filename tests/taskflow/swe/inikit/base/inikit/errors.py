"""Exceptions raised by inikit. They all derive from :class:`InikitError`."""

from __future__ import annotations


class InikitError(Exception):
    """Base class for every inikit error."""


class ParseError(InikitError):
    """The text is not valid INI."""

    def __init__(self, message: str, *, source: str = "<string>", lineno: int | None = None):
        where = f"{source}, line {lineno}" if lineno is not None else source
        super().__init__(f"{where}: {message}")
        self.source = source
        self.lineno = lineno


class DuplicateSectionError(ParseError):
    """A section header appears more than once in one file."""

    def __init__(self, section: str, *, source: str = "<string>", lineno: int | None = None):
        super().__init__(f"section {section!r} already exists", source=source, lineno=lineno)
        self.section = section


class DuplicateOptionError(ParseError):
    """An option appears more than once in one section."""

    def __init__(
        self, section: str, option: str, *, source: str = "<string>", lineno: int | None = None
    ):
        super().__init__(
            f"option {option!r} in section {section!r} already exists",
            source=source,
            lineno=lineno,
        )
        self.section = section
        self.option = option


class NoSectionError(InikitError, KeyError):
    """Lookup of a section that does not exist."""

    def __init__(self, section: str):
        super().__init__(f"no section {section!r}")
        self.section = section

    def __str__(self) -> str:
        return str(self.args[0])


class NoOptionError(InikitError, KeyError):
    """Lookup of an option that neither the section nor ``[DEFAULT]`` defines."""

    def __init__(self, option: str, section: str):
        super().__init__(f"no option {option!r} in section {section!r}")
        self.option = option
        self.section = section

    def __str__(self) -> str:
        return str(self.args[0])


class InterpolationError(InikitError):
    """A ``%(name)s`` reference cannot be expanded."""
