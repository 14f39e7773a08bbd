"""The judge on the starter panel: judge calls and wall time of a first scoring vs a re-score of the same
recorded runs (answers served from the judge cache), against the floor of scoring without a judge; and the share
of eligible verdicts decided deterministically vs by the judge.

A loopback OpenAI-compatible server plays the judge (the plugin's real SDK client talks HTTP to it), adding
LATENCY seconds per call like a hosted model; it answers pass or fail from a hash of the prompt.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from _common import ROOT

sys.path.insert(0, str(ROOT))
from tests.support.loopback import LoopbackServer, openai_reply

LATENCY = 0.3
MODELS = ["--harness-model=gold", "--harness-model=defaults"]


def respond(body: dict) -> dict:
    prompt = body["messages"][-1]["content"]
    verdict = "fail" if hashlib.sha256(prompt.encode()).digest()[0] < 64 else "pass"
    return openai_reply(json.dumps({"verdict": verdict, "reason": "loopback judge"}))


def scored(store: str, reports: Path, *extra: str) -> tuple[float, Path]:
    """Wall time of one `-n 2` scoring of the panel and its run directory."""
    reports.mkdir(parents=True, exist_ok=True)
    before = set(reports.iterdir())
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "2", *MODELS,
         f"--harness-store={store}", f"--harness-report-dir={reports}", *extra],
        cwd=ROOT, capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"pytest exited {proc.returncode}:\n{proc.stdout[-3000:]}{proc.stderr[-2000:]}")
    (run_dir,) = set(reports.iterdir()) - before
    return elapsed, run_dir


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, LoopbackServer("openai", latency=LATENCY, respond=respond) as server:
        store, reports, cache = f"{tmp}/store", Path(tmp) / "reports", f"{tmp}/judge"
        judge = [f"--harness-judge=openai/loopback-judge@{server.base_url}", f"--harness-judge-cache={cache}"]
        scored(store, reports)  # record the trajectories once: every timing below re-uses them
        floor, _ = scored(store, reports)
        first, run_dir = scored(store, reports, *judge)
        calls_first = len(server.requests)
        again, _ = scored(store, reports, *judge)
        calls_again = len(server.requests) - calls_first
        rows = [json.loads(line) for line in (run_dir / "verdicts.jsonl").read_text().splitlines()]
    print(f"panel: {len(rows)} verdicts, 2 models, -n 2; loopback judge {LATENCY} s per call, 3 votes")
    print(f"no judge (floor)   {floor:6.2f} s")
    print(f"first scoring      {first:6.2f} s  {calls_first:4d} judge calls  ratio {first / floor:.2f}x vs floor")
    print(f"re-score (cached)  {again:6.2f} s  {calls_again:4d} judge calls  ratio {again / floor:.2f}x vs floor, "
          f"{again / first:.2f}x vs first")
    eligible = [r for r in rows if r["status"] in ("pass", "fail")]
    by_judge = sum(r["judge"] is not None for r in eligible)
    print(f"eligible verdicts: {len(eligible)}; deterministic {len(eligible) - by_judge} "
          f"({100 * (len(eligible) - by_judge) / len(eligible):.1f}%), judge {by_judge} "
          f"({100 * by_judge / len(eligible):.1f}%)")
    methods = Counter((r["method"], "judge" if r["judge"] else "check") for r in eligible)
    print("by method: " + ", ".join(f"{m}/{how} {n}" for (m, how), n in sorted(methods.items())))
    print("statuses: " + ", ".join(f"{s} {n}" for s, n in sorted(Counter(r["status"] for r in rows).items())))


if __name__ == "__main__":
    main()
