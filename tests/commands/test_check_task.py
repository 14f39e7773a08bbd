"""`harnessif check-task`: a ready task passes; a schema error, a bound, failing repo tests, a gold script step
that cannot run and a gold that breaks its rules are each one line naming the file and field or the rule."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"
TEST = "commands: {test: 'python -m pytest -q -p no:cacheprovider'}\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(MINI, tmp_path, dirs_exist_ok=True)
    task = tmp_path / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text() + TEST)
    return tmp_path


def check(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pytest_harnessif.cli", "check-task", "tasks/demo/mini", "--rules", "mini_rules"]
    return subprocess.run([*cmd, *args], cwd=project, capture_output=True, text=True, timeout=600)


def test_a_ready_task_passes(project: Path) -> None:
    result = check(project, "--bounds", "none")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "mini: ready"


def test_the_panel_bounds(project: Path) -> None:
    result = check(project)
    assert result.returncode == 1
    assert "task.yaml: rules: 2, the bundled panel's bound is 25-35" in result.stderr
    assert "task.yaml: rules: no `opportunity:` on MP-001, MP-002" in result.stderr


def test_a_schema_error_names_file_and_field(project: Path) -> None:
    task = project / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text().replace("intent: execute", "intent: party"))
    result = check(project, "--bounds", "none")
    assert result.returncode == 1 and "task.yaml: turns.1.intent" in result.stderr


def test_failing_repo_tests_a_broken_step_and_a_gold_that_breaks_its_rule(project: Path) -> None:
    mini = project / "tasks" / "demo" / "mini"
    (mini / "repo" / "tests" / "test_core.py").write_text("def test_broken():\n    assert False\n")
    gold = mini / "gold.yaml"
    gold.write_text(gold.read_text().replace("    reply: All tests pass. DONE\n", "    reply: All tests pass.\n"))
    result = check(project, "--bounds", "none")
    assert result.returncode == 1
    assert "commands.test `python -m pytest -q -p no:cacheprovider` fails at the start (exit 1)" in result.stderr
    assert "gold: MP-001 fail: the final reply does not end with DONE" in result.stderr
    edit = "          path: src/app/core.py\n"
    gold.write_text(gold.read_text().replace(edit, edit.replace("core.py", "gone.py"), 1))
    broken = check(project, "--bounds", "none")
    assert "gold: MP-001 error: " in broken.stderr
    assert "gold.yaml (gold reading): turn 1, step 2: edit_file could not run: error: no file" in broken.stderr


def test_a_rule_that_cannot_read_the_repositorys_language_is_refused(project: Path) -> None:
    """A C task injecting a rule that reads Python only (bundled CS-001) is refused, naming both languages."""
    task = project / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text().replace("languages: [python]", "languages: [c, shell]")
                    .replace("rules: [MP-001, MP-002]", "rules: [MP-001, CS-001]"))
    result = check(project, "--bounds", "none")
    assert result.returncode == 1
    assert "rules.1: rule CS-001 reads python code only, and this repository is written in c and shell" in (
        result.stderr)


def test_a_test_or_lint_command_the_checks_cannot_read_is_a_problem(project: Path) -> None:
    task = project / "tasks" / "demo" / "mini" / "task.yaml"
    commands = "commands: {test: 'bash scripts/go.sh', lint: 'python tools/tidy_up.py'}\n"
    task.write_text(task.read_text().replace(TEST, commands))
    result = check(project, "--bounds", "none")
    assert result.returncode == 1
    assert "task.yaml: commands.test: the checks do not read `bash scripts/go.sh` as a test run" in result.stderr
    assert "task.yaml: commands.lint: the checks do not read `python tools/tidy_up.py` as a lint run" in result.stderr
