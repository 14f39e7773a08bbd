"""The plugin end to end on a tiny panel (tests/data/minipanel), in isolated pytester projects."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"


@pytest.fixture
def panel(pytester: pytest.Pytester) -> Path:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    return pytester.path


def verdicts(root: Path) -> list[dict]:
    (run_dir,) = [p for p in (root / "reports").iterdir() if p.is_dir()]
    rows = [json.loads(line) for line in (run_dir / "verdicts.jsonl").read_text().splitlines()]
    shutil.rmtree(root / "reports")
    return rows


def statuses(rows: list[dict]) -> dict[tuple[str, str, int, str], str]:
    return {(r["model"], r["task"], r["round"], r["rule"]): r["status"] for r in rows}


def test_without_a_model_the_rule_library_stays_quiet(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["harnessif: rule library not run (no --harness-model)*"])
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    assert not (panel / ".harnessif").exists()


def test_gold_scores_everything_and_writes_records(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(
        ["*Harness-IF summary*", "gold*2*2*0*0*0*100.0*100.0*+0.0", "trajectories: 1 (1 recorded now, 0 re-used)"]
    )
    (row, _) = sorted(verdicts(panel), key=lambda r: r["rule"])
    assert row["model"] == "gold" and row["task"] == "mini" and row["scenario"] == "demo" and row["round"] == 1
    assert row["rule"] == "MP-001" and row["family"] == "output_control" and row["prior"] == "against_prior"
    assert row["surface"] in {"SP", "PF", "UI"} and row["status"] == "pass"
    assert row["model_id"].startswith("scripted:gold@")


def test_records_are_reused_then_rerun_on_request(pytester: pytest.Pytester, panel: Path) -> None:
    pytester.runpytest("--harness-model=defaults", "-p", "no:cacheprovider").assert_outcomes(failed=2)
    first = statuses(verdicts(panel))
    again = pytester.runpytest("--harness-model=defaults", "-p", "no:cacheprovider")
    again.stdout.fnmatch_lines(["trajectories: 1 (0 recorded now, 1 re-used)"])
    assert statuses(verdicts(panel)) == first
    fresh = pytester.runpytest("--harness-model=defaults", "--harness-rerun", "-p", "no:cacheprovider")
    fresh.stdout.fnmatch_lines(["trajectories: 1 (1 recorded now, 0 re-used)"])
    assert statuses(verdicts(panel)) == first


def test_xdist_runs_each_trajectory_once_and_matches_serial(pytester: pytest.Pytester, panel: Path) -> None:
    args = ["--harness-model=gold", "--harness-model=defaults", "--harness-rounds=2", "-p", "no:cacheprovider"]
    par = pytester.runpytest_subprocess(*args, "-n", "2")
    par.assert_outcomes(passed=4, failed=4)
    par.stdout.fnmatch_lines(["trajectories: 4 (4 recorded now, 0 re-used)"])
    rows = verdicts(panel)
    serial = pytester.runpytest(*args, "-p", "no:xdist")
    serial.stdout.fnmatch_lines(["trajectories: 4 (0 recorded now, 4 re-used)"])
    assert statuses(verdicts(panel)) == statuses(rows)


def test_junit_has_one_testcase_per_verdict_with_properties(pytester: pytest.Pytester, panel: Path) -> None:
    pytester.runpytest("--harness-model=gold", "--junitxml=out.xml", "-p", "no:cacheprovider")
    cases = ET.parse(panel / "out.xml").getroot().findall(".//testcase")
    assert len(cases) == 2
    props = {p.get("name"): p.get("value") for p in cases[0].findall("properties/property")}
    assert {"model", "task", "round", "rule", "family", "surface", "prior", "status", "reason"} <= set(props)
    assert props["status"] == "pass"


@pytest.mark.parametrize(
    ("selector", "rule"),
    [(["-k", "MP-002"], "MP-002"), (["-m", "output_control"], "MP-001"), (["-k", "code_style"], "MP-002")],
)
def test_keyword_and_marker_selection(pytester: pytest.Pytester, panel: Path, selector: list[str], rule: str) -> None:
    pytester.runpytest("--harness-model=gold", *selector, "-p", "no:cacheprovider").assert_outcomes(passed=1)
    assert [r["rule"] for r in verdicts(panel)] == [rule]


def test_unknown_model_names_the_known_ones(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=nope-model", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*nope-model*unknown model; use defaults, gold, gold-alt, gamer or provider/model*openai*"]
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--harness-model=openai/gpt-5.5"], "--harness-model: OPENAI_API_KEY is not set (needed for openai/gpt-5.5)"),
        (["--harness-model=claude-opus-4-7"], "--harness-model: ANTHROPIC_API_KEY is not set*"),
        (["--harness-model=gold", "--harness-rounds=0"], "--harness-rounds: Input should be greater than or equal*"),
        (["--harness-model=gold", "--harness-call-timeout=-1"], "--harness-call-timeout: Input should be greater*"),
    ],
)
def test_missing_keys_and_bad_options_are_one_usage_error_before_collection(
    pytester: pytest.Pytester, panel: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    for provider in ("OPENAI", "ANTHROPIC"):
        for name in ("API_KEY", "AUTH_TOKEN", "BASE_URL"):
            monkeypatch.delenv(f"{provider}_{name}", raising=False)
    result = pytester.runpytest(*args, "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: harnessif: {message}"])
    assert "collected" not in result.stdout.str() and not (panel / ".harnessif").exists()


def test_bad_task_yaml_names_file_and_field(pytester: pytest.Pytester, panel: Path) -> None:
    task = panel / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text().replace("intent: execute", "intent: party"))
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*mini/task.yaml: turns.1.intent: Input should be*"])


def test_unknown_rule_id_names_the_field(pytester: pytest.Pytester, panel: Path) -> None:
    task = panel / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text().replace("rules: [MP-001, MP-002]", "rules: [MP-001, MP-099]"))
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.stderr.fnmatch_lines(["*mini/task.yaml: rules.1: unknown rule id MP-099*"])


def test_a_failed_trajectory_makes_errors_not_fails_and_is_not_retried(pytester: pytest.Pytester, panel: Path) -> None:
    (panel / "tasks" / "demo" / "mini" / "gold.yaml").unlink()
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.assert_outcomes(errors=2)
    rows = verdicts(panel)
    assert {r["status"] for r in rows} == {"error"}
    assert "gold.yaml" in rows[0]["reason"]
    again = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    again.stdout.fnmatch_lines(["trajectories: 1 (0 recorded now, 1 re-used)"])


def test_a_program_the_host_lacks_is_one_line_and_never_recorded(pytester: pytest.Pytester, panel: Path) -> None:
    """The only task needs a missing program: nothing runs, nothing is recorded, the header says why."""
    task_yaml = panel / "tasks" / "demo" / "mini" / "task.yaml"
    task_yaml.write_text(task_yaml.read_text().replace("languages: [python]\n",
                                                        "languages: [python]\nneeds: [no-such-tool-hif>=2]\n"))
    result = pytester.runpytest("--harness-model=gold", "--harness-sandbox=local", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    result.stdout.fnmatch_lines(["harnessif: WARNING: 1 task(s) not run, this host lacks no-such-tool-hif>=2*"])
    assert not list(panel.rglob("trajectory.json")) and not (panel / "reports").exists()


def test_a_check_that_crashes_is_an_error(pytester: pytest.Pytester, panel: Path) -> None:
    rules = panel / "mini_rules" / "basic" / "test_basic.py"
    rules.write_text(
        rules.read_text().replace(
            '    changed = run.changed("src/**/*.py")', '    changed = run.changed("src/**/*.py")\n    1 / 0'
        )
    )
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=1)
    bad = next(r for r in verdicts(panel) if r["rule"] == "MP-002")
    assert bad["status"] == "error" and "ZeroDivisionError" in bad["reason"]


def test_corrupt_store_entry_is_reported_and_rerun(pytester: pytest.Pytester, panel: Path) -> None:
    pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider").assert_outcomes(passed=2)
    record = next((panel / ".harnessif").rglob("trajectory.json"))
    record.write_text('{"schema_version": 1, "key": ')
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider", "-W", "default")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(
        ["*corrupt store entry, re-running gold/mini/r1*", "trajectories: 1 (1 recorded now, 0 re-used)"]
    )


def test_na_is_reported_with_its_reason(pytester: pytest.Pytester, panel: Path) -> None:
    task = panel / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text().replace("rules: [MP-001, MP-002]", "rules: [MP-001, MP-002, MP-003]"))
    pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider").assert_outcomes(passed=2, skipped=1)
    na = next(r for r in verdicts(panel) if r["rule"] == "MP-003")
    assert na["status"] == "n/a" and na["reason"] == "no explain turn"


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie awaiting its reaper counts as dead)."""
    time.sleep(0.2)
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_ctrl_c_mid_run_leaves_no_record_and_nothing_running(pytester: pytest.Pytester, panel: Path) -> None:
    gold = panel / "tasks" / "demo" / "mini" / "gold.yaml"
    marker, original = panel / "started", gold.read_text()
    gold.write_text(
        original.replace(
            "      - tool: run_tests\n",
            f"      - tool: bash\n        args: {{command: 'touch {marker}; sleep 60 & echo $! > {panel}/pid; wait'}}\n"
            "      - tool: run_tests\n",
            1,
        )
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--harness-model=gold", "-p", "no:cacheprovider"],
        cwd=panel,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while not (panel / "pid").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out = proc.communicate(timeout=60)[0].decode()
    assert "KeyboardInterrupt" in out
    assert not alive(int((panel / "pid").read_text()))
    store = panel / ".harnessif"
    assert not list(store.rglob("trajectory.json")), "a half-run trajectory was recorded"
    assert not [p for p in store.rglob("*") if ".tmp-" in p.name]
    gold.write_text(original)
    pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider").stdout.fnmatch_lines(
        ["trajectories: 1 (1 recorded now, 0 re-used)"]
    )


def test_replay_replays_a_recorded_run_without_its_model(pytester: pytest.Pytester, panel: Path) -> None:
    pytester.runpytest("--harness-model=defaults", "-p", "no:cacheprovider").assert_outcomes(failed=2)
    recorded = statuses(verdicts(panel))
    (config_dir,) = (panel / ".harnessif" / "runs").iterdir()
    result = pytester.runpytest(f"--harness-model=replay/defaults@{config_dir}", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    replayed = {("defaults", *k[1:]): v for k, v in statuses(verdicts(panel)).items()}
    assert replayed == recorded
    record = next(p for p in (panel / ".harnessif").rglob("trajectory.json") if "replay" in str(p))
    assert json.loads(record.read_text())["agent"] == "replay/defaults"


def test_replay_without_a_source_is_a_usage_error(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=replay/gold", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*replay/gold*name the store directory*"])


def test_a_third_party_agent_plugs_in_through_the_hook(pytester: pytest.Pytester, panel: Path) -> None:
    pytester.makeconftest(
        """
        from pytest_harnessif.agents.registry import parse_model

        def pytest_harness_make_agent(spec, context, config):
            if spec == "my-agent":
                gold = parse_model("gold", context)
                return type(gold)("my-agent", "gold under another name", gold.make, "my-agent:v1")
        """
    )
    pytester.runpytest("--harness-model=my-agent", "-p", "no:cacheprovider").assert_outcomes(passed=2)
    assert {r["model"] for r in verdicts(panel)} == {"my-agent"}


def test_zero_injection_all_withholds_every_rule_and_is_its_own_population(
    pytester: pytest.Pytester, panel: Path
) -> None:
    pytester.runpytest("--harness-model=defaults", "-p", "no:cacheprovider").assert_outcomes(failed=2)
    verdicts(panel)
    result = pytester.runpytest("--harness-model=defaults", "--harness-zero-injection=all", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["trajectories: 1 (1 recorded now, 0 re-used)"])
    rows = verdicts(panel)
    assert {r["population"] for r in rows} == {"zero_injection"} and {r.get("surface") for r in rows} == {None}
    assert {r["probe"] for r in rows} == {"all"}
    records = sorted(panel.glob(".harnessif/runs/*/defaults/mini/r1/trajectory.json"))
    assert len(records) == 2  # a separate store config: never mixed with the main panel's records
    probe = next(json.loads(p.read_text()) for p in records if not json.loads(p.read_text())["placement"])
    text = probe["system_prompt"] + json.dumps(probe["tools"]) + " ".join(t["user"] for t in probe["turns"])
    assert "DONE" not in text and "print()" not in text


def test_zero_injection_each_withholds_one_target_rule_per_run(pytester: pytest.Pytester, panel: Path) -> None:
    """The paper's probe: one run per (key, target rule), the target withheld and every other rule given as
    placed; each run scores only its target."""
    result = pytester.runpytest("--harness-model=defaults", "--harness-zero-injection=each", "-p", "no:cacheprovider",
                                "-v")
    result.stdout.fnmatch_lines(["*[[]defaults-mini-r1-without-MP-001[]]*", "*[[]defaults-mini-r1-without-MP-002[]]*",
                                 "trajectories: 2 (2 recorded now, 0 re-used)"])
    rows = verdicts(panel)
    assert sorted(r["rule"] for r in rows) == ["MP-001", "MP-002"]
    assert {(r["population"], r["probe"], r["surface"]) for r in rows} == {("zero_injection", "each", None)}
    stored = panel.glob(".harnessif/runs/*/defaults/mini/*/trajectory.json")
    records = {p.parent.name: json.loads(p.read_text()) for p in stored}
    assert sorted(records) == ["r1-without-MP-001", "r1-without-MP-002"]
    assert sorted(records["r1-without-MP-001"]["placement"]) == ["MP-002"]
    assert sorted(records["r1-without-MP-002"]["placement"]) == ["MP-001"]
    parallel = pytester.runpytest_subprocess("--harness-model=defaults", "--harness-zero-injection=each", "-n", "2",
                                             "--harness-rerun")
    parallel.stdout.fnmatch_lines(["trajectories: 2 (2 recorded now, 0 re-used)"])


def test_prior_file_overrides_labels_and_lineage(pytester: pytest.Pytester, panel: Path) -> None:
    priors = panel / "priors.yaml"
    priors.write_text("format: harnessif-priors/1\nrules:\n  MP-002: {prior: against_prior, lineage: consensus}\n")
    pytester.runpytest("--harness-model=gold", f"--harness-priors={priors}", "-p", "no:cacheprovider")
    row = next(r for r in verdicts(panel) if r["rule"] == "MP-002")
    assert (row["prior"], row["lineage"]) == ("against_prior", "consensus")
    priors.write_text("format: harnessif-priors/1\nrules:\n  MP-002: {prior: sideways, lineage: consensus}\n")
    bad = pytester.runpytest("--harness-model=gold", f"--harness-priors={priors}", "-p", "no:cacheprovider")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad.stderr.fnmatch_lines(["*priors.yaml: rules.MP-002.prior*"])


def test_full_report_adds_family_and_surface_tables(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=gold", "--harness-report=full", "-p", "no:cacheprovider")
    out = result.stdout.str()
    assert "output_control" in out and "code_style" in out and "F-Acc" in out
    (run_dir,) = (panel / "reports").iterdir()
    assert {"verdicts.jsonl", "summary.json", "verdicts.csv", "verdicts.parquet", "report.html"} <= {
        p.name for p in run_dir.iterdir()
    }
