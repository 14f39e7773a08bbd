"""Re-scoring at paper scale: 12 models x 60 tasks x 3 rounds x 30 rules = 64,800 items, every trajectory recorded
and every verdict kept, re-scored serially against pytest running 64,800 plain no-op items (the floor); each in a
subprocess, interleaved, median of 3. Setting up records 2,160 small trajectories once (a few minutes): gold plays
each task, and ten `replay/` models re-play gold's recordings under their own names."""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ENV
from bench_collection import ITEMS, N_TASKS, ROUNDS, plain_panel, synthetic_panel

REPEAT = 3


def pytest(cwd: Path, *args: str) -> float:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=cwd,
                          capture_output=True, text=True, env=ENV)  # fmt: skip
    if proc.returncode not in (0, 1):
        raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b, tempfile.TemporaryDirectory() as c:
        ours, floor, seed = Path(a), Path(b), Path(c)
        synthetic_panel(ours)
        for task in (ours / "tasks" / "bench").iterdir():
            (task / "gold.yaml").write_text("turns:\n  - reply: OK, hello.\n")
        plain_panel(floor)
        common = [f"--harness-rounds={ROUNDS}", "--harness-preflight=no"]
        pytest(ours, "--harness-model=gold", "-n", "2", *common)
        config = next(p for p in (ours / ".harnessif" / "runs").iterdir() if (p / "gold").is_dir())
        for n in range(10):
            shutil.copytree(config / "gold", seed / f"m{n}")
        models = ["--harness-model=gold", "--harness-model=defaults",
                  *(f"--harness-model=replay/m{n}@{seed}" for n in range(10))]  # fmt: skip
        pytest(ours, *models, "-n", "2", *common)  # the other 1,980 trajectories, every verdict kept
        summary = max((ours / "reports").glob("*/summary.json"), key=lambda p: p.stat().st_mtime)
        meta = json.loads(summary.read_text())
        assert meta["verdicts_written"] == ITEMS and meta["trajectories"] == 12 * N_TASKS * ROUNDS, meta
        times: dict[str, list[float]] = {"floor": [], "rescore": []}
        for _ in range(REPEAT):
            times["floor"].append(pytest(floor, "-p", "no:xdist"))
            times["rescore"].append(pytest(ours, *models, "-p", "no:xdist", *common))
    f, r = (statistics.median(times[k]) for k in ("floor", "rescore"))
    print(f"re-score a recorded paper-scale panel, {ITEMS:,} items (12 models x 60 tasks x 3 rounds x 30 rules):")
    print(f"  {ITEMS:,} plain no-op items (floor): {f:6.2f} s")
    print(f"  re-score, verdicts kept:           {r:6.2f} s  ratio {r / f:.2f}x")


if __name__ == "__main__":
    main()
