"""An xdist scheduler that sends all items of one trajectory key to one worker.

`--dist loadgroup` is silently broken on pytest 9.2 + xdist 3.8 (xdist issue 1386), so the plugin installs
this scheduler through `pytest_xdist_make_scheduler` whenever `--harness-model` is given.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from xdist.scheduler.loadscope import LoadScopeScheduling

from .swe import CONFIG_NAMES

_SURFACE = "(?:SP|TD|SD|PF|UI)"
_PARAM_ID = re.compile(
    rf"\[([^\[\]]+-r\d+(?:-without-[A-Z]{{2}}-\d{{3}}|-[a-z0-9-]+-{_SURFACE}-{_SURFACE}-(?:AB|BA))?)\]$"
)
_FLOW_ID = re.compile(
    rf"\[([^\[\]]+-r\d+-(?:{'|'.join(CONFIG_NAMES)}))-(?:clean|after-\d+|resolve|answer-.+|unchanged-.+)\]$"
)


def trajectory(nodeid: str) -> str | None:
    """The trajectory id (`model-task-rN`, `...-without-RULE` in a one-at-a-time probe, `...-PAIR-SP-PF-AB` in an E0
    conflict run, `...-CONFIG` in an SWE-TaskFlow session, whatever it measures) of an item, or None."""
    found = _FLOW_ID.search(nodeid) or _PARAM_ID.search(nodeid)
    return found.group(1) if found else None


class TrajectoryScheduling(LoadScopeScheduling):
    """Scope = the item's trajectory; other items group by module or class. With `--harness-concurrency=N` a scope
    is a unit of N consecutive trajectories in collection order, the same units each worker's harness plays
    together (so collection order is kept: `--loadscope-reorder` does not apply)."""

    per_unit = 1
    _units: dict[str, str] | None = None

    def __init__(self, config: pytest.Config, log: Any = None) -> None:
        super().__init__(config, log)
        self.per_unit = int(config.getoption("harness_concurrency", 1) or 1)
        if self.per_unit > 1:
            config.option.loadscopereorder = False

    def _split_scope(self, nodeid: str) -> str:
        found = trajectory(nodeid)
        if found is None:
            return super()._split_scope(nodeid)
        if self.per_unit == 1:
            return f"harness:{found}"
        return f"harness-unit:{self._unit_of()[found]}"

    def _unit_of(self) -> dict[str, str]:
        """Trajectory -> its unit, cut from the trajectories in collection order (known once collection is)."""
        if self._units is None:
            assert self.collection is not None, "units are cut from the whole collection"
            ordered = list(dict.fromkeys(t for t in map(trajectory, self.collection) if t is not None))
            self._units = {t: str(i // self.per_unit) for i, t in enumerate(ordered)}
        return self._units
