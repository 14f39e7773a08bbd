"""`harnessif init`: a repository of the user's becomes a task that loads, passes `check-task` and plays under gold;
the example rule loads and its fixture test passes; nothing existing is overwritten; a bad path is one line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import pytest_harnessif
from pytest_harnessif.cli import main
from pytest_harnessif.library import load_rules, load_task

SOURCE = str(Path(pytest_harnessif.__file__).resolve().parents[1])
TASK = "initdemo-calc"


def _env() -> dict[str, str]:
    """Subprocesses import this checkout's package (not another installed copy)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [SOURCE, os.environ.get("PYTHONPATH")]))}


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def python_repo(root: Path) -> Path:
    """A small Python project with a passing test, and what a copy must leave out."""
    return _write(root, {
        "README.md": "# calc\n",
        "pyproject.toml": '[project]\nname = "calc"\n\n[tool.pytest.ini_options]\npythonpath = ["src"]\n',
        "src/calc/__init__.py": "def add(a, b):\n    return a + b\n",
        "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n",
        ".gitignore": "*.log\n!keep.log\nsecret/\n",
        "src/.gitignore": "generated.py\n",
        "src/generated.py": "X = 1\n",
        "debug.log": "noise\n",
        "keep.log": "kept\n",
        "secret/token": "s3cr3t\n",
        ".git/HEAD": "ref: refs/heads/main\n",
        "node_modules/x/index.js": "\n",
        "src/calc/__pycache__/x.cpython-311.pyc": "\n",
        ".venv/bin/python": "\n",
        "build/lib/calc.py": "\n",
        ".pytest_cache/v": "\n",
    })


@pytest.fixture
def isolated_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`load_rules` imports the scaffolded `project.*` modules: drop them afterwards, so each test sees its own."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        del sys.modules[name]


def init(*args: str | Path) -> int:
    return main(["init", *map(str, args)])


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A user project holding a scaffolded task of the Python repository (and, rule_checks/ being new, the rule)."""
    repo, project = python_repo(tmp_path / "calc"), tmp_path / "project"
    project.mkdir()
    assert init("task", repo, "--scenario", "backend", "--id", TASK, "--into", project) == 0
    return project


def test_a_python_repository_becomes_a_task_that_loads(project: Path, isolated_imports: None) -> None:
    task_dir = project / "tasks" / "backend" / TASK
    copied = sorted(p.relative_to(task_dir / "repo").as_posix() for p in (task_dir / "repo").rglob("*") if p.is_file())
    assert copied == [".gitignore", "README.md", "keep.log", "pyproject.toml", "src/.gitignore", "src/calc/__init__.py",
                      "tests/test_calc.py"]
    entry = load_task(task_dir)
    task = entry.task
    assert (task.id, task.scenario, task.languages, task.needs) == (TASK, "backend", ["python"], ["python>=3.11"])
    assert task.commands == {"test": "python -m pytest -q"}
    assert [t.intent for t in task.turns] == ["explain", "execute"]
    assert [(r.id, r.opportunity) for r in task.rules] == [("PR-001", [1])]
    assert entry.script is not None and len(entry.script.turns) == 2
    assert "TODO" in (task_dir / "task.yaml").read_text() and "TODO" in (task_dir / "gold.yaml").read_text()
    rules = load_rules(project / "rule_checks")
    assert list(rules) == ["PR-001"] and rules["PR-001"].path.name == "test_project_rules.py"
    assert not (project / "rule_checks" / "__init__.py").exists()  # its modules never shadow the bundled library's
    assert 'collect_ignore_glob = ["*"]' in (project / "tasks" / "conftest.py").read_text()


def test_the_example_rules_fixtures_pass_under_plain_pytest(project: Path) -> None:
    """The user's own `pytest` proves the rule (and collects no task repository)."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=project,
                          capture_output=True, text=True, env=_env(), timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "7 passed" in proc.stdout  # one rule: 1 coverage test, 5 fixtures, 1 inversion test


def test_check_task_passes_on_the_python_scaffold(project: Path) -> None:
    cmd = [sys.executable, "-m", "pytest_harnessif.cli", "check-task", f"tasks/backend/{TASK}",
           "--rules", "rule_checks", "--bounds", "none"]
    proc = subprocess.run(cmd, cwd=project, capture_output=True, text=True, env=_env(), timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"{TASK}: ready"


def test_gold_plays_the_scaffold_and_defaults_breaks_the_example_rule(project: Path) -> None:
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--harness-model=gold",
           "--harness-model=defaults", "-o", "harness_rules=rule_checks", "-o", "harness_tasks=tasks", "-k", TASK,
           "rule_checks"]
    subprocess.run(cmd, cwd=project, capture_output=True, text=True, env=_env(), timeout=300)
    records = sorted((project / "reports").glob("*/verdicts.jsonl"))
    assert records, "no run was recorded"
    rows = [json.loads(line) for line in records[-1].read_text().splitlines()]
    assert {(r["model"], r["task"], r["rule"], r["status"]) for r in rows} == {
        ("gold", TASK, "PR-001", "pass"),
        ("defaults", TASK, "PR-001", "fail"),
    }


@pytest.mark.skipif(shutil.which("node") is None or shutil.which("npm") is None, reason="node/npm not on PATH")
def test_a_node_repository(tmp_path: Path, isolated_imports: None) -> None:
    repo = _write(tmp_path / "strutil", {
        "package.json": json.dumps({"name": "strutil", "type": "module", "scripts": {"test": "node --test"}}),
        "index.js": 'export const shout = (s) => s.toUpperCase() + "!";\n',
        "test/shout.test.js": 'import test from "node:test";\nimport assert from "node:assert/strict";\n'
        'import { shout } from "../index.js";\n\ntest("shout", () => assert.equal(shout("hi"), "HI!"));\n',
        "node_modules/left-pad/index.js": "\n",
    })
    assert init("task", repo, "--scenario", "frontend", "--into", tmp_path) == 0
    task_dir = tmp_path / "tasks" / "frontend" / "strutil"  # the id defaults to the repository's folder name
    task = load_task(task_dir).task
    assert (task.languages, task.needs, task.commands) == (["javascript"], ["node>=18", "npm"], {"test": "npm test"})
    assert not (task_dir / "repo" / "node_modules").exists()
    assert "PR-001" in load_rules(tmp_path / "rule_checks")
    proc = subprocess.run(task.commands["test"], shell=True, cwd=task_dir / "repo", capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stdout


def test_a_makefile_target_and_a_repository_without_tests(tmp_path: Path) -> None:
    make = _write(tmp_path / "cbits", {"Makefile": "all:\n\tcc -c a.c\n\ntest: all\n\t./run\n", "a.c": "int a;\n"})
    assert init("task", make, "--into", tmp_path, "--id", "cbits") == 0
    task = load_task(tmp_path / "tasks" / "project" / "cbits").task
    assert (task.languages, task.needs, task.commands) == (["c"], ["make", "cc"], {"test": "make test"})
    bare = _write(tmp_path / "notes", {"notes.txt": "hello\n"})
    assert init("task", bare, "--into", tmp_path) == 0
    task = load_task(tmp_path / "tasks" / "project" / "notes").task  # loads: the user fills commands.test
    assert (task.languages, task.commands) == (["text"], {})
    assert "no test command detected" in (tmp_path / "tasks" / "project" / "notes" / "task.yaml").read_text()


def test_a_repository_scaffolded_into_itself_leaves_the_harness_folders_out(tmp_path: Path) -> None:
    repo = python_repo(tmp_path / "calc")
    assert init("task", repo, "--into", repo, "--id", "one") == 0
    assert init("task", repo, "--into", repo, "--id", "two") == 0
    second = repo / "tasks" / "project" / "two" / "repo"
    assert (second / "tests" / "test_calc.py").is_file()
    assert not (second / "tasks").exists() and not (second / "rule_checks").exists()
    assert not (second / "tests" / "harnessif").exists()


def test_nothing_existing_is_overwritten(project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    task_yaml = project / "tasks" / "backend" / TASK / "task.yaml"
    before = task_yaml.read_text()
    capsys.readouterr()
    assert init("task", tmp_path / "calc", "--scenario", "backend", "--id", TASK, "--into", project) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"tasks/backend/{TASK} already exists" in err
    assert task_yaml.read_text() == before
    assert init("rules", "--into", project) == 2
    assert "rule_checks/project already exists" in capsys.readouterr().err


def test_a_missing_repo_path_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert init("task", tmp_path / "no-such-repo", "--into", tmp_path) == 2
    err = capsys.readouterr().err
    assert err == f"harnessif init: REPO_PATH {tmp_path / 'no-such-repo'}: no such directory\n"
    assert not (tmp_path / "tasks").exists() and not (tmp_path / "rule_checks").exists()


def test_init_rules_adds_a_family_with_the_next_free_id(project: Path, isolated_imports: None) -> None:
    assert init("rules", "--name", "security", "--into", project) == 0
    assert (project / "tests" / "harnessif" / "fixtures_security.py").is_file()
    rules = load_rules(project / "rule_checks")
    assert sorted(rules) == ["PR-001", "PR-002"] and rules["PR-002"].path.parent.name == "security"
    assert init("rules", "--name", "style", "--rule-id", "PR-001", "--into", project) == 2
    assert init("rules", "--name", "Bad-Name", "--into", project) == 2
