"""The in-memory form of an INI file."""

from __future__ import annotations

from typing import Any

from .errors import NoOptionError, NoSectionError
from .interpolate import expand

DEFAULT_SECTION = "DEFAULT"
"""Values in this section are visible from every other section."""

BOOLEAN_STATES = {
    "1": True,
    "yes": True,
    "true": True,
    "on": True,
    "0": False,
    "no": False,
    "false": False,
    "off": False,
}

_UNSET: Any = object()


class Document:
    """Sections of options, plus the ``[DEFAULT]`` values they all inherit.

    Values are stored raw (as written in the file); :meth:`get` and
    :meth:`items` expand ``%(name)s`` references unless ``raw=True``.
    """

    def __init__(self) -> None:
        self._defaults: dict[str, str] = {}
        self._sections: dict[str, dict[str, str]] = {}

    @staticmethod
    def optionxform(name: str) -> str:
        """Normalise an option name: option lookups are case-insensitive."""
        return name.strip().lower()

    def __repr__(self) -> str:
        return f"<Document sections={self.sections()!r}>"

    # sections ----------------------------------------------------------

    def sections(self) -> list[str]:
        """Section names in file order, without ``[DEFAULT]``."""
        return list(self._sections)

    def has_section(self, section: str) -> bool:
        return section in self._sections

    def add_section(self, section: str) -> None:
        if section == DEFAULT_SECTION:
            raise ValueError(f"{DEFAULT_SECTION!r} always exists and cannot be added")
        self._sections.setdefault(section, {})

    def remove_section(self, section: str) -> bool:
        return self._sections.pop(section, None) is not None

    def defaults(self) -> dict[str, str]:
        """A copy of the raw ``[DEFAULT]`` values."""
        return dict(self._defaults)

    def raw_section(self, section: str) -> dict[str, str]:
        """The raw values written in *section* itself, without inherited defaults."""
        return dict(self._section(section))

    def _section(self, section: str) -> dict[str, str]:
        if section == DEFAULT_SECTION:
            return self._defaults
        try:
            return self._sections[section]
        except KeyError:
            raise NoSectionError(section) from None

    # options -----------------------------------------------------------

    def options(self, section: str) -> list[str]:
        """Names of the options available in *section*."""
        return list(self._section(section))

    def has_option(self, section: str, option: str) -> bool:
        key = self.optionxform(option)
        return key in self._section(section) or key in self._defaults

    def get(self, section: str, option: str, *, raw: bool = False, fallback: Any = _UNSET) -> Any:
        """The value of *option* in *section*, falling back to ``[DEFAULT]``.

        Raises :class:`NoOptionError` unless *fallback* is given.
        """
        key = self.optionxform(option)
        values = self._section(section)
        if key in values:
            value = values[key]
        elif key in self._defaults:
            value = self._defaults[key]
        elif fallback is not _UNSET:
            return fallback
        else:
            raise NoOptionError(key, section)
        return value if raw else expand(self, section, key, value)

    def getint(self, section: str, option: str, *, fallback: Any = _UNSET) -> Any:
        return self._convert(int, section, option, fallback)

    def getfloat(self, section: str, option: str, *, fallback: Any = _UNSET) -> Any:
        return self._convert(float, section, option, fallback)

    def getboolean(self, section: str, option: str, *, fallback: Any = _UNSET) -> Any:
        return self._convert(_to_bool, section, option, fallback)

    def _convert(self, conv: Any, section: str, option: str, fallback: Any) -> Any:
        value = self.get(section, option, fallback=_UNSET if fallback is _UNSET else None)
        if value is None and fallback is not _UNSET:
            return fallback
        return conv(value)

    def items(self, section: str, *, raw: bool = False) -> list[tuple[str, str]]:
        """``(name, value)`` pairs for *section*, inherited defaults first."""
        merged = {**self._defaults, **self._section(section)}
        if raw:
            return list(merged.items())
        return [(key, expand(self, section, key, value)) for key, value in merged.items()]

    def set(self, section: str, option: str, value: str) -> None:
        if not isinstance(value, str):
            raise TypeError(f"option values must be strings, not {type(value).__name__}")
        self._section(section)[self.optionxform(option)] = value

    def remove_option(self, section: str, option: str) -> bool:
        return self._section(section).pop(self.optionxform(option), None) is not None


def _to_bool(value: str) -> bool:
    try:
        return BOOLEAN_STATES[value.strip().lower()]
    except KeyError:
        raise ValueError(f"not a boolean: {value!r}") from None
