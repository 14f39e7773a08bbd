"""inikit: a small, strict INI reader and writer."""

from __future__ import annotations

import os
from typing import TextIO

from .document import DEFAULT_SECTION, Document
from .errors import (
    DuplicateOptionError,
    DuplicateSectionError,
    InikitError,
    InterpolationError,
    NoOptionError,
    NoSectionError,
    ParseError,
)
from .parser import parse
from .writer import dump, dumps

__all__ = [
    "DEFAULT_SECTION",
    "Document",
    "DuplicateOptionError",
    "DuplicateSectionError",
    "InikitError",
    "InterpolationError",
    "NoOptionError",
    "NoSectionError",
    "ParseError",
    "dump",
    "dumps",
    "load",
    "loads",
    "read",
]

__version__ = "0.9.2"


def loads(text: str, *, source: str = "<string>") -> Document:
    """Parse INI text into a :class:`Document`."""
    return parse(text, source=source)


def load(fp: TextIO) -> Document:
    """Parse an open text file."""
    return parse(fp.read(), source=getattr(fp, "name", "<stream>"))


def read(path: str | os.PathLike[str], *, encoding: str = "utf-8") -> Document:
    """Parse the file at *path*."""
    with open(path, encoding=encoding) as fp:
        return load(fp)
