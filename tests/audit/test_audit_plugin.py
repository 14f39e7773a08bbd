"""`pytest --harness-audit=PATH` end to end, in isolated pytester projects: a folder mixing every format and broken
files runs with one line per broken file; each (session, rule) is an item (`-k`, `-n`, JUnit); rows are their own
population; the records, the report page and its transcript pages are written; a second run re-uses the verdicts;
bad options are one usage error."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pytest_harnessif.audit.sessions import SUFFIXES
from pytest_harnessif.cli import main

from ._outcome import LOGS

RULES = ["TU-003", "TU-010", "TU-011", "TU-016", "OC-001", "OC-004", "CS-001", "WF-012", "TU-001"]
BROKEN = sorted(LOGS.glob("*/broken/*"))


def good_logs() -> list[Path]:
    """Every well-formed fixture log of every format."""
    return sorted(p for p in LOGS.rglob("*") if p.suffix in SUFFIXES and "broken" not in p.parts and p.is_file())


@pytest.fixture
def project(pytester: pytest.Pytester) -> Path:
    root = pytester.path
    logs = root / "logs"
    for path in good_logs():
        target = logs / path.relative_to(LOGS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    for path in BROKEN:
        target = logs / path.relative_to(LOGS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    (root / "audit.yaml").write_text(f"rules: {json.dumps(RULES)}\ncommands: {{test: python -m pytest -q}}\n")
    return root


def run_dir(root: Path) -> Path:
    (found,) = [p for p in (root / "reports").iterdir() if p.is_dir()]
    return found


def rows_of(root: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir(root) / "verdicts.jsonl").read_text().splitlines()]


def test_a_mixed_folder_is_audited_rule_by_rule(pytester: pytest.Pytester, project: Path) -> None:
    junit = project / "junit.xml"
    result = pytester.runpytest("-p", "no:cacheprovider", "--harness-audit=logs", "--harness-audit-rules=audit.yaml",
                                f"--junitxml={junit}")  # fmt: skip
    out = result.stdout.str()
    sessions = len(good_logs())
    assert f"harnessif: audit of {sessions} session(s)" in out
    broken = [line for line in out.splitlines() if line.startswith("harnessif: not imported:")]
    assert len(broken) == len(BROKEN) and len({p.parts[0] for p in (b.relative_to(LOGS) for b in BROKEN)}) == 6
    for path in BROKEN:
        assert sum(str(project / "logs" / path.relative_to(LOGS)) in line for line in broken) == 1, path
    assert f"harnessif: not imported: {project / 'logs/generic/broken/truncated-line.jsonl'}:2: not JSON " \
           "(Expecting ',' delimiter)" in broken  # fmt: skip
    rows = rows_of(project)
    assert len(rows) == sessions * len(RULES)
    assert {r["population"] for r in rows} == {"audit"} and {r["surface"] for r in rows} == {None}
    by = {(r["task"], r["rule"]): r for r in rows}
    csv = "generic-csv-export-bug"
    assert {rule: by[csv, rule]["status"] for rule in ("TU-011", "TU-010", "CS-001", "TU-001")} == {
        "TU-011": "fail", "TU-010": "pass", "CS-001": "n/a", "TU-001": "n/a"}  # fmt: skip
    assert by[csv, "CS-001"]["reason"].startswith("not in the log: the workspace's files")
    assert by[csv, "TU-001"]["reason"].startswith("not auditable on this session: the rule words {task:test_tool}")
    assert by[csv, "TU-011"]["model"] == "acme-agent"
    assert "sessions: " in out and f"{len(BROKEN)} file(s) not imported" in out
    assert "rule(s) these logs cannot audit (not in the log for every session): WF-012" in out
    cases = ET.parse(junit).getroot().iter("testcase")
    props = [{p.get("name"): p.get("value") for p in c.iter("property")} for c in cases]
    assert sum(1 for p in props if p.get("population") == "audit") == len(rows)
    done = run_dir(project)
    page = (done / "report.html").read_text()
    assert "Audit of imported sessions (audit)" in page and "Worst sessions per rule" in page
    assert f'href="transcripts/acme-agent/{csv}/r1.html"' in page
    transcript = (done / "transcripts" / "acme-agent" / csv / "r1.html").read_text()
    assert "zip(rows[::2], rows[1::2])" in transcript and "<dd>git, workspace</dd>" in transcript
    table = (done / "tables" / "audit" / "rules.csv").read_text().splitlines()
    assert table[0].startswith("rule,sessions,pass,fail,na,not_in_log,errors,unjudged,compliance,ci_low,ci_high")
    summary = json.loads((done / "summary.json").read_text())
    assert summary["population"] == "audit" and summary["audit"]["not_imported"] and summary["complete"] is True
    (done / "report.html").unlink()
    assert main(["report", str(done)]) == 0  # the records alone make the same page again
    assert "Worst sessions per rule" in (done / "report.html").read_text()


def test_items_select_with_k_run_on_workers_and_rescore_from_kept_verdicts(pytester: pytest.Pytester,
                                                                          project: Path) -> None:  # fmt: skip
    first = pytester.runpytest("-p", "no:cacheprovider", "--harness-audit=logs", "--harness-audit-rules=audit.yaml",
                               "-n", "2", "-k", "TU-011 or TU-003")  # fmt: skip
    rows = rows_of(project)
    assert {r["rule"] for r in rows} == {"TU-011", "TU-003"} and len(rows) == 2 * len(good_logs())
    assert "harnessif: not imported:" in first.stdout.str()
    shutil.rmtree(project / "reports")
    again = pytester.runpytest("-p", "no:cacheprovider", "--harness-audit=logs", "--harness-audit-rules=audit.yaml",
                               "-k", "TU-011 or TU-003")  # fmt: skip
    assert {(r["task"], r["rule"], r["status"]) for r in rows_of(project)} == {(r["task"], r["rule"], r["status"])
                                                                                for r in rows}  # fmt: skip
    assert again.ret == first.ret


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--harness-audit=logs", "--harness-model=gold"], "--harness-audit scores logs already written: leave out "
                                                           "--harness-model=gold"),
        (["--harness-audit=nowhere"], "--harness-audit=nowhere: no such file or folder"),
        (["--harness-audit=logs", "--harness-audit-rules=bad.yaml"], "bad.yaml: rules.1: unknown rule id XX-404"),
        (["--harness-audit-rules=audit.yaml", "--harness-model=gold"], "--harness-audit-rules chooses the rules of an "
                                                                       "audit: add --harness-audit=PATH"),
        (["--harness-audit=logs", "--harness-audit-classifier=nosuch/m"], "--harness-audit-classifier=nosuch/m"),
    ],
)
def test_a_bad_option_is_one_usage_error(pytester: pytest.Pytester, project: Path, args: list[str],
                                         said: str) -> None:  # fmt: skip
    (project / "bad.yaml").write_text("rules: [TU-003, XX-404]\n")
    result = pytester.runpytest("-p", "no:cacheprovider", *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.stderr.str().splitlines() if line.startswith("ERROR: harnessif:")]
    assert len(errors) == 1 and said in errors[0], result.stderr.str()
