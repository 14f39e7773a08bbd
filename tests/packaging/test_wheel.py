"""The wheel a user installs: built from this repository, installed into a fresh virtualenv, run in an empty
directory. It carries the bundled rule library, task panel and calibration set; a project's own `rule_checks/`
and `tasks/` add to them, `--harness-bundled=no` runs only the project's own, a rule id defined twice is one
error naming both files.

The virtualenv sees the system's site-packages for the dependencies (no download of pandas or scipy), but its
own copy of the plugin comes first: the test checks that the plugin it ran is the installed wheel."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "data" / "minipanel"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"), str(ROOT)]
    subprocess.run(pip, check=True, capture_output=True, timeout=600)
    (wheel,) = (tmp / "dist").glob("pytest_harnessif-*.whl")
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(tmp / "venv")], check=True)
    venv_python = tmp / "venv" / "bin" / "python"
    install = [str(venv_python), "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)]
    subprocess.run(install, check=True, capture_output=True, timeout=600)
    # the sandbox's PATH starts at the harness's interpreter: a user runs the automation tasks with ruff installed
    # beside it (in the test environment it is a dependency of the `test` extra, outside this fresh venv)
    ruff = shutil.which("ruff")
    assert ruff is not None, "ruff (the `test` extra) is not installed"
    (tmp / "venv" / "bin" / "ruff").symlink_to(ruff)
    return venv_python


def pytest_in(python: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [str(python), "-m", "pytest", "-p", "no:cacheprovider", *args]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=1800)


def summary(cwd: Path) -> dict:
    (path,) = (cwd / "reports").glob("*/summary.json")
    return json.loads(path.read_text())


def test_the_installed_plugin_is_the_wheel(python: Path, tmp_path: Path) -> None:
    where = subprocess.run(
        [str(python), "-c", "import pytest_harnessif.bundle as b; print(b.PACKAGE); print(b.bundled('tasks'))"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    venv = python.parent.parent
    assert all(Path(p).is_relative_to(venv) for p in where), where


def test_gold_runs_the_bundled_panel_in_an_empty_directory(python: Path, tmp_path: Path) -> None:
    result = pytest_in(python, tmp_path, "--harness-model=gold", "-n", "2")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    record = summary(tmp_path)
    (gold,) = record["models"]
    assert record["complete"] is True, record["incomplete_reasons"]
    assert gold["acc"] == 1.0 and gold["error"] == 0 and gold["failed"] == 0
    assert record["verdicts_written"] == record["verdicts_expected"] > 900
    panel = subprocess.run(
        [str(python.parent / "harnessif"), "panel"], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    shipped = len(list((ROOT / "tasks").glob("*/*/task.yaml")))
    assert re.search(rf"^all\s+{shipped}\s", panel.stdout, re.M), panel.stdout[-2000:]  # every task ships


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A user's project: its own rule_checks/ (three rules) and tasks/ (one task), default folder names."""
    shutil.copytree(MINI / "mini_rules", tmp_path / "rule_checks")
    shutil.copytree(MINI / "tasks", tmp_path / "tasks")
    return tmp_path


def test_a_projects_rules_and_tasks_add_to_the_bundled_ones(python: Path, project: Path) -> None:
    result = pytest_in(python, project, "--harness-model=gold", "-k", "mini-r1 or webhook-dispatcher-r1")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    rows = [json.loads(line) for line in next((project / "reports").glob("*/verdicts.jsonl")).read_text().splitlines()]
    assert {r["task"] for r in rows} == {"mini", "webhook-dispatcher"}
    assert {r["rule"] for r in rows if r["task"] == "mini"} == {"MP-001", "MP-002"}


def test_bundled_no_runs_only_the_projects_own(python: Path, project: Path) -> None:
    result = pytest_in(python, project, "--harness-model=gold", "--harness-bundled=no")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "collected 2 items" in result.stdout and "1 tasks, 3 rules" in result.stdout
    assert summary(project)["complete"] is True


def test_a_rule_id_defined_twice_names_both_files(python: Path, project: Path) -> None:
    rules = project / "rule_checks" / "basic" / "test_basic.py"
    rules.write_text(rules.read_text().replace('@rule("MP-001"', '@rule("OC-001"'))
    result = pytest_in(python, project, "--harness-model=gold")
    assert result.returncode == pytest.ExitCode.USAGE_ERROR
    assert "rule id OC-001 is defined twice" in result.stderr
    assert str(rules) in result.stderr and "bundled/rule_checks/output_control/" in result.stderr


def test_the_noncoding_cases_ship_and_run_as_their_own_population(python: Path, tmp_path: Path) -> None:
    result = pytest_in(python, tmp_path, "--harness-model=gold", "--harness-panel=noncoding")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    rows = [json.loads(line) for line in next((tmp_path / "reports").glob("*/verdicts.jsonl")).read_text().splitlines()]
    shipped = {yaml.safe_load(p.read_text())["id"] for p in (ROOT / "tasks" / "noncoding").glob("*/*/task.yaml")}
    assert shipped and {r["task"] for r in rows} == shipped and {r["population"] for r in rows} == {"noncoding"}
    assert "NC-Macro" in result.stdout
