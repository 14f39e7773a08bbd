"""Collection time: the starter panel, and a synthetic 10,000-item panel against pytest collecting 10,000
plain parametrized items (the floor), each timed in a subprocess (median of 3)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from _common import ROOT, timed_pytest

N_RULES, N_TASKS, ROUNDS = 50, 50, 2  # x 2 models = 10,000 items
MODELS = ["--harness-model=gold", "--harness-model=defaults"]

RULE = '''
@rule("BX-{n:03d}", family="output_control", modality="require", prior="against", method="regex",
      surfaces={{"SP": "Say OK.", "UI": "Say OK please."}})
def test_rule_{n}(run):
    assert "OK" in run.final_reply
'''


def synthetic_panel(root: Path) -> None:
    (root / "pytest.ini").write_text("[pytest]\ntestpaths = bench_rules\nharness_rules = bench_rules\n")
    pkg = root / "bench_rules"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "test_bench.py").write_text("from pytest_harnessif import rule\n" +
                                       "".join(RULE.format(n=n) for n in range(N_RULES)))
    ids = ", ".join(f"BX-{n:03d}" for n in range(N_RULES))
    for t in range(N_TASKS):
        task = root / "tasks" / "bench" / f"task-{t}"
        (task / "repo").mkdir(parents=True)
        (task / "repo" / "README.md").write_text("x\n")
        (task / "task.yaml").write_text(
            f"id: task-{t}\nscenario: bench\ntitle: t\nrole: r\nturns:\n  - intent: explain\n    text: hi\n"
            f"rules: [{ids}]\n")


def plain_panel(root: Path) -> None:
    (root / "pytest.ini").write_text("[pytest]\n")
    (root / "test_plain.py").write_text(
        "import pytest\n\n\n@pytest.mark.parametrize('i', range(10000))\ndef test_plain(i):\n    assert i >= 0\n")


def main() -> None:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        synthetic_panel(Path(a))
        plain_panel(Path(b))
        floor = timed_pytest(Path(b), "--collect-only", "-q")
        synthetic = timed_pytest(Path(a), "--collect-only", "-q", *MODELS, f"--harness-rounds={ROUNDS}")
        starter = timed_pytest(ROOT, "--collect-only", "-q", "--harness-model=gold")
    print(f"pytest collecting 10,000 plain parametrized items: {floor:6.2f} s  (baseline)")
    print(f"synthetic panel, 10,000 rule items:              {synthetic:6.2f} s  ratio {synthetic / floor:.2f}x")
    print(f"starter panel (--harness-model=gold):            {starter:6.2f} s")


if __name__ == "__main__":
    main()
