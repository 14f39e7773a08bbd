"""Fixture families: one behaviour written three ways (`pytest_harnessif.fixtureways`: tool calls, bash one-liners, a
bash script), each way a fixture factory of its own, so the fixture tests run a check on all three and the meta test
can tell that a check reading commands meets more than one agent's habits.

A family is played once, when a factory first asks for its case, however many fixture kinds its ways are split
across (a rule about the way itself passes one way and fails the others): the cases are kept by family name, so a
name stands for one behaviour."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from pytest_harnessif.fixtureways import WAYS, Ecosystem

Factory = Callable[[], Any]
_PLAYED: dict[str, dict[str, Any]] = {}


def family(name: str, runs: Callable[[], dict[str, Any]], only: tuple[str, ...] = WAYS) -> list[Factory]:
    """The factories of one family: `runs()` gives each way's case (a `Run`, or `(Run, JudgeScript)`); `only` keeps
    the ways that belong to one fixture kind."""

    def factory(way: str) -> Factory:
        def build() -> Any:
            if name not in _PLAYED:
                _PLAYED[name] = runs()
            return _PLAYED[name][way]

        build.__name__ = f"{name}_{way}"
        build.family = name  # type: ignore[attr-defined]
        build.way = way  # type: ignore[attr-defined]
        return build

    return [factory(way) for way in only]


class Repository(Protocol):
    """A repository a behaviour is played in: its ecosystem names the family."""

    @property
    def eco(self) -> Ecosystem: ...


R = TypeVar("R", bound=Repository)


def families(name: str, build: Callable[[R], dict[str, Any]], repos: Iterable[R], only: tuple[str, ...] = WAYS
             ) -> list[Factory]:
    """One family per repository (`name_<ecosystem>`) of the behaviour `build(repo)` plays (each way's case)."""
    return [f for repo in repos for f in family(f"{name}_{repo.eco.name}", functools.partial(build, repo), only)]
