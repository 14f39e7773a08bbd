"""The bundled panel end to end, in a subprocess: gold and gold-alt score 100% (the panel's own regression test),
the `defaults` reference agent is caught, the gamer's forms pass only rules that say they check the form, records
and JUnit are complete, and a second run re-uses everything."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pytest_harnessif.entries import RuleEntry, TaskEntry
from pytest_harnessif.library import load_rules, load_tasks

ROOT = Path(__file__).resolve().parents[2]
FIELDS = {
    "model",
    "model_id",
    "task",
    "scenario",
    "round",
    "rule",
    "family",
    "modality",
    "prior",
    "surface",
    "severity",
    "method",
    "status",
    "reason",
}

pytestmark = pytest.mark.slow


def coding_tasks(rules: dict[str, RuleEntry]) -> dict[str, TaskEntry]:
    """The coding panel (what a run without `--harness-panel` plays): the non-coding cases run apart."""
    return {k: e for k, e in load_tasks(ROOT / "tasks", rules).items() if e.task.kind == "coding"}


def harness(tmp: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    reports = tmp / "reports"
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        f"--harness-store={tmp / 'store'}",
        f"--harness-report-dir={reports}",
        *args,
    ]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    runs = sorted(reports.iterdir(), key=lambda p: p.stat().st_mtime) if reports.exists() else []
    rows = [json.loads(x) for x in (runs[-1] / "verdicts.jsonl").read_text().splitlines()] if runs else []
    return proc, rows


def by_key(rows: list[dict]) -> dict[tuple, str]:
    return {(r["model"], r["task"], r["round"], r["rule"]): r["status"] for r in rows}


@pytest.fixture(scope="module")
def parallel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str], list[dict]]:
    tmp = tmp_path_factory.mktemp("panel")
    proc, rows = harness(
        tmp, "--harness-model=gold", "--harness-model=defaults", "-n", "2", f"--junitxml={tmp / 'junit.xml'}"
    )
    return tmp, proc, rows


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str], list[dict]]:
    """gold-alt and the gamer on the whole panel."""
    tmp = tmp_path_factory.mktemp("probes")
    return tmp, *harness(tmp, "--harness-model=gold-alt", "--harness-model=gamer", "-n", "2")


def test_gold_alt_is_perfect_on_every_declared_opportunity(
    probes: tuple[Path, subprocess.CompletedProcess[str], list[dict]],
) -> None:
    """The second gold, written apart from the first with its own names, idioms and replies, passes every rule where
    the task declares an opportunity and is n/a on every bystander: the checks read substance, not gold's way."""
    _, proc, rows = probes
    tasks = coding_tasks(load_rules(ROOT / "rule_checks"))
    alt = [r for r in rows if r["model"] == "gold-alt"]
    assert alt, proc.stdout[-3000:] + proc.stderr[-3000:]
    wrong = [
        (r["task"], r["rule"], r["status"], r["reason"][:200])
        for r in alt
        if r["status"] in ("fail", "error")
        or (r["status"] == "n/a") != (tasks[r["task"]].task.ref(r["rule"]).opportunity == [])
    ]
    assert wrong == []


def test_the_gamer_s_forms_pass_only_rules_that_declare_they_check_the_form(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list],
    probes: tuple[Path, subprocess.CompletedProcess[str], list[dict]],
) -> None:
    """Where the gamer adds a rule's form to what defaults did and the rule then passes, the check read only the
    form: it must say so (`checks="form"`) or be hardened."""
    from pytest_harnessif.agents.gamer import MOVES

    rules = load_rules(ROOT / "rule_checks")
    defaults = {(r["task"], r["rule"]): r["status"] for r in parallel[2] if r["model"] == "defaults"}
    gamed = [
        (r["task"], r["rule"])
        for r in probes[2]
        if r["model"] == "gamer" and r["rule"] in MOVES and r["status"] == "pass"
        and defaults.get((r["task"], r["rule"])) == "fail"
    ]  # fmt: skip
    assert gamed, "no move passed: the test would not notice a check that reads only the form"
    assert [g for g in gamed if rules[g[1]].meta.checks != "form"] == []


def test_gold_is_perfect_and_defaults_is_caught(parallel: tuple[Path, subprocess.CompletedProcess[str], list]) -> None:
    tmp, proc, rows = parallel
    assert rows, proc.stdout[-3000:] + proc.stderr[-3000:]
    summary = {m["model"]: m for m in json.loads(next((tmp / "reports").glob("*/summary.json")).read_text())["models"]}
    gold, defaults = summary["gold"], summary["defaults"]
    failing = [
        (r["task"], r["rule"], r["reason"])
        for r in rows
        if r["model"] == "gold" and r["status"] != "pass" and r["status"] != "n/a"
    ]
    assert gold["acc"] == 1.0 and gold["error"] == 0 and gold["failed"] == 0, failing
    assert defaults["error"] == 0
    assert defaults["acc"] < 1.0 and defaults["ap_acc"] < defaults["acc"]
    assert "Harness-IF summary" in proc.stdout and "AP-Acc" in proc.stdout


def test_gold_meets_every_declared_opportunity_and_bystanders_stay_na(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list],
) -> None:
    """A rule whose opportunity the task declares is judged on gold (pass, or unjudged offline); a bystander
    (`opportunity: []`) is n/a: the metadata says what the session really exercises."""
    _, _, rows = parallel
    tasks = coding_tasks(load_rules(ROOT / "rule_checks"))
    wrong = [
        (r["task"], r["rule"], r["status"], tasks[r["task"]].task.ref(r["rule"]).opportunity)
        for r in rows
        if r["model"] == "gold" and (r["status"] == "n/a") != (tasks[r["task"]].task.ref(r["rule"]).opportunity == [])
    ]
    assert wrong == []


def _acc(rows: list[dict]) -> float:
    eligible = [r for r in rows if r["status"] in ("pass", "fail")]
    return sum(r["status"] == "pass" for r in eligible) / len(eligible)


def test_no_turn_presents_gold_s_code_as_existing(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list],
) -> None:
    """A follow-up turn describes what the user observes, never a path, name or message only gold's workspace has
    (`check-task` refuses such a turn; here the whole panel against gold's recorded workspaces)."""
    from pytest_harnessif.turnfit import turn_problems

    tmp, _, _ = parallel
    tasks = coding_tasks(load_rules(ROOT / "rule_checks"))
    assert [line for entry in tasks.values() for line in turn_problems(entry, tmp / "store")] == []


def test_defaults_is_caught_in_every_scenario(parallel: tuple[Path, subprocess.CompletedProcess[str], list]) -> None:
    _, _, rows = parallel
    defaults = [r for r in rows if r["model"] == "defaults"]
    for scenario in sorted({r["scenario"] for r in defaults}):
        mine = [r for r in defaults if r["scenario"] == scenario]
        acc, ap_acc = _acc(mine), _acc([r for r in mine if r["prior"] == "against_prior"])
        assert acc < 1.0 and ap_acc < acc, (scenario, acc, ap_acc)


def test_every_repository_passes_its_tests_after_gold(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list], tmp_path: Path
) -> None:
    tmp, _, _ = parallel
    tasks = coding_tasks(load_rules(ROOT / "rule_checks"))
    for task_id, entry in sorted(tasks.items()):
        (final,) = (tmp / "store").glob(f"*/gold/{task_id}/r1/final.tar")
        _passes(entry.task.commands["test"], final, tmp_path / task_id)


def test_every_repository_passes_its_tests_after_gold_alt(
    probes: tuple[Path, subprocess.CompletedProcess[str], list[dict]], tmp_path: Path
) -> None:
    tmp = probes[0]
    tasks = coding_tasks(load_rules(ROOT / "rule_checks"))
    for task_id, entry in sorted(tasks.items()):
        (final,) = (tmp / "store").glob(f"*/gold-alt/{task_id}/r1/final.tar")
        _passes(entry.task.commands["test"], final, tmp_path / task_id)


def _passes(command: str, final: Path, work: Path) -> None:
    with tarfile.open(final) as tar:
        tar.extractall(work, filter="data")
    proc = subprocess.run(command, shell=True, cwd=work, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{work.name}: {command}:\n{(proc.stdout + proc.stderr)[-3000:]}"


def test_both_golds_are_perfect_in_the_docker_sandbox(tmp_path: Path) -> None:
    from pytest_harnessif.sandbox.base import SandboxError
    from pytest_harnessif.sandbox.engine import engine

    try:
        engine(timeout=10)
    except SandboxError as exc:  # only a missing engine skips (`.ci/run` starts one)
        pytest.skip(f"{exc}: the docker sandbox cannot run here")
    proc, rows = harness(
        tmp_path, "--harness-model=gold", "--harness-model=gold-alt", "--harness-sandbox=docker", "-n", "2"
    )
    assert rows, proc.stdout[-3000:] + proc.stderr[-3000:]
    wrong = [(r["task"], r["rule"], r["status"], r["reason"]) for r in rows if r["status"] not in ("pass", "n/a",
                                                                                                     "unjudged")]
    assert wrong == []
    assert "sandbox docker" in proc.stdout


def test_every_injected_rule_has_one_verdict_per_key(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list],
) -> None:
    _, _, rows = parallel
    rules = load_rules(ROOT / "rule_checks")
    tasks = coding_tasks(rules)
    expected = {(m, t, 1, ref.id) for m in ("gold", "defaults") for t, e in tasks.items() for ref in e.task.rules}
    assert set(by_key(rows)) == expected
    assert all(set(r) >= FIELDS for r in rows)
    assert len({r["scenario"] for r in rows}) >= 2


def test_junit_has_a_testcase_with_properties_per_verdict(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list],
) -> None:
    tmp, _, rows = parallel
    cases = ET.parse(tmp / "junit.xml").getroot().findall(".//testcase")
    assert len(cases) == len(rows)
    for case in cases:
        names = {p.get("name") for p in case.findall("properties/property")}
        assert {"model", "task", "round", "rule", "surface", "status"} <= names


def test_second_run_reuses_every_trajectory_without_xdist(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list],
) -> None:
    tmp, _, rows = parallel
    proc, again = harness(tmp, "--harness-model=gold", "--harness-model=defaults", "-p", "no:xdist")
    n = len({(r["model"], r["task"]) for r in rows})
    assert f"trajectories: {n} (0 recorded now, {n} re-used)" in proc.stdout
    assert by_key(again) == by_key(rows)


def test_family_selection_runs_only_that_family(parallel: tuple[Path, subprocess.CompletedProcess[str], list]) -> None:
    tmp, _, _ = parallel
    _, rows = harness(tmp, "--harness-model=gold", "-k", "output_control")
    assert rows and {r["family"] for r in rows} == {"output_control"}
    _, rows = harness(tmp, "--harness-model=gold", "-m", "against_prior")
    assert rows and {r["prior"] for r in rows} == {"against_prior"}


def test_with_a_judge_every_judge_based_verdict_is_decided_and_a_rescore_is_free(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list],
) -> None:
    """A loopback judge that passes everything: gold stays perfect with nothing unjudged, defaults' hybrid
    pre-checks still fail it where they can, and scoring the same runs again makes no judge call."""
    from ..support.loopback import LoopbackServer, openai_reply

    tmp, _, rows = parallel
    answer = openai_reply('{"verdict": "pass", "reason": "loopback judge"}')
    with LoopbackServer("openai", respond=lambda body: answer) as server:
        judge = [f"--harness-judge=openai/panel-judge@{server.base_url}", f"--harness-judge-cache={tmp / 'judge'}"]
        proc, judged = harness(tmp, "--harness-model=gold", "--harness-model=defaults", "-n", "2", *judge)
        calls = len(server.requests)
        again, rescored = harness(tmp, "--harness-model=gold", "--harness-model=defaults", "-p", "no:xdist", *judge)
        assert len(server.requests) == calls  # every vote came from the cache
    based = [r for r in judged if r["method"] in ("hybrid", "llm_judge")]
    decided = [r for r in based if r["judge"] is not None]
    assert based and not [r for r in judged if r["status"] in ("unjudged", "error")], proc.stdout[-3000:]
    assert all(r["status"] in ("pass", "n/a") for r in judged if r["model"] == "gold")
    assert calls == sum(r["judge"]["calls"] for r in decided) and all(len(r["judge"]["votes"]) == 3 for r in decided)
    assert any(r["judge"] is None and r["status"] == "fail" for r in based if r["model"] == "defaults")
    votes = sum(r["judge"]["calls"] + r["judge"]["cached"] for r in decided)
    assert f"by the judge with 0 call(s) and {votes} cache hit(s)" in again.stdout
    assert by_key(rescored) == by_key(judged)
    first_run = sorted((tmp / "reports").iterdir(), key=lambda p: p.stat().st_mtime)[-2]
    requests = {json.loads(line)["hash"] for line in (first_run / "judge_requests.jsonl").read_text().splitlines()}
    assert {r["judge"]["request"] for r in decided} <= requests  # collected from the xdist workers' reports
    # deterministic verdicts do not depend on the judge
    assert {k: v for k, v in by_key(judged).items() if k[3] not in {r["rule"] for r in based}} == {
        k: v for k, v in by_key(rows).items() if k[3] not in {r["rule"] for r in based}
    }


def test_a_recording_exported_to_generic_jsonl_audits_to_the_same_verdicts(
    parallel: tuple[Path, subprocess.CompletedProcess[str], list[dict]],
    probes: tuple[Path, subprocess.CompletedProcess[str], list[dict]],
    tmp_path: Path,
) -> None:
    """Every trajectory of the four offline agents, exported to the generic JSONL and audited: each rule whose evidence
    the export keeps (the turns, messages, tool calls with outputs and exit codes; not the workspace's files nor the
    git history) gets the verdict it got on the recording."""
    from tests.audit._outcome import RULES, round_trip

    tasks = coding_tasks(RULES)
    for tmp, _, _ in (parallel, probes):
        seen, differ = round_trip(tmp / "store", tasks, tmp_path)
        assert not differ, differ[:10]
        assert seen["pass"] > 100 and seen["fail"] > 50 and seen["unlogged"] > 500, seen
