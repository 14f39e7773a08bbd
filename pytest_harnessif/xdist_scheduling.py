"""An xdist scheduler that sends all items of one trajectory key to one worker.

`--dist loadgroup` is silently broken on pytest 9.2 + xdist 3.8 (xdist issue 1386), so the plugin installs
this scheduler through `pytest_xdist_make_scheduler` whenever `--harness-model` is given.
"""

from __future__ import annotations

import re

from xdist.scheduler.loadscope import LoadScopeScheduling

from .swe import CONFIG_NAMES

_SURFACE = "(?:SP|TD|SD|PF|UI)"
_PARAM_ID = re.compile(
    rf"\[([^\[\]]+-r\d+(?:-without-[A-Z]{{2}}-\d{{3}}|-[a-z0-9-]+-{_SURFACE}-{_SURFACE}-(?:AB|BA))?)\]$"
)
_FLOW_ID = re.compile(
    rf"\[([^\[\]]+-r\d+-(?:{'|'.join(CONFIG_NAMES)}))-(?:clean|after-\d+|resolve|answer-.+|unchanged-.+)\]$"
)


class TrajectoryScheduling(LoadScopeScheduling):
    """Scope = the trajectory id (`model-task-rN`, `...-without-RULE` in a one-at-a-time probe,
    `...-PAIR-SP-PF-AB` in an E0 conflict run, `...-CONFIG` in an SWE-TaskFlow session, whatever it measures) of
    an item; other items group by module or class."""

    def _split_scope(self, nodeid: str) -> str:
        found = _FLOW_ID.search(nodeid) or _PARAM_ID.search(nodeid)
        if found:
            return f"harness:{found.group(1)}"
        return super()._split_scope(nodeid)
