"""A repository's history file replays as real commits in the workspace (authors, dates, files), the agent's commits
are the ones after it, and a history that cannot be replayed is refused naming the file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.runner import git_state
from pytest_harnessif.sandbox.history import HistoryError, history_path, load_history
from pytest_harnessif.sandbox.local import from_directory
from pytest_harnessif.testing import make_run

from .conftest import Backend

HISTORY = """\
commits:
  - author: Mira Okafor <mira@example.org>
    date: 2025-02-11T09:32:00+01:00
    message: |
      Parse the config file

      The first cut: sections and keys.
    files: [src/, pyproject.toml]
  - author: Tomas Lindqvist <tomas@example.org>
    date: 2025-03-02T16:05:00+00:00
    message: Tests for the parser
    files: ["tests/*.py"]
  - author: Mira Okafor <mira@example.org>
    date: 2025-04-20T11:00:00+02:00
    message: README and changelog
"""


def _repo(tmp_path: Path, history: str | None = HISTORY) -> Path:
    repo = tmp_path / "repos" / "cfg"
    for rel in ("src/cfg/__init__.py", "src/cfg/parse.py", "pyproject.toml", "tests/test_parse.py", "README.md"):
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(f"# {rel}\n")
    if history is not None:
        history_path(repo).write_text(history)
    return repo


def test_the_workspace_shows_the_history_and_the_agent_commits_after_it(tmp_path: Path, backend: Backend) -> None:
    repo = _repo(tmp_path)
    box = backend.from_repo(repo, {"AGENTS.md": b"# rules\n"})
    shas = box.exec("git log --reverse --format=%H").stdout.split()
    heads = [box.exec(f"git show -s --format='%an|%aI|%s' {sha}").stdout.strip() for sha in shas]
    files = [sorted(box.exec(f"git show --name-only --format= {sha}").stdout.split()) for sha in shas]
    base = box.exec("git rev-parse HEAD").stdout.strip()
    box.exec("git switch -q -c fix && echo x >> README.md && git -c user.name=A -c user.email=a@b commit -qam 'Work'")
    state = git_state(box, base)
    assert heads == [
        "Mira Okafor|2025-02-11T09:32:00+01:00|Parse the config file",
        "Tomas Lindqvist|2025-03-02T16:05:00+00:00|Tests for the parser",
        "Mira Okafor|2025-04-20T11:00:00+02:00|README and changelog",
    ]
    assert files == [
        ["pyproject.toml", "src/cfg/__init__.py", "src/cfg/parse.py"],
        ["tests/test_parse.py"],
        ["AGENTS.md", "README.md"],  # the last commit takes the rest and the project file
    ]
    run = make_run()
    run.trajectory.git = state
    assert [c.subject for c in run.new_commits] == ["Work"]


def test_without_a_history_the_workspace_has_one_initial_import(tmp_path: Path) -> None:
    with from_directory(_repo(tmp_path, history=None)) as box:
        assert box.exec("git log --format=%s").stdout.split("\n")[0] == "Initial import"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("commits: [", "not valid YAML"),
        ("commits: []", "commits: List should have at least 1 item"),
        (HISTORY.replace("Mira Okafor <mira@example.org>", "Mira", 1), "commits.0.author: String should match"),
        (HISTORY.replace("2025-02-11T09:32:00+01:00", "2025-02-11T09:32:00"), "commits.0.date: Input should have"),
        (HISTORY.replace("[src/, pyproject.toml]", "[src/, lib/]"), "commits.0.files: 'lib/' names no file"),
        (HISTORY.replace('["tests/*.py"]', '["src/cfg/*.py"]'), "commits.1.files: src/cfg/__init__.py is already"),
        (HISTORY.replace('    files: ["tests/*.py"]\n', ""), "commits.1.files: missing"),
        (HISTORY + "    files: [README.md]\n", "commits.2.files: the last commit takes every file"),
        (HISTORY.replace("2025-03-02", "2024-03-02"), "commits: dates must not go back in time"),
    ],
)
def test_a_history_that_cannot_be_replayed_names_the_file_and_field(tmp_path: Path, text: str, message: str) -> None:
    repo = _repo(tmp_path, text)
    with pytest.raises(HistoryError) as err:
        load_history(repo)
    assert str(err.value).startswith(f"{history_path(repo)}: ") and message in str(err.value)
