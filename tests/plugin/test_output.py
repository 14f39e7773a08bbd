"""What a run prints: a rule failure is one line (verdict, reason, the check's location), a crashed check keeps
its traceback, `--tb=long` keeps every traceback, and rules no task injects make no item (no "deselected")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"


@pytest.fixture
def panel(pytester: pytest.Pytester) -> Path:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    return pytester.path


def test_a_rule_failure_is_one_line(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=defaults", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    out = result.stdout.str()
    result.stdout.fnmatch_lines(
        [
            "collected 2 items",
            "MP-002 fail on defaults-mini-r1: print() in src/  [[]mini_rules/basic/test_basic.py:*[]]",
        ]
    )
    assert "Traceback" not in out and "def test_no_print" not in out and "deselected" not in out
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "FAILURES" in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("=="))
    assert len(lines[start + 1 : end]) == 4, lines[start:end]  # per failure: pytest's header and our one line


def test_tb_long_keeps_the_traceback(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=defaults", "--tb=long", "-p", "no:cacheprovider")
    assert "def test_no_print(run: Run) -> None:" in result.stdout.str()


def test_a_crashed_check_keeps_its_traceback(pytester: pytest.Pytester, panel: Path) -> None:
    rules = panel / "mini_rules" / "basic" / "test_basic.py"
    rules.write_text(rules.read_text().replace('    changed = run.changed("src/**/*.py")', "    changed = 1 / 0"))
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=1)  # a crashed check is an error verdict, reported as a pytest error
    result.stdout.fnmatch_lines(["*changed = 1 / 0*", "E*ZeroDivisionError: division by zero"])


def test_a_gold_step_that_cannot_run_fails_the_run_loudly(pytester: pytest.Pytester, panel: Path) -> None:
    """An edit of a missing file is the script's bug: every item of that run is an error naming the step."""
    gold = panel / "tasks" / "demo" / "mini" / "gold.yaml"
    edit = "          path: src/app/core.py\n"
    gold.write_text(gold.read_text().replace(edit, edit.replace("core.py", "gone.py"), 1))
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(
        ["*gold.yaml (gold reading): turn 1, step 2: edit_file could not run: error: *gone.py*"]
    )
    assert "Traceback" not in result.stdout.str()
