"""Re-scoring from the store: four bundled backend tasks (`python bench_rescore.py systems` or `frontend`: four of
that scenario's) played once by gold and defaults, then the whole session again with every trajectory re-used
(serial: the checks, the verdicts, the summary, records and report) against pytest running as many plain no-op
items (the floor); each in a subprocess, interleaved, median of 3. Two kinds of re-score: with every check run
again (`--harness-recheck`, as after a change of the code), and with the verdicts kept for the same recording and
code (the default once a session has scored them)."""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ENV, ROOT

PANELS = {  # scenario -> four of its tasks; `python bench_rescore.py systems` re-scores C tasks instead
    "backend": ["hookline-rate-limits", "webhook-dispatcher", "ledger-idempotency", "ledger-migrations"],
    "systems": ["kvlite-crc", "kvlite-compaction", "logrot-compression", "inicfg-includes"],
    "frontend": ["tablekit-sorting", "tablekit-a11y", "notes-search", "formwise-esm-migration"],
}
SCENARIO = sys.argv[1] if len(sys.argv) > 1 else "backend"
TASKS = PANELS[SCENARIO]
MODELS = ["--harness-model=gold", "--harness-model=defaults"]
REPEAT = 3


def panel(root: Path) -> None:
    (root / "pytest.ini").write_text(
        f"[pytest]\nharness_rules = {ROOT / 'rule_checks'}\nharness_tasks = tasks\naddopts = --harness-bundled=no\n"
    )
    source = ROOT / "tasks" / SCENARIO
    shutil.copytree(source / "repos", root / "tasks" / SCENARIO / "repos")
    for task in TASKS:
        shutil.copytree(source / task, root / "tasks" / SCENARIO / task)


def pytest(cwd: Path, *args: str) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q", *args],
                          cwd=cwd, capture_output=True, text=True, env=ENV)  # fmt: skip
    if proc.returncode not in (0, 1):
        raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    return time.perf_counter() - start, proc.stdout


def main() -> None:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        ours, floor = Path(a), Path(b)
        panel(ours)
        pytest(ours, *MODELS)  # record once
        summary = next((ours / "reports").glob("*/summary.json"))
        items = json.loads(summary.read_text())["verdicts_written"]
        (floor / "test_plain.py").write_text(
            f"import pytest\n\n\n@pytest.mark.parametrize('i', range({items}))\ndef test_plain(i):\n    assert i >= 0\n"
        )
        pytest(ours, *MODELS)  # scored once: the verdicts are kept
        times: dict[str, list[float]] = {"floor": [], "recheck": [], "kept": []}
        for _ in range(REPEAT):
            times["floor"].append(pytest(floor)[0])
            for kind, extra in (("recheck", ["--harness-recheck"]), ("kept", [])):
                elapsed, out = pytest(ours, *MODELS, *extra)
                assert "0 recorded now" in out, out[-2000:]
                times[kind].append(elapsed)
    f, r, k = (statistics.median(times[n]) for n in ("floor", "recheck", "kept"))
    print(f"re-score {len(TASKS)} {SCENARIO} tasks x 2 models from the store ({items} items, serial):")
    print(f"  {items} plain no-op items (floor):        {f:6.2f} s")
    print(f"  re-score, every check run again:      {r:6.2f} s  ratio {r / f:.2f}x")
    print(f"  re-score, verdicts kept:              {k:6.2f} s  ratio {k / f:.2f}x")

if __name__ == "__main__":
    main()
