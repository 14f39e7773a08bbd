"""Model providers, one module each: a module of this package that declares `PROVIDER = Provider(...)` is
registered under its name. Provider modules import their SDK only when a client is built."""

from __future__ import annotations

import functools
import importlib
import pkgutil

from ._client import Provider


@functools.cache
def providers() -> dict[str, Provider]:
    """Every provider of this package by name."""
    found: dict[str, Provider] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        provider = getattr(importlib.import_module(f"{__name__}.{info.name}"), "PROVIDER", None)
        if isinstance(provider, Provider):
            found[provider.name] = provider
    return found
