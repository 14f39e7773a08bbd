"""Collection at paper scale: 12 models x 60 tasks x 3 rounds x 30 rules = 64,800 rule items (`--collect-only`)
against pytest collecting 64,800 plain parametrized no-op items (the floor): wall time and peak RSS, each in a
subprocess, interleaved, median of 3. Ten of the twelve models are `replay/` specs (never played when only
collecting)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ENV

N_RULES, N_TASKS, ROUNDS, REPEAT = 30, 60, 3, 3
MODELS = ["gold", "defaults", *(f"replay/m{n}@store" for n in range(10))]
ITEMS = N_RULES * N_TASKS * ROUNDS * len(MODELS)
PROBE = "import resource, sys, pytest; rc = pytest.main(sys.argv[1:]); " \
        "print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss); sys.exit(rc)"  # fmt: skip

RULE = '''
@rule("BX-{n:03d}", family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high UI:high", source="curated: bench",
      opportunity="a final reply", surfaces={{"SP": "Say OK.", "UI": "Say OK please."}})
def test_rule_{n}(run):
    """The final reply says OK."""
    assert "OK" in run.final_reply
'''


def synthetic_panel(root: Path) -> None:
    (root / "pytest.ini").write_text("[pytest]\nharness_rules = bench_rules\naddopts = --harness-bundled=no\n")
    pkg = root / "bench_rules"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "test_bench.py").write_text("from pytest_harnessif import rule\n" +
                                       "".join(RULE.format(n=n) for n in range(N_RULES)))  # fmt: skip
    ids = ", ".join(f"BX-{n:03d}" for n in range(N_RULES))
    for t in range(N_TASKS):
        task = root / "tasks" / "bench" / f"task-{t}"
        (task / "repo").mkdir(parents=True)
        (task / "repo" / "README.md").write_text("x\n")
        (task / "task.yaml").write_text(
            f"id: task-{t}\nscenario: bench\ntitle: t\nlanguages: [python]\nrole: r\nturns:\n"
            f"  - intent: explain\n    text: hi\nrules: [{ids}]\n"
        )


def plain_panel(root: Path) -> None:
    (root / "pytest.ini").write_text("[pytest]\n")
    (root / "test_plain.py").write_text(
        f"import pytest\n\n\n@pytest.mark.parametrize('i', range({ITEMS}))\ndef test_plain(i):\n    assert i >= 0\n"
    )


def once(cwd: Path, *args: str) -> tuple[float, float]:
    """(wall seconds, peak RSS in MB) of one `--collect-only -q` in a fresh interpreter."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", PROBE, "--collect-only", "-q", "-p", "no:cacheprovider", *args],
                          cwd=cwd, capture_output=True, text=True, env=ENV)  # fmt: skip
    wall = time.perf_counter() - start
    rss = [line for line in proc.stdout.splitlines() if line.startswith("RSS ")]
    if proc.returncode != 0 or not rss or f"{ITEMS} tests collected" not in proc.stdout:
        raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    return wall, int(rss[0].split()[1]) / 1024


def main() -> None:
    models = [f"--harness-model={m}" for m in MODELS]
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        synthetic_panel(Path(a))
        plain_panel(Path(b))
        ours, floor = [], []
        args = [*models, f"--harness-rounds={ROUNDS}", "--harness-preflight=no"]
        once(Path(a), *args)  # warm: the bytecode caches are written
        for _ in range(REPEAT):
            floor.append(once(Path(b)))
            ours.append(once(Path(a), *args))
    (ft, fr), (ot, orss) = ((statistics.median(x[0] for x in r), statistics.median(x[1] for x in r))
                            for r in (floor, ours))  # fmt: skip
    print(f"collect {ITEMS:,} items (12 models x 60 tasks x 3 rounds x 30 rules), --collect-only:")
    print(f"  plain parametrized no-op items (floor): {ft:6.2f} s, peak RSS {fr:5.0f} MB")
    print(f"  Harness-IF rule items:                  {ot:6.2f} s, peak RSS {orss:5.0f} MB   "
          f"ratio {ot / ft:.2f}x time, {orss / fr:.2f}x RSS")


if __name__ == "__main__":
    main()
