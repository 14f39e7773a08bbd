"""Audit throughput on a folder of 1,000 generated sessions (generic JSONL sessions built from a seeded pool of
realistic commands, plus copies of every fixture log of every format): sessions imported per second against
reading and parsing the same files with `json` (the floor any importer pays), and sessions audited per second
through `pytest --harness-audit -n 2` against pytest's own floor (as many trivial parametrized tests, `-n 2`), cold
and then re-scored from the kept verdicts.

    python benchmarks/bench_audit.py [--sessions 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
import time
from pathlib import Path

from _common import ROOT, timed_pytest

from pytest_harnessif.audit.rulesfile import AuditRules
from pytest_harnessif.audit.sessions import SUFFIXES, load

FIXTURES = ROOT / "tests" / "audit" / "logs"
RULES = ["TU-003", "TU-008", "TU-010", "TU-011", "TU-012", "TU-013", "TU-016", "OC-001", "OC-002", "OC-004",
         "QT-001", "QT-002", "CS-001", "WF-012"]  # fmt: skip
COMMANDS = [
    ("python -m pytest -q 2>&1 | tail -3", "12 passed in 0.40s", 0),
    ("python -m pytest -q tests/test_api.py", "1 failed, 6 passed in 0.21s", 1),
    ("grep -rn 'def load' src | head -20", "src/app/io.py:12:def load(path):", 0),
    ("grep -rn TODO .", "src/app/io.py:40:# TODO: retry", 0),
    ("cd src && ls -la", "total 8\n-rw-r--r-- 1 dev dev 120 io.py", 0),
    ("cat src/app/io.py", "import json\n\ndef load(path):\n    return json.loads(open(path).read())\n", 0),
    ("sed -i 's/open(path)/open(path, encoding=\"utf-8\")/' src/app/io.py", "", 0),
    ("git diff --stat", " src/app/io.py | 2 +-", 0),
    ("ruff check . && python -m pytest -q", "All checks passed!\n12 passed", 0),
    ("node --test test/", "# pass 9\n# fail 0", 0),
]
ASKS = ["The loader crashes on files with a BOM. Can you fix it?", "Why does `load` read the file twice?",
        "Add a test for empty input.", "Explain what src/app/io.py does.", "Run the tests and tell me what fails.",
        "Rename `load` to `read_config` everywhere."]  # fmt: skip
REPLIES = ["Fixed: the loader now opens files as UTF-8 and the tests pass.", "It reads the file once in `load` and "
           "again in the caller: the second read can go.", "Sure! I added the test. Let me know if you need more.",
           "- reads JSON\n- validates keys\n- returns a dict", "STATUS: COMPLETE"]  # fmt: skip


def generic_session(rng: random.Random) -> str:
    lines: list[dict[str, object]] = [{"type": "session", "agent": rng.choice(["acme", "zeta"]), "cwd": "/repo"}]
    for _ in range(rng.randint(1, 4)):
        lines.append({"type": "user", "text": rng.choice(ASKS)})
        for _ in range(rng.randint(1, 6)):
            cmd, out, code = rng.choice(COMMANDS)
            lines.append({"type": "tool", "name": "bash", "args": {"command": cmd}, "output": out, "exit_code": code})
            if rng.random() < 0.3:
                lines.append({"type": "tool", "name": "edit_file", "args": {"path": "src/app/io.py", "old": "open(",
                                                                             "new": "io.open("}, "output": "ok"})
        lines.append({"type": "assistant", "text": rng.choice(REPLIES)})
    return "".join(json.dumps(line) + "\n" for line in lines)


def generate(folder: Path, n: int) -> None:
    """`n` sessions: every well-formed fixture log of every format copied in turn for a fifth, generated generic
    sessions for the rest."""
    rng = random.Random(20261203)
    fixtures = sorted(p for p in FIXTURES.rglob("*") if p.suffix in SUFFIXES and "broken" not in p.parts)
    for i in range(n):
        if i % 5 == 0 and fixtures:
            source = fixtures[(i // 5) % len(fixtures)]
            target = folder / source.parent.name / f"{i:04d}-{source.name}"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, target)
        else:
            (folder / "generated").mkdir(exist_ok=True)
            (folder / "generated" / f"{i:04d}.jsonl").write_text(generic_session(rng))


def floor_project(folder: Path, items: int) -> None:
    (folder / "test_floor.py").write_text(
        f"import pytest\n\n\n@pytest.mark.parametrize('i', range({items}))\ndef test_floor(i):\n    assert i >= 0\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        logs = root / "logs"
        generate(logs, args.sessions)
        files = [p for p in logs.rglob("*") if p.is_file()]
        start = time.perf_counter()
        for p in files:
            text = p.read_text()
            try:
                json.loads(text)
            except ValueError:
                [json.loads(line) for line in text.splitlines() if line.strip()]
        parse = time.perf_counter() - start
        start = time.perf_counter()
        sessions, broken = load([logs], AuditRules(rules=RULES))
        imported = time.perf_counter() - start
        print(f"{len(sessions)} sessions ({len(broken)} not imported) from {len(files)} files")
        print(f"import: {imported:.2f} s = {len(sessions) / imported:,.0f} sessions/s; json parse floor "
              f"{parse:.2f} s ({imported / parse:.1f}x the floor)")
        (root / "audit.yaml").write_text(f"rules: {json.dumps(RULES)}\n")
        items = len(sessions) * len(RULES)
        audit = ("--harness-audit=logs", "--harness-audit-rules=audit.yaml", "-n", "2", "-q", "-p", "no:randomly")
        cold = timed_pytest(root, *audit, "--harness-recheck", repeat=1)
        warm = timed_pytest(root, *audit, repeat=1)
        floor_dir = root / "floor"
        floor_dir.mkdir()
        floor_project(floor_dir, items)
        floor = timed_pytest(floor_dir, "-n", "2", "-q", repeat=1)
        print(f"audit, {items:,} items, -n 2: checks run {cold:.1f} s = {len(sessions) / cold:,.0f} sessions/s "
              f"({cold / floor:.1f}x pytest's floor of {floor:.1f} s for as many trivial tests); "
              f"re-score from kept verdicts {warm:.1f} s ({warm / floor:.1f}x)")


if __name__ == "__main__":
    main()
