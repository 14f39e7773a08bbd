"""Model-agent throughput: 16 trajectories x 6 model calls against a loopback provider adding 0.5 s per call,
serial vs `-n 8`, and the harness overhead per call (wall time not spent waiting on the server)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

sys.path.insert(0, str(ROOT))
from tests.support.loopback import LoopbackServer, tool_loop

LATENCY, ROUNDS, CALLS = 0.5, 16, 6  # the mini task has 2 user turns: 2 tool calls + 1 reply each


def run(panel: Path, url: str, *extra: str) -> float:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--harness-model=openai/bench@{url}",
         f"--harness-rounds={ROUNDS}", "--harness-rerun", "-q", *extra],
        cwd=panel, capture_output=True, text=True, env={**__import__("os").environ, "OPENAI_API_KEY": "bench"},
    )
    wall = time.perf_counter() - start
    if "trajectories: 16 (16 recorded now" not in proc.stdout:
        raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    return wall


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, LoopbackServer(
        "openai", latency=LATENCY, respond=tool_loop("openai", 2)
    ) as server:
        panel = Path(tmp)
        shutil.copytree(ROOT / "tests" / "data" / "minipanel", panel, dirs_exist_ok=True)
        serial = run(panel, server.base_url, "-p", "no:xdist")
        in_runs, in_calls = inside_trajectories(panel)
        parallel = run(panel, server.base_url, "-n", "8")
    waiting = ROUNDS * CALLS * LATENCY
    print(f"16 trajectories x {CALLS} calls at {LATENCY} s/call: serial {serial:6.1f} s, -n 8 {parallel:6.1f} s, "
          f"ratio {serial / parallel:.2f}x")
    print(f"server wait alone (serial): {waiting:.1f} s; whole-session overhead per call: "
          f"{(serial - waiting) / (ROUNDS * CALLS) * 1000:.0f} ms (pytest start-up, sandbox, tools, scoring)")
    print(f"inside trajectories: {(in_runs - in_calls) / (ROUNDS * CALLS) * 1000:.1f} ms per call not spent in the "
          f"model call (client, loop, tools, snapshots); client-side time per call beyond the server's "
          f"{LATENCY} s: {(in_calls / (ROUNDS * CALLS) - LATENCY) * 1000:.1f} ms")


def inside_trajectories(panel: Path) -> tuple[float, float]:
    """(sum of trajectory durations, sum of model-call latencies) over the recorded trajectories."""
    runs = calls = 0.0
    for record in panel.glob(".harnessif/runs/*/*/mini/r*/trajectory.json"):
        traj = json.loads(record.read_text())
        runs += traj["duration"]
        calls += sum(s["latency"] for t in traj["turns"] for s in t["steps"])
    return runs, calls


if __name__ == "__main__":
    main()
