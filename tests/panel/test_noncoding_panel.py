"""The bundled non-coding cases (`tasks/noncoding/<domain>/<case>/`), 40, 8 per domain: each a case of its own
(source material no other case shares, 1-4 user turns, 8-20 professional-writing rules each with a declared
opportunity, a gold script with a defaults reading), at least half of the panel's scorable rules deterministic,
every judge-based rule with calibration items; gold is perfect on them and defaults is caught (NC-Macro < 100)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from pytest_harnessif.library import load_rules, load_tasks
from pytest_harnessif.llm_judge.calibration import load_calibration
from pytest_harnessif.rulemeta import Family, Method

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
CASES = {k: e for k, e in load_tasks(ROOT / "tasks", RULES).items() if e.task.kind == "non_coding"}
DOMAINS = {"customer_support", "legal_compliance", "marketing_content", "financial_analysis", "research_writing"}
JUDGED = {Method.llm_judge, Method.hybrid}


def test_forty_cases_eight_in_each_of_the_five_domains() -> None:
    per_domain = Counter(e.task.scenario for e in CASES.values())
    assert per_domain == dict.fromkeys(DOMAINS, 8), per_domain
    assert all(e.dir.parent.parent.name == "noncoding" for e in CASES.values())


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_case_is_within_the_bounds(case: str) -> None:
    entry = CASES[case]
    task = entry.task
    writing = [r.id for r in task.rules if RULES[r.id].meta.family == Family.professional_writing]
    assert 1 <= len(task.turns) <= 4 and 8 <= len(writing) <= 20, (len(task.turns), writing)
    assert all(r.opportunity is not None for r in task.rules)
    assert entry.script is not None and any(
        s.default is not None or "default" in s.model_fields_set for t in entry.script.turns for s in t.steps
    ), "gold.yaml needs a defaults reading (`default:` on the steps a careless writer does differently)"


def test_each_case_has_its_own_material() -> None:
    def material(entry_dir: Path) -> str:
        files = sorted(p for p in (entry_dir / "repo").rglob("*") if p.is_file())
        return hashlib.sha256(b"".join(p.read_bytes() for p in files)).hexdigest()

    seen = Counter(material(e.dir) for e in CASES.values())
    assert max(seen.values()) == 1, "two cases share their source material"


def test_at_least_half_of_the_scorable_rules_are_deterministic() -> None:
    scorable = [RULES[r.id].meta.method for e in CASES.values() for r in e.task.rules if r.opportunity]
    judged = sum(m in JUDGED for m in scorable)
    assert judged <= len(scorable) / 2, (judged, len(scorable))


def test_every_judge_based_rule_used_has_calibration_items() -> None:
    calibrated = {c.item.rule for c in load_calibration(ROOT / "calibration" / "judge")}
    used = {r.id for e in CASES.values() for r in e.task.rules if RULES[r.id].meta.method in JUDGED}
    assert used <= calibrated, used - calibrated


@pytest.mark.slow
def test_gold_is_perfect_and_defaults_is_caught(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--harness-panel=noncoding",
           "--harness-model=gold", "--harness-model=defaults", f"--harness-store={tmp_path / 'store'}",
           f"--harness-report-dir={tmp_path / 'reports'}", "rule_checks"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    (record,) = (tmp_path / "reports").glob("*/verdicts.jsonl")
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert {r["population"] for r in rows} == {"noncoding"} and {r["task"] for r in rows} == set(CASES)
    gold = Counter(r["status"] for r in rows if r["model"] == "gold")
    assert gold["fail"] == gold["error"] == 0, proc.stdout[-3000:]
    declared = {(t, r.id): bool(r.opportunity) for t, e in CASES.items() for r in e.task.rules}
    off = [(r["task"], r["rule"], r["status"]) for r in rows if r["model"] == "gold"
           and (r["status"] == "n/a") == declared[r["task"], r["rule"]]]
    assert not off, f"gold misses a declared opportunity, or a bystander is judged: {off}"
    defaults = [r for r in rows if r["model"] == "defaults"]
    assert any(r["status"] == "fail" for r in defaults) and not any(r["status"] == "error" for r in defaults)
    assert "NC-Macro" in proc.stdout and "case means per domain" in proc.stdout
