"""Where the bundled rule library, task panel, judge calibration set, E0 conflict task and SWE-TaskFlow check are:
inside the installed package (`pytest_harnessif/bundled/`, put there when the wheel is built) or, in a checkout,
next to the package."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
RULES, TASKS, CALIBRATION, E0, SWE_TASKFLOW = "rule_checks", "tasks", "calibration", "e0", "swe_taskflow"


def bundled(name: str) -> Path | None:
    """The bundled folder `name` (`rule_checks`, `tasks`, `calibration`, `e0`, `swe_taskflow`), or None when this
    install has none."""
    for base in (PACKAGE / "bundled", PACKAGE.parent):
        if (base / name).is_dir():
            return base / name
    return None


def default_dir(given: str | None, name: str) -> Path:
    """A command's folder option: what was typed, as typed; when nothing was (None), the working directory's
    folder `name` if it has one, else the bundled one."""
    if given is not None:
        return Path(given)
    local = Path(name)
    return local if local.exists() else bundled(name) or local
