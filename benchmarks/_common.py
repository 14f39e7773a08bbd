"""Shared helpers for the benchmark scripts: run pytest in a subprocess and time it."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# As a user's environment runs: bytecode is cached (this machine sets PYTHONDONTWRITEBYTECODE, which would make every
# run compile the plugin's modules, and pytest re-rewrite them, from source).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed_pytest(cwd: Path, *args: str, repeat: int = 3) -> float:
    """Median wall time of `python -m pytest <args>` in `cwd`; a failing run aborts the benchmark."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=cwd,
                              capture_output=True, text=True, env=ENV)
        times.append(time.perf_counter() - start)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"pytest {' '.join(args)} in {cwd} exited {proc.returncode}:\n{proc.stdout[-2000:]}"
                             f"{proc.stderr[-2000:]}")
    return statistics.median(times)
