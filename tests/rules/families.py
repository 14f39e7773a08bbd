"""Fixture families: one behaviour written three ways (`pytest_harnessif.fixtureways`: tool calls, bash one-liners, a
bash script), each way a fixture factory of its own, so the fixture tests run a check on all three and the meta test
can tell that a check reading commands meets more than one agent's habits."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from pytest_harnessif.fixtureways import WAYS

Factory = Callable[[], Any]


def family(name: str, runs: Callable[[], dict[str, Any]], only: tuple[str, ...] = WAYS) -> list[Factory]:
    """The factories of one family: `runs()` gives each way's case (a `Run`, or `(Run, JudgeScript)`); `only` keeps
    the ways that belong to one fixture kind (a rule about the way itself passes one way and fails the others)."""
    cached = functools.cache(runs)

    def factory(way: str) -> Factory:
        def build() -> Any:
            return cached()[way]

        build.__name__ = f"{name}_{way}"
        build.family = name  # type: ignore[attr-defined]
        build.way = way  # type: ignore[attr-defined]
        return build

    return [factory(way) for way in only]
