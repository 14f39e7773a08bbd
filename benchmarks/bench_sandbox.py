"""Per-trajectory sandbox overhead, local vs docker: create + copy-in of a task repo (git-initialised) + 40 execs
+ snapshot + remove, median of 10 each, in this process; plus where the docker time goes."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from _common import ROOT

from pytest_harnessif.sandbox import Sandbox, SandboxError
from pytest_harnessif.sandbox.select import SandboxChoice, choose

REPO = ROOT / "tasks" / "backend" / "inventory-reservations" / "repo"
OVERLAY = {"AGENTS.md": b"# Project instructions\n"}
LABELS = {"harnessif.run": "bench-sandbox", "harnessif.key": "bench/inventory-reservations/r1"}
COMMANDS = [
    "ls -la",
    "git status --short",
    "cat pyproject.toml",
    "grep -rn 'def ' src | head -20",
    "echo note >> notes.txt",
    "git diff --stat",
    "python -c 'print(1)'",
    "wc -l src/*/*.py",
] * 5
REPEAT = 10


def trajectory(choice: SandboxChoice, phases: dict[str, list[float]]) -> float:
    """One trajectory's sandbox work; returns its wall time and adds each phase's time to `phases`."""
    marks = [time.perf_counter()]
    box: Sandbox = choice.from_repo(REPO, OVERLAY, LABELS)
    marks.append(time.perf_counter())
    for cmd in COMMANDS:
        if box.exec(cmd, timeout=60).exit_code != 0:
            raise SystemExit(f"{choice.backend}: {cmd!r} failed")
    marks.append(time.perf_counter())
    box.snapshot()
    marks.append(time.perf_counter())
    box.close()
    marks.append(time.perf_counter())
    for name, a, b in zip(("create+copy-in", "40 execs", "snapshot", "remove"), marks, marks[1:], strict=False):
        phases.setdefault(name, []).append(b - a)
    return marks[-1] - marks[0]


def measure(choice: SandboxChoice) -> tuple[float, dict[str, float]]:
    phases: dict[str, list[float]] = {}
    trajectory(choice, {})  # warm-up (image import, page cache)
    total = statistics.median(trajectory(choice, phases) for _ in range(REPEAT))
    return total, {name: statistics.median(times) for name, times in phases.items()}


def main() -> None:
    local = measure(choose("local"))
    try:
        docker = measure(choose("docker"))
    except SandboxError as exc:
        print(f"docker backend unavailable ({exc}); local only")
        docker = None
    rows: list[tuple[str, tuple[float, dict[str, float]]]] = [("local", local)]
    if docker is not None:
        rows.append(("docker", docker))
    fmt: Callable[[float], str] = lambda t: f"{t * 1000:8.1f} ms"  # noqa: E731
    for name, (total, phases) in rows:
        parts = "  ".join(f"{k} {fmt(v).strip()}" for k, v in phases.items())
        print(f"sandbox {name:6s} per trajectory {fmt(total)} (median of {REPEAT})   {parts}")
    if docker is not None:
        print(f"docker / local: {docker[0] / local[0]:.1f}x per trajectory; "
              f"{docker[1]['40 execs'] / 40 * 1000:.1f} ms vs {local[1]['40 execs'] / 40 * 1000:.1f} ms per exec")


if __name__ == "__main__":
    main()
