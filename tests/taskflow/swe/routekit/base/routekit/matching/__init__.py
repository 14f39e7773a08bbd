"""Route patterns and the converters for their parameters."""

from .converters import CONVERTERS, Converter, get_converter, register_converter
from .pattern import Pattern, compile_pattern

__all__ = [
    "CONVERTERS",
    "Converter",
    "Pattern",
    "compile_pattern",
    "get_converter",
    "register_converter",
]
