"""Canonical forms of contact fields (email, phone, name) for matching customer records."""

from __future__ import annotations

import re
import unicodedata

from .cleaning import is_missing


def normalize_email(value: str | None) -> str:
    """Canonical form of an email address for matching; "" for a missing cell.

    Domain names are case-insensitive, so the domain is lower-cased. The local part is kept as
    written: RFC 5321 allows a mail server to treat it case-sensitively.
    """
    if value is None or is_missing(value):
        return ""
    local, _, domain = value.partition("@")
    return f"{local}@{domain.lower()}"


def normalize_phone(value: str | None) -> str:
    """The digits of a phone number in international form; "" for a missing cell.

    `+49 40 765 4321` and `0049-40-7654321` both give `49407654321`. A national number without
    a country code comes back as its digits.
    """
    if value is None or is_missing(value):
        return ""
    digits = re.sub(r"\D", "", value)
    return digits[2:] if value.strip().startswith("00") else digits


def normalize_name(value: str | None) -> str:
    """A person's name folded for matching: accents removed, case folded, whitespace collapsed."""
    if value is None or is_missing(value):
        return ""
    decomposed = unicodedata.normalize("NFKD", value)
    letters = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(letters.casefold().split())
