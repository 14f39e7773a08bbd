"""Records say what they are: a run that was interrupted, re-ran only the last failures, selected part of the
panel or has error verdicts is marked `complete: false` with its reasons and counts, says so in the terminal,
and `harnessif compare` refuses it unless `--allow-partial`; the terminal names the population."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"


@pytest.fixture
def panel(pytester: pytest.Pytester) -> Path:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    return pytester.path


def summaries(root: Path) -> list[dict]:
    runs = sorted((root / "reports").iterdir(), key=lambda p: p.stat().st_mtime)
    return [json.loads((r / "summary.json").read_text()) for r in runs]


def test_a_whole_run_is_complete(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=gold", "--harness-rounds=2", "-p", "no:cacheprovider")
    (summary,) = summaries(panel)
    assert summary["complete"] is True and summary["incomplete_reasons"] == []
    assert summary["verdicts_expected"] == summary["verdicts_written"] == 4
    assert "PARTIAL" not in result.stdout.str()
    result.stdout.fnmatch_lines(["population: main panel"])


@pytest.mark.parametrize(
    ("args", "reason", "written"),
    [
        (["-k", "not test_no_print"], "-k 'not test_no_print' selected part of the panel", 1),
        (["-m", "output_control"], "-m 'output_control' selected part of the panel", 1),
        (["mini_rules/basic/test_basic.py::test_no_print"], "only part of the rule library was collected", 1),
    ],
)
def test_a_selection_is_marked_partial(
    pytester: pytest.Pytester, panel: Path, args: list[str], reason: str, written: int
) -> None:
    result = pytester.runpytest("--harness-model=gold", *args, "-p", "no:cacheprovider")
    (summary,) = summaries(panel)
    assert summary["complete"] is False and reason in summary["incomplete_reasons"]
    assert (summary["verdicts_expected"], summary["verdicts_written"]) == (2, written)
    result.stdout.fnmatch_lines(["*(marked complete: false)", f"PARTIAL RUN, not a result: {reason}*"])


def test_last_failed_and_errors_are_marked_partial(pytester: pytest.Pytester, panel: Path) -> None:
    pytester.runpytest("--harness-model=defaults")  # with the cache provider: --lf needs it
    pytester.runpytest("--harness-model=defaults", "--lf")
    first, second = summaries(panel)
    assert first["complete"] is True
    assert second["complete"] is False and "--lf: only the last failures were run" in second["incomplete_reasons"]
    broken = pytester.runpytest(f"--harness-model=replay/gold@{panel / 'nothing-recorded'}", "-p", "no:cacheprovider")
    third = summaries(panel)[-1]
    assert third["complete"] is False and third["incomplete_reasons"] == ["2 verdicts are errors, not results"]
    broken.stdout.fnmatch_lines(["PARTIAL RUN, not a result: 2 verdicts are errors*"])


def test_compare_refuses_partial_runs_unless_allowed(pytester: pytest.Pytester, panel: Path) -> None:
    pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    pytester.runpytest("--harness-model=defaults", "-k", "test_no_print", "-p", "no:cacheprovider")
    whole, part = sorted((panel / "reports").iterdir(), key=lambda p: p.stat().st_mtime)
    cli = [sys.executable, "-m", "pytest_harnessif.cli", "compare", str(whole), str(part), "--out"]
    refused = subprocess.run([*cli, str(panel / "cohort")], capture_output=True, text=True)
    assert refused.returncode == 2 and not (panel / "cohort").exists()
    assert f"{part}: PARTIAL RUN, not a result: -k 'test_no_print'" in refused.stderr
    assert "--allow-partial" in refused.stderr
    allowed = subprocess.run([*cli, str(panel / "cohort"), "--allow-partial"], capture_output=True, text=True)
    assert allowed.returncode == 0, allowed.stderr
    merged = json.loads((panel / "cohort" / "summary.json").read_text())
    assert merged["complete"] is False and merged["incomplete_reasons"] == [f"merged from a partial run: {part}"]


def test_the_terminal_names_the_zero_injection_population(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=gold", "--harness-zero-injection=all", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["population: zero-injection prior probe*, withholding all"])


@pytest.mark.slow
def test_sigint_to_the_controller_marks_the_record_interrupted(panel: Path) -> None:
    """SIGINT to the xdist controller alone (a supervisor, a CI cancel): the record written says it was interrupted,
    and the stop file that keeps workers from starting trajectories is gone afterwards (the stop itself:
    tests/core/test_runner.py)."""
    gold = panel / "tasks" / "demo" / "mini" / "gold.yaml"
    sleep = "  - steps:\n      - tool: bash\n        args: {command: 'sleep 1'}\n"
    gold.write_text(gold.read_text().replace("  - steps:\n", sleep))
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "--harness-model=gold",
        "--harness-rounds=8",
        "-n",
        "2",
        "-p",
        "no:cacheprovider",
    ]
    proc = subprocess.Popen(cmd, cwd=panel, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    store = panel / ".harnessif" / "runs"
    deadline = time.monotonic() + 120
    while not list(store.rglob("trajectory.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out = proc.communicate(timeout=120)[0].decode()
    assert len(list(store.rglob("trajectory.json"))) < 8, out[-3000:]
    assert not list(store.rglob(".interrupted/*"))
    summary = summaries(panel)[-1]
    assert summary["complete"] is False and "interrupted (Ctrl-C)" in summary["incomplete_reasons"], out[-3000:]


def test_tasks_the_host_cannot_run_are_left_out_and_said(pytester: pytest.Pytester, panel: Path) -> None:
    """A fresh machine without a task's programs runs the rest; the header and the record say what is missing."""
    demo = panel / "tasks" / "demo"
    shutil.copytree(demo / "mini", demo / "needy")
    task = demo / "needy" / "task.yaml"
    task.write_text(task.read_text().replace("id: mini", "id: needy") + "needs: [no-such-program-xyz>=2]\n")
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(
        ["harnessif: WARNING: 1 task(s) not run, this host lacks no-such-program-xyz>=2 (not on PATH)*docker*"]
    )
    (summary,) = summaries(panel)
    assert summary["complete"] is False and summary["tasks_not_run"] == {
        "needy": ["no-such-program-xyz>=2 (not on PATH)"]
    }
    assert "1 task(s) not run: the host lacks no-such-program-xyz>=2 (not on PATH)" in summary["incomplete_reasons"]
    assert (summary["verdicts_expected"], summary["verdicts_written"]) == (4, 2)
