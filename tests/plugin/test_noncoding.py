"""The non-coding cases run as their own population: `--harness-panel` (default coding) and `-m noncoding` choose
them, their verdict rows are `noncoding` and the summary scores them by NC-Macro, never pooled with the coding
panel."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "ncpanel"
ITEM = re.compile(r"\[(?:gold|defaults)-(?P<task>.+)-r\d+\]")
CASE = "refund-delay-reply"
ARGS = ("--harness-model=gold", "--harness-model=defaults", "-p", "no:cacheprovider", "-o", "harness_tasks=tasks")


@pytest.fixture
def project(pytester: pytest.Pytester) -> Path:
    shutil.copytree(DATA, pytester.path, dirs_exist_ok=True)
    return pytester.path


def rows(root: Path) -> list[dict]:
    (record,) = sorted((root / "reports").glob("*/verdicts.jsonl"))
    return [json.loads(line) for line in record.read_text().splitlines()]


def test_the_noncoding_panel_is_its_own_population(pytester: pytest.Pytester, project: Path) -> None:
    result = pytester.runpytest_subprocess(*ARGS, "--harness-panel=noncoding", "-k", CASE)
    out = result.stdout.str()
    found = rows(project)
    assert {r["task"] for r in found} == {CASE} and {r["population"] for r in found} == {"noncoding"}, out[-2000:]
    status = {(r["model"], r["rule"]): r["status"] for r in found}
    assert {s for (m, _), s in status.items() if m == "gold"} == {"pass"}
    assert status["defaults", "PW-031"] == status["defaults", "PW-030"] == status["defaults", "PW-010"] == "fail"
    assert "NC-Macro" in out and "population: main" not in out, out[-2000:]


def test_the_default_panel_leaves_the_cases_out_and_m_noncoding_selects_them(pytester: pytest.Pytester,
                                                                             project: Path) -> None:
    coding = pytester.runpytest_subprocess(*ARGS, "--collect-only", "-q", "-k", CASE)
    assert "no tests collected" in coding.stdout.str() or "deselected" in coding.stdout.str(), coding.stdout.str()
    marked = pytester.runpytest_subprocess(*ARGS, "--collect-only", "-q", "-m", "noncoding")
    tasks = {m["task"] for line in marked.stdout.lines if (m := ITEM.search(line))}
    cases = {CASE} | {yaml.safe_load(p.read_text())["id"] for p in (ROOT / "tasks" / "noncoding").glob("*/*/task.yaml")}
    assert CASE in tasks and tasks <= cases, marked.stdout.str()[-2000:]
