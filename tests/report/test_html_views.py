"""The HTML report a user acts on: failure reasons, per-rule and per-task tables, transcript pages, the
partial-run banner, titles in the user's words. Built from a real offline run of the mini panel (`gold` and
`defaults`, 2 rounds) with its real trajectory store."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_harnessif.cli import main as harnessif
from pytest_harnessif.report.records import HTML, SUMMARY, read_verdicts, write_derived
from pytest_harnessif.store import RECORD

from ..support.verdicts import verdict

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"
TAGS = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """reports/<run-id>/ of `pytest --harness-model=defaults --harness-model=gold --harness-rounds=2`."""
    project = tmp_path_factory.mktemp("mini") / "project"
    shutil.copytree(MINI, project)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "HARNESSIF"))}
    args = ["--harness-model=defaults", "--harness-model=gold", "--harness-rounds=2", "-p", "no:cacheprovider"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", *args], cwd=project, env=env, capture_output=True, text=True, timeout=300
    )
    assert "4 failed, 4 passed" in result.stdout, result.stdout[-3000:] + result.stderr[-3000:]
    (run_dir,) = (project / "reports").iterdir()
    return run_dir


def meta(run_dir: Path) -> dict[str, Any]:
    return {k: v for k, v in json.loads((run_dir / SUMMARY).read_text(encoding="utf-8")).items() if k != "models"}


def page(out: Path) -> str:
    return (out / HTML).read_text(encoding="utf-8")


def rows_of(html: str, first_cell: str) -> list[list[str]]:
    """The text of each table row whose first cell is `first_cell`."""
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", html):
        cells = [TAGS.sub("", c) for c in re.findall(r"<td>(.*?)</td>", row)]
        if cells and cells[0] == first_cell:
            found.append(cells)
    return found


def regenerate(run_dir: Path, out: Path, **changes: Any) -> Path:
    """write_derived of the run's own records into `out`, with its summary meta changed by `changes`."""
    write_derived(out, read_verdicts(run_dir), {**meta(run_dir), **changes})
    return out


def test_a_failing_rule_and_its_reason_appear_with_a_transcript_link(run: Path) -> None:
    html = page(run)
    failures = [r for r in rows_of(html, "defaults") if len(r) == 6]
    assert {(r[1], r[2], r[3], r[4]) for r in failures} == {
        ("mini", f"r{n}", rule, "fail") for n in (1, 2) for rule in ("MP-001", "MP-002")
    }
    reasons = {r[3]: r[5] for r in failures}
    assert reasons == {"MP-001": "the final reply does not end with DONE", "MP-002": "print() in src/"}
    assert '<a href="transcripts/defaults/mini/r1.html">r1</a>' in html
    assert "<h3>Failure reasons</h3>" in html and 'id="filter"' in html


def test_per_rule_and_per_task_tables(run: Path) -> None:
    html = page(run)
    assert "<h3>Per rule</h3>" in html and "<h3>Per task</h3>" in html
    per_rule = {r[1]: r[4:] for r in rows_of(html, "gold") if len(r) == 10}
    assert per_rule == {"MP-001": ["2", "0", "0", "0", "0", "100.0"], "MP-002": ["2", "0", "0", "0", "0", "100.0"]}
    (per_task,) = [r for r in rows_of(html, "defaults") if r[1] == "mini" and len(r) == 9]
    assert per_task == ["defaults", "mini", "0", "4", "0", "0", "0", "0.0", "r1 r2"]


def test_titles_are_in_user_words_without_spec_citations(run: Path) -> None:
    html = page(run)
    assert not re.search(r"spec \d", html)
    assert "<h2>Main panel (main)</h2>" in html and "Population: main" not in html
    assert "<h3>Accuracy per model</h3>" in html


def test_zero_injection_and_noncoding_sections_are_named(tmp_path: Path) -> None:
    rows = [
        verdict("m", "t", "XX-001", "pass", population="zero_injection", probe="all"),
        verdict("m", "case", "PW-001", "fail", population="noncoding", reason="no greeting"),
    ]
    write_derived(tmp_path, rows, {})
    html = page(tmp_path)
    assert "<h2>Zero-injection prior probe (rules withheld: what the agent does unprompted) (zero_injection)" in html
    assert "<h2>Non-coding panel (noncoding)</h2>" in html
    assert ["m", "case", "r1", "PW-001", "fail", "no greeting"] in rows_of(html, "m")


def test_reliability_only_with_more_than_one_round(run: Path, tmp_path: Path) -> None:
    assert "Round-to-round reliability" in page(run) and 'id="fig-reliability"' in page(run)
    one = tmp_path / "one"
    write_derived(one, [r for r in read_verdicts(run) if r["round"] == 1], meta(run))
    assert "reliability" not in page(one).lower()
    assert "Who decided each verdict" in page(one)  # not a reliability view: it stays


def test_the_two_acc_values_are_explained_once(run: Path) -> None:
    html = page(run)
    assert html.count("Why this Acc differs from the headline Acc") == 1
    assert html.index("<h3>Accuracy per model</h3>") < html.index("Why this Acc differs")


def test_transcript_pages_are_written_linked_and_escaped(run: Path) -> None:
    for model in ("gold", "defaults"):
        for n in (1, 2):
            transcript = (run / "transcripts" / model / "mini" / f"r{n}.html").read_text(encoding="utf-8")
            assert f"Transcript: {model} / mini / round {n}" in transcript
            assert '<a href="../../../report.html">' in transcript
            assert "Add a farewell(name) function" in transcript
            assert "&lt;name&gt;" in transcript and "<name>" not in transcript  # the user text, escaped
    defaults = (run / "transcripts" / "defaults" / "mini" / "r1.html").read_text(encoding="utf-8")
    assert "tool call edit_file" in defaults and "print(&quot;farewell called&quot;)" in defaults
    assert "python -m pytest -q" in defaults and "output (exit code 0)" in defaults


def _store_copy(run: Path, tmp_path: Path) -> Path:
    """A copy of the run's store to alter (the module's run stays as recorded)."""
    copy = tmp_path / "store" / Path(meta(run)["store"]).name
    shutil.copytree(meta(run)["store"], copy)
    return copy


def test_a_hostile_or_huge_tool_output_is_shown_as_cut_text(run: Path, tmp_path: Path) -> None:
    store = _store_copy(run, tmp_path)
    record = store / "defaults" / "mini" / "r1" / RECORD
    traj = json.loads(record.read_text(encoding="utf-8"))
    call = traj["turns"][1]["steps"][0]["tool_calls"][0]
    call["output"] = "<script>alert('x')</script>\n" + "y" * 50_000
    call["exit_code"] = 3
    record.write_text(json.dumps(traj), encoding="utf-8")
    out = regenerate(run, tmp_path / "out", store=str(store))
    transcript = (out / "transcripts" / "defaults" / "mini" / "r1.html").read_text(encoding="utf-8")
    assert "<script" not in transcript and "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in transcript
    assert "more characters not shown" in transcript and "y" * 50_000 not in transcript
    assert "(exit code 3)" in transcript


def test_a_missing_store_gives_no_link_and_no_error(run: Path, tmp_path: Path) -> None:
    for name, changes in (("gone", {"store": str(tmp_path / "pruned")}), ("none", {"store": None})):
        out = regenerate(run, tmp_path / name, **changes)
        html = page(out)
        assert not (out / "transcripts").exists()
        assert "transcripts/" not in html and "print() in src/" in html
        assert ["defaults", "mini", "0", "4", "0", "0", "0", "0.0", "-"] in rows_of(html, "defaults")


def test_a_record_replaced_by_a_later_run_is_not_linked(run: Path, tmp_path: Path) -> None:
    store = _store_copy(run, tmp_path)
    record = store / "gold" / "mini" / "r2" / RECORD
    traj = json.loads(record.read_text(encoding="utf-8"))
    traj["extra"]["run_id"] = "29991231-235959-abcdef"
    record.write_text(json.dumps(traj), encoding="utf-8")
    out = regenerate(run, tmp_path / "out", store=str(store))
    assert (out / "transcripts" / "gold" / "mini" / "r1.html").is_file()
    assert not (out / "transcripts" / "gold" / "mini" / "r2.html").exists()
    assert "transcripts/gold/mini/r2.html" not in page(out)


def test_harnessif_report_regenerates_the_transcripts(run: Path, tmp_path: Path) -> None:
    copy = tmp_path / "run"
    shutil.copytree(run, copy)
    shutil.rmtree(copy / "transcripts")
    assert harnessif(["report", str(copy)]) == 0
    assert (copy / "transcripts" / "defaults" / "mini" / "r2.html").is_file()
    assert '<a href="transcripts/defaults/mini/r2.html">r2</a>' in page(copy)


def test_pages_written_before_stay_linked_when_the_store_is_pruned(run: Path, tmp_path: Path) -> None:
    copy = tmp_path / "run"
    shutil.copytree(run, copy)
    summary = json.loads((copy / SUMMARY).read_text(encoding="utf-8"))
    (copy / SUMMARY).write_text(json.dumps({**summary, "store": str(tmp_path / "pruned")}), encoding="utf-8")
    assert harnessif(["report", str(copy)]) == 0
    assert '<a href="transcripts/gold/mini/r1.html">r1</a>' in page(copy)


def test_a_partial_run_has_a_banner(run: Path, tmp_path: Path) -> None:
    partial = {
        "complete": False,
        "incomplete_reasons": ["interrupted by Ctrl-C after 8 of 12 verdicts", "worker <gw1> crashed"],
        "verdicts_expected": 12,
        "verdicts_written": 8,
    }
    html = page(regenerate(run, tmp_path / "partial", **partial))
    banner = html[html.index('<div class="banner"') : html.index("</div>", html.index('<div class="banner"'))]
    assert html.index('<div class="banner"') < html.index("<h2>")
    assert "Partial run, not a result." in banner and "8 of 12 expected verdicts were written." in banner
    assert "covers only the verdicts written" in banner
    assert "<li>worker &lt;gw1&gt; crashed</li>" in banner and "interrupted by Ctrl-C" in banner
    assert "<dt>incomplete_reasons</dt>" not in html  # said once, in the banner
    errors = {**partial, "verdicts_written": 12, "incomplete_reasons": ["2 verdicts are errors"]}
    banner = page(regenerate(run, tmp_path / "errors", **errors))
    assert "12 of 12 expected verdicts were written." in banner and "covers only" not in banner
    assert "<li>2 verdicts are errors</li>" in banner
    for name, done in (("complete", {"complete": True}), ("silent", {})):
        assert 'class="banner"' not in page(regenerate(run, tmp_path / name, **done))
