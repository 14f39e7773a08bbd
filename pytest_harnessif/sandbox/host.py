"""What a task needs of the host when it runs in the local sandbox: programs on PATH, at a minimum version
(`needs: [node>=18, make, cc]` in task.yaml). A container image brings its own, so only `local` checks."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterable
from functools import cache

from ..schema import HOST_NEED, Task
from .base import SandboxError, sandbox_path

_VERSION = re.compile(r"(\d+(?:\.\d+)+)")


def _numbers(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in version.split("."))


@cache
def host_version(program: str) -> str | None:
    """The first dotted version `program --version` prints (`v20.20.2` -> `20.20.2`); None if it prints none.
    Raises FileNotFoundError when `program` is not on the sandbox's PATH (the one its commands will see)."""
    path = shutil.which(program, path=sandbox_path())
    if path is None:
        raise FileNotFoundError(program)
    try:
        proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = _VERSION.search(proc.stdout + proc.stderr)
    return found.group(1) if found else None


def unmet(needs: Iterable[str]) -> list[str]:
    """The needs this host does not meet, each as a phrase: `make (not on PATH)`, `node>=18 (found 16.20.2)`."""
    out = []
    for need in needs:
        m = re.match(HOST_NEED, need)
        if m is None:
            raise ValueError(f"not a host need: {need!r} (write `program` or `program>=VERSION`)")
        program, minimum = m["program"], m["version"]
        try:
            version = host_version(program)
        except FileNotFoundError:
            out.append(f"{need} (not on PATH)")
            continue
        if minimum and (version is None or _numbers(version) < _numbers(minimum)):
            out.append(f"{need} (found {version or 'no version'})")
    return out


def check_host(task: Task) -> None:
    """Raise a one-line SandboxError naming what the local sandbox lacks for `task`."""
    missing = unmet(task.needs)
    if missing:
        raise SandboxError(
            f"task {task.id} needs {', '.join(missing)} on this host for the local sandbox; install it, or run it "
            "in a container (--harness-sandbox=docker)"
        )
